"""A whole riichi match: deals in order, dealer rotation, honba and deposits, and every way a match
ends (doman-rules.md §2.9-2.10, Tenhou differences of §7).

Time enters only through an injected :class:`Clock`; walls come from a seed (one derived seed per
deal) or from a caller-supplied function, so a seed plus the actions replays the match exactly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from jantaku.engine.actions import Action
from jantaku.engine.deal import Deal, DealResult, Phase
from jantaku.engine.events import DrawKind, Event, MatchEnded
from jantaku.engine.judge import WinJudge
from jantaku.engine.rules import TableRules
from jantaku.engine.view import SeatView, build_view
from jantaku.engine.wall import WallSetup, shuffled_wall
from jantaku.errors import IllegalActionError
from jantaku.tiles import Wind

__all__ = ["Clock", "ManualClock", "Match", "MatchResult"]

_EIGHTY_MINUTES = 80 * 60
_TWO_HOURS = 120 * 60


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since any fixed origin."""
        ...


class ManualClock:
    """A clock that moves only when told (tests, replays, bots)."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


@dataclass(frozen=True, slots=True)
class MatchResult:
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, first place first
    recorded: bool
    reason: str


@dataclass(frozen=True, slots=True)
class MatchState:
    """Where a match stands before a deal (to start a match mid-way, e.g. from a log excerpt)."""

    scores: tuple[int, ...]
    round_wind: Wind = Wind.EAST
    dealer: int = 0
    honba: int = 0
    deposits: int = 0


def ranking(scores: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Seats by points; ties go to the earlier seat (seat 0 was the first dealer)."""
    return tuple(sorted(range(4), key=lambda s: (-scores[s], s)))


class Match:
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
        self.deal = self._new_deal()

    @property
    def rounds(self) -> int:
        return 1 if self.rules.length == "east_only" else 2

    @property
    def finished(self) -> bool:
        return self.result is not None

    def _new_deal(self) -> Deal:
        deal = Deal(
            self.rules,
            self.judge,
            self.walls(self.deal_number),
            dealer=self.dealer,
            round_wind=self.round_wind,
            honba=self.honba,
            deposits=self.deposits,
            scores=tuple(self.scores),
        )
        self.log.extend(deal.log)
        return deal

    # ------------------------------------------------------------------------------ API

    def to_act(self) -> list[int]:
        return [] if self.finished else self.deal.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.finished else self.deal.legal_actions(seat)

    def view(self, seat: int | None) -> SeatView:
        return build_view(self.deal, seat, self.legal_actions(seat) if seat is not None else [])

    def apply(self, action: Action) -> list[Event]:
        if self.finished:
            raise IllegalActionError("the match is over")
        start = len(self.log)
        if self._time_is_up():
            self._end("the 120-minute limit was reached", recorded=False)
            return self.log[start:]
        self.log.extend(self.deal.apply(action))
        if self.deal.phase is Phase.ENDED:
            self._after_deal()
        return self.log[start:]

    def clone(self) -> Match:
        other = object.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.deal = self.deal.clone()
        return other

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

    def _after_deal(self) -> None:
        deal = self.deal
        result = deal.result
        assert result is not None
        self.scores = list(deal.scores)
        self.deposits = deal.deposits
        stays = self._dealer_stays(result)
        self.honba = self.honba + 1 if stays or not result.winners else 0
        ended = self._ends(result, stays)
        self.deal_number += 1
        if ended is not None:
            self._end(ended, recorded=True)
            return
        if not stays:
            self.dealer = (self.dealer + 1) % 4
            if self.dealer == 0:
                self.round_wind = Wind(self.round_wind + 1)
        self.deal = self._new_deal()

    def _dealer_stays(self, result: DealResult) -> bool:
        if result.winners:
            return self.dealer in result.winners
        if result.draw in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
            return result.tenpai[self.dealer]
        return self.rules.abortive_draw_dealer_repeats

    def _ends(self, result: DealResult, stays: bool) -> str | None:
        """Why the match ends after this deal, or None."""
        if self.rules.bust_below_zero and any(s < 0 for s in self.scores):
            return "a player went below zero"
        if self.final_deal is not None and self.deal_number + 1 >= self.final_deal:
            return "the 80-minute rule made this the last hand"
        threshold = self.rules.extension_round_threshold
        in_extension = self.round_wind >= self.rounds
        if in_extension:
            assert threshold is not None
            if any(s >= threshold for s in self.scores):
                return "a player reached the target in the extension round"
            if not stays and self.dealer == 3:
                return "the extension round is over"
            return None
        all_last = self.round_wind == self.rounds - 1 and self.dealer == 3
        if not all_last:
            return None
        top = ranking(self.scores)[0]
        if stays:
            # Only a win or a ready hand can stop the match; an abortive-draw repeat plays on.
            earned = self.dealer in result.winners or (
                result.draw in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)
                and result.tenpai[self.dealer]
            )
            if not earned or top != self.dealer:
                return None
            if self.rules.agari_yame == "dealer_first" or (
                threshold is not None and self.scores[top] >= threshold
            ):
                return "the dealer won or was ready in the last hand while leading"
            return None
        if threshold is not None and all(s < threshold for s in self.scores):
            return None  # Tenhou: nobody reached the target; play the extension round
        return "the last hand is over"

    def _end(self, reason: str, recorded: bool) -> None:
        order = ranking(self.scores)
        if recorded and self.deposits and self.rules.leftover_sticks == "to_first":
            self.scores[order[0]] += 1000 * self.deposits
            self.deposits = 0
        self.result = MatchResult(tuple(self.scores), order, recorded, reason)
        self.log.append(MatchEnded(tuple(self.scores), order, recorded, reason))
