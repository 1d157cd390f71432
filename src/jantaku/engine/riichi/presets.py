"""Ready-made riichi matches: a preset name (and option overrides) in, a playable match out."""

from __future__ import annotations

from typing import Any

from jantaku.engine.clock import Clock
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.scoring import RiichiJudge
from jantaku.rules.riichi.options import preset

__all__ = ["new_match", "tenhou_judge"]


def new_match(
    rules: str = "doman", *, seed: int | str = 0, clock: Clock | None = None, **overrides: Any
) -> Match:
    """A match under a riichi preset (``doman``, ``doman_no_kuitan``, ``tenhou``); any option
    of the preset can be overridden by name, e.g. ``length="east_only"``."""
    options = preset(rules, **overrides)
    match = Match(TableRules.from_options(options), RiichiJudge(options), seed, clock=clock)
    match.setup = {"rules": rules, "options": dict(overrides), "seed": seed}
    return match


def tenhou_judge(**overrides: Any) -> RiichiJudge:
    """The scorer under the ``tenhou`` preset (for replaying Tenhou logs)."""
    return RiichiJudge(preset("tenhou", **overrides))
