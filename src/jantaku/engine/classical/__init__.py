"""The classical German Mah-Jongg engine (spec ``classical-rules.md``): the same public shape as
the riichi engine (``legal_actions``, ``apply``, ``view``, ``to_act``, ``clone``; seeded walls;
typed, redactable events), with the scorer, settlement and Störspiel of
:mod:`jantaku.rules.classical`."""

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.deal import ClassicalDeal, ClassicalDealResult, Phase
from jantaku.engine.classical.events import (
    BonusLaidOut,
    ClassicalCalled,
    ClassicalDealEnded,
    ClassicalDealStarted,
    ClassicalDiscarded,
    DangerousDiscard,
    Drew,
    FalseDeclaration,
    GameEnded,
    KongDeclared,
    MahJonggDeclared,
    OffenceReported,
    PenaltyPaid,
    SeatResult,
)
from jantaku.engine.classical.match import ClassicalMatch, ClassicalMatchResult
from jantaku.engine.classical.replay import ReplayError, action_of, replay_game
from jantaku.engine.classical.view import ClassicalView, DiscardWarning, PublicClassicalSeat
from jantaku.engine.classical.wall import (
    ClassicalWall,
    WallError,
    arranged_wall,
    deal_hands,
    shuffled_wall,
)

__all__ = [
    "Action",
    "ActionKind",
    "BonusLaidOut",
    "ClassicalCalled",
    "ClassicalDeal",
    "ClassicalDealEnded",
    "ClassicalDealResult",
    "ClassicalDealStarted",
    "ClassicalDiscarded",
    "ClassicalMatch",
    "ClassicalMatchResult",
    "ClassicalView",
    "ClassicalWall",
    "DangerousDiscard",
    "DiscardWarning",
    "Drew",
    "FalseDeclaration",
    "GameEnded",
    "KongDeclared",
    "MahJonggDeclared",
    "OffenceReported",
    "PenaltyPaid",
    "Phase",
    "PublicClassicalSeat",
    "ReplayError",
    "SeatResult",
    "WallError",
    "action_of",
    "arranged_wall",
    "deal_hands",
    "replay_game",
    "shuffled_wall",
]
