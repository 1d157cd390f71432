"""The riichi game engine: deals, matches, actions, events, per-seat views and walls."""

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.deal import Deal, DealResult, Phase
from jantaku.engine.judge import WinJudge, WinOutcome, WinSituation
from jantaku.engine.match import Clock, ManualClock, Match, MatchResult
from jantaku.engine.rules import TableRules
from jantaku.engine.view import SeatView
from jantaku.engine.wall import WallSetup, shuffled_wall

__all__ = [
    "Action",
    "ActionKind",
    "Clock",
    "Deal",
    "DealResult",
    "ManualClock",
    "Match",
    "MatchResult",
    "Phase",
    "SeatView",
    "TableRules",
    "WallSetup",
    "WinJudge",
    "WinOutcome",
    "WinSituation",
    "shuffled_wall",
]
