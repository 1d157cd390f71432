"""What follows a deal: the dealer rotation, honba, deposits and every way a match ends
(doman-rules.md §2.9-2.10, and the Tenhou differences of §7), as one pure function so the rule
table can be tested row by row."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.engine.reasons import BY_CLOCK_80, Ending, EndReason
from jantaku.engine.riichi.deal import DealResult
from jantaku.engine.riichi.events import DrawKind
from jantaku.engine.riichi.rules import TableRules
from jantaku.tiles import Wind

__all__ = ["MatchState", "Next", "after_deal", "is_all_last", "ranking"]

_DRAWS_WITH_TENPAI = (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)
_TENHOU_STOP_POINTS = 30000


@dataclass(frozen=True, slots=True)
class MatchState:
    """Where a match stands before a deal (also to start a match mid-way, e.g. from a log)."""

    scores: tuple[int, ...]
    round_wind: Wind = Wind.EAST
    dealer: int = 0
    honba: int = 0
    deposits: int = 0


@dataclass(frozen=True, slots=True)
class Next:
    """The state of the next deal, or (``state`` None) why the match ends."""

    state: MatchState | None
    end: Ending | None = None

    @property
    def reason(self) -> str | None:
        """Why the match ends, in the engine's English sentence."""
        return None if self.end is None else self.end.text


def ranking(scores: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Seats by points; ties go to the earlier seat (seat 0 was the first dealer)."""
    return tuple(sorted(range(4), key=lambda s: (-scores[s], s)))


def is_all_last(rules: TableRules, round_wind: int, dealer: int) -> bool:
    """Whether a deal with this round wind and dealer may be the match's last (see
    :func:`_ending`): the last dealer of the last wind; in an extension round, any deal when a
    target score can end it (Tenhou), else its last dealer."""
    rounds = 1 if rules.length == "east_only" else 2
    if round_wind >= rounds:
        return dealer == 3 or rules.extension_round_threshold is not None
    return round_wind == rounds - 1 and dealer == 3


def dealer_stays(rules: TableRules, dealer: int, result: DealResult) -> bool:
    if result.winners:
        return dealer in result.winners
    if result.draw in _DRAWS_WITH_TENPAI:
        return result.tenpai[dealer]
    return rules.abortive_draw_dealer_repeats


def after_deal(
    rules: TableRules, before: MatchState, result: DealResult, *, last_by_clock: bool = False
) -> Next:
    """The next deal's state, or the reason the match ends, after a deal played from
    ``before`` (the result carries the scores and deposits the deal left)."""
    scores = result.scores
    stays = dealer_stays(rules, before.dealer, result)
    honba = before.honba + 1 if stays or not result.winners else 0
    deposits = result.deposits_left
    end = _ending(rules, before, result, scores, stays, last_by_clock)
    if end is not None:
        return Next(None, end)
    dealer, round_wind = before.dealer, before.round_wind
    if not stays:
        dealer = (dealer + 1) % 4
        if dealer == 0:
            round_wind = Wind(round_wind + 1)
    return Next(MatchState(scores, round_wind, dealer, honba, deposits))


def _ending(
    rules: TableRules,
    before: MatchState,
    result: DealResult,
    scores: tuple[int, ...],
    stays: bool,
    last_by_clock: bool,
) -> Ending | None:
    busted = tuple(seat for seat, s in enumerate(scores) if s < 0)
    if rules.bust_below_zero and busted:
        return Ending(EndReason.BUST, "a player went below zero", busted)
    if last_by_clock:
        return Ending(EndReason.TIME_80, BY_CLOCK_80)
    rounds = 1 if rules.length == "east_only" else 2
    threshold = rules.extension_round_threshold
    dealer = before.dealer
    if before.round_wind >= rounds:  # an extension round (Tenhou)
        reached = tuple(
            seat for seat, s in enumerate(scores) if threshold is not None and s >= threshold
        )
        if reached:
            text = "a player reached the target in the extension round"
            return Ending(EndReason.TARGET, text, reached)
        if not stays and dealer == 3:
            return Ending(EndReason.LAST_HAND, "the extension round is over")
        return None
    if before.round_wind != rounds - 1 or dealer != 3:
        return None
    if stays:
        return _dealer_stop(rules, dealer, result, scores)
    if threshold is not None and all(s < threshold for s in scores):
        return None  # Tenhou: nobody reached the target; the extension round follows
    return Ending(EndReason.LAST_HAND, "the last hand is over")


def _dealer_stop(
    rules: TableRules, dealer: int, result: DealResult, scores: tuple[int, ...]
) -> Ending | None:
    """Why the all-last dealer's repeat ends the match (agari-yame), or None when it is played.

    Only a dealer in first place stops, and an abortive-draw repeat never does. ``dealer_first``
    (Doman, §2.10): a win or a ready hand at the exhaustive draw, no threshold.
    ``dealer_first_30000`` (Tenhou, §7): a win only, with at least 30,000; a dealer who is merely
    ready at the draw plays on (no tenpai-yame), as real Tenhou logs show."""
    if ranking(scores)[0] != dealer:
        return None
    won = dealer in result.winners
    if rules.agari_yame == "dealer_first_30000":
        if won and scores[dealer] >= _TENHOU_STOP_POINTS:
            text = "the dealer won the last hand while leading with at least 30,000"
            return Ending(EndReason.DEALER_STOP, text, (dealer,))
        return None
    ready = result.draw in _DRAWS_WITH_TENPAI and result.tenpai[dealer]
    if won or ready:
        text = "the dealer won or was ready in the last hand while leading"
        return Ending(EndReason.DEALER_STOP, text, (dealer,))
    return None
