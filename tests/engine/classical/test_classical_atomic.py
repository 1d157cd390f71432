"""``ClassicalMatch.apply`` is atomic like the riichi match's: an action that is refused, or that
fails half-way (in the scorer, or in dealing the next deal), leaves every view, ``to_act``, the
log and the balances as they were, and the game can go on from there."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalMatch, ClassicalWall, WallError, arranged_wall
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import preset
from tests.engine.classical.test_classical_flows import JUNK

HEAVENLY = arranged_wall(["1m2m3m 4m5m6m 7m8m9m 1p2p3p 5p5p", *JUNK])


def snapshot(game: ClassicalMatch) -> tuple[Any, ...]:
    views = [game.view(seat).to_json() for seat in (0, 1, 2, 3, None)]
    logs = [e.to_json() for e in game.log], [e.to_json() for e in game.deal.log]
    return views, game.to_act(), logs, list(game.balances)


def tsumo(game: ClassicalMatch) -> Action:
    return next(a for a in game.legal_actions(0) if a.kind is ActionKind.TSUMO)


def test_an_action_whose_next_deal_cannot_be_dealt_changes_nothing() -> None:
    def walls(number: int) -> ClassicalWall:
        if number:
            raise WallError(f"no wall for deal {number}")
        return HEAVENLY

    game = ClassicalMatch(preset("sontag"), walls=walls, first_dealer=0)
    before = snapshot(game)
    with pytest.raises(WallError, match="deal 1"):
        game.apply(tsumo(game))
    assert snapshot(game) == before and game.hand_number == 0
    game.walls = lambda n: HEAVENLY
    game.apply(tsumo(game))
    assert game.hand_number == 1 and game.balances == [30000, -10000, -10000, -10000]


def test_an_action_failing_in_the_scorer_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ClassicalMatch(preset("sontag"), walls=lambda n: HEAVENLY, first_dealer=0)
    action = tsumo(game)
    before = snapshot(game)

    def broken(*args: Any) -> Any:
        raise RuntimeError("scorer fault")

    with monkeypatch.context() as patch:
        patch.setattr("jantaku.engine.classical.ending.score_table", broken)
        with pytest.raises(RuntimeError, match="scorer fault"):
            game.apply(action)  # the Mah Jongg is logged, then scoring fails
    assert snapshot(game) == before
    game.apply(action)
    assert game.hand_number == 1
    assert [e.type for e in game.log].count("mah_jongg") == 1


def test_a_refused_action_changes_nothing() -> None:
    game = ClassicalMatch(preset("sontag"), walls=lambda n: HEAVENLY, first_dealer=0)
    before = snapshot(game)
    for action in (
        Action(ActionKind.DISCARD, 1, HEAVENLY.live[0]),
        Action(ActionKind.PON, 2, HEAVENLY.live[0]),
    ):
        with pytest.raises(IllegalActionError):
            game.apply(action)
        assert snapshot(game) == before
