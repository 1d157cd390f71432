"""Classical walls: the 144 tiles of one deal in the order they appear (spec §2.2-§2.3).

A :class:`ClassicalWall` holds the live wall (the deal and the draws come from its live end, in
order) and the dead wall (replacement tiles for kongs and bonus tiles, in order). A seeded shuffle
builds the stacks, throws the dice and breaks the wall as MAU describes; a test builds one by
hand with :func:`arranged_wall`. The deal never shuffles, so a seed plus the actions replays it
exactly."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from jantaku.errors import JantakuError
from jantaku.tiles import TILE_INDEX_COUNT, Tile, TileKind, parse_kinds

__all__ = [
    "DEAL_SIZE",
    "ClassicalWall",
    "WallError",
    "arranged_wall",
    "deal_hands",
    "full_set",
    "shuffled_wall",
]

STACKS_PER_SIDE = 18
DEAL_SIZE = 53
"""Tiles dealt by the CIK pattern: three rounds of 4 each, then East 2 and the others 1."""


class WallError(JantakuError):
    """A wall that does not hold the 144 tiles exactly once, or cannot be dealt from."""


@dataclass(frozen=True, slots=True)
class ClassicalWall:
    """``live``: tiles in the order the live end gives them (the deal first, then the draws);
    ``dead``: replacement tiles in order; ``dice``: the two throws (4 dice) that broke the wall
    (empty for a hand-made wall), kept for the record."""

    live: tuple[Tile, ...]
    dead: tuple[Tile, ...]
    dice: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        indices = sorted(t.index for t in (*self.live, *self.dead))
        if indices != list(range(TILE_INDEX_COUNT)):
            raise WallError("a classical wall holds each of the 144 tiles exactly once")
        if len(self.live) < DEAL_SIZE:
            raise WallError(f"the live wall must hold at least the {DEAL_SIZE} dealt tiles")
        if any(t.red for t in self.live + self.dead):
            raise WallError("the classical set has no red fives")


def deal_hands(wall: ClassicalWall) -> tuple[tuple[Tile, ...], ...]:
    """The starting hands by seat offset from East (East 14, the others 13), dealt by the CIK
    pattern (``deal_pattern = cik``): 3 x 4 tiles each from East in turn order, then East 2,
    the others 1."""
    hands: list[list[Tile]] = [[], [], [], []]
    pos = 0
    for _ in range(3):
        for seat in range(4):
            hands[seat].extend(wall.live[pos : pos + 4])
            pos += 4
    for seat, n in enumerate((2, 1, 1, 1)):
        hands[seat].extend(wall.live[pos : pos + n])
        pos += n
    return tuple(tuple(h) for h in hands)


_FULL_SET = tuple(Tile(i) for i in range(TILE_INDEX_COUNT))


def full_set() -> list[Tile]:
    """The 144 tiles (no red fives in the classical set). Tiles are immutable, so every wall
    shares the same objects (a seat then finds the tile an action names by identity)."""
    return list(_FULL_SET)


def shuffled_wall(seed: int | str, dead_wall_size: int = 16) -> ClassicalWall:
    """Shuffle, build four sides of 18 stacks, throw the dice twice and break the wall (MAU).

    East's throw picks the breaking side ((sum - 1) mod 4 seats after East), the second throw adds
    to the first and counts stacks from the left of that side. From the break the live end runs
    one way and ``dead_wall_size`` tiles (upper tile of each stack first) the other way."""
    if dead_wall_size < 0 or dead_wall_size % 2 or dead_wall_size > TILE_INDEX_COUNT - DEAL_SIZE:
        raise WallError(f"dead_wall_size must be even and at most 91, not {dead_wall_size}")
    rng = random.Random(f"jantaku-classical-wall:{seed}")
    tiles = full_set()
    rng.shuffle(tiles)
    dice = tuple(rng.randint(1, 6) for _ in range(4))
    first = dice[0] + dice[1]
    side = (first - 1) % 4
    stacks = [tiles[2 * i : 2 * i + 2] for i in range(4 * STACKS_PER_SIDE)]
    start = (side * STACKS_PER_SIDE + first + dice[2] + dice[3]) % len(stacks)
    order = stacks[start:] + stacks[:start]
    dead_stacks = dead_wall_size // 2
    live = [t for stack in order[: len(order) - dead_stacks] for t in stack]
    dead = [t for stack in reversed(order[len(order) - dead_stacks :]) for t in stack]
    return ClassicalWall(tuple(live), tuple(dead), dice)


def arranged_wall(
    hands: Sequence[str],
    draws: str = "",
    replacements: str = "",
    dead_wall_size: int = 16,
) -> ClassicalWall:
    """A hand-made wall for tests and puzzles: ``hands`` are East's 14 and the others' 13 tiles
    (notation, East first), ``draws`` the next live draws in order, ``replacements`` the first
    dead-wall tiles. Every other tile follows in index order (live wall, then dead wall)."""
    if len(hands) != 4:
        raise WallError("arranged_wall takes four hands, East first")
    used: set[int] = set()

    def take(text: str) -> list[Tile]:
        out = []
        for kind in parse_kinds(text):
            out.append(_first_free(kind, used, text))
        return out

    dealt = [take(h) for h in hands]
    for seat, hand in enumerate(dealt):
        want = 14 if seat == 0 else 13
        if len(hand) != want:
            raise WallError(f"hand {seat} has {len(hand)} tiles, not {want}")
    drawn = take(draws)
    dead = take(replacements)
    rest = [Tile(i) for i in range(TILE_INDEX_COUNT) if i not in used]
    room = dead_wall_size - len(dead)
    if room < 0:
        raise WallError(f"more than {dead_wall_size} replacement tiles")
    live: list[Tile] = []
    for r in range(3):
        for seat in range(4):
            live.extend(dealt[seat][4 * r : 4 * r + 4])
    live.extend(dealt[0][12:14])
    for seat in (1, 2, 3):
        live.append(dealt[seat][12])
    live.extend(drawn)
    filler_live = rest[: len(rest) - room] if room else rest
    live.extend(filler_live)
    dead.extend(rest[len(rest) - room :] if room else [])
    return ClassicalWall(tuple(live), tuple(dead))


def _first_free(kind: TileKind, used: set[int], text: str) -> Tile:
    copies = 1 if kind.is_bonus else 4
    for copy in range(copies):
        tile = Tile.of(kind, copy)
        if tile.index not in used:
            used.add(tile.index)
            return tile
    raise WallError(f"{text!r} needs a copy of {kind.notation} that is already used")
