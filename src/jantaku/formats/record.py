"""The neutral game record every log reader produces and every writer consumes.

A :class:`GameRecord` holds :class:`HandRecord` s (one per deal); each hand holds the starting
hands, the wall when the log has it, the ordered :data:`Action` s, and the recorded
:class:`HandResult`. Seats are absolute (0 = the first player of the match, East in the first
hand). Scores are points (25000, not 250). Tiles are physical :class:`Tile` s: exact 136 ids where
the log has them (mjlog, mjx), otherwise copies assigned deterministically (red five = copy 0).

Everything converts to plain JSON (``to_json`` / ``game_from_json``); a tile is written as its
136 index, its red flag is derived from the record's rules on reading.

Order of ``HandRecord.actions`` (what a replaying engine can rely on):

* a turn is ``Draw`` (``replacement=True`` for the tile after a kan), optionally ``Riichi``, then
  ``Discard``; ``RiichiAccepted`` follows the riichi discard at once unless someone wins on it;
* a ``Call`` of kind chi / pon / open_kan by another seat comes right after the discard it takes
  (then that seat discards, or after an open kan draws its replacement tile);
* added and concealed kans are a ``Call`` by the player on turn in place of a discard, followed by
  its replacement ``Draw``; a ``NewDora`` comes right after a concealed kan, and after the
  replacement draw of an open or added kan (before the next discard or kan), as on Tenhou;
* the hand ends with one ``Win`` per winner (a self-draw right after the draw; a win on a discard,
  or on the tile added to a kan, right after it) or with one ``Abort`` (exhaustive draws too).
  Logs cut short just stop (``result`` is None).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from jantaku.tiles import Tile, Wind

__all__ = [
    "Abort",
    "Action",
    "Call",
    "CallKind",
    "Discard",
    "Draw",
    "DrawKind",
    "DrawResult",
    "GameRecord",
    "HandRecord",
    "HandResult",
    "Length",
    "Limit",
    "LogFormat",
    "NewDora",
    "Riichi",
    "RiichiAccepted",
    "RulesInfo",
    "Win",
    "WinResult",
    "YakuItem",
    "make_tile",
]


class LogFormat(Enum):
    MJLOG = "mjlog"
    TENHOU6 = "tenhou6"
    MJAI = "mjai"
    MJX = "mjx"


class Length(Enum):
    EAST_ONLY = "east_only"
    EAST_SOUTH = "east_south"


class CallKind(Enum):
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"  # daiminkan: three from hand plus the called discard
    ADDED_KAN = "added_kan"  # kakan: one tile from hand added to an own pon
    CONCEALED_KAN = "concealed_kan"  # ankan: four tiles from hand


class DrawKind(Enum):
    """How a hand ended without a win (exhaustive or abortive)."""

    EXHAUSTIVE = "exhaustive"
    ALL_NOTEN = "all_noten"  # exhaustive, nobody ready (tenhou.net/6 says 全員不聴)
    NAGASHI_MANGAN = "nagashi_mangan"  # exhaustive, with a nagashi mangan payment
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"
    TRIPLE_RON = "triple_ron"


class Limit(Enum):
    NONE = "none"
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


def make_tile(index: int, red_fives: tuple[int, int, int]) -> Tile:
    """The physical tile of a 136 id; copy 0 of a five is red when the suit has a red five."""
    table = _TILE_TABLES.get(red_fives)
    if table is None:
        table = _TILE_TABLES[red_fives] = tuple(
            Tile(i, i % 4 == 0 and i // 4 in (4, 13, 22) and red_fives[i // 36] > 0)
            for i in range(136)
        )
    if not 0 <= index < 136:
        raise ValueError(f"tile id {index} is outside 0-135")
    return table[index]


_TILE_TABLES: dict[tuple[int, int, int], tuple[Tile, ...]] = {}


@dataclass(frozen=True, slots=True)
class RulesInfo:
    """What the log says about the rules. ``red_fives`` counts red fives per suit (m, p, s)."""

    players: int = 4
    red_fives: tuple[int, int, int] = (1, 1, 1)
    open_tanyao: bool = True
    length: Length = Length.EAST_SOUTH
    special: tuple[str, ...] = ()  # anything else the log states (room, speed, chip rules, …)
    raw: str = ""  # the log's own rule text (mjlog GO type, tenhou.net/6 rule.disp)


# ---- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    tile: Tile
    replacement: bool = False  # a replacement tile after a kan (rinshan)


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile
    tsumogiri: bool = False  # the tile just drawn


@dataclass(frozen=True, slots=True)
class Riichi:
    """The declaration; the discard follows as its own action."""

    seat: int


@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    """The riichi discard was not won on: the 1000-point deposit is paid now."""

    seat: int


@dataclass(frozen=True, slots=True)
class Call:
    """A call or a kan declaration. ``tiles`` are the tiles taken from the caller's own hand, in the
    order the log writes them (one tile for an added kan, four for a concealed kan); ``called`` is
    the discard taken (None for added and concealed kans) and ``from_seat`` the absolute seat
    that discarded it (None for added and concealed kans)."""

    seat: int
    kind: CallKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class NewDora:
    """A further dora indicator turned after a kan."""

    indicator: Tile


@dataclass(frozen=True, slots=True)
class Win:
    """A win: ``from_seat == seat`` for a self-draw; ``tile`` is the winning tile (the added tile
    of the kan for robbing a kan)."""

    seat: int
    from_seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Abort:
    """The hand ends without a win: an abortive draw, or the exhaustive draw. ``seat`` is the
    player who declared it (nine terminals), else None."""

    kind: DrawKind
    seat: int | None = None


Action = Draw | Discard | Riichi | RiichiAccepted | Call | NewDora | Win | Abort


# ---- results -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YakuItem:
    """One yaku: ``id`` a snake_case romaji name (``riichi``, ``yakuhai_seat_east``, ``dora``…),
    ``han`` its value (13 per yakuman), ``tenhou_id`` Tenhou's number when known, ``raw`` the
    log's own text."""

    id: str
    han: int
    tenhou_id: int | None = None
    raw: str = ""


