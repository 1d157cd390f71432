"""Tile counts packed into one int, five bits per kind (kind ``k`` at bit ``5 * k``).

The scorer adds one precomputed weight per tile instead of indexing a 34-entry list, and then
reads whole suits (``(code >> 45 * s) & SUIT``), the set of kinds present (:func:`present`) or
an impossible count (:func:`bad_counts`) with a few big-int operations. Five bits hold any
count a well-formed call can produce (at most 18 of a kind, even with four kongs); the bonus
tiles (Tenhou ids 136-143) land in fields 34 and 35, above :data:`RIICHI_BITS`."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "BITS",
    "CHOW_WEIGHT",
    "HONOR_SHIFT",
    "KIND_WEIGHT",
    "ONES",
    "RIICHI_BITS",
    "SUIT",
    "TILE_WEIGHT",
    "bad_counts",
    "count",
    "fields",
    "kinds_mask",
    "present",
    "unpack",
]

BITS = 5
SUIT = (1 << 9 * BITS) - 1
HONOR_SHIFT = 27 * BITS
RIICHI_BITS = 34 * BITS
KIND_WEIGHT = tuple(1 << BITS * k for k in range(36))
"""One tile of kind ``k`` (34 and 35 hold the bonus tiles)."""
TILE_WEIGHT = tuple(KIND_WEIGHT[i >> 2] if i < 136 else KIND_WEIGHT[34] for i in range(144))
"""One tile by its physical index (Tenhou 136 id; 136-143 bonus tiles)."""
CHOW_WEIGHT = tuple(
    KIND_WEIGHT[k] + KIND_WEIGHT[k + 1] + KIND_WEIGHT[k + 2] if k < 32 else 0 for k in range(34)
)
"""The three tiles of the chow starting at kind ``k``."""
ONES = sum(KIND_WEIGHT[:34])
_HIGH = (ONES << 3) | (ONES << 4)
_THREES = 3 * ONES


def kinds_mask(kinds: Iterable[int]) -> int:
    """The low bit of the field of every kind in ``kinds``."""
    return sum(KIND_WEIGHT[k] for k in kinds)


def present(code: int) -> int:
    """The low bit of every non-empty field (counts up to 7)."""
    return (code | code >> 1 | code >> 2) & ONES


def bad_counts(code: int) -> bool:
    """Some kind has five or more tiles, or a tile is not a riichi tile."""
    # a count of 5 or more reaches 8 when 3 is added to it (18 + 3 still fits in five bits)
    return bool(code >> RIICHI_BITS or (code + _THREES) & _HIGH)


def count(code: int, kind: int) -> int:
    return code >> BITS * kind & 31


def fields(code: int, n: int) -> tuple[int, ...]:
    """The first ``n`` counts."""
    return tuple(code >> BITS * k & 31 for k in range(n))


def unpack(code: int) -> list[int]:
    """The 34 counts as a list (for the rare paths that index counts)."""
    return [code >> BITS * k & 31 for k in range(34)]
