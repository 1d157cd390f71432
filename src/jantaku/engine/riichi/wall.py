"""Walls: where every tile of a deal comes from.

A :class:`WallSetup` lists the tiles in the order they will appear: the four starting hands, the
live draws, the replacement tiles and the dora and ura indicators. A seeded shuffle builds one; a
log replay builds one from what the record shows. The deal never shuffles, so a seed (or a record)
plus the list of actions replays a deal exactly."""

from __future__ import annotations

import random
from dataclasses import dataclass

from jantaku.errors import JantakuError
from jantaku.tiles import Tile

__all__ = ["LIVE_DRAWS", "WallError", "WallSetup", "full_set", "shuffled_wall"]

LIVE_DRAWS = 70
"""136 tiles - 14 in the dead wall - 52 dealt."""
DEAD_WALL = 14
REPLACEMENTS = 4
INDICATORS = 5


class WallError(JantakuError):
    """A wall that does not hold the 136 tiles exactly once in the expected layout."""


@dataclass(frozen=True, slots=True)
class WallSetup:
    """The tiles of one deal, in order of appearance.

    ``hands[i]`` is the 13-tile starting hand of the seat ``i`` places after the dealer;
    ``live`` the 70 draws in order (each kan gives up the last one to the dead wall);
    ``replacements`` the 4 kan replacement tiles in order; ``dora`` and ``ura`` the 5 indicator
    positions each (the first dora indicator is shown at the start)."""

    hands: tuple[tuple[Tile, ...], ...]
    live: tuple[Tile, ...]
    replacements: tuple[Tile, ...]
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if len(self.hands) != 4 or any(len(h) != 13 for h in self.hands):
            raise WallError("a wall deals four hands of 13 tiles")
        sizes = (len(self.live), len(self.replacements), len(self.dora), len(self.ura))
        if sizes != (LIVE_DRAWS, REPLACEMENTS, INDICATORS, INDICATORS):
            raise WallError(
                "a wall has 70 live draws, 4 replacements, 5 dora and 5 ura indicators, "
                f"not {sizes}"
            )
        indices = sorted(t.index for t in self.all_tiles())
        if indices != list(range(136)):
            raise WallError("a wall holds each of the 136 tiles exactly once")

    def all_tiles(self) -> list[Tile]:
        out = [t for hand in self.hands for t in hand]
        out.extend(self.live)
        out.extend(self.replacements)
        out.extend(self.dora)
        out.extend(self.ura)
        return out


_FULL_SETS: dict[int, tuple[Tile, ...]] = {}


def full_set(red_fives: int) -> list[Tile]:
    """The 136 tiles; with ``red_fives`` = 3, copy 0 of each five is red (as on Tenhou).

    Tiles are immutable, so every wall shares the same 136 objects: built once, and the
    engine's cached actions name the very tiles a seat holds (found by identity, not by
    comparing fields)."""
    tiles = _FULL_SETS.get(red_fives)
    if tiles is None:
        if red_fives not in (0, 3):
            raise WallError(f"red_fives is 0 or 3, not {red_fives}")
        reds = {16, 52, 88} if red_fives else set()
        tiles = _FULL_SETS[red_fives] = tuple(Tile(i, i in reds) for i in range(136))
    return list(tiles)


def shuffled_wall(seed: int | str, red_fives: int = 3) -> WallSetup:
    """A wall shuffled by a private generator seeded with ``seed`` (no global randomness)."""
    tiles = full_set(red_fives)
    random.Random(f"jantaku-wall:{seed}").shuffle(tiles)
    hands = tuple(tuple(tiles[13 * i : 13 * i + 13]) for i in range(4))
    rest = tiles[52:]
    return WallSetup(
        hands=hands,
        live=tuple(rest[:LIVE_DRAWS]),
        replacements=tuple(rest[LIVE_DRAWS : LIVE_DRAWS + 4]),
        dora=tuple(rest[LIVE_DRAWS + 4 : LIVE_DRAWS + 9]),
        ura=tuple(rest[LIVE_DRAWS + 9 : LIVE_DRAWS + 14]),
    )
