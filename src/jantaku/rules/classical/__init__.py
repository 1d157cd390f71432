"""Classical German Mah-Jongg after the TU Chemnitz rules (preset ``sontag``): scoring of all four
hands, settlement, the Störspielgebot and the JSON score request (spec ``classical-rules.md``)."""

from jantaku.rules.classical.options import ClassicalOptions, OptionError, SpecialHandId, preset
from jantaku.rules.classical.request import RequestError, explain, score_request
from jantaku.rules.classical.scorer import (
    DealScore,
    FinishedDeal,
    SeatHand,
    SeatScore,
    Win,
    score_deal,
)

__all__ = [
    "ClassicalOptions",
    "DealScore",
    "FinishedDeal",
    "OptionError",
    "RequestError",
    "SeatHand",
    "SeatScore",
    "SpecialHandId",
    "Win",
    "explain",
    "preset",
    "score_deal",
    "score_request",
]
