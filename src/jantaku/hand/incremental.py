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

# Every kept answer is a plain integer under a bytes or integer key: such tables hold nothing
# the garbage collector tracks, so they never slow its passes however large they grow (tuples
# under tuple keys made it walk them all, a tenth of a bot's time). A shanten is kept as
# ``shanten + 2`` in the low four bits (it is -1 to 8), a mask of kinds above it.
_LIMIT = 100_000  # entries of one table; it is cleared when it grows past this
_STATS = (1 << 40) - 1
# [part index]: part bytes -> vector id << 62 | 1 << 61 | pattern code << 40 | statistics (the
# lookup module's vector and packed statistics; the code is the part's base-5 number, so
# ``entry >> 40`` names the pattern and the statistics of parts add up).
_PARTS: list[dict[bytes, int]] = [{} for _i in range(4)]
# [groups still to make][part index]: pattern << 32 | rest vector id -> standard shanten and
# the part's kinds (bit o for its o-th kind) whose draw lowers it; _PART_KEEPS: the same for
# a 3n+2 hand, the kinds whose discard keeps it.
_PART_GAINS: list[list[dict[int, int]]] = [[{} for _i in range(4)] for _g in range(5)]
_PART_KEEPS: list[list[dict[int, int]]] = [[{} for _i in range(4)] for _g in range(5)]
# [groups still to make]: whole hands (tiles) -> shanten and improving kinds; 3n+2 hands ->
# shanten and the kinds whose discard keeps it. What a seat weighed last turn it meets again.
_HANDS: list[dict[bytes, int]] = [{} for _g in range(5)]
_KEEPS: list[dict[bytes, int]] = [{} for _g in range(5)]
# [part index]: part bytes -> for its o-th kind, at bits 11 o, the mask of the shapes (bit
# 2m + p) whose distance a draw of it lowers (_GROWN) or its discard keeps (_SHRUNK); 0 for a
# kind that cannot take one more (give one up). [groups]: part vector id << 32 | rest vector
# id -> standard shanten and the mask of the part's tight shapes.
_GROWN: list[dict[bytes, int]] = [{} for _i in range(4)]
_SHRUNK: list[dict[bytes, int]] = [{} for _i in range(4)]
_TIGHT: list[dict[int, int]] = [{} for _g in range(5)]
# (vector id, vector id, step) -> mask of shapes (see _shapes); vectors are a few hundred.
_COMPARED: dict[int, int] = {}
_CODE = (1 << 21) - 1
_SHIFTS = tuple(11 * o for o in range(9))
# [step is a draw][suit vector id][suit vector id]: _shapes of two shipped suit vectors, -1
# before the first comparison (bounded by the shipped table: a hundred-odd vectors).
_SUIT_COMPARED = [[[-1] * len(_lk._SUIT_VECTORS) for _v in _lk._SUIT_VECTORS] for _step in range(2)]
_SLOTS = sum(1 << 11 * o for o in range(9))  # bit 0 of each kind's 11-bit slot
_GATHER = sum(1 << 80 - 10 * o for o in range(9))  # bit 11 o to bit 80 + o
_POWERS = tuple(5**o for o in range(9))
_ORPHAN_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ALL = (1 << 34) - 1
# [part index]: part bytes -> masks of its kinds held 0, 1, 2 and 3 or 4 times, at bits 0,
# 34, 68 and 102.
_COUNTS: list[dict[bytes, int]] = [{} for _i in range(4)]
# [part index][mask of the part's kinds] -> the kinds, lowest first.
_KINDS: list[list[tuple[int, ...]]] = [
    [tuple(9 * i + o for o in range(9) if m >> o & 1) for m in range(1 << (9 if i < 3 else 7))]
    for i in range(4)
]


def _bounded(table: dict, key: object, value: int) -> int:  # type: ignore[type-arg]
    if len(table) >= _LIMIT:
        table.clear()
    table[key] = value
    return value


def _part(part: bytes, index: int) -> int:
    """First sight of a part: its vector id, pattern code and statistics (see :data:`_PARTS`),
    through the lookup module's caches (which also validate it)."""
    if index == 3:
        vid, stats = _lk._honor_parts.get(part) or _lk._honor_part(part)
    else:
        vid, stats = _lk._suit_parts.get(part) or _lk._suit_part(part)
    code = int(part.translate(_lk._DIGITS)[::-1], 5)
    return _bounded(_PARTS[index], part, vid << 62 | 1 << 61 | code << 40 | stats)


