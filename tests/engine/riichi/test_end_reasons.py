"""Why a match ends, as the code and seats every client words in its language: one row per way
a riichi match ends (doman-rules.md §2.10 and the Tenhou rules of §7), the classical end, and
an end event stored before the code existed, read by its English sentence."""

from __future__ import annotations

import pytest

from jantaku.engine.clock import ManualClock
from jantaku.engine.json_read import read_event
from jantaku.engine.reasons import EndReason
from jantaku.engine.riichi import Match, TableRules
from jantaku.engine.riichi.deal import DealResult
from jantaku.engine.riichi.events import EVENTS, DrawKind, MatchEnded
from jantaku.engine.riichi.flow import MatchState, after_deal
from jantaku.tiles import Wind
from tests.engine.riichi.mahjong_judge import MahjongJudge

DOMAN = TableRules()
TENHOU = TableRules(extension_round_threshold=30000, agari_yame="dealer_first_30000")
NOBODY = (False,) * 4


def _win(winner: int, scores: tuple[int, ...]) -> DealResult:
    return DealResult((winner,), None, NOBODY, (0,) * 4, 0, scores)


def _at(round_wind: Wind, dealer: int) -> MatchState:
    return MatchState((25000,) * 4, round_wind, dealer)


@pytest.mark.parametrize(
    ("rules", "before", "result", "code", "seats"),
    [
        # two players below zero: both are named, by seat
        (DOMAN, _at(Wind.EAST, 0), _win(2, (-100, 45100, 60000, -5000)), EndReason.BUST, (0, 3)),
        (DOMAN, _at(Wind.SOUTH, 3), _win(1, (26000,) * 2 + (24000,) * 2), EndReason.LAST_HAND, ()),
        (DOMAN, _at(Wind.SOUTH, 3), _win(3, (24000,) * 3 + (28000,)), EndReason.DEALER_STOP, (3,)),
        (
            DOMAN,
            _at(Wind.SOUTH, 3),
            DealResult(
                (),
                DrawKind.EXHAUSTIVE,
                (False,) * 3 + (True,),
                (0,) * 4,
                0,
                (20000,) * 3 + (40000,),
            ),
            EndReason.DEALER_STOP,
            (3,),
        ),
        (TENHOU, _at(Wind.SOUTH, 3), _win(3, (20000,) * 3 + (40000,)), EndReason.DEALER_STOP, (3,)),
        (TENHOU, _at(Wind.WEST, 1), _win(2, (26000, 26000, 30000, 18000)), EndReason.TARGET, (2,)),
        (TENHOU, _at(Wind.WEST, 3), _win(2, (26000, 26000, 29000, 19000)), EndReason.LAST_HAND, ()),
    ],
)
def test_each_end_of_the_match_flow_has_its_code_and_seats(
    rules: TableRules,
    before: MatchState,
    result: DealResult,
    code: EndReason,
    seats: tuple[int, ...],
) -> None:
    step = after_deal(rules, before, result)
    assert step.state is None and step.end is not None
    assert (step.end.code, step.end.seats) == (code, seats)


def test_the_80_minute_rule_has_its_code() -> None:
    step = after_deal(DOMAN, _at(Wind.EAST, 0), _win(0, (25000,) * 4), last_by_clock=True)
    assert step.end is not None and (step.end.code, step.end.seats) == (EndReason.TIME_80, ())


def test_the_120_minute_limit_ends_with_its_code_in_the_event_and_the_result() -> None:
    clock = ManualClock()
    match = Match(DOMAN, MahjongJudge(), 8, clock=clock)
    clock.advance(120 * 60)
    seat = match.to_act()[0]
    events = match.apply(match.legal_actions(seat)[0])
    end = events[-1]
    assert isinstance(end, MatchEnded) and end.reason_code is EndReason.TIME_120
    assert end.to_json()["reason_code"] == "time_120" and end.to_json()["reason_seats"] == []
    assert match.result is not None and match.result.code is EndReason.TIME_120


def test_a_bust_in_a_match_names_the_busted_seat_in_the_event() -> None:
    start = MatchState((-100, 40100, 30000, 30000), Wind.EAST, 0)
    match = Match(DOMAN, MahjongJudge(), 3, start=start)
    match.scores = [-100, 40100, 30000, 30000]
    step = after_deal(DOMAN, start, _win(1, (-100, 40100, 30000, 30000)))
    assert step.end is not None
    match._end(step.end, recorded=True)
    end = match.log[-1]
    assert isinstance(end, MatchEnded)
    assert (end.reason_code, end.reason_seats) == (EndReason.BUST, (0,))
    assert read_event(end.to_json(), EVENTS) == end


@pytest.mark.parametrize(
    ("reason", "code"),
    [
        ("a player went below zero", EndReason.BUST),
        ("the 80-minute rule made this the last hand", EndReason.TIME_80),
        ("the 120-minute limit was reached", EndReason.TIME_120),
        ("the extension round is over", EndReason.LAST_HAND),
        ("words no version wrote", EndReason.OTHER),
    ],
)
def test_an_end_event_stored_before_the_code_is_read_by_its_words(
    reason: str, code: EndReason
) -> None:
    old = {
        "type": "match_ended",
        "scores": [30000, 30000, 20000, 20000],
        "ranking": [0, 1, 2, 3],
        "recorded": True,
        "reason": reason,
    }
    event = read_event(old, EVENTS)
    assert isinstance(event, MatchEnded)
    assert (event.reason, event.reason_code, event.reason_seats) == (reason, code, ())
