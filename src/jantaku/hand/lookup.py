"""Shanten by table lookup: standard shape, seven pairs (distinct pairs) and thirteen orphans.

The standard-shape shanten of a hand is ``D - 1`` where ``D`` is the fewest tiles that must still be
drawn to reach ``M`` groups plus one pair (``M`` = 4 minus the melds already called). ``D`` splits
over the three suits and the honors: each part has a vector ``d[m][p]`` (tiles still needed for
``m`` groups and ``p`` pairs inside that part), and ``D`` is their min-plus combination. The suit
vectors come from the precomputed ``suit_distances.bin`` (see ``tools/gen_suit_table.py``); honor
vectors are computed on first sight.

Everything after the first sight of a suit pattern is lookups: each distinct part is kept by its
bytes with its vector's id, and the combinations of vectors (fewer than two hundred distinct ones
turn up, even over hundreds of thousands of random hands) sit in dense tables indexed by those
ids, so a call costs four dictionary lookups and a few list indexings. The caches are bounded by
the number of distinct patterns (a few hundred thousand at most).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files

from jantaku.errors import InvalidHandError

__all__ = [
    "ShantenResult",
    "analyze_shanten",
    "shanten",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
]

_SHAPES = 10  # (m, p) for m in 0..4, p in 0..1, stored at index 2*m + p
_INF = 99


def _load_suit_table() -> tuple[list[tuple[int, ...]], memoryview]:
    raw = files("jantaku.hand").joinpath("suit_distances.bin").read_bytes()
    magic, count, width = raw[:8], *struct.unpack("<HH", raw[8:12])
    if magic != b"JTKSUIT1" or width != _SHAPES:
        raise RuntimeError("suit_distances.bin is not a jantaku suit table; regenerate it")
    body = zlib.decompress(raw[12:])
    vectors = [tuple(body[i * width : (i + 1) * width]) for i in range(count)]
    return vectors, memoryview(body[count * width :]).cast("H")


_SUIT_VECTORS, _SUIT_INDEX = _load_suit_table()

# Parts are interned by their distance vector alone, so that few distinct pairs of parts exist;
# the statistics for seven pairs and thirteen orphans travel beside them as one packed integer
# whose fields simply add up and never overflow into each other, small enough for one machine
# word: tiles (8 bits) | pairs << 8 | kinds << 14 (6 bits each) | orphans << 20 | orphan pairs
# << 25 (5 bits each).
_vectors: list[tuple[int, ...]] = list(_SUIT_VECTORS)
_vector_ids: dict[tuple[int, ...], int] = {v: i for i, v in enumerate(_vectors)}
_suit_parts: dict[bytes, tuple[int, int]] = {}
_honor_parts: dict[bytes, tuple[int, int]] = {}
# Their (vector id, statistics) entries, interned: many patterns share one entry, so a lookup of
# a fresh hand touches less memory (fewer CPU cache misses; figures in docs/speed.md).
_entries: dict[tuple[int, int], tuple[int, int]] = {}
_honor_shapes: dict[bytes, int] = {}
_stat_finals: dict[int, tuple[int, int, int]] = {}
_DIGITS = b"01234" + b"x" * 251  # a count to its base-5 digit; "x" (no digit) above 4
# 5 * (copies of the 1) + copies of the 9 -> the suit's orphans and orphan pairs, as statistics
_ENDS = [(a > 0) + (b > 0) << 20 | (a >= 2) + (b >= 2) << 25 for a in range(5) for b in range(5)]
_PAIR_TRIPLES = [
    (i, j, 2 * (i // 2 + j // 2) + i % 2 + j % 2)
    for i in range(_SHAPES)
    for j in range(_SHAPES)
    if i // 2 + j // 2 <= 4 and i % 2 + j % 2 <= 1
]
_FINAL_PAIRS = [
    [(2 * m1 + p1, 2 * (groups - m1) + 1 - p1) for m1 in range(groups + 1) for p1 in (0, 1)]
    for groups in range(5)
]


# Dense tables by vector id, grown with every new vector: [a][b] -> the id of their min-plus
# product (-1 before the first sight), and [ab][ch] -> the standard shanten by groups.
_pair_rows: list[list[int]] = [[-1] * len(_vectors) for _v in _vectors]
_standard_rows: list[list[tuple[int, ...] | None]] = [[None] * len(_vectors) for _v in _vectors]


def _intern(vector: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vector)
    if vid is None:
        vid = len(_vectors)
        _vectors.append(vector)
        _vector_ids[vector] = vid
        for row in _pair_rows:
            row.append(-1)
        for srow in _standard_rows:
            srow.append(None)
        _pair_rows.append([-1] * len(_vectors))
        _standard_rows.append([None] * len(_vectors))
    return vid


def _stats(part: bytes) -> int:
    """The statistics of a part without its orphans: tiles, pairs (2 to 4 copies) and kinds."""
    kinds = len(part) - part.count(0)
    return sum(part) | (kinds - part.count(1)) << 8 | kinds << 14


def _bad_part(part: bytes, what: str) -> InvalidHandError:
    worst = max(part)
    return InvalidHandError(f"{worst} copies of one {what} tile; a hand holds at most 4")


def _suit_part(part: bytes) -> tuple[int, int]:
    """First sight of a 9-kind suit pattern: look its vector up in the shipped table."""
    if len(part) != 9:
        raise InvalidHandError("a count array needs 34 entries (one per tile kind)")
    try:  # counts are the base-5 digits, 1s first; a count above 4 is no digit
        key = int(part.translate(_DIGITS)[::-1], 5)
    except ValueError:
        raise _bad_part(part, "suit") from None
    vid = _SUIT_INDEX[key]  # the shipped vectors are interned first, under their own ids
    entry = (vid, _stats(part) | _ENDS[5 * part[0] + part[8]])
    entry = _suit_parts[part] = _entries.setdefault(entry, entry)
    return entry


def _honor_vector(part: bytes) -> tuple[int, ...]:
    """Distances for honors: they form only pungs and pairs, so a DP over the kinds suffices."""
    best = [0] + [_INF] * (_SHAPES - 1)
    for n in part:
        nxt = list(best)
        for shape, cost in enumerate(best):
            if cost >= _INF:
                continue
            m, p = divmod(shape, 2)
            if m < 4:  # a pung of this kind
                i = 2 * (m + 1) + p
                nxt[i] = min(nxt[i], cost + max(0, 3 - n))
            if p == 0:  # the pair of this kind
                i = 2 * m + 1
                nxt[i] = min(nxt[i], cost + max(0, 2 - n))
        best = nxt
    return tuple(best)


def _honor_part(part: bytes) -> tuple[int, int]:
    """First sight of an honor pattern; its vector depends only on the sorted counts."""
    if len(part) != 7:
        raise InvalidHandError("a count array needs 34 entries (one per tile kind)")
    if max(part) > 4:
        raise _bad_part(part, "honor")
    shape = bytes(sorted(part))
    vid = _honor_shapes.get(shape)
    if vid is None:
        vid = _honor_shapes[shape] = _intern(_honor_vector(shape))
    stats = _stats(part)  # every honor is an orphan: its kinds and pairs count again
    entry = (vid, stats | (stats >> 14 & 0x3F) << 20 | (stats >> 8 & 0x3F) << 25)
    entry = _honor_parts[part] = _entries.setdefault(entry, entry)
    return entry


def _combine(a: int, b: int) -> int:
    """Min-plus product of two parts' distance vectors."""
    va, vb = _vectors[a], _vectors[b]
    out = [_INF] * _SHAPES
    for i, j, k in _PAIR_TRIPLES:
        cost = va[i] + vb[j]
        if cost < out[k]:
            out[k] = cost
    vid = _pair_rows[a][b] = _intern(tuple(out))
    return vid


