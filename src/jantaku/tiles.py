"""Tile kinds, physical tiles and the MPSZ notation.

Two encodings never share a type: a :class:`TileKind` is one of the 34 kinds of the riichi set (plus
8 bonus kinds of the classical set) and indexes count arrays; a :class:`Tile` is one physical copy
of a kind and knows whether it is a red five. Notation: ``123m456p789s`` (characters, dots, bamboo),
``0m/0p/0s`` a red five, ``1z-7z`` East South West North White Green Red, ``1f-4f`` flowers and
``1y-4y`` seasons. Every parse has a print that round-trips.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from operator import attrgetter

from jantaku.errors import NotationError

__all__ = [
    "BY_INDEX",
    "KIND_COUNT",
    "RIICHI_KIND_COUNT",
    "Dragon",
    "Suit",
    "Tile",
    "TileKind",
    "Wind",
    "counts_of",
    "format_counts",
    "format_kinds",
    "format_tiles",
    "kinds_from_counts",
    "parse_kind",
    "parse_kinds",
    "parse_tiles",
    "tile_at",
]

RIICHI_KIND_COUNT = 34
"""Kinds of the riichi set (no bonus tiles); count arrays of hands have this length."""
KIND_COUNT = 42
"""Kinds including the 8 classical bonus tiles (4 flowers, 4 seasons)."""
BY_INDEX = attrgetter("index")
"""Sort key of physical tiles (kind order, then copy): ``sorted(tiles, key=BY_INDEX)``."""


class Suit(Enum):
    """The three numbered suits; the value is the notation letter."""

    CHARACTERS = "m"
    DOTS = "p"
    BAMBOO = "s"


class TileKind(IntEnum):
    """One of the 42 tile kinds; the value indexes count arrays (0-33 riichi, 34-41 bonus)."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    FLOWER_1 = 34
    FLOWER_2 = 35
    FLOWER_3 = 36
    FLOWER_4 = 37
    SEASON_1 = 38
    SEASON_2 = 39
    SEASON_3 = 40
    SEASON_4 = 41

    @property
    def suit(self) -> Suit | None:
        """The numbered suit, or None for honors and bonus tiles."""
        return _SUIT_OF[self] if self < 27 else None

    @property
    def number(self) -> int:
        """1-9 within a suit, 1-7 for honors (E S W N White Green Red), 1-4 for bonus tiles."""
        if self < 27:
            return self % 9 + 1
        if self < 34:
            return self - 26
        return (self - 34) % 4 + 1

    @property
    def letter(self) -> str:
        """The notation letter: m, p, s, z (honors), f (flowers) or y (seasons)."""
        return _LETTER_OF[self]

    @property
    def is_suited(self) -> bool:
        return self < 27

    @property
    def is_honor(self) -> bool:
        """Winds and dragons (not the bonus tiles)."""
        return 27 <= self < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self < 34

    @property
    def is_terminal(self) -> bool:
        """A 1 or 9 of a suit."""
        return self < 27 and self % 9 in (0, 8)

    @property
    def is_simple(self) -> bool:
        """A 2-8 of a suit."""
        return self < 27 and self % 9 not in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        return self < 34 and (self >= 27 or self % 9 in (0, 8))

    @property
    def is_bonus(self) -> bool:
        """A flower or season (classical only)."""
        return self >= 34

    @property
    def is_flower(self) -> bool:
        return 34 <= self < 38

    @property
    def is_season(self) -> bool:
        return self >= 38

    @property
    def dora_successor(self) -> TileKind:
        """The kind a dora indicator of this kind points to (9→1, N→E, Red→White)."""
        if self >= 34:
            raise ValueError(f"{self.notation} is a bonus tile and cannot indicate dora")
        return _DORA_NEXT[self]

    @property
    def notation(self) -> str:
        """The two-character MPSZ form, e.g. ``5m`` or ``7z``."""
        return _NOTATION_OF[self]

    @property
    def english(self) -> str:
        """A readable name, e.g. ``Characters 3``, ``East Wind``, ``Red Dragon``, ``Flower 2``."""
        return _ENGLISH[self]

    def __str__(self) -> str:
        return self.notation


class Wind(IntEnum):
    """Seat and round winds; the value is the offset from East, so seat winds rotate by addition."""

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @property
    def kind(self) -> TileKind:
        return TileKind(27 + self)

    @property
    def letter(self) -> str:
        return "ESWN"[self]

    @classmethod
    def parse(cls, text: str) -> Wind:
        """``E``/``S``/``W``/``N`` (or the full English name, any case)."""
        wind = _WIND_NAMES.get(text.strip().upper())
        if wind is None:
            raise ValueError(f"unknown wind {text!r} (expected E, S, W or N)")
        return wind


_WIND_NAMES = {**{w.letter: w for w in Wind}, **{w.name: w for w in Wind}}


class Dragon(IntEnum):
    WHITE = 0
    GREEN = 1
    RED = 2

    @property
    def kind(self) -> TileKind:
        return TileKind(31 + self)


