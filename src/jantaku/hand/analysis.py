"""Waits and tile acceptance, built on the shanten lookup.

A hand of 3n+1 tiles waits for a tile, or improves with it; a hand of 3n+2 tiles first chooses a
discard. Remaining copies subtract the hand itself and every tile the caller says is visible
(discards, melds on the table, dora indicators), never below zero."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jantaku.errors import InvalidHandError
from jantaku.hand.lookup import shanten
from jantaku.hand.shapes import validate_counts
from jantaku.tiles import TileKind

__all__ = ["Acceptance", "DiscardOption", "acceptance", "discard_options", "waits"]

_KINDS = tuple(TileKind)[:34]


@dataclass(frozen=True, slots=True)
class Acceptance:
    """Tiles that lower the shanten of a 3n+1 hand, with the copies still unseen."""

    shanten: int
    tiles: tuple[tuple[TileKind, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _kind, n in self.tiles)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """What discarding one kind from a 3n+2 hand leaves."""

    discard: TileKind
    acceptance: Acceptance


def _visible(visible: Sequence[int] | None) -> Sequence[int]:
    if visible is None:
        return (0,) * 34
    if len(visible) != 34 or any(not 0 <= n <= 4 for n in visible):
        raise InvalidHandError("visible tiles must be a 34-entry count array of 0 to 4")
    return visible


def waits(counts: Sequence[int], melds: int | None = None) -> list[TileKind]:
    """Kinds that complete a 3n+1 hand (a kind already held four times cannot be waited on)."""
    used = validate_counts(counts, melds)
    if sum(counts) % 3 != 1:
        raise InvalidHandError("waits are defined for a hand of 3n+1 tiles")
    work = list(counts)
    out = []
    for k in range(34):
        if work[k] == 4:
            continue
        work[k] += 1
        if shanten(work, used) == -1:
            out.append(_KINDS[k])
        work[k] -= 1
    return out


def acceptance(
    counts: Sequence[int], melds: int | None = None, visible: Sequence[int] | None = None
) -> Acceptance:
    """The kinds that lower the (minimum) shanten of a 3n+1 hand and how many of each are unseen."""
    used = validate_counts(counts, melds)
    if sum(counts) % 3 != 1:
        raise InvalidHandError("acceptance is defined for a hand of 3n+1 tiles; discard first")
    seen = _visible(visible)
    return _acceptance(list(counts), used, seen)


def _acceptance(work: list[int], melds: int, seen: Sequence[int]) -> Acceptance:
    base = shanten(work, melds)
    tiles = []
    for k in range(34):
        held = work[k]
        if held == 4:
            continue
        work[k] = held + 1
        if shanten(work, melds) < base:
            tiles.append((_KINDS[k], max(0, 4 - held - seen[k])))
        work[k] = held
    return Acceptance(base, tuple(tiles))


def discard_options(
    counts: Sequence[int], melds: int | None = None, visible: Sequence[int] | None = None
) -> list[DiscardOption]:
    """For each kind in a 3n+2 hand: the shanten and acceptance after discarding it.

    Sorted best first: lowest shanten, then most unseen accepted tiles, then tile order."""
    used = validate_counts(counts, melds)
    if sum(counts) % 3 != 2:
        raise InvalidHandError("discard options are defined for a hand of 3n+2 tiles")
    seen = _visible(visible)
    work = list(counts)
    options = []
    for k in range(34):
        if not work[k]:
            continue
        work[k] -= 1
        options.append(DiscardOption(_KINDS[k], _acceptance(work, used, seen)))
        work[k] += 1
    options.sort(key=lambda o: (o.acceptance.shanten, -o.acceptance.total, o.discard))
    return options
