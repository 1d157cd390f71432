"""The parts of a score request both readers share: its keys, plain tile notation read fast,
each tile given its own physical copy across the request (so at most four of a kind, one red
five per suit), and the melds.

Shared by :mod:`.request` (which names every problem) and :mod:`.request_fast` (which reads
the common, well-formed request and leaves anything else to it)."""

from __future__ import annotations

import re
from typing import Any

from jantaku.errors import JantakuError
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile, TileKind, tile_at

__all__ = [
    "FIVES",
    "FLAGS",
    "KEYS",
    "MAX_COUNT",
    "MAX_INDICATORS",
    "MAX_NOTATION",
    "MELD_SIZES",
    "MELD_TYPES",
    "PLAIN_NOTATION",
    "RUNS",
    "SEATS",
    "SUIT_BASE",
    "Copies",
    "RequestError",
    "built_meld",
    "plain_kinds",
]


class RequestError(JantakuError, ValueError):
    """A malformed score request: names the key and what is wrong with it."""


MAX_NOTATION = 200
"""Longest tile notation read (a hand is at most 14 tiles): keeps error messages short."""


FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "first_turn",
)
KEYS = frozenset(
    {
        "rules",
        "options",
        "hand",
        "melds",
        "win_tile",
        "win",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_indicators",
        *FLAGS,
        "honba",
        "deposits",
        "discarder",
        "pao",
    }
)
MAX_COUNT = 999
"""Largest honba or deposit count accepted (no real table comes near it)."""
SEATS = {"right": 1, "across": 2, "left": 3}
MELD_TYPES = {
    "chi": (MeldKind.CHOW, None, 3),
    "pon": (MeldKind.PUNG, None, 3),
    "kan": (MeldKind.KONG, KongKind.EXPOSED, 4),
    "ankan": (MeldKind.KONG, KongKind.CONCEALED, 4),
    "kakan": (MeldKind.KONG, KongKind.ADDED, 4),
}
FIVES = frozenset({int(TileKind.M5), int(TileKind.P5), int(TileKind.S5)})
MAX_INDICATORS = 5


class Copies:
    """Gives each parsed tile its own physical copy across the whole request.

    A kind's plain copies are handed out in order from its first plain index (copy 1 of a five
    when red fives are on, its copy 0 being the red one), so a count per kind says which are
    taken; bonus tiles have one copy each."""

    def __init__(self, red_fives: bool) -> None:
        self.red_fives = red_fives
        self.plain = [0] * 34
        """Plain copies taken, by kind."""
        self.reds: set[int] = set()
        """Kinds whose red five is taken."""
        self.bonus: set[int] = set()
        """Bonus tiles taken, by index."""

    def take(self, tiles: list[Tile], where: str) -> tuple[Tile, ...]:
        out = []
        plain = self.plain
        first = _FIRST_COPY[self.red_fives]
        for t in tiles:
            kind = t.kind_id
            if t.red:
                if kind in self.reds:
                    raise RequestError(
                        f"{where}: a second red five {t.notation}; the set has one per suit"
                    ).coded("red_twice", tile=t.notation)
                self.reds.add(kind)
                out.append(tile_at(kind * 4, True))
            elif kind < 34:
                n = plain[kind]
                if first[kind] + n >= kind * 4 + 4:
                    raise RequestError(f"{where}: {self._too_many(TileKind(kind))}").coded(
                        "five_copies", tile=TileKind(kind).notation
                    )
                plain[kind] = n + 1
                out.append(_PLAIN_TILES[first[kind] + n])
            else:  # a bonus tile: one copy (the scorer then says it is not a riichi tile)
                if t.index in self.bonus:
                    raise RequestError(f"{where}: {self._too_many(TileKind(kind))}")
                self.bonus.add(t.index)
                out.append(tile_at(t.index))
        return tuple(out)

    def read(self, value: Any, sizes: range) -> tuple[Tile, ...] | None:
        """The fast way for plain notation (digits and m/p/s/z, no spaces) whose number of
        tiles is in ``sizes``: the same tiles ``take(_tiles(...))`` gives, or None (and
        nothing taken) wherever that could raise, so that the slow way names the problem."""
        if type(value) is not str or len(value) > MAX_NOTATION:
            return None
        kinds = plain_kinds(value)
        if kinds is None or len(kinds) not in sizes:
            return None
        plain = self.plain
        red_fives = self.red_fives
        first = _FIRST_COPY[red_fives]
        last = _LAST_COPY[red_fives]
        out = []
        for kind in kinds:
            if kind < 0:  # a red five, as ~kind
                kind = ~kind
                if not red_fives or kind in self.reds:
                    break
                self.reds.add(kind)
                out.append(_RED_TILES[kind])
            else:
                n = plain[kind]
                if n == last[kind]:
                    break
                plain[kind] = n + 1
                out.append(_PLAIN_TILES[first[kind] + n])
        else:
            return tuple(out)
        for t in out:  # give back what this read took
            if t.red:
                self.reds.discard(t.kind_id)
            else:
                plain[t.kind_id] -= 1
        return None

    def _too_many(self, kind: TileKind) -> str:
        """Why one more plain tile of ``kind`` does not exist (the request's tiles so far)."""
        where = "counting hand, melds, win tile and indicators"
        if self.red_fives and kind in FIVES:
            return (
                f"a fourth plain {kind.notation}; with red fives on the set has three and the "
                f"red 0{kind.letter} ({where})"
            )
        return f"five copies of {kind.notation} ({where})"


