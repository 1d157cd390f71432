"""The smallest computer player: it plays any rule family's match to its end without thinking.

It wins when it may, otherwise passes on a discard, otherwise throws back the tile it just drew
(or, after a call, its first discard option). The server seats it where nobody plays, and
answers with :func:`fallback_action` (without winning) for a player whose turn time ran out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.engine.actions import Action, ActionKind

__all__ = ["Filler", "fallback_action"]

_WINS = (ActionKind.TSUMO, ActionKind.RON)


def fallback_action(
    legal: Sequence[Action], drawn_index: int | None, *, win: bool = True
) -> Action:
    """A win (when ``win``), else pass, else discard the drawn tile, else any discard, else the
    first legal action."""
    if win:
        for kind in _WINS:
            for action in legal:
                if action.kind is kind:
                    return action
    for action in legal:
        if action.kind is ActionKind.PASS:
            return action
    for action in legal:
        if (
            action.kind is ActionKind.DISCARD
            and action.tile is not None
            and action.tile.index == drawn_index
        ):
            return action
    for action in legal:
        if action.kind is ActionKind.DISCARD:
            return action
    return legal[0]


class Filler:
    """A seat filler: :func:`fallback_action` on the view's legal actions."""

    name = "filler"

    def choose(self, view: Any) -> Action:
        drawn = view.drawn
        return fallback_action(view.legal_actions, None if drawn is None else drawn.index)

    def observe(self, events: Sequence[Any]) -> None:
        """It reads nothing."""
