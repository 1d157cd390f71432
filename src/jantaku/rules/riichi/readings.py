"""Fast decomposition of a complete concealed part into groups and a pair, for the scorer's hot
path: plain int tuples instead of the dataclasses of :func:`jantaku.hand.decompose`, memoised
per suit by the suit's packed counts (see :mod:`.packed`), the pair restricted to the one suit
whose count is 2 mod 3."""

from __future__ import annotations

from jantaku.rules.riichi.fu import CLOSED_PUNG_FU
from jantaku.rules.riichi.packed import BITS, HONOR_SHIFT, ONES, SUIT, fields, kinds_mask

__all__ = [
    "ORPHANS",
    "ORPHAN_KINDS",
    "clear_caches",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "standard_readings",
]

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
ORPHAN_KINDS = kinds_mask(ORPHANS)

Split = tuple[int, tuple[tuple[int, int], ...]]
"""(pair position or -1, ((type, first position), ...)) in one suit: type 0 chow, 1 pung."""


def _split(c: list[int], i: int, acc: list[tuple[int, int]], out: list[Split], pair: int) -> None:
    """Every way to read the nine counts ``c`` from position ``i`` on as pungs and chows."""
    while i < 9 and not c[i]:
        i += 1
    if i == 9:
        out.append((pair, tuple(acc)))
        return
    n = c[i]
    if n >= 3:
        c[i] = n - 3
        acc.append((1, i))
        _split(c, i, acc, out, pair)
        acc.pop()
        c[i] = n
    if i < 7 and c[i + 1] and c[i + 2]:
        c[i] = n - 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        acc.append((0, i))
        _split(c, i, acc, out, pair)
        acc.pop()
        c[i] = n
        c[i + 1] += 1
        c[i + 2] += 1


