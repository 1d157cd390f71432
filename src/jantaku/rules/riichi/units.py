"""How the scorer runs the yaku units cheaply, without changing what they say.

Hand-level units (:data:`~jantaku.rules.riichi.yaku.HAND_UNITS`) read only facts that are the same
for every reading of a hand; their hits are memoised by a key packing exactly those facts
(:func:`hand_key`), so a hand costs one dict lookup instead of a dozen predicate calls. The
reading-level units run per reading, but only those whose gate can hold (:func:`reading_units`).
Both memos are small: the keys range over flag and class combinations, not over hands."""

from __future__ import annotations

from collections.abc import Callable

from jantaku.rules.riichi.yaku import HAND_UNITS, READING_UNITS, REGISTRY, Facts, Yaku, YakuDef
from jantaku.rules.riichi.yaku.facts import STANDARD

__all__ = [
    "CLOSED_GATE",
    "MANY_PUNGS_GATE",
    "OUTSIDE_GATE",
    "PAIRS_GATE",
    "PINFU",
    "SEQUENCE_GATE",
    "HandHits",
    "Hit",
    "Unit",
    "hand_hits",
    "hand_key",
    "reading_units",
]

Hit = tuple[YakuDef, int]
HandHits = tuple[tuple[Hit, ...], int]
"""The hand-level hits and their total han."""
Unit = tuple[tuple[Callable[[Facts], bool], int, YakuDef], ...]
"""(predicate, han, yaku) of the units to run; yaku worth nothing in this hand left out."""

PINFU = REGISTRY[Yaku.PINFU]
SEQUENCE_GATE = 1  # three chows, or two in a closed hand (pinfu first: the fu need to know)
OUTSIDE_GATE = 2  # a chow and a terminal or honor pair
MANY_PUNGS_GATE = 4  # three pungs or kans
PAIRS_GATE = 8  # the seven-pairs reading
CLOSED_GATE = 16  # the hand is closed (selects closed han)

_HAND_MEMO: dict[int, HandHits] = {}
_READING_MEMO: dict[int, Unit] = {}
_MEMO_LIMIT = 1 << 14


def hand_key(f: Facts, honor_pungs: int, honor_pair: int) -> int:
    """Every fact a hand-level unit reads, packed into one int. ``honor_pungs`` has bit
    ``k - 27`` for each honor with a pung or kan; ``honor_pair`` is the honor pair's kind or
    -1 (seven pairs may have several: any one will do, as no honor pung exists then)."""
    return (
        f.closed
        | f.tsumo << 1
        | f.riichi << 2
        | f.double_riichi << 3
        | f.ippatsu << 4
        | f.rinshan << 5
        | f.chankan << 6
        | f.haitei << 7
        | f.houtei << 8
        | f.kuitan << 9
        | f.all_simple << 10
        | f.all_term_honor << 11
        | f.all_honor << 12
        | f.all_terminal << 13
        | f.suit_mask << 14
        | honor_pungs << 18
        | (honor_pair - 26 if honor_pair >= 0 else 0) << 25
        | (f.seat - 27) << 28
        | (f.round - 27) << 30
    )


def hand_hits(f: Facts, key: int, honor_pungs: int, honor_pair: int) -> HandHits:
    """The hand-level hits of a hand whose :func:`hand_key` is ``key`` (memoised). On a miss
    the units run on ``f`` with the honor groups standing in for the reading."""
    found = _HAND_MEMO.get(key)
    if found is not None:
        return found
    f.pungs = tuple(27 + i for i in range(7) if honor_pungs >> i & 1)
    f.pair = honor_pair
    f.chows = ()
    f.shape = STANDARD
    hits: list[Hit] = []
    han = 0
    for y in HAND_UNITS:
        h = y.closed_han if f.closed else y.open_han
        if h and y.check(f):
            hits.append((y, h))
            han += h
    if len(_HAND_MEMO) >= _MEMO_LIMIT:
        _HAND_MEMO.clear()
    found = _HAND_MEMO[key] = (tuple(hits), han)
    return found


def reading_units(gates: int) -> Unit:
    """The reading-level units whose gate bits are set (memoised: 32 combinations)."""
    found = _READING_MEMO.get(gates)
    if found is None:
        closed = bool(gates & CLOSED_GATE)
        found = _READING_MEMO[gates] = tuple(
            (y.check, y.closed_han if closed else y.open_han, y)
            for i, unit in enumerate(READING_UNITS)
            if gates >> i & 1
            for y in unit
            if (y.closed_han if closed else y.open_han)
        )
    return found
