"""The classical German Mah-Jongg engine (spec ``classical-rules.md``): a :class:`ClassicalMatch`
meeting the same :class:`~jantaku.engine.Game` contract as the riichi engine (``to_act``,
``legal_actions``, ``apply``, ``view``, ``clone``; seeded walls; typed, redactable events), with
the scorer, settlement and Störspiel of :mod:`jantaku.rules.classical`.

A :class:`ClassicalDeal` is split by job into the same modules as a riichi deal: ``state``,
``drawing`` (with bonus tiles), ``turn`` (with the Störspielgebot on discards), ``claims``,
``kongs``, ``ending`` (Mah Jongg, Remis, the settlement); ``calls`` holds the pure call rules,
``penalties`` the offences of free-declaration mode."""

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.deal import ClassicalDeal, ClassicalDealResult, Phase
from jantaku.engine.classical.events import (
    BonusLaidOut,
    ClassicalCalled,
    ClassicalDealEnded,
    ClassicalDealStarted,
    ClassicalDiscarded,
    ClassicalMatchEnded,
    DangerousDiscard,
    Drew,
    FalseDeclaration,
    KongDeclared,
    MahJonggDeclared,
    OffenceReported,
    PenaltyPaid,
    SeatResult,
)
from jantaku.engine.classical.match import ClassicalMatch, ClassicalMatchResult
from jantaku.engine.classical.presets import new_match
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
    "ClassicalMatchEnded",
    "ClassicalMatchResult",
    "ClassicalView",
    "ClassicalWall",
    "DangerousDiscard",
    "DiscardWarning",
    "Drew",
    "FalseDeclaration",
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
    "new_match",
    "replay_game",
    "shuffled_wall",
]
