"""What every rule family's view of a deal begins with: whose view it is and where the deal
stands. Each family's view adds the table it shows (scores or balances, rivers, its own hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DealView"]


@dataclass(frozen=True, slots=True)
class DealView:
    """``seat`` None: a spectator, who sees no concealed tile; ``phase`` the deal's phase
    (``turn``, ``calls``, ...); ``turn`` the seat whose turn it is; ``dealer`` the seat that is
    East; ``round_wind`` 0-3."""

    seat: int | None
    phase: str
    turn: int
    dealer: int
    round_wind: int

    def to_json(self) -> dict[str, Any]:
        """The keys every family's view JSON begins with."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "turn": self.turn,
            "dealer": self.dealer,
            "round_wind": self.round_wind,
        }
