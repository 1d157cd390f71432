"""The match-flow rules of doman-rules.md §2.9-2.10 and the Tenhou differences of §7, row by row."""

from __future__ import annotations

import random

import pytest

from jantaku.engine import ActionKind, ManualClock
from jantaku.engine.reasons import Ending, EndReason
from jantaku.engine.riichi import Match, TableRules
from jantaku.engine.riichi.deal import DealResult
from jantaku.engine.riichi.events import DrawKind
from jantaku.engine.riichi.flow import MatchState, after_deal, is_all_last, ranking
from jantaku.rules.riichi import preset
from jantaku.tiles import Wind
from tests.engine.riichi.mahjong_judge import MahjongJudge

DOMAN = TableRules()
TENHOU = TableRules(
    extension_round_threshold=30000,
    agari_yame="dealer_first_30000",
    abortive_draws=frozenset(
        {"nine_terminals", "four_winds", "four_kans", "triple_ron", "four_riichi"}
    ),
)
EVEN = (25000, 25000, 25000, 25000)
NOBODY = (False, False, False, False)


def win(winner: int, scores: tuple[int, ...], deposits: int = 0) -> DealResult:
    return DealResult((winner,), None, NOBODY, (0, 0, 0, 0), deposits, scores)


def draw(kind: DrawKind, tenpai: tuple[bool, ...], scores: tuple[int, ...] = EVEN) -> DealResult:
    return DealResult((), kind, tenpai, (0, 0, 0, 0), 1, scores)


def state(round_wind: Wind, dealer: int, honba: int = 0) -> MatchState:
    return MatchState(EVEN, round_wind, dealer, honba, 0)


@pytest.mark.parametrize(
    ("result", "dealer", "honba"),
    [
        (win(1, EVEN), 1, 0),  # non-dealer wins: the deal passes, honba reset
        (win(0, EVEN), 0, 3),  # dealer wins: renchan, honba + 1
        (draw(DrawKind.EXHAUSTIVE, (True, False, False, False)), 0, 3),  # dealer ready: stays
        (draw(DrawKind.EXHAUSTIVE, (False, True, False, False)), 1, 3),  # dealer noten: passes
        (draw(DrawKind.NAGASHI_MANGAN, (False, True, True, True)), 1, 3),  # as a draw
        (draw(DrawKind.NINE_TERMINALS, NOBODY), 0, 3),  # abortive: dealer repeats
        (draw(DrawKind.FOUR_WINDS, NOBODY), 0, 3),
    ],
)
def test_dealer_rotation_and_honba(result: DealResult, dealer: int, honba: int) -> None:
    step = after_deal(DOMAN, state(Wind.EAST, 0, honba=2), result)
    assert step.state is not None
    assert (step.state.dealer, step.state.honba) == (dealer, honba)


def test_deposits_stay_on_a_draw_and_go_to_the_winner() -> None:
    kept = after_deal(DOMAN, state(Wind.EAST, 0), draw(DrawKind.EXHAUSTIVE, NOBODY))
    assert kept.state is not None and kept.state.deposits == 1
    taken = after_deal(DOMAN, state(Wind.EAST, 0), win(2, EVEN, deposits=0))
    assert taken.state is not None and taken.state.deposits == 0


def test_abortive_repeat_can_be_turned_off() -> None:
    rules = TableRules(abortive_draw_dealer_repeats=False)
    step = after_deal(rules, state(Wind.EAST, 2), draw(DrawKind.TRIPLE_RON, NOBODY))
    assert step.state is not None and step.state.dealer == 3 and step.state.honba == 1


def test_rounds_advance_and_east_only_ends_after_east_4() -> None:
    step = after_deal(DOMAN, state(Wind.EAST, 3), win(0, EVEN))
    assert step.state is not None and (step.state.round_wind, step.state.dealer) == (Wind.SOUTH, 0)
    quick = TableRules(length="east_only")
    assert after_deal(quick, state(Wind.EAST, 3), win(0, EVEN)).reason == "the last hand is over"


