"""A match played again from its timed actions (:mod:`jantaku.engine.timed_replay`): a match
played as a table plays it (a call window held after every discard and closed when its time is
up, every action applied at its time on the match clock) and stored as (action JSON, seconds)
pairs replays into the same log, with the same end; a stopped match's last window stays open
when asked; a bad pair is an error naming it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from jantaku.engine import Action, ManualClock
from jantaku.engine.classical import ClassicalMatch
from jantaku.engine.reasons import EndReason
from jantaku.engine.riichi import Match
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.timed_replay import TimedActionError, replay_timed, timed_steps
from jantaku.rules.classical import preset
from tests.engine.classical._bots import choose as classical_choice
from tests.engine.policies import greedy_choice

_STEP = 15.0  # seconds between two actions: a long riichi match meets the time rules
_WINDOW = 3.0  # seconds a held call window stays open before the table closes it

Steps = list[tuple[dict[str, Any], float]]


def _riichi(seed: int, clock: ManualClock) -> Match:
    return new_match("doman", seed=seed, clock=clock)


def _classical(seed: int, clock: ManualClock) -> ClassicalMatch:
    return ClassicalMatch(preset("sontag"), seed, clock=clock)


def _choose(game: Any, seat: int, rng: random.Random) -> Action:
    if isinstance(game, Match):
        return greedy_choice(game, seat, rng)
    return classical_choice(game.deal, seat, game.legal_actions(seat), rng)


def _play(
    make: Callable[[int, ManualClock], Any], seed: int, stop: int = 10**6
) -> tuple[Any, Steps]:
    """A match as a table plays it, stopped after ``stop`` actions at most, and its steps."""
    clock = ManualClock()
    game = make(seed, clock)
    game.hold_calls = True
    rng = random.Random(seed)
    steps: Steps = []
    while not game.finished and len(steps) < stop:
        if game.holding:  # the window's time is up: it closes, between two actions
            clock.advance(_WINDOW)
            game.close_calls()
            continue
        clock.time = _STEP * (len(steps) + 1)
        action = _choose(game, game.to_act()[0], rng)
        steps.append((action.to_json(), clock.time))
        game.apply(action)
    return game, steps


def _log(game: Any) -> list[dict[str, Any]]:
    return [e.to_json() for e in game.log]


@pytest.mark.parametrize("make", [_riichi, _classical], ids=["riichi", "classical"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_match_replays_from_its_timed_actions_into_the_same_log(
    make: Callable[[int, ManualClock], Any], seed: int
) -> None:
    played, steps = _play(make, seed)
    assert played.finished
    again = make(seed, ManualClock())
    seen = []
    for n, action in timed_steps(again, steps):
        # the caller sees the match as the action's seat found it: the window closed, the
        # action not yet applied
        assert not again.holding and action in again.legal_actions(action.seat)
        seen.append(n)
    assert seen == list(range(1, len(steps) + 1))
    assert _log(again) == _log(played)
    assert again.result == played.result


def test_the_time_of_each_action_reaches_the_time_rules() -> None:
    """The riichi match is long enough for the 80- or 120-minute rule: replayed at other
    times, it would end otherwise."""
    played, steps = _play(_riichi, 1)
    assert played.result is not None and played.result.code in (
        EndReason.TIME_80,
        EndReason.TIME_120,
    )
    again = _riichi(1, ManualClock())
    replay_timed(again, steps)
    assert again.result == played.result
    untimed = _riichi(1, ManualClock())
    replay_timed(untimed, [(data, 0.0) for data, _t in steps])
    assert not untimed.finished  # at time 0 the same actions leave the match going on


@pytest.mark.parametrize("make", [_riichi, _classical], ids=["riichi", "classical"])
def test_a_stopped_match_keeps_its_last_window_open_when_asked(
    make: Callable[[int, ManualClock], Any],
) -> None:
    stop = 30
    played, steps = _play(make, 3, stop)
    while not played.holding:  # stop right after a discard whose window nobody may answer
        stop += 1
        played, steps = _play(make, 3, stop)
    kept = make(3, ManualClock())
    replay_timed(kept, steps, close_last=False)
    assert kept.holding and _log(kept) == _log(played)
    closed = make(3, ManualClock())
    replay_timed(closed, steps)
    played.close_calls()
    assert not closed.holding and _log(closed) == _log(played)


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ({"type": "discard", "seat": 9, "tile": "5m", "tile_index": 1}, "no seat 9"),
        ({"seat": 0}, "'type'"),
        ("discard", "indices"),  # not an object
        ({"type": "tsumo", "seat": 2}, "not"),  # well formed, not legal now
    ],
    ids=["seat", "no type", "not an object", "illegal"],
)
def test_a_bad_action_is_an_error_naming_it(bad: Any, says: str) -> None:
    _played, steps = _play(_riichi, 4, 12)
    steps[7] = (bad, steps[7][1])
    game = _riichi(4, ManualClock())
    with pytest.raises(TimedActionError) as caught:
        replay_timed(game, steps)
    error = caught.value
    assert error.number == 8 and error.data == bad and says in error.reason
    assert str(error).startswith(f"action 8 ({bad!r}): ")
    assert len(game.actions) == 7  # the bad one changed nothing


def test_a_bad_time_is_an_error_naming_its_action() -> None:
    _played, steps = _play(_classical, 4, 12)
    steps[3] = (steps[3][0], "soon")  # type: ignore[assignment]
    with pytest.raises(TimedActionError, match=r"^action 4 \(") as caught:
        replay_timed(_classical(4, ManualClock()), steps)
    assert "soon" in caught.value.reason


def test_a_replay_needs_a_clock_it_can_set() -> None:
    class Wall:
        def now(self) -> float:
            return 0.0

    game = new_match("doman", seed=1, clock=Wall())
    with pytest.raises(TypeError, match="ManualClock"):
        replay_timed(game, [])
