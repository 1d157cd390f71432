"""Ready-made classical games: a preset name (and option overrides) in, a playable game out, as
:func:`jantaku.engine.riichi.new_match` does for riichi."""

from __future__ import annotations

from typing import Any

from jantaku.engine.classical.match import ClassicalMatch
from jantaku.engine.clock import Clock
from jantaku.rules.classical import preset

__all__ = ["new_match"]


def new_match(
    rules: str = "sontag", *, seed: int | str = 0, clock: Clock | None = None, **overrides: Any
) -> ClassicalMatch:
    """A game under a classical preset (``sontag``); any option of the preset can be overridden
    by name, e.g. ``initial_seating="random"``. Unknown names and values raise
    :class:`~jantaku.rules.classical.options.OptionError`."""
    return ClassicalMatch(preset(rules, **overrides), seed, clock=clock)
