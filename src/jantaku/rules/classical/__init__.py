"""Classical German Mah-Jongg after the TU Chemnitz rules (preset ``sontag``): scoring of all four
hands, settlement, the Störspielgebot and the JSON score request (spec ``classical-rules.md``)."""

from jantaku.rules.classical.danger import (
    DangerCase,
    Exemption,
    Threat,
    dangerous_tiles,
    discard_exemption,
    is_dangerous,
    threats,
    violates,
)
from jantaku.rules.classical.options import ClassicalOptions, OptionError, SpecialHandId, preset
from jantaku.rules.classical.request import RequestError, explain, score_request
from jantaku.rules.classical.scorer import (
    DealScore,
    FinishedDeal,
    SeatHand,
    SeatScore,
    Win,
    WinnerResult,
    score_deal,
    score_loser,
    score_winner,
)
from jantaku.rules.classical.settlement import Penalty, Settlement, penalty_settlement, settle

__all__ = [
    "ClassicalOptions",
    "DangerCase",
    "DealScore",
    "Exemption",
    "FinishedDeal",
    "OptionError",
    "Penalty",
    "RequestError",
    "SeatHand",
    "SeatScore",
    "Settlement",
    "SpecialHandId",
    "Threat",
    "Win",
    "WinnerResult",
    "dangerous_tiles",
    "discard_exemption",
    "explain",
    "is_dangerous",
    "penalty_settlement",
    "preset",
    "score_deal",
    "score_loser",
    "score_request",
    "score_winner",
    "settle",
    "threats",
    "violates",
]
