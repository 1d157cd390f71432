"""Where a sheet stands between two entries, and what one entry did: the shapes both families'
entry readers return and the sheet's computation reports (docs/sheet.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.tiles import Wind

__all__ = ["Played", "TableState"]

_LETTERS = "ESWN"


@dataclass(frozen=True, slots=True)
class TableState:
    """Before (or after) an entry: the round wind, the dealer (riichi) or East (classical) as a
    player index, honba and the riichi sticks on the table (classical: 0), the totals; ``ended``
    says why no entry may follow."""

    totals: tuple[int, ...]
    round_wind: Wind = Wind.EAST
    dealer: int = 0
    honba: int = 0
    sticks: int = 0
    ended: str | None = None

    def seat_wind(self, player: int) -> Wind:
        """The seat wind of a player (player 0 was the first dealer, turn order by index)."""
        return Wind((player - self.dealer) % 4)

    def to_json(self) -> dict[str, Any]:
        letter = _LETTERS[self.round_wind % 4]
        return {
            "round": f"{letter}{self.dealer + 1}",
            "round_wind": letter,
            "dealer": self.dealer,
            "seat_winds": [_LETTERS[self.seat_wind(p)] for p in range(4)],
            "honba": self.honba,
            "sticks": self.sticks,
            "totals": list(self.totals),
        }


@dataclass(slots=True)
class Played:
    """What one entry did: its scorer results, the net change per player, the state after it,
    and an error (a dict with ``message`` and ``field``) when it could not be scored."""

    after: TableState
    payments: tuple[int, ...] = (0, 0, 0, 0)
    results: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    error: dict[str, str] | None = None
