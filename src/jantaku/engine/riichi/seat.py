"""One seat's private state within a deal, with the cached hand facts the engine asks often."""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.engine.seat import HeldTiles
from jantaku.hand.lookup import shanten
from jantaku.tiles import Tile

__all__ = ["RiverTile", "SeatState", "waits_of"]


def waits_of(counts: list[int], melds: int) -> tuple[int, ...]:
    """Kinds completing a 3n+1 hand (empty when it is not ready); a kind held four times is
    never waited on."""
    if shanten(counts, melds) != 0:
        return ()
    return _ready_waits(counts, melds)


def _ready_waits(counts: list[int], melds: int) -> tuple[int, ...]:
    """The waits of a 3n+1 hand known to be ready."""
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
class SeatState(HeldTiles):
    """A riichi seat. Its shanten floor (see :class:`HeldTiles`) is lowered by ``add`` and by
    the engine's calls and by nothing else; only a floor of 0 or less (ready, or maybe
    complete) asks for the exact shanten, so random and early hands skip most look-ups. The
    default knows nothing (a seat built from outside, as the mjai tracker does)."""

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
            self.shanten_floor,
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

    def low_shanten(self) -> int:
        """The shanten when it is 0 or less (ready or complete); otherwise a number from 1 up
        to it (the floor). Enough for every question the engine asks on its own path: may the
        seat win, declare riichi, is it ready."""
        floor = self.shanten_floor
        if floor > 0:
            return floor
        exact = self.shanten_floor = shanten(self.counts, len(self.melds))
        return exact

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
        if self.low_shanten() != 0:
            self.waits = ()
        else:
            self.waits = _ready_waits(self.counts, len(self.melds))

    @property
    def furiten(self) -> bool:
        return (
            self.temp_furiten
            or self.riichi_furiten
            or any(k in self.discarded_kinds for k in self.waits)
        )
