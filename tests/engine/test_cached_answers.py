"""Cached answers: ``legal_actions(seat)`` and ``view(seat)`` are computed once per state and seat
(the server, the bots and ``apply`` all ask again), so after every step of random self-play in
both families the answers a game gives, asked before and after the step, must equal a fresh
computation of the same state; and a clone must never see its original's later steps (or the
other way round) through a shared cache."""

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
from jantaku.rules.classical import Penalty, preset
from tests.engine.classical._bots import choose as classical_choice
from tests.engine.policies import greedy_choice

SEATS: tuple[int | None, ...] = (0, 1, 2, 3, None)


def _riichi(seed: int) -> Match:
    return new_match("doman", seed=seed, length="east_only")


def _classical(seed: int) -> ClassicalMatch:
    # free declaration: every seat is asked after each discard, and offences can be reported
    return ClassicalMatch(preset("sontag", lower_limit=0, penalties=seed % 2 == 0), seed)


def _ask(game: Any) -> tuple[list[int], list[list[Action]], list[Any]]:
    """Everything a table asks between two steps (this is what fills the caches)."""
    return (
        game.to_act(),
        [list(game.legal_actions(s)) for s in range(4)],
        [game.view(s) for s in SEATS],
    )


def _fresh(game: Any) -> tuple[list[int], list[list[Action]], list[Any]]:
    """The same answers computed from scratch: a copy of the game with every cache dropped."""
    copy = game.clone()
    copy.deal._turn_cache = None
    copy.deal._views = {}
    return _ask(copy)


def _check(game: Any) -> None:
    cached = _ask(game)
    again = _ask(game)
    fresh = _fresh(game)
    assert cached == fresh
    assert again == fresh
    assert [v.to_json() for v in cached[2]] == [v.to_json() for v in fresh[2]]


def _choose(game: Any, seat: int, rng: random.Random) -> Action:
    if rng.random() < 0.3:
        return rng.choice(game.legal_actions(seat))
    if isinstance(game, Match):
        return greedy_choice(game, seat, rng)
    return classical_choice(game.deal, seat, game.legal_actions(seat), rng)


def _step(game: Any, rng: random.Random) -> None:
    if game.holding:
        game.close_calls()
    else:
        game.apply(_choose(game, game.to_act()[0], rng))


def _diverge(game: Any, rng: random.Random) -> None:
    """A clone taken with warm caches, then both play on differently: neither may answer from
    the other's state."""
    _ask(game)
    other = game.clone()
    for g in (other, game):
        if not g.finished:
            _step(g, rng)
        _check(g)
    if not other.finished and not other.holding:
        seat = other.to_act()[0]
        choices = other.legal_actions(seat)
        other.apply(choices[-1])
        _check(other)
    _check(game)


def _undo_on_a_copy(game: Any) -> None:
    """Taking back the deal's last step (what the match does when the step's aftermath fails)."""
    copy = game.clone()
    _ask(copy)
    try:
        copy.deal.undo_last()
    except IllegalActionError:
        return
    _check(copy)


def _report_on_a_copy(game: Any, rng: random.Random) -> None:
    """A reported offence bars a seat: what it may do changes without an action."""
    if not isinstance(game, ClassicalMatch) or not game.options.penalties or game.finished:
        return
    copy = game.clone()
    _ask(copy)
    offence = rng.choice([Penalty.DEAD_HAND, Penalty.WRONG_TILE_COUNT])
    try:
        copy.report_offence(rng.randrange(4), offence)
    except IllegalActionError:
        return
    _check(copy)


@pytest.mark.parametrize("make", [_riichi, _classical], ids=["riichi", "classical"])
@pytest.mark.parametrize("seed", [1, 2])
def test_cached_answers_equal_a_fresh_computation_after_every_step(
    make: Callable[[int], Any], seed: int
) -> None:
    game = make(seed)
    game.hold_calls = seed == 2
    rng = random.Random(seed)
    steps = 0
    kinds: set[ActionKind] = set()
    while not game.finished and steps < 1500:
        _ask(game)
        if not game.holding:
            for s in game.to_act():
                kinds.update(a.kind for a in game.legal_actions(s))
        _step(game, rng)
        _check(game)
        if steps % 7 == 0:
            _diverge(game, rng)
        if steps % 11 == 0:
            _undo_on_a_copy(game)
        if steps % 5 == 0:
            _report_on_a_copy(game, rng)
        steps += 1
    assert steps > 200
    assert {ActionKind.DISCARD, ActionKind.PASS} <= kinds
