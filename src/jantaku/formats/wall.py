"""The wall layout of :attr:`HandRecord.wall`, and rebuilding a wall from what a log records.

Layout (the one mjx writes, checked against its 514 recorded walls): positions 0-51 are the deal,
three rounds of four tiles per seat starting with the dealer, then one tile per seat; 52 onwards
are the ordinary draws in order; the dead wall is 122-135: replacement tiles (after a kan) at 134,
135, 132, 133, dora indicators at 130, 128, 126, 124, 122 and their ura indicators at 131, 129,
127, 125, 123. Every kan makes the live wall one tile shorter at its end (the last ordinary draw
is position 121 minus the number of kans)."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.formats.record import Draw, HandRecord, make_tile
from jantaku.tiles import Tile

__all__ = [
    "DORA_POSITIONS",
    "FIRST_DRAW",
    "REPLACEMENT_POSITIONS",
    "URA_POSITIONS",
    "WALL_SIZE",
    "WallParts",
    "deal_positions",
    "rebuild_wall",
    "seen_positions",
    "wall_parts",
]

WALL_SIZE = 136
FIRST_DRAW = 52
REPLACEMENT_POSITIONS = (134, 135, 132, 133)
DORA_POSITIONS = (130, 128, 126, 124, 122)
URA_POSITIONS = (131, 129, 127, 125, 123)


def deal_positions(dealer: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the wall positions of its 13 starting tiles, in dealing order."""
    out: list[list[int]] = [[] for _ in range(4)]
    pos = 0
    for _round in range(3):
        for step in range(4):
            out[(dealer + step) % 4].extend(range(pos, pos + 4))
            pos += 4
    for step in range(4):
        out[(dealer + step) % 4].append(pos)
        pos += 1
    return tuple(tuple(p) for p in out)


def seen_positions(hand: HandRecord) -> dict[int, Tile]:
    """The wall positions the record shows: deal, draws, replacement draws, dora and ura
    indicators. ValueError when the record cannot fit the layout."""
    seen: dict[int, Tile] = {}
    ids: set[int] = set()

    def put(pos: int, tile: Tile) -> None:
        if tile.index in ids:
            raise ValueError(f"{tile.notation} (id {tile.index}) appears twice in the wall")
        ids.add(tile.index)
        seen[pos] = tile

    for seat, positions in enumerate(deal_positions(hand.dealer)):
        if len(hand.hands[seat]) != 13:
            raise ValueError(f"seat {seat} starts with {len(hand.hands[seat])} tiles")
        for pos, tile in zip(positions, hand.hands[seat], strict=True):
            put(pos, tile)
    live, kans = FIRST_DRAW, 0
    for a in hand.actions:
        if isinstance(a, Draw):
            if a.replacement:
                if kans >= len(REPLACEMENT_POSITIONS):
                    raise ValueError("more than four replacement draws")
                put(REPLACEMENT_POSITIONS[kans], a.tile)
                kans += 1
            else:
                put(live, a.tile)
                live += 1
    if live - 1 > 121 - kans:
        raise ValueError(f"{live - FIRST_DRAW} ordinary draws do not fit beside {kans} kans")
    for positions, tiles in (
        (DORA_POSITIONS, hand.dora_indicators),
        (URA_POSITIONS, hand.ura_indicators),
    ):
        if len(tiles) > len(positions):
            raise ValueError("more than five dora indicators")
        for pos, tile in zip(positions, tiles, strict=False):
            put(pos, tile)
    return seen


def rebuild_wall(hand: HandRecord, red_fives: tuple[int, int, int]) -> tuple[Tile, ...]:
    """The full wall: the recorded one if the log has it, else the seen positions with the unseen
    ones filled by the remaining tiles in ascending id order."""
    if hand.wall is not None:
        return hand.wall
    seen = seen_positions(hand)
    used = {t.index for t in seen.values()}
    rest = iter(i for i in range(WALL_SIZE) if i not in used)
    return tuple(
        seen[p] if p in seen else make_tile(next(rest), red_fives) for p in range(WALL_SIZE)
    )


@dataclass(frozen=True, slots=True)
class WallParts:
    """A wall cut the way an engine deals from it (the fields of ``jantaku.engine.WallSetup``):
    ``hands[i]`` the starting hand of the seat ``i`` places after the dealer, ``live`` the 70
    ordinary draws in order, ``replacements`` the 4 kan replacement tiles in order, ``dora`` and
    ``ura`` the 5 indicator positions each."""

    hands: tuple[tuple[Tile, ...], ...]
    live: tuple[Tile, ...]
    replacements: tuple[Tile, ...]
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]


def wall_parts(hand: HandRecord, red_fives: tuple[int, int, int]) -> WallParts:
    """The hand's wall (recorded, or rebuilt by :func:`rebuild_wall`) cut into its parts."""
    wall = rebuild_wall(hand, red_fives)
    deal = deal_positions(hand.dealer)
    return WallParts(
        hands=tuple(tuple(wall[p] for p in deal[(hand.dealer + i) % 4]) for i in range(4)),
        live=wall[FIRST_DRAW : FIRST_DRAW + 70],
        replacements=tuple(wall[p] for p in REPLACEMENT_POSITIONS),
        dora=tuple(wall[p] for p in DORA_POSITIONS),
        ura=tuple(wall[p] for p in URA_POSITIONS),
    )