@pytest.mark.parametrize(
    ("rules", "result", "ends"),
    [
        # Doman: the all-last dealer stops when leading after a win or a ready draw, no threshold.
        (DOMAN, win(3, (20000, 20000, 20000, 40000)), True),
        (DOMAN, win(3, (24000, 24000, 24000, 28000)), True),
        (DOMAN, win(3, (40000, 20000, 20000, 20000)), False),  # not leading: the hand repeats
        (
            DOMAN,
            draw(DrawKind.EXHAUSTIVE, (False, False, False, True), (24000, 24000, 24000, 28000)),
            True,
        ),
        (DOMAN, draw(DrawKind.NINE_TERMINALS, NOBODY, (20000, 20000, 20000, 40000)), False),
        # Tenhou: leading and at least 30,000.
        (TENHOU, win(3, (24000, 24000, 24000, 28000)), False),
        (TENHOU, win(3, (20000, 20000, 20000, 40000)), True),
        # The dealership passes in the last hand: Doman ends; Tenhou needs someone >= 30,000.
        (DOMAN, win(1, (26000, 26000, 24000, 24000)), True),
        (TENHOU, win(1, (26000, 26000, 24000, 24000)), False),
        (TENHOU, win(1, (26000, 30000, 20000, 24000)), True),
    ],
)
def test_the_last_hand(rules: TableRules, result: DealResult, ends: bool) -> None:
    step = after_deal(rules, state(Wind.SOUTH, 3), result)
    assert (step.state is None) == ends, step
    if not ends and rules is TENHOU and result.winners == (1,):
        assert step.state is not None and step.state.round_wind is Wind.WEST


@pytest.mark.parametrize(
    ("name", "result", "ends"),
    [
        # doman: a leading dealer stops on a win or a ready hand, whatever the points.
        ("doman", win(3, (24000, 24000, 24000, 28000)), True),
        ("doman", draw(DrawKind.EXHAUSTIVE, (False,) * 3 + (True,), (24000,) * 3 + (28000,)), True),
        ("doman", draw(DrawKind.EXHAUSTIVE, (True,) * 4, (20000,) * 3 + (40000,)), True),
        ("doman", draw(DrawKind.FOUR_WINDS, NOBODY, (20000,) * 3 + (40000,)), False),
        # tenhou: a win only, leading with at least 30,000; a ready dealer plays on.
        ("tenhou", win(3, (20000, 20000, 20000, 40000)), True),
        ("tenhou", win(3, (23000, 23000, 24000, 30000)), True),
        ("tenhou", win(3, (24000, 24000, 24000, 28000)), False),
        ("tenhou", win(3, (30000, 20000, 20000, 30000)), False),  # tied: seat 0 ranks first
        (
            "tenhou",
            draw(DrawKind.EXHAUSTIVE, (False,) * 3 + (True,), (20000,) * 3 + (40000,)),
            False,
        ),
        ("tenhou", draw(DrawKind.EXHAUSTIVE, (True,) * 4, (10000, 20000, 20000, 50000)), False),
        (
            "tenhou",
            draw(DrawKind.NAGASHI_MANGAN, (False,) * 3 + (True,), (20000,) * 3 + (40000,)),
            False,
        ),
    ],
)
def test_all_last_dealer_stop_of_each_preset(name: str, result: DealResult, ends: bool) -> None:
    rules = TableRules.from_options(preset(name))
    step = after_deal(rules, state(Wind.SOUTH, 3, honba=2), result)
    assert (step.state is None) == ends, step
    if not ends:  # the dealer repeats the last hand
        assert step.state == MatchState(result.scores, Wind.SOUTH, 3, 3, result.deposits_left)


def test_tenhou_extension_round_is_sudden_death() -> None:
    step = after_deal(TENHOU, state(Wind.WEST, 1), win(2, (26000, 26000, 30000, 18000)))
    assert step.reason == "a player reached the target in the extension round"
    step = after_deal(TENHOU, state(Wind.WEST, 1), win(2, (26000, 26000, 29000, 19000)))
    assert step.state is not None
    step = after_deal(TENHOU, state(Wind.WEST, 3), win(2, (26000, 26000, 29000, 19000)))
    assert step.reason == "the extension round is over"


