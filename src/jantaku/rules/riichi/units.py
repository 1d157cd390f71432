"""How the scorer runs the yaku units cheaply, without changing what they say.

Hand-level units (:data:`~jantaku.rules.riichi.yaku.FLAG_UNITS`, ``TILE_UNITS``) read only
facts that are the same for every reading of a hand; their hits are memoised by keys of exactly
those facts (:data:`HandKey`), so a hand costs one dict lookup instead of a dozen predicate
calls. The reading-level units run per reading, but only those whose gate can
hold (:func:`reading_units`). The memos are small: their keys range over flag, class and honor
combinations (a few hundred in practice), not over hands."""

from __future__ import annotations

from collections.abc import Callable

from jantaku.rules.riichi.packed import fields
from jantaku.rules.riichi.yaku import (
    FLAG_UNITS,
    READING_UNITS,
    REGISTRY,
    TILE_UNITS,
    YAKUMAN,
    Facts,
    Yaku,
    YakuDef,
)
from jantaku.rules.riichi.yaku.facts import STANDARD

__all__ = [
    "ALL_GREEN_GATE",
    "ALL_HONORS_GATE",
    "ALL_TERMINALS_GATE",
    "CLOSED_GATE",
    "FIRST_TURN_GATE",
    "FOUR_CONCEALED_GATE",
    "FOUR_KONGS_GATE",
    "HAND_MEMO",
    "HONOR_MEMO",
    "HONOR_PUNGS_GATE",
    "MANY_PUNGS_GATE",
    "NINE_GATES_GATE",
    "ORPHANS_GATE",
    "OUTSIDE_GATE",
    "PAIRS_GATE",
    "PINFU",
    "PINFU_GATE",
    "READING_MEMO",
    "THREE_CHOWS_GATE",
    "TWINS_GATE",
    "HandHits",
    "HandKey",
    "Hit",
    "Unit",
    "clear_memos",
    "hand_hits",
    "honor_code",
    "honor_groups",
    "reading_units",
    "yakuman_units",
]

Hit = tuple[YakuDef, int]
HandHits = tuple[tuple[Hit, ...], int]
"""The hand-level hits and their total han."""
Unit = tuple[tuple[Callable[[Facts], bool], int, YakuDef], ...]
"""(predicate, han, yaku) of the units to run; yaku worth nothing in this hand left out."""

PINFU = REGISTRY[Yaku.PINFU]
PINFU_GATE = 1  # a closed hand of four chows (pinfu runs first: the fu need to know)
TWINS_GATE = 2  # a closed hand with two identical chows
THREE_CHOWS_GATE = 4  # three chows
OUTSIDE_GATE = 8  # a chow and a terminal or honor pair
MANY_PUNGS_GATE = 16  # three pungs or kans
PAIRS_GATE = 32  # the seven-pairs reading
CLOSED_GATE = 64  # the hand is closed (selects closed han)

HandKey = tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, int, bool, bool, int]
"""Every fact a hand-level unit reads: closed, tsumo, riichi (or double), double riichi,
ippatsu, rinshan, chankan, haitei (as it counts), houtei, kuitan, suit mask, all simples, only
terminals and honors (all honors and all terminals follow from these and the suit mask), and
the honors as :func:`honor_code` puts them."""


def honor_code(honor_pungs: int, honor_pair: int, seat: int, round_wind: int) -> int:
    """The honor groups as the tile units see them: dragon pungs (bits 0-2), a dragon pair
    (bit 3), a pung of the seat wind (bit 4) and of the round wind (bit 5). Other wind pungs
    and wind pairs make no hand-level yaku."""
    return (
        honor_pungs >> 4
        | (8 if honor_pair >= 31 else 0)
        | (honor_pungs >> (seat - 27) & 1) << 4
        | (honor_pungs >> (round_wind - 27) & 1) << 5
    )


# yakuman gates: a necessary condition of each yakuman, cheap to test once per hand
FIRST_TURN_GATE = 1
HONOR_PUNGS_GATE = 2  # three honor pungs or kans
FOUR_CONCEALED_GATE = 4  # four concealed pungs (per reading)
ORPHANS_GATE = 8  # the thirteen-orphans shape
NINE_GATES_GATE = 16  # closed, one suit, three 1s and three 9s
ALL_HONORS_GATE = 32
ALL_GREEN_GATE = 64
ALL_TERMINALS_GATE = 128
FOUR_KONGS_GATE = 256
_YAKUMAN_GATE = {
    Yaku.TENHOU: FIRST_TURN_GATE,
    Yaku.CHIIHOU: FIRST_TURN_GATE,
    Yaku.DAISANGEN: HONOR_PUNGS_GATE,
    Yaku.DAISUUSHII: HONOR_PUNGS_GATE,
    Yaku.SHOUSUUSHII: HONOR_PUNGS_GATE,
    Yaku.SUUANKOU: FOUR_CONCEALED_GATE,
    Yaku.SUUANKOU_TANKI: FOUR_CONCEALED_GATE,
    Yaku.KOKUSHI_MUSOU: ORPHANS_GATE,
    Yaku.KOKUSHI_MUSOU_13_WAIT: ORPHANS_GATE,
    Yaku.CHUUREN_POUTOU: NINE_GATES_GATE,
    Yaku.JUNSEI_CHUUREN_POUTOU: NINE_GATES_GATE,
    Yaku.TSUUIISOU: ALL_HONORS_GATE,
    Yaku.RYUUIISOU: ALL_GREEN_GATE,
    Yaku.CHINROUTOU: ALL_TERMINALS_GATE,
    Yaku.SUUKANTSU: FOUR_KONGS_GATE,
}
if set(_YAKUMAN_GATE) != {y.id for y in YAKUMAN}:  # pragma: no cover
    raise RuntimeError("every yakuman needs a gate")
