"""The engine's door to scoring: a situation in, a settled win (or None) out.

The deal knows the table (who discarded, which flags hold, the deposits); the scorer knows the
yaku. Keeping this protocol small lets the engine be driven by jantaku's riichi scorer in play and
by another scorer in differential tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from jantaku.meld import Meld
from jantaku.tiles import Tile, Wind

__all__ = ["WinJudge", "WinOutcome", "WinSituation"]


@dataclass(frozen=True, slots=True)
class WinSituation:
    """Everything a scorer needs to value a win. Seats are absolute (0-3)."""

    seat: int
    dealer: int
    concealed: tuple[Tile, ...]  # without the winning tile
    melds: tuple[Meld, ...]
    win_tile: Tile
    from_seat: int | None  # None for tsumo
    seat_wind: Wind
    round_wind: Wind
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]  # empty unless the winner is in riichi
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False  # heavenly / earthly hand
    honba: int = 0
    deposits: int = 0  # riichi sticks this winner collects
    pao_seat: int | None = None  # liable for a big-dragons / big-winds yakuman


@dataclass(frozen=True, slots=True)
class WinOutcome:
    """A settled win: ``deltas`` by absolute seat, honba and deposits included."""

    han: int
    fu: int
    points: int
    yakuman: int
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, int, int, int]
    pao_seat: int | None = None


class WinJudge(Protocol):
    def judge(self, situation: WinSituation) -> WinOutcome | None:
        """The settled win, or None when the hand is not complete or has no yaku."""
        ...
