"""A hint for a seat at its current decision: what a puppet would choose there, and how
dangerous each tile of the seat's hand is against the threats (docs/table.md, "Hints").

The puppet and its explainer are the review's (:func:`~jantaku.players.review.api.puppet_kit`):
an :class:`Adviser` is shown the events as its seat saw them and the seat's view, nothing
else, exactly as a review's puppet is at a recorded decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.actions import Action
from jantaku.players.review.api import DEFAULT_LEVELS, puppet_kit
from jantaku.tiles import Tile

__all__ = ["DANGER_LEVELS", "Advice", "Adviser"]

DANGER_LEVELS: dict[str, tuple[tuple[float, str], ...]] = {
    # on the scale of the riichi reading (reading.danger, weighed by the threats); why these
    # bands: docs/table.md, "Hints"
    "riichi": ((9.5, "dangerous"), (4.0, "risky")),
}
"""Per family, the bands of a hand tile's danger against the threats, highest first: a tile
rated at least a band's figure is marked with its name. A family not listed marks none."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The puppet's choice at a decision and the marked tiles of the hand (tile ->
    ``risky`` or ``dangerous``)."""

    action: Action
    level: str
    danger: dict[Tile, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        marked = sorted(self.danger.items(), key=lambda item: item[0].index)
        return {
            "level": self.level,
            "action": self.action.to_json(),
            "danger": [{"tile": t.notation, "tile_index": t.index, "level": v} for t, v in marked],
        }


def _riichi_dangers(explainer: Any, view: Any) -> dict[int, float]:
    from jantaku.players.review.riichi import RiichiExplainer

    assert isinstance(explainer, RiichiExplainer)
    return explainer.weighed_dangers(view)


_DANGERS: dict[str, Callable[[Any, Any], dict[int, float]]] = {"riichi": _riichi_dangers}
"""Per family, the danger of each kind of a seat's hand against the threats."""


class Adviser:
    """A puppet of a family's ``level`` (default: the review's, each family's strongest)
    that advises one seat. It is a player too: ``choose`` is the puppet's choice."""

    def __init__(self, family: str, level: str | None = None) -> None:
        self.level = level or DEFAULT_LEVELS[family]
        self.name = f"hints ({self.level})"
        make, explainer = puppet_kit(family, self.level)
        self.puppet = make()
        self.explainer = explainer(self.puppet)
        self._dangers = _DANGERS.get(family)
        self._bands = DANGER_LEVELS.get(family, ())

    def observe(self, events: Sequence[Any]) -> None:
        """Events as the advised seat saw them, in order (bots read the passes since a
        riichi from them)."""
        self.puppet.observe(events)
        self.explainer.observe(events)

    def choose(self, view: Any) -> Action:
        return self.puppet.choose(view)  # type: ignore[no-any-return]

    def advise(self, view: Any) -> Advice:
        """The puppet's choice at ``view`` (the seat's view) and the hand's marked tiles."""
        action = self.choose(view)
        if self._dangers is None:
            return Advice(action, self.level)
        dangers = self._dangers(self.explainer, view)
        marks: dict[Tile, str] = {}
        for tile in view.hand:
            rated = dangers.get(tile.kind_id, 0.0)
            for least, name in self._bands:
                if rated >= least:
                    marks[tile] = name
                    break
        return Advice(action, self.level, marks)