_YAKUMAN_MEMO: dict[int, tuple[YakuDef, ...]] = {}

HAND_MEMO: dict[HandKey, HandHits] = {}
"""Hand-level hits by key; the scorer reads it directly and fills it through :func:`hand_hits`."""
READING_MEMO: dict[int, Unit] = {}
"""Reading-level units by gates; read directly, filled through :func:`reading_units`."""
_FLAG_MEMO: dict[tuple[bool, ...], HandHits] = {}
"""The flag units' hits by the first ten fields of the key (the flags and closedness)."""
_TILE_MEMO: dict[tuple[object, ...], HandHits] = {}
"""The tile units' hits by closedness, kuitan and the key's tile facts (the last four): a
hand new to :data:`HAND_MEMO` is often a known situation with known tiles."""
HONOR_MEMO: dict[int, tuple[int, int]] = {}
"""Honor groups by packed honor counts; read directly, filled through :func:`honor_groups`."""
_MEMO_LIMIT = 1 << 14


def hand_hits(key: HandKey, f: Facts, honor_pungs: int, honor_pair: int) -> HandHits:
    """The hand-level hits for ``key`` (memoised). On a miss the units run on ``f``, its
    situational facts set from the key and the hand's honor groups standing in for the reading
    (seven pairs may have several honor pairs but no honor pung: any pair will do)."""
    (
        f.closed,
        f.tsumo,
        f.riichi,
        f.double_riichi,
        f.ippatsu,
        f.rinshan,
        f.chankan,
        f.haitei,
        f.houtei,
        f.kuitan,
    ) = key[:10]
    f.pungs = tuple(27 + i for i in range(7) if honor_pungs >> i & 1)
    f.pair = honor_pair
    f.chows = ()
    f.shape = STANDARD
    if len(HAND_MEMO) >= _MEMO_LIMIT:
        HAND_MEMO.clear()
        _FLAG_MEMO.clear()
        _TILE_MEMO.clear()
    flag_key = key[:10]
    flags = _FLAG_MEMO.get(flag_key)
    if flags is None:
        flags = _FLAG_MEMO[flag_key] = _run(FLAG_UNITS, f)
    tile_key = (key[0], key[9], *key[10:])
    tiles = _TILE_MEMO.get(tile_key)
    if tiles is None:
        tiles = _TILE_MEMO[tile_key] = _run(TILE_UNITS, f)
    found = HAND_MEMO[key] = (flags[0] + tiles[0], flags[1] + tiles[1])
    return found


def _run(units: tuple[YakuDef, ...], f: Facts) -> HandHits:
    hits: list[Hit] = []
    han = 0
    for y in units:
        h = y.closed_han if f.closed else y.open_han
        if h and y.check(f):
            hits.append((y, h))
            han += h
    return tuple(hits), han


def honor_groups(key: int) -> tuple[int, int]:
    """(honor pungs as bits ``k - 27``, honor pair kind or -1) of the packed honor counts
    (all tiles, melds included); memoised."""
    found = HONOR_MEMO.get(key)
    if found is None:
        pungs = 0
        pair = -1
        for i, n in enumerate(fields(key, 7)):
            if n >= 3:
                pungs |= 1 << i
            elif n == 2:
                pair = 27 + i
        found = HONOR_MEMO[key] = (pungs, pair)
    return found


def reading_units(gates: int) -> Unit:
    """The reading-level units whose gate bits are set (memoised: 128 combinations)."""
    found = READING_MEMO.get(gates)
    if found is None:
        closed = bool(gates & CLOSED_GATE)
        found = READING_MEMO[gates] = tuple(
            (y.check, y.closed_han if closed else y.open_han, y)
            for i, unit in enumerate(READING_UNITS)
            if gates >> i & 1
            for y in unit
            if (y.closed_han if closed else y.open_han)
        )
    return found


def yakuman_units(gates: int) -> tuple[YakuDef, ...]:
    """The yakuman whose gate bit is set, in registry order (memoised: few combinations)."""
    found = _YAKUMAN_MEMO.get(gates)
    if found is None:
        found = _YAKUMAN_MEMO[gates] = tuple(y for y in YAKUMAN if _YAKUMAN_GATE[y.id] & gates)
    return found


def clear_memos() -> None:
    """Forget every memoised unit list and hand-level result."""
    for memo in (_YAKUMAN_MEMO, HAND_MEMO, _FLAG_MEMO, _TILE_MEMO, READING_MEMO, HONOR_MEMO):
        memo.clear()
