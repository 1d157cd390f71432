"""Classical German Mah-Jongg after the TU Chemnitz rules (preset ``sontag``): scoring of all four
hands, settlement, the Störspielgebot and the JSON score request (spec ``classical-rules.md``).

The names below are loaded on first use (PEP 562): importing one submodule, say the options a
command line reads, does not import the scorer, the settlement and the Störspiel rules."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_WHERE = {
    "ClassicalOptions": "options",
    "DangerCase": "danger",
    "DealScore": "scorer",
    "Exemption": "danger",
    "FinishedDeal": "scorer",
    "OptionError": "options",
    "Penalty": "settlement",
    "RequestError": "request",
    "SeatHand": "scorer",
    "SeatScore": "scorer",
    "Settlement": "settlement",
    "SpecialHandId": "options",
    "Threat": "danger",
    "Win": "scorer",
    "WinnerResult": "scorer",
    "dangerous_tiles": "danger",
    "discard_exemption": "danger",
    "explain": "request",
    "is_dangerous": "danger",
    "penalty_settlement": "settlement",
    "preset": "options",
    "score_deal": "scorer",
    "score_loser": "scorer",
    "score_request": "request",
    "score_winner": "scorer",
    "settle": "settlement",
    "threats": "danger",
    "violates": "danger",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