def _vid(part: bytes, index: int) -> int:
    entry = _PARTS[index].get(part)
    return (entry if entry is not None else _part(part, index)) >> 62


def _shape_masks(part: bytes, index: int, step: int) -> int:
    """For each kind of a part that can take one more copy (``step`` 1) or give one up
    (``step`` -1): the mask of the shapes (``m`` groups and ``p`` pairs, bit ``2m + p``) whose
    distance that draw lowers, or that discard leaves unchanged, at bits ``11 o`` (see
    :func:`_selected`). A draw lowers a distance by one at most and a discard never lowers
    one, so these and the shapes tight against a rest (:func:`_tight`) decide a part's gains
    and keeps. They do not depend on the rest: each pattern is seen once (a suit's neighbours
    come straight from the shipped table's base-5 index; the comparison of two vectors is kept
    by their ids)."""
    entry = _PARTS[index].get(part)
    if entry is None:
        entry = _part(part, index)
    vid = entry >> 62
    out = 0
    if index < 3:  # suit vectors are the shipped ones: compared through a dense row
        key = entry >> 40 & _CODE
        index_of = _lk._SUIT_INDEX
        row = _SUIT_COMPARED[step == 1][vid]
        if step == 1:
            for o in range(9):
                if part[o] < 4:
                    other = index_of[key + _POWERS[o]]
                    hit = row[other]
                    if hit < 0:
                        hit = row[other] = _shapes(vid, other, 1)
                    out |= hit << _SHIFTS[o]
        else:
            for o in range(9):
                if part[o]:
                    other = index_of[key - _POWERS[o]]
                    hit = row[other]
                    if hit < 0:
                        hit = row[other] = _shapes(vid, other, -1)
                    out |= hit << _SHIFTS[o]
    else:
        for o, n in enumerate(part):
            if (n < 4) if step == 1 else n:
                changed = part[:o] + bytes((n + step,)) + part[o + 1 :]
                out |= _shapes(vid, _vid(changed, index), step) << 11 * o
    return _bounded(_GROWN[index] if step == 1 else _SHRUNK[index], part, out)


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
        _bounded(_COMPARED, key, hit)
    return hit


def _tight(vid: int, rest: int, groups: int) -> int:
    """The standard shanten of a part (vector ``vid``) with a rest, and the mask of the part's
    shapes that reach it: the hand's shanten is the least of part distance + rest distance - 1
    over the ways to split the groups and the pair between them."""
    own, other = _lk._vectors[vid], _lk._vectors[rest]
    sums = [(own[i] + other[j], i) for i, j in _lk._FINAL_PAIRS[groups]]
    low = min(total for total, _i in sums)
    tight = sum(1 << i for total, i in sums if total == low)
    return _bounded(_TIGHT[groups], vid << 32 | rest, low + 1 | tight << 4)


def _selected(masks: int, tight: int) -> int:
    """The part's kinds (bit o for its o-th kind) whose shape mask (bits ``11 o`` to
    ``11 o + 9`` of ``masks``) meets the tight mask, without a loop: a slot's bit 10 is set
    by adding 0x3FF exactly when the slot is not empty (no carry leaves a slot), and the
    multiplication gathers the bits 11 apart into nine adjacent ones (every product bit lands
    on its own position, so nothing carries)."""
    hits = ((masks & tight * _SLOTS) + _SLOTS * 0x3FF) >> 10 & _SLOTS
    return hits * _GATHER >> 80 & 511


def _part_answer(part: bytes, entry: int, rest: int, groups: int, index: int, step: int) -> int:
    """First sight of a part against a rest: its standard shanten and the kinds of the part
    whose draw lowers it (``step`` 1, kept in :data:`_PART_GAINS`) or whose discard keeps it
    (``step`` -1, :data:`_PART_KEEPS`)."""
    vid = entry >> 62
    masks = (_GROWN if step == 1 else _SHRUNK)[index].get(part)
    if masks is None:
        masks = _shape_masks(part, index, step)
    tight = _TIGHT[groups].get(vid << 32 | rest)
    if tight is None:
        tight = _tight(vid, rest, groups)
    answer = tight & 15 | _selected(masks, tight >> 4) << 4
    tables = _PART_GAINS if step == 1 else _PART_KEEPS
    return _bounded(tables[groups][index], entry >> 40 << 32 | rest, answer)


