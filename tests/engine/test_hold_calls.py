"""Held call windows: with ``hold_calls`` every discard (and robbable kan) opens a call window,
also when nobody may call, so a table can pace every discard alike. The game must be exactly the
same: the same actions give the same events, with the held windows closed in between."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from jantaku.engine import Action, ActionKind
from jantaku.engine.classical import ClassicalMatch
from jantaku.engine.riichi import Match
from jantaku.engine.riichi.presets import new_match
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import preset
from tests.engine.classical._bots import choose as classical_choice
from tests.engine.policies import greedy_choice


def _riichi(seed: int) -> Match:
    return new_match("doman", seed=seed, length="east_only")


def _classical(seed: int) -> ClassicalMatch:
    return ClassicalMatch(preset("sontag"), seed)


def _choose(game: Any, seat: int, rng: random.Random) -> Action:
    if isinstance(game, Match):
        return greedy_choice(game, seat, rng)
    return classical_choice(game.deal, seat, game.legal_actions(seat), rng)


def _play(make: Callable[[int], Any], seed: int, hold: bool, limit: int = 4000) -> tuple[Any, int]:
    """Play ``limit`` actions at most; returns the game and how many held windows were closed."""
    game = make(seed)
    game.hold_calls = hold
    rng = random.Random(seed)
    closed = actions = 0
    while not game.finished and actions < limit:
        if game.holding:
            assert game.to_act() == []
            assert all(game.legal_actions(s) == [] for s in range(4))
            game.close_calls()
            closed += 1
            continue
        seat = game.to_act()[0]
        game.apply(_choose(game, seat, rng))
        actions += 1
    return game, closed


@pytest.mark.parametrize("make", [_riichi, _classical], ids=["riichi", "classical"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_held_windows_change_nothing_in_the_game(make: Callable[[int], Any], seed: int) -> None:
    plain, none_closed = _play(make, seed, hold=False)
    held, closed = _play(make, seed, hold=True)
    assert none_closed == 0
    assert closed > 20  # most discards are not claimable: each gave a held window
    assert [e.to_json() for e in held.log] == [e.to_json() for e in plain.log]
    assert held.finished == plain.finished


def _first_held(make: Callable[[int], Any], seed: int) -> Any:
    game = make(seed)
    game.hold_calls = True
    rng = random.Random(seed)
    while not game.holding:
        game.apply(_choose(game, game.to_act()[0], rng))
    return game


@pytest.mark.parametrize("make", [_riichi, _classical], ids=["riichi", "classical"])
def test_nobody_may_act_in_a_held_window(make: Callable[[int], Any]) -> None:
    game = _first_held(make, 5)
    before = [e.to_json() for e in game.log]
    discarder = game.log[-1].seat
    nxt = (discarder + 1) % 4
    with pytest.raises(IllegalActionError):
        game.apply(Action(ActionKind.PASS, nxt))
    assert [e.to_json() for e in game.log] == before
    events = game.close_calls()
    assert events and events[0].type == "drew" and events[0].seat == nxt
    assert game.to_act() == [nxt]
    assert game.close_calls() == []  # nothing held now: a no-op


@pytest.mark.parametrize("make", [_riichi, _classical], ids=["riichi", "classical"])
def test_a_deal_rebuilt_after_held_windows_is_the_same(make: Callable[[int], Any]) -> None:
    """A deal that must be rebuilt (an action failing half-way) replays its closed windows too."""
    game = make(7)
    game.hold_calls = True
    rng = random.Random(7)
    closed = 0
    while closed < 12:
        if game.holding:
            game.close_calls()
            closed += 1
        else:
            game.apply(_choose(game, game.to_act()[0], rng))
    deal = game.deal
    steps = len(deal._steps if hasattr(deal, "_steps") else deal._applied)
    before = ([e.to_json() for e in deal.log], [deal.view(s).to_json() for s in range(4)])
    deal._restore(steps)
    after = ([e.to_json() for e in deal.log], [deal.view(s).to_json() for s in range(4)])
    assert after == before and deal.hold_calls