def _final_standard(ab: int, ch: int) -> tuple[int, ...]:
    """Standard-shape shanten for M = 0..4 groups still to make (plus the pair)."""
    va, vb = _vectors[ab], _vectors[ch]
    result = tuple(min(va[i] + vb[j] for i, j in pairs) - 1 for pairs in _FINAL_PAIRS)
    _standard_rows[ab][ch] = result
    return result


def _stat_final(stats: int) -> tuple[int, int, int]:
    """(tiles, seven-pairs shanten, thirteen-orphans shanten) from the summed statistics."""
    tiles, pairs = stats & 0xFF, stats >> 8 & 0x3F
    kinds, orphans, orphan_pairs = stats >> 14 & 0x3F, stats >> 20 & 0x1F, stats >> 25
    result = (tiles, 6 - pairs + max(0, 7 - kinds), 13 - orphans - (orphan_pairs > 0))
    _stat_finals[stats] = result
    return result


_NOT_COUNTS = "a count array holds 34 whole numbers from 0 to 4 (one per tile kind)"
_split = struct.Struct("9s9s9s7s").unpack  # the four parts of 34 bytes; struct.error otherwise


def _parts_of(counts: Sequence[int]) -> tuple[bytes, bytes, bytes, bytes]:
    """The bytes of the three suits and the honors of a 34-entry count array."""
    try:
        raw = bytearray(counts)
    except (TypeError, ValueError):
        raise InvalidHandError(_NOT_COUNTS) from None
    if len(raw) != 34:
        raise InvalidHandError(f"a count array needs 34 entries, not {len(raw)}")
    return _split(raw)


