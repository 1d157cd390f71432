"""The riichi engine (doman-rules.md): a :class:`Match` of deals meeting the
:class:`~jantaku.engine.Game` contract, with events, per-seat views and seeded walls.

A :class:`Deal` is split by job: ``state`` (its fields), ``drawing`` (draws, replacement tiles,
dora), ``turn`` (the turn's legal actions, discards, riichi), ``claims`` (call windows: ron, pon,
kan, chi and their priority), ``kongs`` (kans, robbing them, the kan limits), ``ending`` (wins,
abortive and exhaustive draws, the result); ``calls`` holds the pure call rules of one hand and
``flow`` the match between deals."""

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