PLAIN_NOTATION = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
"""Plain tile notation: runs of digits, each followed by its suit letter."""
RUNS = re.compile(r"([0-9]+)([mpsz])")
"""The runs of plain notation, as (digits, suit letter)."""
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
"""The kind number of each suit letter's 1."""
_plain_read: dict[str, tuple[int, ...] | None] = {}
_SHORT = 10
_MEMO_LIMIT = 1 << 14
_run_read: dict[tuple[str, str], tuple[int, ...]] = {}
_FIRST_COPY = tuple(
    tuple(k * 4 + (1 if red and k in FIVES else 0) for k in range(34)) for red in (False, True)
)
"""By red fives off/on, by kind: the index of its first plain copy."""
_LAST_COPY = tuple(tuple(k * 4 + 4 - first[k] for k in range(34)) for first in _FIRST_COPY)
"""By red fives off/on, by kind: how many plain copies it has."""
_PLAIN_TILES = tuple(tile_at(i) for i in range(136))
_RED_TILES = {k: tile_at(k * 4, True) for k in FIVES}


def plain_kinds(text: str) -> tuple[int, ...] | None:
    """The kind of each tile of plain notation (``~kind`` for a red five), None for anything
    else. Short texts (melds, winning tiles, indicators: they come again and again) are
    remembered whole, longer ones (hands, nearly always new) by their runs of digits."""
    known = _plain_read.get(text, _plain_read)
    if known is not _plain_read:
        return known  # type: ignore[return-value]
    kinds: tuple[int, ...] | None = None
    if PLAIN_NOTATION.fullmatch(text):
        kinds = ()
        for run in RUNS.findall(text):
            found = _run_read.get(run)
            if found is None:
                found = tuple(map(_DIGIT_KINDS[run[1]].__getitem__, run[0]))
                if len(_run_read) >= _MEMO_LIMIT:
                    _run_read.clear()
                _run_read[run] = found
            kinds += found
    if len(text) <= _SHORT:
        if len(_plain_read) >= _MEMO_LIMIT:
            _plain_read.clear()
        _plain_read[text] = kinds
    return kinds


_DIGIT_KINDS = {
    letter: {str(d): ~(base + 4) if d == 0 else base + d - 1 for d in range(10)}
    for letter, base in SUIT_BASE.items()
}
"""By suit letter, by digit: the kind (``~kind`` for a red five, digit 0)."""


MELD_SIZES = {name: range(size, size + 1) for name, (_k, _c, size) in MELD_TYPES.items()}
_built: dict[tuple[object, ...], Meld] = {}
"""Melds built before, by type and the ``id`` of each tile: tiles are the shared objects of
:func:`~jantaku.tiles.tile_at`, alive for good, and a meld is immutable."""


def built_meld(kind: str, taken: tuple[Tile, ...]) -> Meld:
    """The meld of type ``kind`` (a request's name: chi, pon, ...) of the tiles ``taken``,
    sorted by index, called (but for a concealed kong) from the left; remembered. Raises
    :class:`InvalidHandError` for tiles that make no such meld."""
    key = (kind, *map(id, taken))
    meld = _built.get(key)
    if meld is None:
        meld_kind, kong, _size = MELD_TYPES[kind]
        physical = tuple(sorted(taken, key=lambda t: t.index))
        called = None if kong is KongKind.CONCEALED else physical[0]
        meld = Meld(meld_kind, physical, kong, called, None if called is None else 3)
        if len(_built) >= 4096:
            _built.clear()
        _built[key] = meld
    return meld