def _lookup(counts: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """(standard shanten by groups, (tiles, seven pairs, orphans)) of a 34-entry count array.

    Only valid parts enter the caches, so a cache hit needs no further validation."""
    mb, pb, sb, zb = _parts_of(counts)
    suits = _suit_parts
    m, m_stats = suits.get(mb) or _suit_part(mb)
    p, p_stats = suits.get(pb) or _suit_part(pb)
    s, s_stats = suits.get(sb) or _suit_part(sb)
    z, z_stats = _honor_parts.get(zb) or _honor_part(zb)
    stats = m_stats + p_stats + s_stats + z_stats
    ab = _pair_rows[m][p]
    if ab < 0:
        ab = _combine(m, p)
    ch = _pair_rows[s][z]
    if ch < 0:
        ch = _combine(s, z)
    standard = _standard_rows[ab][ch] or _final_standard(ab, ch)
    return standard, _stat_finals.get(stats) or _stat_final(stats)


def _melds_for(tiles: int, melds: int | None) -> int:
    """Check the tile count against the called melds; infer the melds when not given."""
    if melds is None:
        if tiles % 3 == 0 or not 1 <= tiles <= 14:
            raise InvalidHandError(
                f"a hand of {tiles} tiles is impossible (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)"
            )
        return (14 - tiles) // 3
    if not 0 <= melds <= 4 or tiles + 3 * melds not in (13, 14):
        raise InvalidHandError(
            f"{tiles} concealed tiles and {melds} melds do not make a hand "
            "(tiles + 3 x melds must be 13 or 14)"
        )
    return melds


def shanten(counts: Sequence[int], melds: int | None = None) -> int:
    """Minimum shanten over the standard shape, seven pairs and thirteen orphans.

    ``counts`` is a 34-entry count array of the concealed tiles; ``melds`` the groups already called
    (inferred from the tile count when omitted). -1 means complete, 0 ready.

    The body is :func:`_lookup` written out (the hottest call of the engine and the bots). The
    array becomes its four parts' bytes by one ``bytearray`` and one ``struct`` unpacking (which
    also checks the length): cheaper than ``bytes`` and four slices (docs/speed.md)."""
    try:
        raw = bytearray(counts)
        mb, pb, sb, zb = _split(raw)
    except struct.error:
        raise InvalidHandError(f"a count array needs 34 entries, not {len(raw)}") from None
    except (TypeError, ValueError):
        raise InvalidHandError(_NOT_COUNTS) from None
    suits = _suit_parts
    m, m_stats = suits.get(mb) or _suit_part(mb)
    p, p_stats = suits.get(pb) or _suit_part(pb)
    s, s_stats = suits.get(sb) or _suit_part(sb)
    z, z_stats = _honor_parts.get(zb) or _honor_part(zb)
    rows = _pair_rows
    ab = rows[m][p]
    if ab < 0:
        ab = _combine(m, p)
    ch = rows[s][z]
    if ch < 0:
        ch = _combine(s, z)
    standard = _standard_rows[ab][ch] or _final_standard(ab, ch)
    stats = m_stats + p_stats + s_stats + z_stats
    tiles, special = _specials.get(stats) or _special(stats)
    if melds is None and 13 <= tiles <= 14:  # the common case: a full concealed hand
        best = standard[4]
        return best if best <= special else special
    used = _melds_for(tiles, melds)
    if used:
        return standard[4 - used]
    best = standard[4]
    return best if best <= special else special


_specials: dict[int, tuple[int, int]] = {}


def _special(stats: int) -> tuple[int, int]:
    """(tiles, the lower of the seven-pairs and thirteen-orphans shanten)."""
    tiles, seven, orphans = _stat_finals.get(stats) or _stat_final(stats)
    entry = _specials[stats] = (tiles, min(seven, orphans))
    return entry


def shanten_standard(counts: Sequence[int], melds: int | None = None) -> int:
    """Shanten for four groups and a pair (counting the melds already called)."""
    standard, stats = _lookup(counts)
    return standard[4 - _melds_for(stats[0], melds)]


def shanten_seven_pairs(counts: Sequence[int]) -> int | None:
    """Shanten for seven distinct pairs; None unless the hand is concealed (13 or 14 tiles)."""
    _standard_shanten, (tiles, seven, _orphans) = _lookup(counts)
    return seven if _melds_for(tiles, None) == 0 else None


def shanten_thirteen_orphans(counts: Sequence[int]) -> int | None:
    """Shanten for thirteen orphans; None unless the hand is fully concealed (13 or 14 tiles)."""
    _standard_shanten, (tiles, _seven, orphans) = _lookup(counts)
    return orphans if _melds_for(tiles, None) == 0 else None


@dataclass(frozen=True, slots=True)
class ShantenResult:
    """Shanten of every shape; ``seven_pairs`` and ``thirteen_orphans`` are None for open hands."""

    standard: int
    seven_pairs: int | None
    thirteen_orphans: int | None

    @property
    def minimum(self) -> int:
        return min(
            x for x in (self.standard, self.seven_pairs, self.thirteen_orphans) if x is not None
        )


def analyze_shanten(counts: Sequence[int], melds: int | None = None) -> ShantenResult:
    """All three shanten numbers in one lookup."""
    standard, (tiles, seven, orphans) = _lookup(counts)
    used = _melds_for(tiles, melds)
    if used:
        return ShantenResult(standard[4 - used], None, None)
    return ShantenResult(standard[4], seven, orphans)
