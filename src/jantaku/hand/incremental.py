"""Incremental hand analysis: the shanten and tile acceptance of many related hands at once.

A bot weighs every discard, every draw after it and every discard after that: hundreds of hands
a tile or two apart, each of which a plain acceptance would answer with 35 whole-hand shanten
lookups. Here a hand is its four parts (three suits and the honors, as in :mod:`lookup`), and
the standard-shape shanten is the min-plus combination of one part with the combination of the
other three (its "rest", interned by its distance vector). The kinds of one part whose draw
lowers the standard shanten depend only on that part and its rest, so they are computed once
per (part, rest) and kept (:data:`_PART_GAINS`): a hand that differs in one suit finds the
other parts' answers under the same keys whenever the touched suit's vector did not change, and
its own suit's answer under the new pattern. Seven pairs and thirteen orphans, which only a
concealed hand may use, add their improving kinds from four small counts.

:class:`HandAnalysis` serves one seat in one decision: the hands it has seen are memoised by
their tiles, and the unseen copies of each kind (the weights of acceptance) are fixed. Results
are exactly those of :func:`jantaku.hand.lookup.shanten` and a kind-by-kind acceptance; the
input is trusted (a bot's own hand: 0 to 4 copies a kind, 3n+1 or 3n+2 tiles with the melds).
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.hand import lookup as _lk

__all__ = ["HandAnalysis", "Analysed"]

# (shanten, unseen copies of the improving kinds, improving kinds in order, their bit mask)
Analysed = tuple[int, int, tuple[int, ...], int]

# (part bytes, rest vector id, groups still to make, part index) -> (standard shanten,
# improving kinds of that part). Bounded: cleared when it grows past _PART_GAINS_LIMIT.
_PART_GAINS: dict[tuple[bytes, int, int, int], tuple[int, tuple[int, ...]]] = {}
_PART_GAINS_LIMIT = 400_000
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _part_entry(part: bytes, index: int) -> tuple[int, int]:
    """(vector id, statistics) of a part, through the lookup module's caches."""
    if index == 3:
        return _lk._honor_parts.get(part) or _lk._honor_part(part)
    return _lk._suit_parts.get(part) or _lk._suit_part(part)


def _pair(a: int, b: int) -> int:
    vid = _lk._pair_ids.get(a << 32 | b)
    return vid if vid is not None else _lk._combine(a, b)


def _part_gains(part: bytes, rest: int, groups: int, index: int) -> tuple[int, tuple[int, ...]]:
    """First sight of a part against a rest: its standard shanten and the kinds of the part
    whose draw lowers it."""
    standard, final = _lk._standard, _lk._final_standard
    vid = _part_entry(part, index)[0]
    base = (standard.get(vid << 32 | rest) or final(vid, rest))[groups]
    gains = []
    for o, n in enumerate(part):
        if n < 4:
            grown = _part_entry(part[:o] + bytes((n + 1,)) + part[o + 1 :], index)[0]
            if (standard.get(grown << 32 | rest) or final(grown, rest))[groups] < base:
                gains.append(9 * index + o)
    if len(_PART_GAINS) >= _PART_GAINS_LIMIT:
        _PART_GAINS.clear()
    entry = (base, tuple(gains))
    _PART_GAINS[(part, rest, groups, index)] = entry
    return entry


def _special_gains(b: bytes, stats: int) -> tuple[int, int, list[int], list[int]]:
    """Seven pairs and thirteen orphans of a concealed hand: (their shanten, the kinds that
    lower each). Drawing a single's mate adds a pair; a new kind counts while fewer than seven
    are held; a missing orphan, or a held one's mate while no orphan pair is held, helps."""
    pairs, kinds = stats >> 8 & 0xFF, stats >> 16 & 0xFF
    orphans, orphan_pairs = stats >> 24 & 0xFF, stats >> 32
    seven = 6 - pairs + max(0, 7 - kinds)
    thirteen = 13 - orphans - (orphan_pairs > 0)
    seven_gains = [k for k in range(34) if b[k] == 1 or (b[k] == 0 and kinds < 7)]
    orphan_gains = [k for k in _ORPHANS if b[k] == 0 or (b[k] == 1 and not orphan_pairs)]
    return seven, thirteen, seven_gains, orphan_gains


class HandAnalysis:
    """Shanten and acceptance of one seat's hands in one decision (``melds`` called, ``left``
    unseen copies of each kind, never below 0)."""

    __slots__ = ("_groups", "_memo", "_shanten", "left", "melds")

    def __init__(self, melds: int, left: Sequence[int]) -> None:
        self.melds = melds
        self.left = list(left)
        self._groups = 4 - melds
        self._memo: dict[bytes, Analysed] = {}
        self._shanten: dict[bytes, int] = {}

    def analyse(self, counts: Sequence[int]) -> Analysed:
        """(shanten, unseen improving tiles, improving kinds, their mask) of a 3n+1 hand; a
        kind held four times never improves it."""
        b = bytes(counts)
        hit = self._memo.get(b)
        if hit is not None:
            return hit
        out = self._analyse(b)
        self._memo[b] = out
        return out

    def _analyse(self, b: bytes) -> Analysed:
        """The four parts against their rests, then the special shapes of a concealed hand."""
        parts = (b[:9], b[9:18], b[18:27], b[27:])
        (m, ms), (p, ps), (s, ss), (z, zs) = (_part_entry(q, i) for i, q in enumerate(parts))
        mp, sz = _pair(m, p), _pair(s, z)
        rests = (_pair(p, sz), _pair(m, sz), _pair(mp, z), _pair(mp, s))
        groups = self._groups
        gains: list[int] = []
        base = 99
        for i in range(4):
            key = (parts[i], rests[i], groups, i)
            base, found = _PART_GAINS.get(key) or _part_gains(parts[i], rests[i], groups, i)
            gains += found
        if self.melds == 0:
            seven, thirteen, seven_gains, orphan_gains = _special_gains(b, ms + ps + ss + zs)
            best = min(base, seven, thirteen)
            if best < base:
                gains = []
            if seven == best:
                gains += seven_gains
            if thirteen == best:
                gains += orphan_gains
            if best < base or seven == best or thirteen == best:
                gains = sorted({k for k in gains if b[k] < 4})
            base = best
        left = self.left
        mask = 0
        total = 0
        for k in gains:
            mask |= 1 << k
            total += left[k]
        return base, total, tuple(gains), mask

    def acceptance(self, counts: Sequence[int]) -> tuple[int, int]:
        """(shanten, unseen tiles that lower it) of a 3n+1 hand."""
        out = self.analyse(counts)
        return out[0], out[1]

    def shanten(self, counts: Sequence[int]) -> int:
        """The shanten of any hand of this seat (3n+1 or 3n+2 tiles)."""
        b = bytes(counts)
        hit = self._shanten.get(b)
        if hit is None:
            hit = self._shanten[b] = _lk.shanten(b, self.melds)
        return hit
