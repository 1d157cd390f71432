"""Incremental hand analysis: the shanten and tile acceptance of many related hands at once.

A bot weighs every discard, every draw after it and every discard after that: hundreds of hands
a tile or two apart, each of which a plain acceptance would answer with 35 whole-hand shanten
lookups. Here a hand is its four parts (three suits and the honors, as in :mod:`lookup`), and
the standard-shape shanten is the min-plus combination of one part with the combination of the
other three (its "rest", interned by its distance vector). The kinds of one part whose draw
lowers the standard shanten depend only on that part and its rest, so they are computed once
per (part, rest) and kept (:data:`_PART_GAINS`), and so are the kinds whose discard keeps it
(:data:`_PART_KEEPS`): a hand that differs in one suit finds the other parts' answers under the
same keys whenever the touched suit's vector did not change, and its own suit's answer under
the new pattern. A first sight is cheap too: a draw lowers a shape's distance by one at most
and a discard never lowers one, so the answer is the kinds that lower (or keep) a shape that
is tight against the rest, from per-pattern shape masks. Seven pairs and thirteen orphans,
which only a concealed hand may use, add their kinds from per-part count masks.

:class:`HandAnalysis` serves one seat in one decision: the hands it has seen are memoised with
the unseen copies of each kind (the weights of acceptance); whole-hand shapes are also kept
across decisions, without the weights. Results are exactly those of
:func:`jantaku.hand.lookup.shanten` and a kind-by-kind acceptance; the input is trusted (a bot's
own hand: 0 to 4 copies a kind, 3n+1 or 3n+2 tiles with the melds). Every table is bounded:
it is cleared when it grows past its limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.hand import lookup as _lk

__all__ = ["Analysed", "HandAnalysis"]

# (shanten, unseen copies of the improving kinds, improving kinds in order, their bit mask)
Analysed = tuple[int, int, tuple[int, ...], int]

# [groups still to make][part index]: (part bytes, rest vector id) -> (standard shanten,
# improving kinds of that part, their mask). Bounded: a table is cleared past the limit.
Gains = tuple[int, tuple[int, ...], int]
_PART_GAINS: list[list[dict[tuple[bytes, int], Gains]]] = [
    [{} for _i in range(4)] for _g in range(5)
]
_PART_GAINS_LIMIT = 100_000
# The same for the discards of a 3n+2 hand: (part, rest) -> (standard shanten, mask of the
# part's kinds whose discard keeps it).
_PART_KEEPS: list[list[dict[tuple[bytes, int], tuple[int, int]]]] = [
    [{} for _i in range(4)] for _g in range(5)
]
# [groups still to make]: whole hands (tiles) -> (shanten, improving kinds, their mask), and
# 3n+2 hands -> (shanten, keep mask); what a seat weighed last turn it meets again this turn.
_HANDS: list[dict[bytes, tuple[int, tuple[int, ...], int]]] = [{} for _g in range(5)]
_KEEPS: list[dict[bytes, tuple[int, int]]] = [{} for _g in range(5)]
_HANDS_LIMIT = 100_000
# [part index]: part bytes -> (vector id, ((kind, mask of the shapes its draw lowers), ...));
# _SHRUNK: the shapes its discard keeps. [groups]: (part vector id << 32 | rest vector id) ->
# (standard shanten, mask of the tight shapes).
_TIGHT: list[dict[int, tuple[int, int]]] = [{} for _g in range(5)]
_GROWN: list[dict[bytes, tuple[int, tuple[tuple[int, int], ...]]]] = [{} for _i in range(4)]
_SHRUNK: list[dict[bytes, tuple[int, tuple[tuple[int, int], ...]]]] = [{} for _i in range(4)]
# (vector id, vector id, step) -> mask of shapes (see _shapes); vectors are a few hundred.
_COMPARED: dict[int, int] = {}
_POWERS = tuple(5**o for o in range(9))
_ORPHAN_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ALL = (1 << 34) - 1
# [part index]: part bytes -> masks of its kinds held 0, 1, 2 and 3 or 4 times.
_COUNTS: list[dict[bytes, tuple[int, int, int, int]]] = [{} for _i in range(4)]


def _part_entry(part: bytes, index: int) -> tuple[int, int]:
    """(vector id, statistics) of a part, through the lookup module's caches."""
    if index == 3:
        return _lk._honor_parts.get(part) or _lk._honor_part(part)
    return _lk._suit_parts.get(part) or _lk._suit_part(part)


