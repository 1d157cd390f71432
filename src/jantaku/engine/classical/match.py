"""A whole classical game (Sontag: "Runde", spec §9): four wind rounds, East keeping the deal after
his own Mah Jongg or a Remis, running balances.

Seats 0-3 are places at the table and never move; the seat that is East (``dealer``) moves on to
the next seat in turn order when another player wins. A wind round ends when the deal would pass
from its fourth East; the game ends after the North round. Time enters only through an injected
clock (the classical rules have no time limits; the clock dates the game); walls come from a seed
(one derived seed per deal) or a caller-supplied function, so a seed plus the actions replays the
game exactly. With ``initial_seating = random`` the first East is drawn from the seed."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from jantaku.engine.actions import Action
from jantaku.engine.classical.deal import ClassicalDeal, Phase
from jantaku.engine.classical.events import ClassicalMatchEnded
from jantaku.engine.classical.view import ClassicalView
from jantaku.engine.classical.wall import ClassicalWall, shuffled_wall
from jantaku.engine.clock import Clock, ManualClock
from jantaku.engine.events import Event
from jantaku.engine.match import BaseMatch
from jantaku.engine.reasons import EndReason
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import ClassicalOptions, Penalty, preset
from jantaku.rules.classical.options import InitialSeating
from jantaku.tiles import Wind

__all__ = ["ClassicalMatch", "ClassicalMatchResult"]


@dataclass(frozen=True, slots=True)
class ClassicalMatchResult:
    balances: tuple[int, ...]  # by seat
    ranking: tuple[int, ...]  # seats, best balance first (ties: earlier seat)
    hands_played: int
    reason: str = "the game is over"
    code: EndReason = EndReason.LAST_HAND  # a classical game ends only after its last hand
    seats: tuple[int, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        """The final balances (the :class:`~jantaku.engine.Game` contract's word)."""
        return self.balances

    @property
    def recorded(self) -> bool:
        """A classical game always counts (its rules have no time limit)."""
        return True


class ClassicalMatch(BaseMatch[ClassicalDeal]):
    _COPIED = ("balances",)

    def __init__(
        self,
        options: ClassicalOptions | None = None,
        seed: int | str = 0,
        *,
        clock: Clock | None = None,
        walls: Callable[[int], ClassicalWall] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        self.options = options if options is not None else preset("sontag")
        self.seed = seed
        self.clock = clock or ManualClock()
        self.started_at = self.clock.now()
        size = self.options.dead_wall_size
        self.walls = walls or (lambda n: shuffled_wall(f"{seed}:{n}", size))
        if first_dealer is None:
            first_dealer = 0
            if self.options.initial_seating is InitialSeating.RANDOM:
                first_dealer = random.Random(f"jantaku-classical-seating:{seed}").randrange(4)
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.round_wind = Wind.EAST
        self.passes = 0  # times the deal passed in this wind round
        self.hand_number = 0
        self.balances = [self.options.start_balance] * 4
        self.result: ClassicalMatchResult | None = None
        self.log: list[Event] = []
        self.deal = self._new_deal()

    @property
    def elapsed(self) -> float:
        """Seconds since the game started, by the injected clock."""
        return self.clock.now() - self.started_at

    def _new_deal(self) -> ClassicalDeal:
        deal = self._make_deal(self.dealer, self.round_wind, self.hand_number, self.balances)
        self.log.extend(deal.log)
        if deal.phase is Phase.ENDED:  # pragma: no cover - only a wall without tiles to replace
            self._after_deal()
        return deal

    # ------------------------------------------------------------------------------ API

    def standings(self) -> tuple[int, ...]:
        return tuple(self.balances)

    def view(self, seat: int | None) -> ClassicalView:
        return self.deal.view(seat)

    def _make_deal(
        self, dealer: int, round_wind: Wind, hand_number: int, balances: list[int]
    ) -> ClassicalDeal:
        """Deal number ``hand_number``; changes nothing in the game."""
        deal = ClassicalDeal(
            self.options,
            self.walls(hand_number),
            dealer=dealer,
            round_wind=round_wind,
            hand_number=hand_number,
            balances=tuple(balances),
        )
        deal.hold_calls = self._hold_calls
        return deal

    def apply(self, action: Action) -> list[Event]:
        """Carry out an action (see :meth:`ClassicalDeal.apply`). One that is refused, or that
        fails half-way (also in dealing the next deal), changes nothing."""
        if self.finished:
            raise IllegalActionError("the game is over")
        start = len(self.log)
        events = self.deal.apply(action)
        self._record(events)
        return self.log[start:]

    def report_offence(
        self, seat: int, offence: Penalty, *, east_shares: bool = False
    ) -> list[Event]:
        """Penalise an offence the table reports in the deal being played (free-declaration
        mode; see :meth:`ClassicalDeal.report_offence`)."""
        if self.finished:
            raise IllegalActionError("the game is over")
        events = self.deal.report_offence(seat, offence, east_shares=east_shares)
        self.log.extend(events)
        self.balances = list(self.deal.balances)
        return events

    # ------------------------------------------------------------------------------ flow

    def _follow_deal(self) -> None:
        self.balances = list(self.deal.balances)

    def _after_deal(self, events: list[Event] | None = None) -> None:
        """Log the ended deal's last ``events`` (None: already logged) and move on to the next
        deal or the end. The next deal is dealt before anything changes, so a failure leaves the
        game as it was."""
        result = self.deal.result
        assert result is not None
        dealer, passes, round_wind = self.dealer, self.passes, self.round_wind
        over = False
        if result.winner is not None and result.winner != dealer:
            dealer = (dealer + 1) % 4
            passes += 1
            if passes == 4:
                passes = 0
                over = round_wind >= self.options.wind_rounds - 1  # the last wind round
                round_wind = round_wind if over else Wind(round_wind + 1)
        balances = self.deal.balances
        new = None if over else self._make_deal(dealer, round_wind, self.hand_number + 1, balances)
        self.log.extend(events or ())
        self.balances = list(balances)
        self.hand_number += 1
        self.dealer, self.passes, self.round_wind = dealer, passes, round_wind
        if new is None:
            self._end()
            return
        self.deal = new
        self.log.extend(new.log)
        if new.phase is Phase.ENDED:  # pragma: no cover - only a wall without tiles to replace
            self._after_deal()

    def _end(self) -> None:
        order = tuple(sorted(range(4), key=lambda s: (-self.balances[s], s)))
        self.result = ClassicalMatchResult(tuple(self.balances), order, self.hand_number)
        self.log.append(ClassicalMatchEnded(tuple(self.balances), order, self.hand_number))
