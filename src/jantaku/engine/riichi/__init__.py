"""The riichi engine (doman-rules.md): deals, matches, events, per-seat views and walls."""

from jantaku.engine.riichi.deal import Deal, DealResult, Phase
from jantaku.engine.riichi.judge import WinJudge, WinOutcome, WinSituation
from jantaku.engine.riichi.match import Match, MatchResult
from jantaku.engine.riichi.presets import new_match, tenhou_judge
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.view import SeatView
from jantaku.engine.riichi.wall import WallSetup, shuffled_wall

__all__ = [
    "Deal",
    "DealResult",
    "Match",
    "MatchResult",
    "Phase",
    "SeatView",
    "TableRules",
    "WallSetup",
    "WinJudge",
    "WinOutcome",
    "WinSituation",
    "new_match",
    "shuffled_wall",
    "tenhou_judge",
]
