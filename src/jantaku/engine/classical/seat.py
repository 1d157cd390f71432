"""One seat's private state in a classical deal, with the cached facts the engine asks often."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from jantaku.engine.seat import HeldTiles
from jantaku.rules.classical import ClassicalOptions, Threat, threats
from jantaku.rules.classical.figures import Figure
from jantaku.tiles import Tile, TileKind

__all__ = ["ClassicalSeat", "RiverTile"]


@dataclass(slots=True)
class RiverTile:
    tile: Tile
    tsumogiri: bool
    called: bool = False  # taken by another seat's call or Mah Jongg


@dataclass(slots=True)
class ClassicalSeat(HeldTiles):
    """A classical seat. Its shanten floor (see :class:`HeldTiles`) is reset by a change of the
    laid-out figures and raised by the Mah Jongg checks as they learn the shanten; a floor of 1
    or more says no discard can complete the hand, which spares most shape tests after a
    discard."""

    bonus: list[Tile] = field(default_factory=list)  # flowers and seasons laid out
    river: list[RiverTile] = field(default_factory=list)
    threats: tuple[Threat, ...] = ()  # Störspiel triggers of the laid-out figures
    dangerous: frozenset[TileKind] = frozenset()  # union of the threats' dangerous tiles

    def copy(self) -> ClassicalSeat:
        return ClassicalSeat(
            list(self.tiles),
            list(self.counts),
            list(self.melds),
            self.shanten_floor,
            list(self.bonus),
            [RiverTile(r.tile, r.tsumogiri, r.called) for r in self.river],
            self.threats,
            self.dangerous,
        )

    @property
    def calls(self) -> int:
        """Figures taken from discards or extended (every laid-out figure but a concealed kong)."""
        return sum(1 for m in self.melds if m.is_open)

    def of_kind(self, kind: int) -> list[Tile]:
        return sorted((t for t in self.tiles if t.kind_id == kind), key=lambda t: t.index)

    def kinds(self) -> tuple[TileKind, ...]:
        return tuple(sorted(t.kind for t in self.tiles))

    def refresh_danger(self, options: ClassicalOptions) -> None:
        """Recompute the Störspiel triggers; called whenever a figure is laid out or changed
        (which also leaves the shanten floor knowing nothing)."""
        self.shanten_floor = -1
        # The triggers depend on the figures' kinds only: a sorted, open-only key shares the cache.
        figures = tuple(
            sorted(
                (Figure(f.kind, f.first, False) for f in map(Figure.from_meld, self.melds)),
                key=lambda f: (f.kind.value, f.first),
            )
        )
        self.threats, self.dangerous = _danger(figures, options)


@lru_cache(maxsize=4096)
def _danger(
    figures: tuple[Figure, ...], options: ClassicalOptions
) -> tuple[tuple[Threat, ...], frozenset[TileKind]]:
    """The triggers of a set of laid-out figures (cached: the special-hand search is slow and
    the same few figure sets recur)."""
    found = threats(figures, options)
    out: frozenset[TileKind] = frozenset()
    for threat in found:
        out |= threat.dangerous
    return found, out
