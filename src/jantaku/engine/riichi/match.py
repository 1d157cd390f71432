"""A whole riichi match: deals in order, dealer rotation, honba and deposits, and every way a match
ends (doman-rules.md §2.9-2.10, Tenhou differences of §7).

Time enters only through an injected :class:`Clock`; walls come from a seed (one derived seed per
deal) or from a caller-supplied function, so a seed plus the actions replays the match exactly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.clock import Clock, ManualClock
from jantaku.engine.match import BaseMatch
from jantaku.engine.reasons import BY_CLOCK_120, Ending, EndReason
from jantaku.engine.riichi.deal import Deal, Phase
from jantaku.engine.riichi.events import Event, MatchEnded
from jantaku.engine.riichi.flow import MatchState, after_deal, is_all_last, ranking
from jantaku.engine.riichi.judge import WinJudge
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.view import SeatView, build_view
from jantaku.engine.riichi.wall import WallSetup, shuffled_wall
from jantaku.errors import IllegalActionError

__all__ = ["Match", "MatchResult"]

_EIGHTY_MINUTES = 80 * 60
_TWO_HOURS = 120 * 60


@dataclass(frozen=True, slots=True)
class MatchResult:
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, first place first
    recorded: bool
    reason: str  # the English sentence
    code: EndReason = EndReason.OTHER
    seats: tuple[int, ...] = ()  # the seats the code names (who went below zero, ...)


class Match(BaseMatch[Deal]):
    _COPIED = ("scores", "actions")

    def __init__(
        self,
        rules: TableRules,
        judge: WinJudge,
        seed: int | str = 0,
        *,
        clock: Clock | None = None,
        walls: Callable[[int], WallSetup] | None = None,
        start: MatchState | None = None,
    ) -> None:
        self.rules = rules
        self.judge = judge
        self.seed = seed
        self.clock = clock or ManualClock()
        self.walls = walls or (lambda n: shuffled_wall(f"{seed}:{n}", rules.red_fives))
        self.started_at = self.clock.now()
        state = start or MatchState(scores=(rules.start_points,) * 4)
        self.scores = list(state.scores)
        self.round_wind = state.round_wind
        self.dealer = state.dealer
        self.honba = state.honba
        self.deposits = state.deposits
        self.deal_number = 0  # deals played so far, repeats included
        self.final_deal: int | None = None  # set by the 80-minute rule
        self.result: MatchResult | None = None
        self.log: list[Event] = []
        self.actions: list[Action] = []  # every applied action, in order (with the seed: a replay)
        self.setup: dict[str, Any] = {
            "seed": seed
        }  # how the match was made (see jantaku.engine.riichi.presets)
        self.deal = self._new_deal()

    def _new_deal(self) -> Deal:
        deal = self._make_deal(
            MatchState(tuple(self.scores), self.round_wind, self.dealer, self.honba, self.deposits),
            self.deal_number,
        )
        self.log.extend(deal.log)
        return deal

    def _make_deal(self, state: MatchState, number: int) -> Deal:
        """Deal number ``number`` from ``state``; changes nothing in the match."""
        deal = Deal(
            self.rules,
            self.judge,
            self.walls(number),
            dealer=state.dealer,
            round_wind=state.round_wind,
            honba=state.honba,
            deposits=state.deposits,
            scores=state.scores,
        )
        deal.hold_calls = self._hold_calls
        return deal

    # ------------------------------------------------------------------------------ API

    def standings(self) -> tuple[int, ...]:
        return tuple(self.scores)

    def view(self, seat: int | None) -> SeatView:
        if self.finished:  # the deal may have been cut short by the clock: nothing to decide
            return build_view(self.deal, seat, [], all_last=self.all_last)
        return self.deal.view(seat, all_last=self.all_last)

    @property
    def all_last(self) -> bool:
        """Whether this deal is the last one unless its dealer repeats: the last dealer of the
        last wind, a deal of an extension round that can end the match, or the deal
        the 80-minute rule made the last."""
        if self.final_deal is not None and self.deal_number >= self.final_deal:
            return True
        return is_all_last(self.rules, self.round_wind, self.dealer)

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action. One that is refused (IllegalActionError) or fails half-way
        changes nothing: not the deal, the log, the scores nor the clock's last-hand mark."""
        if self.result is not None:
            raise IllegalActionError("the match is over")
        deal = self.deal
        checked = deal.check(action)
        start = len(self.log)
        # Before 80 minutes neither time rule can act (the common case: one clock reading).
        if self.clock.now() - self.started_at >= _EIGHTY_MINUTES and self._time_is_up():
            self._end(Ending(EndReason.TIME_120, BY_CLOCK_120), recorded=False)
            return self.log[start:]
        events = deal.apply_checked(checked)
        if deal.phase is Phase.ENDED:
            self._record(events)
        else:
            self.log.extend(events)
        self.actions.append(action)
        return self.log[start:]

    # ------------------------------------------------------------------------------ flow

    def _time_is_up(self) -> bool:
        elapsed = self.clock.now() - self.started_at
        if (
            self.rules.time_80min_last_hand
            and self.final_deal is None
            and elapsed >= _EIGHTY_MINUTES
        ):
            self.final_deal = self.deal_number + 1
        return self.rules.hard_stop_120 and elapsed >= _TWO_HOURS

    def _after_deal(self, events: list[Event] | None = None) -> None:
        """Log the ended deal's last ``events`` (None: already logged) and move on to the next
        deal or the end. The next deal is built before anything changes, so a failure here
        leaves the match as it was."""
        deal = self.deal
        assert deal.result is not None
        before = MatchState(
            tuple(self.scores), self.round_wind, self.dealer, self.honba, self.deposits
        )
        last = self.final_deal is not None and self.deal_number >= self.final_deal
        step = after_deal(self.rules, before, deal.result, last_by_clock=last)
        state = step.state
        new = None if state is None else self._make_deal(state, self.deal_number + 1)
        self.log.extend(events or ())
        self.deal_number += 1
        self.scores = list(deal.scores)
        self.deposits = deal.deposits
        if state is None or new is None:
            assert step.end is not None
            self._end(step.end, recorded=True)
            return
        self.round_wind, self.dealer = state.round_wind, state.dealer
        self.honba, self.deposits = state.honba, state.deposits
        self.deal = new
        self.log.extend(new.log)

    def _end(self, end: Ending, recorded: bool) -> None:
        order = ranking(self.scores)
        if recorded and self.deposits and self.rules.leftover_sticks == "to_first":
            self.scores[order[0]] += 1000 * self.deposits
            self.deposits = 0
        scores = tuple(self.scores)
        self.result = MatchResult(scores, order, recorded, end.text, end.code, end.seats)
        self.log.append(MatchEnded(scores, order, recorded, end.text, end.code, end.seats))
