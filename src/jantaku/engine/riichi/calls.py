"""Which calls a seat may make on a discard, and the kuikae rule they leave behind
(doman-rules.md §2.4): pure functions of one seat's tiles."""

from __future__ import annotations

from itertools import combinations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.seat import SeatState, waits_of
from jantaku.hand.shapes import GroupKind, Shape, decompose
from jantaku.tiles import Tile

__all__ = ["call_choices", "chi_possible", "kuikae_forbidden", "riichi_kan_keeps_waits"]


def _idx(tile: Tile) -> int:
    return tile.index


def kuikae_forbidden(kind: int, low: int | None) -> frozenset[int]:
    """Kinds that may not be discarded after claiming ``kind``: the same kind, and for a chi
    with the claimed tile at one end of a two-sided run, the other end (the suji swap).
    ``low`` is the chi's lowest kind (None for a pon)."""
    forbidden = {kind}
    rank = kind % 9
    if low == kind and rank <= 5:
        forbidden.add(kind + 3)
    elif low == kind - 2 and rank >= 3:
        forbidden.add(kind - 3)
    return frozenset(forbidden)


def chi_possible(counts: list[int], kind: int) -> bool:
    """Whether the hand holds two tiles that make a run with a suited ``kind``."""
    rank = kind % 9
    below = rank >= 1 and counts[kind - 1] > 0
    above = rank <= 7 and counts[kind + 1] > 0
    return (
        (below and above)
        or (below and rank >= 2 and counts[kind - 2] > 0)
        or (above and rank <= 6 and counts[kind + 2] > 0)
    )


def _distinct_combos(tiles: list[Tile], size: int) -> list[tuple[Tile, ...]]:
    """Combinations that differ in kind or redness (plain copies are interchangeable)."""
    if not any(t.red for t in tiles) and len({t.kind_id for t in tiles}) == 1:
        return [tuple(sorted(tiles, key=_idx)[:size])]  # all alike: the lowest copies
    seen: dict[tuple[tuple[int, bool], ...], tuple[Tile, ...]] = {}
    for combo in combinations(sorted(tiles, key=_idx), size):
        key = tuple(sorted((t.kind_id, t.red) for t in combo))
        seen.setdefault(key, combo)
    return list(seen.values())


def _chi_tiles(seat: SeatState, needed: list[int]) -> list[tuple[Tile, ...]]:
    """The own-tile pairs for a chi: one tile of each needed kind, red and plain variants."""
    options: list[list[Tile]] = []
    for kind in needed:
        variants: dict[bool, Tile] = {}
        for t in seat.tiles:
            if t.kind_id == kind:
                variants.setdefault(t.red, t)
        options.append(list(variants.values()))
    return [(a, b) for a in options[0] for b in options[1]]


def _leaves_discard(seat: SeatState, used: tuple[Tile, ...], forbidden: frozenset[int]) -> bool:
    """A call that would leave no legal discard is not offered: counted on the kind counts,
    the tiles left must outnumber those of the forbidden kinds left."""
    counts = seat.counts
    blocked = sum(counts[k] for k in forbidden) - sum(1 for t in used if t.kind_id in forbidden)
    return len(seat.tiles) - len(used) > blocked


def call_choices(
    seat: SeatState, seat_no: int, tile: Tile, left: bool, open_kan: bool
) -> list[Action]:
    """Pon, open kan (when ``open_kan``) and, for the left neighbour (``left``), chi on a
    discard; the caller adds ron and pass."""
    kind = tile.kind_id
    counts = seat.counts
    if counts[kind] < 2 and not (left and kind < 27 and chi_possible(counts, kind)):
        return []  # the common case: nothing to call
    held = [t for t in seat.tiles if t.kind_id == kind]
    choices: list[Action] = []
    if len(held) >= 2:
        forbidden = kuikae_forbidden(kind, None)
        for pair in _distinct_combos(held, 2):
            if _leaves_discard(seat, pair, forbidden):
                choices.append(Action(ActionKind.PON, seat_no, tile, pair))
    if len(held) >= 3 and open_kan:
        choices.append(Action(ActionKind.OPEN_KAN, seat_no, tile, tuple(sorted(held, key=_idx))))
    if left and kind < 27:
        rank = kind % 9
        for low in (kind - 2, kind - 1, kind):
            if low < kind - rank or low + 2 > kind - rank + 8:
                continue  # the run would leave the suit
            needed = [k for k in (low, low + 1, low + 2) if k != kind]
            if any(counts[k] == 0 for k in needed):
                continue
            forbidden = kuikae_forbidden(kind, low)
            for own in _chi_tiles(seat, needed):
                if _leaves_discard(seat, own, forbidden):
                    choices.append(Action(ActionKind.CHI, seat_no, tile, own))
    return choices


def riichi_kan_keeps_waits(counts: list[int], melds: int, kind: int, strict: bool) -> bool:
    """May a riichi hand holding four of ``kind`` (the fourth just drawn) make a concealed kan?
    The waits must stay the same; ``strict`` (Tenhou) also demands that every reading of every
    completed hand uses the three tiles as a pung, so no reading is lost."""
    before = list(counts)
    before[kind] -= 1  # the ready hand before the draw
    after = list(before)
    after[kind] -= 3
    waits_before = waits_of(before, melds)
    if not waits_before or waits_before != waits_of(after, melds + 1):
        return False
    if not strict:
        return True
    for wait in waits_before:
        before[wait] += 1
        readings = [r for r in decompose(before, melds) if r.shape is Shape.STANDARD]
        before[wait] -= 1
        for reading in readings:
            if not any(g.kind is GroupKind.PUNG and g.first == kind for g in reading.groups):
                return False
    return True
