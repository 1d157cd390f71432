"""The engines of both rule families and the contract they share.

:mod:`jantaku.engine.riichi` and :mod:`jantaku.engine.classical` each implement :class:`Game`
over the shared :class:`Action`, :class:`Event` and :class:`Clock`."""

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.clock import Clock, ManualClock
from jantaku.engine.events import Drew, Event
from jantaku.engine.game import Game, GameResult, GameView

__all__ = [
    "Action",
    "ActionKind",
    "Clock",
    "Drew",
    "Event",
    "Game",
    "GameResult",
    "GameView",
    "ManualClock",
]