HandReading = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""(pair, first kinds of the chows, kinds of the pungs, fu of those pungs as concealed pungs);
honors first, then the suits in order, so both tuples are sorted."""
_SUIT_CACHES: tuple[dict[int, list[HandReading]], ...] = ({}, {}, {})
_HONOR_CACHE: dict[int, list[HandReading]] = {}
_SPLITS: dict[int, list[Split]] = {}
_SPLITS_LIMIT = 1 << 16


def _suit_readings(key: int, base: int) -> list[HandReading]:
    """Readings of one suit (groups, plus a pair when its count is 2 mod 3), memoised per suit
    and packed count pattern: a pure function of 9 small numbers, so the cache stays small.
    The splits themselves do not depend on where the pattern sits in the suit, so they are
    memoised once more by the pattern moved down to position 0 (:data:`_SPLITS`): a pattern
    new here is often a known one moved (only the pungs' fu depend on the kinds)."""
    low = ((key & -key).bit_length() - 1) // BITS  # the lowest position with a tile
    shape = key >> BITS * low
    out = _SPLITS.get(shape)
    if out is None:
        out = _splits(shape)
        if len(_SPLITS) >= _SPLITS_LIMIT:
            _SPLITS.clear()
        _SPLITS[shape] = out
    first = base + low
    found = [_hand_reading(p + first if p >= 0 else -1, groups, first) for p, groups in out]
    _SUIT_CACHES[base // 9][key] = found
    return found


def _splits(key: int) -> list[Split]:
    """Every split of the packed nine counts ``key`` into groups and at most one pair."""
    c = [key >> BITS * i & 31 for i in range(9)]
    out: list[Split] = []
    if sum(c) % 3 == 2:
        for p in range(9):
            if c[p] >= 2:
                c[p] -= 2
                _split(c, 0, [], out, p)
                c[p] += 2
    else:
        _split(c, 0, [], out, -1)
    return out


def _hand_reading(pair: int, groups: tuple[tuple[int, int], ...], base: int = 0) -> HandReading:
    """The scorer's form of a reading whose group positions are counted from kind ``base``."""
    chows: list[int] = []
    pungs: list[int] = []
    fu = 0
    for t, i in groups:
        k = base + i
        if t:
            pungs.append(k)
            fu += CLOSED_PUNG_FU[k]
        else:
            chows.append(k)
    return pair, tuple(chows), tuple(pungs), fu


def _honor_readings(key: int) -> list[HandReading]:
    """The one reading of the honors (pungs and at most one pair), or none; memoised."""
    pair = -1
    groups: list[tuple[int, int]] = []
    if key >> 7 * BITS:  # a bonus tile
        _HONOR_CACHE[key] = []
        return []
    for k, n in enumerate(fields(key, 7), 27):
        if n == 3:
            groups.append((1, k))
        elif n == 2 and pair < 0:
            pair = k
        elif n:
            _HONOR_CACHE[key] = []
            return []
    found = _HONOR_CACHE[key] = [_hand_reading(pair, tuple(groups))]
    return found


_FIELD_BITS = tuple(sum(1 << BITS * k + b for k in range(9)) for b in range(BITS))
"""Bit ``b`` of each of a suit's nine fields."""


def _tiles_in(key: int) -> int:
    """The sum of a suit's nine packed counts (bit by bit, at C speed)."""
    b0, b1, b2, b3, b4 = _FIELD_BITS
    return (
        (key & b0).bit_count()
        + 2 * (key & b1).bit_count()
        + 4 * (key & b2).bit_count()
        + 8 * (key & b3).bit_count()
        + 16 * (key & b4).bit_count()
    )


_SUITS = tuple((9 * s, 9 * BITS * s, _SUIT_CACHES[s]) for s in range(3))
_NO_HONORS: list[HandReading] = [(-1, (), (), 0)]


def standard_readings(code: int, kinds: int) -> list[HandReading]:
    """Every reading of the packed counts ``code`` (3n+2 tiles, counts 0-4) as concealed groups
    plus a pair; ``kinds`` is :func:`~jantaku.rules.riichi.packed.present` of ``code``."""
    out = _NO_HONORS
    if kinds >> HONOR_SHIFT:
        key = code >> HONOR_SHIFT
        found = _HONOR_CACHE.get(key)
        out = _honor_readings(key) if found is None else found
        if not out:
            return []
    pair = out[0][0]
    for base, shift, cache in _SUITS:
        key = code >> shift & SUIT
        if not key:
            continue
        found = cache.get(key)
        if found is None:
            r = _tiles_in(key) % 3
            if r == 1 or (r == 2 and pair >= 0):
                return []
            found = _suit_readings(key, base)
        if not found:
            return []
        if out is _NO_HONORS:
            out = found
        elif len(found) == 1 and len(out) == 1:
            p, ch, pu, fu = out[0]
            q, ch2, pu2, fu2 = found[0]
            if q >= 0:
                if p >= 0:
                    return []
                p = q
            out = [(p, ch + ch2, pu + pu2, fu + fu2)]
        else:
            merged = [
                (p if p >= 0 else q, ch + ch2, pu + pu2, fu + fu2)
                for p, ch, pu, fu in out
                for q, ch2, pu2, fu2 in found
                if p < 0 or q < 0
            ]
            if not merged:
                return []
            out = merged
        pair = out[0][0]
    if pair < 0:
        return []
    return out


def is_seven_pairs(code: int, kinds: int) -> bool:
    """Seven distinct pairs (four of a kind is not two pairs)."""
    return kinds.bit_count() == 7 and code == kinds << 1


def is_thirteen_orphans(code: int, kinds: int) -> bool:
    """One of each terminal and honor plus one more of them."""
    rest = code - ORPHAN_KINDS
    return kinds == ORPHAN_KINDS and rest & ONES == rest and rest.bit_count() == 1


def clear_caches() -> None:
    """Forget the memoised suit and honor readings (benchmarks measure a cold start with it)."""
    for cache in _SUIT_CACHES:
        cache.clear()
    _HONOR_CACHE.clear()
    _SPLITS.clear()
