"""Melds made by calls or declared kongs, shared by both rule families and the engines."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jantaku.errors import InvalidHandError
from jantaku.tiles import RIICHI_KIND_COUNT, Tile, TileKind, format_tiles

__all__ = ["KongKind", "Meld", "MeldKind"]


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


class KongKind(Enum):
    CONCEALED = "concealed"  # ankan: four tiles from the own hand
    EXPOSED = "exposed"  # daiminkan: three in hand plus a claimed discard
    ADDED = "added"  # kakan: a fourth tile added to a called pung


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared group.

    ``tiles`` are the physical tiles in ascending order of kind; ``called`` is the tile taken from
    another player (None for a concealed kong); ``from_seat`` is that player's seat offset (1 = the
    player on the right / next in turn order, 2 = across, 3 = left), None for a concealed kong."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    kong: KongKind | None = None
    called: Tile | None = None
    from_seat: int | None = None

    def __post_init__(self) -> None:
        tiles = self.tiles
        ids = [t.kind_id for t in tiles]  # plain ints: IntEnum arithmetic is slow
        size = 4 if self.kind is MeldKind.KONG else 3
        if len(ids) != size:
            raise InvalidHandError(f"a {self.kind.value} has {size} tiles, not {len(ids)}")
        if max(ids) >= RIICHI_KIND_COUNT:
            raise InvalidHandError("bonus tiles cannot be part of a meld")
        if len({t.index for t in tiles}) != size:
            raise InvalidHandError(f"{format_tiles(tiles)} uses one physical tile twice")
        if self.kind is MeldKind.CHOW:
            first = min(ids)
            if not (first < 27 and first % 9 <= 6 and sorted(ids) == [first, first + 1, first + 2]):
                raise InvalidHandError(f"{format_tiles(tiles)} is not a chow")
        elif ids.count(ids[0]) != size:
            raise InvalidHandError(f"{format_tiles(tiles)} is not a {self.kind.value}")
        if (self.kind is MeldKind.KONG) != (self.kong is not None):
            raise InvalidHandError("a kong, and only a kong, names its kong kind")
        if self.called is not None and self.called not in tiles:
            raise InvalidHandError("the called tile must be one of the meld's tiles")

    @property
    def first(self) -> TileKind:
        """The lowest kind (the kind itself for a pung or kong)."""
        return min(t.kind for t in self.tiles)

    @property
    def is_open(self) -> bool:
        """Every meld but a concealed kong opens the hand."""
        return self.kong is not KongKind.CONCEALED

    @property
    def kinds(self) -> tuple[TileKind, ...]:
        return tuple(t.kind for t in self.tiles)

    @property
    def notation(self) -> str:
        return format_tiles(self.tiles)
