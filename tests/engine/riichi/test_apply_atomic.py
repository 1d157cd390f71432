"""``Match.apply`` is atomic: an action that is refused, or that fails half-way (an engine fault, a
judge or a wall source that raises), leaves every seat's view, ``to_act``, the log and the list of
actions exactly as they were, and the match can go on from there."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.engine import Action, ActionKind, ManualClock
from jantaku.engine.riichi import Match, TableRules
from jantaku.engine.riichi.events import DrawKind
from jantaku.engine.riichi.judge import WinOutcome, WinSituation
from jantaku.engine.riichi.wall import WallError, WallSetup
from jantaku.errors import IllegalActionError
from jantaku.tiles import parse_kind
from tests.engine.riichi.mahjong_judge import MahjongJudge
from tests.engine.riichi.walls import make_wall

# Seat 1 waits on 2z/3z (a shanpon); the dealer holds a 2z to discard.
RON_WALL = make_wall(["2z", "123m456p789s2233z"], draws="9m")
NINE_WALL = make_wall(["19m19p19s123z2345m"], draws="6m")


class FailingJudge:
    """The test judge, raising while ``fail`` is set (a fault met half-way through an action)."""

    def __init__(self) -> None:
        self.inner = MahjongJudge()
        self.fail = False

    def judge(self, situation: WinSituation) -> WinOutcome | None:
        if self.fail:
            raise RuntimeError("judge fault")
        return self.inner.judge(situation)


def snapshot(match: Match) -> tuple[Any, ...]:
    views = [match.view(seat).to_json() for seat in (0, 1, 2, 3, None)]
    return views, match.to_act(), list(match.log), list(match.actions), match.finished


def discard(match: Match, seat: int, kind: str) -> Action:
    return next(
        a
        for a in match.legal_actions(seat)
        if a.kind is ActionKind.DISCARD and a.tile is not None and a.tile.kind is parse_kind(kind)
    )


def test_an_action_failing_half_way_changes_nothing_and_can_be_retried() -> None:
    judge = FailingJudge()
    match = Match(TableRules(), judge, walls=lambda n: RON_WALL)
    action = discard(match, 0, "2z")
    before = snapshot(match)
    judge.fail = True  # the discard leaves the hand, then judging seat 1's ron fails
    with pytest.raises(RuntimeError, match="judge fault"):
        match.apply(action)
    assert snapshot(match) == before
    judge.fail = False
    match.apply(action)
    assert match.to_act() == [1]
    assert any(a.kind is ActionKind.RON for a in match.legal_actions(1))


def test_a_refused_action_changes_nothing() -> None:
    match = Match(TableRules(), MahjongJudge(), walls=lambda n: RON_WALL)
    before = snapshot(match)
    for action in (
        Action(ActionKind.DISCARD, 1, RON_WALL.hands[1][0]),  # not seat 1's turn
        Action(ActionKind.TSUMO, 0),  # no winning hand
        Action(ActionKind.CONCEALED_KAN, 0, None, RON_WALL.hands[0][:4]),
    ):
        with pytest.raises(IllegalActionError):
            match.apply(action)
        assert snapshot(match) == before


def test_a_refused_action_after_two_hours_does_not_end_the_match() -> None:
    clock = ManualClock()
    match = Match(TableRules(), MahjongJudge(), clock=clock, walls=lambda n: RON_WALL)
    clock.advance(121 * 60)
    before = snapshot(match)
    with pytest.raises(IllegalActionError):
        match.apply(Action(ActionKind.DISCARD, 2, RON_WALL.hands[2][0]))
    assert snapshot(match) == before
    match.apply(discard(match, 0, "2z"))  # the next legal action meets the limit
    assert match.result is not None and not match.result.recorded


def test_an_action_whose_next_deal_cannot_be_dealt_changes_nothing() -> None:
    def walls(number: int) -> WallSetup:
        if number:
            raise WallError(f"no wall for deal {number}")
        return NINE_WALL

    match = Match(TableRules(), MahjongJudge(), walls=walls)
    nine = next(a for a in match.legal_actions(0) if a.kind is ActionKind.NINE_TERMINALS)
    before = snapshot(match)
    with pytest.raises(WallError, match="deal 1"):
        match.apply(nine)
    assert snapshot(match) == before
    assert match.deal_number == 0 and match.honba == 0
    match.walls = lambda n: NINE_WALL
    match.apply(nine)
    assert match.deal_number == 1 and match.honba == 1
    assert any(getattr(e, "draw", None) is DrawKind.NINE_TERMINALS for e in match.log)
