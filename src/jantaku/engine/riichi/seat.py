"""One seat's private state within a deal, with the cached hand facts the engine asks often."""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.hand.lookup import shanten
from jantaku.meld import Meld
from jantaku.tiles import Tile

__all__ = ["RiverTile", "SeatState", "waits_of"]


def waits_of(counts: list[int], melds: int) -> tuple[int, ...]:
    """Kinds completing a 3n+1 hand (empty when it is not ready); a kind held four times is
    never waited on."""
    if shanten(counts, melds) != 0:
        return ()
    out = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if shanten(counts, melds) == -1:
                out.append(k)
            counts[k] -= 1
    return tuple(out)


@dataclass(slots=True)
class RiverTile:
    tile: Tile
    tsumogiri: bool
    riichi: bool = False
    called: bool = False  # taken by another seat's call


@dataclass(slots=True)
class SeatState:
    tiles: list[Tile] = field(default_factory=list)  # concealed, the drawn tile included
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Meld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    discarded_kinds: set[int] = field(default_factory=set)  # for discard furiten
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False
    riichi_furiten: bool = False
    pao_seat: int | None = None
    kans: int = 0
    waits: tuple[int, ...] = ()  # kinds completing the 3n+1 hand; () when not ready

    def copy(self) -> SeatState:
        return SeatState(
            list(self.tiles),
            list(self.counts),
            list(self.melds),
            [RiverTile(r.tile, r.tsumogiri, r.riichi, r.called) for r in self.river],
            set(self.discarded_kinds),
            self.riichi,
            self.double_riichi,
            self.ippatsu,
            self.temp_furiten,
            self.riichi_furiten,
            self.pao_seat,
            self.kans,
            self.waits,
        )

    @property
    def is_concealed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def add(self, tile: Tile) -> None:
        self.tiles.append(tile)
        self.counts[tile.kind_id] += 1

    def remove(self, tile: Tile) -> None:
        self.tiles.remove(tile)
        self.counts[tile.kind_id] -= 1

    def find(self, kind: int, red: bool | None = None, avoid: Tile | None = None) -> Tile | None:
        """A concealed tile of ``kind`` (of the given redness), preferring not ``avoid``."""
        found = None
        for t in self.tiles:
            if t.kind_id == kind and (red is None or t.red == red):
                if t != avoid:
                    return t
                found = t
        return found

    def refresh_waits(self) -> None:
        """Recompute the waits of a 3n+1 hand (only ready hands have any)."""
        self.waits = waits_of(self.counts, len(self.melds))

    @property
    def furiten(self) -> bool:
        return (
            self.temp_furiten
            or self.riichi_furiten
            or any(k in self.discarded_kinds for k in self.waits)
        )