def _count_masks(b: bytes) -> tuple[int, int, int, int]:
    """Masks of the kinds a hand holds 0, 1, 2 and 3 or 4 times, from its parts' (kept)."""
    c0, c1, c2, c3 = _COUNTS
    pm, pp, ps, pz = _lk._split(b)
    both = (
        (c0.get(pm) or _part_counts(pm, 0))
        | (c1.get(pp) or _part_counts(pp, 1))
        | (c2.get(ps) or _part_counts(ps, 2))
        | (c3.get(pz) or _part_counts(pz, 3))
    )
    return both & _ALL, both >> 34 & _ALL, both >> 68 & _ALL, both >> 102


def _part_counts(part: bytes, index: int) -> int:
    both = 0
    for o, n in enumerate(part):
        both |= 1 << (9 * index + o + 34 * min(n, 3))
    return _bounded(_COUNTS[index], part, both)


def _kinds_of(mask: int) -> tuple[int, ...]:
    """The kinds of a mask, lowest first."""
    kinds = _KINDS
    return (
        kinds[0][mask & 511]
        + kinds[1][mask >> 9 & 511]
        + kinds[2][mask >> 18 & 511]
        + kinds[3][mask >> 27]
    )


def _special_keeps(b: bytes, stats: int, seven: int, thirteen: int, best: int) -> int:
    """The kinds of a concealed 14-tile hand whose discard keeps a special shape at ``best``:
    seven pairs keeps a third or fourth copy, and a single while more than seven kinds are
    held; thirteen orphans keeps any non-orphan, a third copy, or a pair while another orphan
    pair is held."""
    zero, one, two, more = _count_masks(b)
    mask = 0
    if seven == best:
        mask |= more | (one if stats >> 14 & 0x3F > 7 else 0)
    if thirteen == best:
        held = _ALL & ~zero
        mask |= (held & ~_ORPHAN_MASK) | (_ORPHAN_MASK & more)
        if stats >> 25 >= 2:
            mask |= _ORPHAN_MASK & two
    return mask