def _pair(a: int, b: int) -> int:
    vid = _lk._pair_ids.get(a << 32 | b)
    return vid if vid is not None else _lk._combine(a, b)


def _shape_masks(part: bytes, index: int, step: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A part's vector id and, for each kind that can take one more copy (``step`` 1) or give
    one up (``step`` -1): the kind and the mask of the shapes (``m`` groups and ``p`` pairs,
    bit ``2m + p``) whose distance that draw lowers, or that discard leaves unchanged. A draw
    lowers a distance by one at most and a discard never lowers one, so these and the shapes
    tight against a rest (:func:`_tight`) decide a part's gains and keeps. They do not depend
    on the rest: each pattern is seen once (a suit's neighbours come straight from the shipped
    table's base-5 index; the comparison of two vectors is kept by their ids)."""
    table = _GROWN[index] if step == 1 else _SHRUNK[index]
    hit = table.get(part)
    if hit is not None:
        return hit
    vid = _part_entry(part, index)[0]
    out = []
    if index < 3:
        key = int(part.translate(_lk._DIGITS)[::-1], 5)
        index_of = _lk._SUIT_INDEX
        for o, n in enumerate(part):
            if (n < 4) if step == 1 else n:
                out.append((9 * index + o, _shapes(vid, index_of[key + step * _POWERS[o]], step)))
    else:
        for o, n in enumerate(part):
            if (n < 4) if step == 1 else n:
                changed = part[:o] + bytes((n + step,)) + part[o + 1 :]
                out.append((27 + o, _shapes(vid, _part_entry(changed, index)[0], step)))
    entry = (vid, tuple(out))
    if len(table) >= _PART_GAINS_LIMIT:
        table.clear()
    table[part] = entry
    return entry


def _shapes(vid: int, other: int, step: int) -> int:
    """The mask of the shapes whose distance is lower in vector ``other`` than in ``vid``
    (``step`` 1), or the same (``step`` -1)."""
    key = (vid << 32 | other) << 1 | (step == 1)
    hit = _COMPARED.get(key)
    if hit is None:
        mine, theirs = _lk._vectors[vid], _lk._vectors[other]
        hit = 0
        for i, d in enumerate(mine):
            if (theirs[i] < d) if step == 1 else (theirs[i] == d):
                hit |= 1 << i
        if len(_COMPARED) >= _PART_GAINS_LIMIT:
            _COMPARED.clear()
        _COMPARED[key] = hit
    return hit


def _tight(vid: int, rest: int, groups: int) -> tuple[int, int]:
    """The standard shanten of a part (vector ``vid``) with a rest, and the mask of the part's
    shapes that reach it: the hand's shanten is the least of part distance + rest distance - 1
    over the ways to split the groups and the pair between them."""
    table = _TIGHT[groups]
    key = vid << 32 | rest
    hit = table.get(key)
    if hit is not None:
        return hit
    own, other = _lk._vectors[vid], _lk._vectors[rest]
    sums = [(own[i] + other[j], i) for i, j in _lk._FINAL_PAIRS[groups]]
    low = min(total for total, _i in sums)
    entry = (low - 1, sum(1 << i for total, i in sums if total == low))
    if len(table) >= _PART_GAINS_LIMIT:
        table.clear()
    table[key] = entry
    return entry


def _part_gains(part: bytes, rest: int, groups: int, index: int) -> Gains:
    """First sight of a part against a rest: its standard shanten and the kinds of the part
    whose draw lowers it (as a tuple and as a bit mask)."""
    vid, kinds = _shape_masks(part, index, 1)
    base, tight = _tight(vid, rest, groups)
    gains = tuple(k for k, shapes in kinds if shapes & tight)
    mask = 0
    for k in gains:
        mask |= 1 << k
    table = _PART_GAINS[groups][index]
    if len(table) >= _PART_GAINS_LIMIT:
        table.clear()
    entry = (base, gains, mask)
    table[(part, rest)] = entry
    return entry


def _part_keeps(part: bytes, rest: int, groups: int, index: int) -> tuple[int, int]:
    """First sight of a part of a 3n+2 hand against a rest: its standard shanten and the mask
    of the part's kinds whose discard keeps it."""
    vid, kinds = _shape_masks(part, index, -1)
    base, tight = _tight(vid, rest, groups)
    mask = 0
    for k, shapes in kinds:
        if shapes & tight:
            mask |= 1 << k
    table = _PART_KEEPS[groups][index]
    if len(table) >= _PART_GAINS_LIMIT:
        table.clear()
    entry = (base, mask)
    table[(part, rest)] = entry
    return entry


def _count_masks(b: bytes) -> tuple[int, int, int, int]:
    """Masks of the kinds a hand holds 0, 1, 2 and 3 or 4 times, from its parts' (kept)."""
    m0 = m1 = m2 = m3 = 0
    for index, part in enumerate((b[:9], b[9:18], b[18:27], b[27:])):
        hit = _COUNTS[index].get(part) or _part_counts(part, index)
        m0 |= hit[0]
        m1 |= hit[1]
        m2 |= hit[2]
        m3 |= hit[3]
    return m0, m1, m2, m3


def _part_counts(part: bytes, index: int) -> tuple[int, int, int, int]:
    masks = [0, 0, 0, 0]
    for o, n in enumerate(part):
        masks[min(n, 3)] |= 1 << (9 * index + o)
    entry = (masks[0], masks[1], masks[2], masks[3])
    table = _COUNTS[index]
    if len(table) >= _PART_GAINS_LIMIT:
        table.clear()
    table[part] = entry
    return entry


def _kinds_of(mask: int) -> tuple[int, ...]:
    """The kinds of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _special_keeps(b: bytes, stats: int, seven: int, thirteen: int, best: int) -> int:
    """The kinds of a concealed 14-tile hand whose discard keeps a special shape at ``best``:
    seven pairs keeps a third or fourth copy, and a single while more than seven kinds are
    held; thirteen orphans keeps any non-orphan, a third copy, or a pair while another orphan
    pair is held."""
    zero, one, two, more = _count_masks(b)
    mask = 0
    if seven == best:
        mask |= more | (one if stats >> 16 & 0xFF > 7 else 0)
    if thirteen == best:
        held = _ALL & ~zero
        mask |= (held & ~_ORPHAN_MASK) | (_ORPHAN_MASK & more)
        if stats >> 32 >= 2:
            mask |= _ORPHAN_MASK & two
    return mask


def _with_special(
    b: bytes, stats: int, base: int, gains: int, seven: int, thirteen: int
) -> tuple[int, tuple[int, ...], int]:
    """Seven pairs and thirteen orphans of a concealed hand at or below the standard shanten
    ``base`` (whose improving kinds are the mask ``gains``): the least shanten, the kinds that
    lower it and their mask. Drawing a single's mate adds a pair and a new kind counts while
    fewer than seven are held; a missing orphan, or a held one's mate while no orphan pair is
    held, helps."""
    best = min(base, seven, thirteen)
    mask = gains if base == best else 0
    zero, one, _two, _more = _count_masks(b)
    if seven == best:
        mask |= one | (zero if stats >> 16 & 0xFF < 7 else 0)
    if thirteen == best:
        mask |= _ORPHAN_MASK & (zero | (0 if stats >> 32 else one))
    return best, _kinds_of(mask), mask


class HandAnalysis:
    """Shanten and acceptance of one seat's hands in one decision (``melds`` called, ``left``
    unseen copies of each kind, never below 0)."""

    __slots__ = ("_gains", "_groups", "_hands", "_memo", "_shanten", "left", "melds")

    def __init__(self, melds: int, left: Sequence[int]) -> None:
        self.melds = melds
        self.left = list(left)
        self._groups = 4 - melds
        self._gains = _PART_GAINS[self._groups]
        self._hands = _HANDS[self._groups]
        self._memo: dict[bytes, Analysed] = {}
        self._shanten: dict[bytes, int] = {}

    def analyse(self, counts: Sequence[int]) -> Analysed:
        """(shanten, unseen improving tiles, improving kinds, their mask) of a 3n+1 hand; a
        kind held four times never improves it."""
        b = bytes(counts)
        hit = self._memo.get(b)
        if hit is not None:
            return hit
        hands = self._hands
        shape = hands.get(b)
        if shape is None:
            if len(hands) >= _HANDS_LIMIT:
                hands.clear()
            shape = hands[b] = self._analyse(b)
        left = self.left
        out = (shape[0], sum(map(left.__getitem__, shape[1])), shape[1], shape[2])
        self._memo[b] = out
        return out

    def _analyse(self, b: bytes) -> tuple[int, tuple[int, ...], int]:
        """The four parts against their rests, then the special shapes of a concealed hand
        (written out flat: this runs for every hand a decision weighs)."""
        suits, honors, pairs = _lk._suit_parts, _lk._honor_parts, _lk._pair_ids
        pm, pp, ps, pz = b[:9], b[9:18], b[18:27], b[27:]
        m, ms = suits.get(pm) or _lk._suit_part(pm)
        p, pst = suits.get(pp) or _lk._suit_part(pp)
        s, ss = suits.get(ps) or _lk._suit_part(ps)
        z, zs = honors.get(pz) or _lk._honor_part(pz)
        mp = pairs.get(m << 32 | p) or _pair(m, p)
        sz = pairs.get(s << 32 | z) or _pair(s, z)
        groups = self._groups
        gains_of = self._gains
        r = pairs.get(p << 32 | sz) or _pair(p, sz)
        base, gm, xm = gains_of[0].get((pm, r)) or _part_gains(pm, r, groups, 0)
        r = pairs.get(m << 32 | sz) or _pair(m, sz)
        _b, gp, xp = gains_of[1].get((pp, r)) or _part_gains(pp, r, groups, 1)
        r = pairs.get(mp << 32 | z) or _pair(mp, z)
        _b, gs, xs = gains_of[2].get((ps, r)) or _part_gains(ps, r, groups, 2)
        r = pairs.get(mp << 32 | s) or _pair(mp, s)
        _b, gz, xz = gains_of[3].get((pz, r)) or _part_gains(pz, r, groups, 3)
        gains = gm + gp + gs + gz
        mask = xm | xp | xs | xz
        if self.melds == 0:
            stats = ms + pst + ss + zs
            seven = 6 - (stats >> 8 & 0xFF) + max(0, 7 - (stats >> 16 & 0xFF))
            thirteen = 13 - (stats >> 24 & 0xFF) - (stats >> 32 > 0)
            if seven <= base or thirteen <= base:
                base, gains, mask = _with_special(b, stats, base, mask, seven, thirteen)
        return base, gains, mask

    def keeps(self, counts: Sequence[int]) -> tuple[int, int]:
        """(shanten, mask of the held kinds whose discard keeps it) of a 3n+2 hand."""
        b = bytes(counts)
        keeps = _KEEPS[self._groups]
        hit = keeps.get(b)
        if hit is None:
            if len(keeps) >= _HANDS_LIMIT:
                keeps.clear()
            hit = keeps[b] = self._keep_mask(b)
        return hit

    def _keep_mask(self, b: bytes) -> tuple[int, int]:
        """Per part against its rest, as :meth:`_analyse` does for the draws."""
        suits, honors, pairs = _lk._suit_parts, _lk._honor_parts, _lk._pair_ids
        pm, pp, ps, pz = b[:9], b[9:18], b[18:27], b[27:]
        m, ms = suits.get(pm) or _lk._suit_part(pm)
        p, pst = suits.get(pp) or _lk._suit_part(pp)
        s, ss = suits.get(ps) or _lk._suit_part(ps)
        z, zs = honors.get(pz) or _lk._honor_part(pz)
        mp = pairs.get(m << 32 | p) or _pair(m, p)
        sz = pairs.get(s << 32 | z) or _pair(s, z)
        groups = self._groups
        keeps_of = _PART_KEEPS[groups]
        r = pairs.get(p << 32 | sz) or _pair(p, sz)
        base, km = keeps_of[0].get((pm, r)) or _part_keeps(pm, r, groups, 0)
        r = pairs.get(m << 32 | sz) or _pair(m, sz)
        _b, kp = keeps_of[1].get((pp, r)) or _part_keeps(pp, r, groups, 1)
        r = pairs.get(mp << 32 | z) or _pair(mp, z)
        _b, ks = keeps_of[2].get((ps, r)) or _part_keeps(ps, r, groups, 2)
        r = pairs.get(mp << 32 | s) or _pair(mp, s)
        _b, kz = keeps_of[3].get((pz, r)) or _part_keeps(pz, r, groups, 3)
        mask = km | kp | ks | kz
        if self.melds == 0:
            stats = ms + pst + ss + zs
            seven = 6 - (stats >> 8 & 0xFF) + max(0, 7 - (stats >> 16 & 0xFF))
            thirteen = 13 - (stats >> 24 & 0xFF) - (stats >> 32 > 0)
            best = min(base, seven, thirteen)
            if best < base:
                mask = 0
            if seven == best or thirteen == best:
                mask |= _special_keeps(b, stats, seven, thirteen, best)
            base = best
        return base, mask

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
