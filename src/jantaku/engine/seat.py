"""What a seat holds in every rule family's deal: its concealed tiles, their counts by kind, its
laid-out melds, and a floor under its shanten that spares most look-ups."""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import BY_INDEX, Tile

__all__ = ["HeldTiles"]


@dataclass(slots=True)
class HeldTiles:
    """A seat's hand; each family's seat adds its own facts (river, riichi, threats, ...)."""

    tiles: list[Tile] = field(default_factory=list)  # concealed, the drawn tile included
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Meld] = field(default_factory=list)
    # A number no greater than the shanten of the concealed hand (with the melds): a drawn or
    # claimed tile lowers the shanten by one at most and a tile given up never lowers it, so
    # ``add`` lowers the floor by one; -1 knows nothing. What else moves it is the family's.
    shanten_floor: int = -1

    def add(self, tile: Tile) -> None:
        self.tiles.append(tile)
        self.counts[tile.kind_id] += 1
        self.shanten_floor -= 1

    def remove(self, tile: Tile) -> None:
        """Give up ``tile`` (the very object when the seat holds it, else an equal copy)."""
        tiles = self.tiles
        for i, held in enumerate(tiles):
            if held is tile:
                del tiles[i]
                break
        else:
            tiles.remove(tile)
        self.counts[tile.kind_id] -= 1

    def extend_pung(self, tile: Tile) -> None:
        """Add ``tile`` from the hand to the laid-out pung of its kind: an added kong."""
        kind = tile.kind_id
        melds = self.melds
        index = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PUNG and m.first == kind)
        pung = melds[index]
        self.remove(tile)
        tiles = tuple(sorted((*pung.tiles, tile), key=BY_INDEX))
        melds[index] = Meld(
            MeldKind.KONG, tiles, KongKind.ADDED, called=pung.called, from_seat=pung.from_seat
        )