def test_bust_below_zero_but_not_at_zero() -> None:
    assert after_deal(DOMAN, state(Wind.EAST, 0), win(1, (-100, 50100, 25000, 25000))).reason
    step = after_deal(DOMAN, state(Wind.EAST, 0), win(1, (0, 50000, 25000, 25000)))
    assert step.state is not None
    off = TableRules(bust_below_zero=False)
    assert after_deal(off, state(Wind.EAST, 0), win(1, (-100, 50100, 25000, 25000))).state


def test_the_clock_rule_ends_after_the_flagged_hand_even_on_renchan() -> None:
    step = after_deal(DOMAN, state(Wind.EAST, 0), win(0, EVEN), last_by_clock=True)
    assert step.reason == "the 80-minute rule made this the last hand"


@pytest.mark.parametrize("rules", [DOMAN, TableRules(length="east_only"), TENHOU])
def test_all_last_flags_exactly_the_deals_a_non_dealer_win_would_end(rules: TableRules) -> None:
    """The view's ``all_last`` agrees with the match-end rule: a non-dealer win ends the match
    (someone is past Tenhou's target) after exactly the deals it flags."""
    flagged = []
    for wind in (Wind.EAST, Wind.SOUTH, Wind.WEST):
        for dealer in range(4):
            result = win((dealer + 1) % 4, (26000, 31000, 22000, 21000))
            ends = after_deal(rules, state(wind, dealer), result).state is None
            assert is_all_last(rules, wind, dealer) == ends, (wind, dealer)
            view = Match(rules, MahjongJudge(), 3, start=state(wind, dealer)).view(dealer)
            assert view.all_last == ends and view.to_json()["all_last"] == ends
            if ends:
                flagged.append((wind, dealer))
    assert flagged[0] == ((Wind.EAST, 3) if rules.length == "east_only" else (Wind.SOUTH, 3))


def test_ranking_breaks_ties_by_first_seat_order() -> None:
    assert ranking((30000, 30000, 20000, 20000)) == (0, 1, 2, 3)
    assert ranking((20000, 30000, 20000, 30000)) == (1, 3, 0, 2)


def _play_deal(match: Match, rng: random.Random) -> None:
    number = match.deal_number
    while not match.finished and match.deal_number == number:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        passes = [a for a in legal if a.kind in (ActionKind.PASS, ActionKind.DISCARD)]
        match.apply(rng.choice(passes or legal))


def test_eighty_minutes_make_the_next_hand_the_last() -> None:
    clock = ManualClock()
    match = Match(DOMAN, MahjongJudge(), 7, clock=clock)
    rng = random.Random(7)
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0])
    clock.advance(80 * 60)
    assert not match.view(0).all_last
    _play_deal(match, rng)  # the hand in progress when the mark passed
    assert not match.finished or "below zero" in (match.result.reason if match.result else "")
    assert match.finished or match.view(0).all_last, "bots must see the clock's last hand"
    _play_deal(match, rng)  # the last hand
    assert match.result is not None and match.result.recorded
    if match.result.reason == "the 80-minute rule made this the last hand":
        assert match.deal_number == 2  # the hand in progress, then exactly one more
    else:
        assert match.result.reason == "a player went below zero"


def test_two_hours_stop_the_match_unrecorded() -> None:
    clock = ManualClock()
    match = Match(DOMAN, MahjongJudge(), 8, clock=clock)
    clock.advance(120 * 60)
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0])
    assert match.result is not None and not match.result.recorded
    assert match.to_act() == []


def test_leftover_deposits_go_to_first_place() -> None:
    match = Match(TableRules(length="east_only"), MahjongJudge(), 9)
    match.deposits = 2
    match.scores = [30000, 30000, 20000, 18000]
    match._end(Ending(EndReason.LAST_HAND, "test"), recorded=True)
    assert match.result is not None and match.result.scores == (32000, 30000, 20000, 18000)