def _with_special(b: bytes, stats: int, base: int, gains: int, seven: int, thirteen: int) -> int:
    """Seven pairs and thirteen orphans of a concealed hand at or below the standard shanten
    ``base`` (whose improving kinds are the mask ``gains``): the least shanten and the mask of
    the kinds that lower it, packed. Drawing a single's mate adds a pair and a new kind counts
    while fewer than seven are held; a missing orphan, or a held one's mate while no orphan
    pair is held, helps."""
    best = min(base, seven, thirteen)
    mask = gains if base == best else 0
    zero, one, _two, _more = _count_masks(b)
    if seven == best:
        mask |= one | (zero if stats >> 14 & 0x3F < 7 else 0)
    if thirteen == best:
        mask |= _ORPHAN_MASK & (zero | (0 if stats >> 25 else one))
    return best + 2 | mask << 4


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
        shape = self._hands.get(b)
        if shape is None:
            shape = _bounded(self._hands, b, self._analyse(b))
        mask = shape >> 4
        kinds = _kinds_of(mask)
        out = ((shape & 15) - 2, sum(map(self.left.__getitem__, kinds)), kinds, mask)
        self._memo[b] = out
        return out

    def _analyse(self, b: bytes) -> int:
        """The four parts against their rests, then the special shapes of a concealed hand:
        the shanten and the mask of the improving kinds, packed (written out flat: this runs
        for every hand a decision weighs)."""
        p0, p1, p2, p3 = _PARTS
        rows = _lk._pair_rows
        pm, pp, ps, pz = _lk._split(b)
        em = p0.get(pm) or _part(pm, 0)
        ep = p1.get(pp) or _part(pp, 1)
        es = p2.get(ps) or _part(ps, 2)
        ez = p3.get(pz) or _part(pz, 3)
        m, p, s, z = em >> 62, ep >> 62, es >> 62, ez >> 62
        mp = rows[m][p]
        if mp < 0:
            mp = _lk._combine(m, p)
        sz = rows[s][z]
        if sz < 0:
            sz = _lk._combine(s, z)
        groups = self._groups
        g0, g1, g2, g3 = self._gains
        r = rows[p][sz]
        if r < 0:
            r = _lk._combine(p, sz)
        xm = g0.get(em >> 40 << 32 | r) or _part_answer(pm, em, r, groups, 0, 1)
        r = rows[m][sz]
        if r < 0:
            r = _lk._combine(m, sz)
        xp = g1.get(ep >> 40 << 32 | r) or _part_answer(pp, ep, r, groups, 1, 1)
        r = rows[mp][z]
        if r < 0:
            r = _lk._combine(mp, z)
        xs = g2.get(es >> 40 << 32 | r) or _part_answer(ps, es, r, groups, 2, 1)
        r = rows[mp][s]
        if r < 0:
            r = _lk._combine(mp, s)
        xz = g3.get(ez >> 40 << 32 | r) or _part_answer(pz, ez, r, groups, 3, 1)
        base = (xm & 15) - 2
        mask = xm >> 4 | xp >> 4 << 9 | xs >> 4 << 18 | xz >> 4 << 27
        if self.melds == 0:
            stats = (em + ep + es + ez) & _STATS
            seven = 6 - (stats >> 8 & 0x3F) + max(0, 7 - (stats >> 14 & 0x3F))
            thirteen = 13 - (stats >> 20 & 0x1F) - (stats >> 25 > 0)
            if seven <= base or thirteen <= base:
                return _with_special(b, stats, base, mask, seven, thirteen)
        return base + 2 | mask << 4

    def keeps(self, counts: Sequence[int]) -> tuple[int, int]:
        """(shanten, mask of the held kinds whose discard keeps it) of a 3n+2 hand."""
        b = bytes(counts)
        keeps = _KEEPS[self._groups]
        hit = keeps.get(b)
        if hit is None:
            hit = _bounded(keeps, b, self._keep_mask(b))
        return (hit & 15) - 2, hit >> 4

    def _keep_mask(self, b: bytes) -> int:
        """Per part against its rest, as :meth:`_analyse` does for the draws (packed)."""
        p0, p1, p2, p3 = _PARTS
        rows = _lk._pair_rows
        pm, pp, ps, pz = _lk._split(b)
        em = p0.get(pm) or _part(pm, 0)
        ep = p1.get(pp) or _part(pp, 1)
        es = p2.get(ps) or _part(ps, 2)
        ez = p3.get(pz) or _part(pz, 3)
        m, p, s, z = em >> 62, ep >> 62, es >> 62, ez >> 62
        mp = rows[m][p]
        if mp < 0:
            mp = _lk._combine(m, p)
        sz = rows[s][z]
        if sz < 0:
            sz = _lk._combine(s, z)
        groups = self._groups
        k0, k1, k2, k3 = _PART_KEEPS[groups]
        r = rows[p][sz]
        if r < 0:
            r = _lk._combine(p, sz)
        xm = k0.get(em >> 40 << 32 | r) or _part_answer(pm, em, r, groups, 0, -1)
        r = rows[m][sz]
        if r < 0:
            r = _lk._combine(m, sz)
        xp = k1.get(ep >> 40 << 32 | r) or _part_answer(pp, ep, r, groups, 1, -1)
        r = rows[mp][z]
        if r < 0:
            r = _lk._combine(mp, z)
        xs = k2.get(es >> 40 << 32 | r) or _part_answer(ps, es, r, groups, 2, -1)
        r = rows[mp][s]
        if r < 0:
            r = _lk._combine(mp, s)
        xz = k3.get(ez >> 40 << 32 | r) or _part_answer(pz, ez, r, groups, 3, -1)
        base = (xm & 15) - 2
        mask = xm >> 4 | xp >> 4 << 9 | xs >> 4 << 18 | xz >> 4 << 27
        if self.melds == 0:
            stats = (em + ep + es + ez) & _STATS
            seven = 6 - (stats >> 8 & 0x3F) + max(0, 7 - (stats >> 14 & 0x3F))
            thirteen = 13 - (stats >> 20 & 0x1F) - (stats >> 25 > 0)
            best = min(base, seven, thirteen)
            if best < base:
                mask = 0
            if seven == best or thirteen == best:
                mask |= _special_keeps(b, stats, seven, thirteen, best)
            base = best
        return base + 2 | mask << 4

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
