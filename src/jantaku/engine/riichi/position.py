"""What the legality of a seat's choices reads from a riichi deal.

A :class:`~jantaku.engine.riichi.state.DealState` meets this protocol, and so does a tracker
that follows a deal from outside (the mjai bridge in :mod:`jantaku.players.mjai`), so both ask
the same functions (:func:`~jantaku.engine.riichi.turn.turn_actions`,
:func:`~jantaku.engine.riichi.claims.claim_choices`, ...) what a seat may do."""

from __future__ import annotations

from typing import Protocol

from jantaku.engine.riichi.judge import WinJudge, WinOutcome
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.seat import SeatState
from jantaku.tiles import Tile, Wind

__all__ = ["Position"]


class Position(Protocol):
    seats: list[SeatState]
    drawn: Tile | None  # the seat on turn's drawn tile; None after a call
    judge: WinJudge
    rules: TableRules
    kuikae: frozenset[int]  # kinds the seat that just called may not discard
    scores: list[int]
    rinshan: bool
    dealer: int
    round_wind: Wind
    honba: int
    deposits: int
    kan_seats: list[int]  # who made each kan so far
    tsumo: WinOutcome | None  # written by turn_actions: the outcome of a possible tsumo

    @property
    def live_remaining(self) -> int: ...

    @property
    def dora_indicators(self) -> tuple[Tile, ...]: ...

    def seat_wind(self, seat: int) -> Wind: ...

    def first_turn(self, seat_no: int) -> bool: ...

    def ura_indicators(self) -> tuple[Tile, ...]: ...