_SUIT_OF: tuple[Suit, ...] = tuple(
    (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)[i // 9] for i in range(27)
)
_LETTER_OF: tuple[str, ...] = (
    tuple("mps"[i // 9] if i < 27 else "z" for i in range(34)) + ("f",) * 4 + ("y",) * 4
)
_NOTATION_OF: tuple[str, ...] = tuple(f"{k.number}{k.letter}" for k in TileKind)
_DORA_NEXT: tuple[TileKind, ...] = tuple(
    TileKind(
        (i // 9) * 9 + (i % 9 + 1) % 9
        if i < 27
        else 27 + (i - 27 + 1) % 4
        if i < 31
        else 31 + (i - 31 + 1) % 3
    )
    for i in range(34)
)
_HONOR_NAMES = (
    "East Wind",
    "South Wind",
    "West Wind",
    "North Wind",
    "White Dragon",
    "Green Dragon",
    "Red Dragon",
)
_ENGLISH: tuple[str, ...] = tuple(
    f"{('Characters', 'Dots', 'Bamboo')[i // 9]} {i % 9 + 1}"
    if i < 27
    else _HONOR_NAMES[i - 27]
    if i < 34
    else f"{'Flower' if i < 38 else 'Season'} {(i - 34) % 4 + 1}"
    for i in range(KIND_COUNT)
)
_KINDS: tuple[TileKind, ...] = tuple(TileKind)

# Highest digit allowed per notation letter; '0' (red five) is only valid for the numbered suits.
_LETTER_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34, "y": 38}
_LETTER_MAX = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 4, "y": 4}
TILE_INDEX_COUNT = 144
"""Physical tiles: 136 of the riichi set (4 copies of 34 kinds) plus the 8 bonus tiles."""


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One physical tile. ``index`` is 0-143: ``kind * 4 + copy`` for the 34 riichi kinds (the same
    numbering as Tenhou's 136 ids), then 136-143 for flowers 1-4 and seasons 1-4. ``red`` marks a
    red five; whether a ruleset has red fives decides which fives are built with it."""

    index: int
    red: bool = False
    kind_id: int = field(init=False, repr=False, compare=False)
    """The kind as a plain int (0-33, bonus tiles 34-41): the one decoding of ``index``, kept
    as a field because the hot paths (engine, bots, scorer) read it millions of times."""

    def __post_init__(self) -> None:
        if not 0 <= self.index < TILE_INDEX_COUNT:
            raise ValueError(f"tile index {self.index} is outside 0-143")
        kind = _KIND_OF_INDEX[self.index]
        if self.red and kind not in (TileKind.M5, TileKind.P5, TileKind.S5):
            raise ValueError(f"tile index {self.index} is not a five and cannot be red")
        object.__setattr__(self, "kind_id", int(kind))

    @classmethod
    def of(cls, kind: TileKind, copy: int = 0, red: bool = False) -> Tile:
        """The ``copy``-th tile (0-3) of a kind; bonus kinds have exactly one copy."""
        if kind >= 34:
            if copy != 0:
                raise ValueError(f"{kind.notation} has a single copy")
            return cls(136 + kind - 34, red)
        if not 0 <= copy < 4:
            raise ValueError(f"copy {copy} is outside 0-3")
        return cls(kind * 4 + copy, red)

    @property
    def kind(self) -> TileKind:
        return _KIND_OF_INDEX[self.index]

    @property
    def copy(self) -> int:
        return self.index % 4 if self.index < 136 else 0

    @property
    def notation(self) -> str:
        """``0m`` for a red five, otherwise the kind's notation."""
        if self.red:
            return f"0{_LETTER_OF_INDEX[self.index]}"
        return _NOTATION_OF_INDEX[self.index]

    def __str__(self) -> str:
        return self.notation


_KIND_OF_INDEX: tuple[TileKind, ...] = tuple(_KINDS[i // 4] for i in range(136)) + _KINDS[34:]

_PLAIN_TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(TILE_INDEX_COUNT))
_RED_TILES: dict[int, Tile] = {
    i: Tile(i, True)
    for k in (TileKind.M5, TileKind.P5, TileKind.S5)
    for i in range(k * 4, k * 4 + 4)
}


def tile_at(index: int, red: bool = False) -> Tile:
    """The shared :class:`Tile` of ``index`` (tiles are immutable, so parsers hand out one
    object per tile instead of building a new one each time); same checks as ``Tile()``."""
    try:
        return _RED_TILES[index] if red else _PLAIN_TILES[index]
    except (KeyError, IndexError):
        return Tile(index, red)  # raises the constructor's error


_DIGITS = {str(d): d for d in range(10)}


def _scan(text: str) -> list[tuple[int, int, bool]]:
    """Parse notation into (kind index, position of its digit, red) triples."""
    out: list[tuple[int, int, bool]] = []
    pending: list[tuple[int, int]] = []  # (digit, position) waiting for their suit letter
    digits = _DIGITS
    for pos, char in enumerate(text):
        digit = digits.get(char)
        if digit is not None:
            pending.append((digit, pos))
            continue
        if char.isspace():
            continue
        letter = char.lower()
        if letter not in _LETTER_BASE:
            raise NotationError(text, pos, f"unexpected character {char!r}")
        if not pending:
            raise NotationError(text, pos, f"suit letter {char!r} has no digits before it")
        top = _LETTER_MAX[letter]
        for digit, dpos in pending:
            if digit == 0 and letter in "mps":
                out.append((_LETTER_BASE[letter] + 4, dpos, True))
            elif 1 <= digit <= top:
                out.append((_LETTER_BASE[letter] + digit - 1, dpos, False))
            else:
                allowed = f"1-{top}" + (" or 0 for a red five" if letter in "mps" else "")
                raise NotationError(
                    text,
                    dpos,
                    f"digit {digit} is not a tile of suit {letter!r} (allowed: {allowed})",
                )
        pending.clear()
    if pending:
        raise NotationError(text, pending[0][1], "digits without a suit letter (m, p, s, z, f, y)")
    return out


def parse_kinds(text: str) -> list[TileKind]:
    """Parse notation into kinds, in the order written. A red five (``0m``) reads as its kind."""
    return [_KINDS[kind] for kind, _pos, _red in _scan(text)]


def parse_kind(text: str) -> TileKind:
    """Parse exactly one tile kind, e.g. ``5m`` or ``7z``."""
    kinds = parse_kinds(text)
    if len(kinds) != 1:
        raise NotationError(text, None, f"expected exactly one tile, found {len(kinds)}")
    return kinds[0]


def parse_tiles(text: str, red_fives: bool = True) -> list[Tile]:
    """Parse notation into physical tiles, giving each a distinct copy.

    With ``red_fives`` the red five is copy 0 of its kind and the plain fives take copies 1-3;
    without, ``0m`` is an error and fives use all four copies. A fifth copy is an error."""
    used: dict[int, int] = {}
    out: list[Tile] = []
    for kind, pos, red in _scan(text):
        if red and not red_fives:
            raise NotationError(text, pos, "red fives are off in this ruleset")
        if kind >= 34:
            if used.get(kind):
                raise NotationError(text, pos, f"{_KINDS[kind].notation} has a single copy")
            used[kind] = 1
            out.append(_PLAIN_TILES[136 + kind - 34])
            continue
        has_red = red_fives and kind in (4, 13, 22)
        if red:
            if used.get(-kind - 1):
                raise NotationError(text, pos, f"a second red {_KINDS[kind].notation}")
            used[-kind - 1] = 1
            out.append(_RED_TILES[kind * 4])
            continue
        copy = used.get(kind, 0)
        plain_copies = 3 if has_red else 4
        if copy >= plain_copies:
            what = "plain " if has_red else ""
            raise NotationError(
                text, pos, f"more than {plain_copies} {what}copies of {_KINDS[kind].notation}"
            )
        used[kind] = copy + 1
        out.append(_PLAIN_TILES[kind * 4 + copy + (1 if has_red else 0)])
    return out


def _group(items: Iterable[tuple[str, str]]) -> str:
    """Join (digit, letter) pairs, writing the letter once per run of the same letter."""
    parts: list[str] = []
    run_letter = ""
    for digit, letter in items:
        if letter != run_letter and run_letter:
            parts.append(run_letter)
        parts.append(digit)
        run_letter = letter
    if run_letter:
        parts.append(run_letter)
    return "".join(parts)


def format_kinds(kinds: Iterable[TileKind]) -> str:
    """Print kinds in the given order, e.g. ``[1m, 2m, 5p]`` → ``12m5p``."""
    return _group((str(k.number), k.letter) for k in kinds)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Print physical tiles in the given order, with ``0`` for a red five."""
    parts: list[str] = []
    run_letter = ""
    for t in tiles:
        letter = _LETTER_OF_INDEX[t.index]
        if letter != run_letter and run_letter:
            parts.append(run_letter)
        parts.append("0" if t.red else _DIGIT_OF_INDEX[t.index])
        run_letter = letter
    if run_letter:
        parts.append(run_letter)
    return "".join(parts)


_DIGIT_OF_INDEX = tuple(str(k.number) for k in _KIND_OF_INDEX)
_LETTER_OF_INDEX = tuple(k.letter for k in _KIND_OF_INDEX)
_NOTATION_OF_INDEX = tuple(k.notation for k in _KIND_OF_INDEX)


def counts_of(kinds: Iterable[TileKind], size: int = RIICHI_KIND_COUNT) -> list[int]:
    """The count array (index = kind) of some kinds; ``size`` 42 keeps bonus tiles."""
    counts = [0] * size
    for kind in kinds:
        counts[kind] += 1
    return counts


def kinds_from_counts(counts: Sequence[int]) -> list[TileKind]:
    """The sorted kinds of a count array."""
    return [_KINDS[i] for i, n in enumerate(counts) for _ in range(n)]


def format_counts(counts: Sequence[int]) -> str:
    """Print a count array in sorted notation."""
    return format_kinds(kinds_from_counts(counts))