@dataclass(frozen=True, slots=True)
class WinResult:
    """One winner's recorded result. ``points`` is the hand value before honba and deposits
    (Tenhou's ``ten``); ``deltas`` is the score change per seat of this win, honba and deposits
    included, the deposit each riichi player already paid excluded. Fields a format lacks are
    None."""

    seat: int
    from_seat: int
    deltas: tuple[int, ...]
    pao_seat: int | None = None
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    limit: Limit | None = None
    yaku: tuple[YakuItem, ...] | None = None
    hand: tuple[Tile, ...] | None = None  # concealed tiles at the win, with the winning tile
    win_tile: Tile | None = None
    raw: str = ""  # e.g. tenhou.net/6 "30符4飜7700点"


@dataclass(frozen=True, slots=True)
class DrawResult:
    kind: DrawKind
    deltas: tuple[int, ...] | None = None
    tenpai: tuple[int, ...] | None = None  # ready seats, when the log tells


@dataclass(frozen=True, slots=True)
class HandResult:
    wins: tuple[WinResult, ...] = ()
    draw: DrawResult | None = None

    @property
    def deltas(self) -> tuple[int, ...]:
        """The summed score changes of the hand (deposits paid during it excluded)."""
        rows = [w.deltas for w in self.wins]
        if self.draw is not None and self.draw.deltas is not None:
            rows.append(self.draw.deltas)
        if not rows:
            return ()
        return tuple(sum(col) for col in zip(*rows, strict=True))


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One deal. ``round_wind`` and ``number`` (0-3) name it (East 1 = EAST, 0); the dealer is the
    seat ``number`` places after seat 0. ``dora_indicators`` are all indicators revealed, in order
    (the first is the initial one); ``wall`` is the full 136-tile wall in the layout of
    :mod:`jantaku.formats.wall` when the log has it."""

    round_wind: Wind
    number: int
    honba: int
    riichi_deposits: int
    scores: tuple[int, ...]
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    actions: tuple[Action, ...]
    result: HandResult | None  # None when the log stops before the hand ends
    wall: tuple[Tile, ...] | None = None

    @property
    def dealer(self) -> int:
        return self.number


@dataclass(frozen=True, slots=True)
class GameRecord:
    source: str
    format: LogFormat
    rules: RulesInfo
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    start_scores: tuple[int, ...] = (25000, 25000, 25000, 25000)
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None  # with uma/oka, when the log records them
    game_id: str | None = None
    title: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
