"""Both families meet the one :class:`Game` contract, statically (mypy checks these
assignments) and at run time: a match of each family is driven through the protocol alone."""

from __future__ import annotations

import random

from jantaku.engine import Game
from jantaku.engine.classical import ClassicalMatch
from jantaku.engine.riichi import new_match


def _games() -> list[Game]:
    riichi: Game = new_match("doman", seed=3, length="east_only")
    classical: Game = ClassicalMatch(seed=3)
    return [riichi, classical]


def _drive(game: Game, steps: int) -> None:
    rng = random.Random(0)
    for _ in range(steps):
        if game.finished:
            break
        seats = game.to_act()
        assert seats, "a running match always asks somebody"
        seat = seats[0]
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is asked but has no legal action"
        view = game.view(seat)
        assert view.seat == seat and set(view.legal_actions) == set(legal)
        before = len(game.log)
        events = game.apply(rng.choice(legal))
        assert game.log[before:] == events


def test_both_families_run_through_the_contract() -> None:
    for game in _games():
        assert isinstance(game, Game)
        twin = game.clone()
        _drive(game, 300)
        assert len(twin.log) < len(game.log), "a clone is independent of its original"
