"""A match played again from its timed actions, as a table that holds call windows played it.

A timed action is a pair (the action's JSON, the seconds into the match when it was applied),
the form in which a table stores what was played. The match is a fresh game of the table's
rules and seed whose clock is a :class:`~jantaku.engine.clock.ManualClock`; it holds a call
window after every discard (``hold_calls``), as the table did, and each action is taken the
one way a table took it: the clock set to the action's time (the time rules read it), the held
window closed (the table closed it before anybody could act again), the action applied.

No engine reads its clock while closing a window (only ``apply`` does), so the time set before
a close does not change what the close does."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.clock import ManualClock
from jantaku.engine.game import Game
from jantaku.errors import JantakuError

__all__ = ["TimedActionError", "replay_timed", "timed_steps"]

# what a bad timed action raises on its way in: an unreadable JSON or time, a refused action
_BAD = (JantakuError, AttributeError, IndexError, KeyError, TypeError, ValueError)
_SHOWN = 80  # characters of an action's JSON an error shows


class TimedActionError(JantakuError):
    """A timed action that does not play: ``number`` (from 1), its ``data`` and the
    ``reason``."""

    def __init__(self, number: int, data: Any, reason: str) -> None:
        self.number, self.data, self.reason = number, data, reason
        super().__init__(f"action {number} ({shown(data)}): {reason}")


def shown(data: Any) -> str:
    """An action's JSON as an error shows it: its repr, cut to a line's length."""
    text = repr(data)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def timed_steps(
    game: Game, steps: Iterable[tuple[Any, float]], *, close_last: bool = True
) -> Iterator[tuple[int, Action]]:
    """Play ``steps`` (action JSON, seconds) on the fresh ``game``, yielding each step's number
    (from 1) and action once the clock is set and the held window closed, before the action is
    applied (the caller may look at the match as the action's seat found it). At the end the
    last held window is closed unless ``close_last`` is false (a match that stopped there).
    A step that does not play raises :class:`TimedActionError` naming it."""
    clock = game.clock
    if not isinstance(clock, ManualClock):
        raise TypeError("a replay sets the match's clock: it must be a ManualClock")
    game.hold_calls = True
    for number, (data, elapsed) in enumerate(steps, 1):
        try:
            clock.time = float(elapsed)
            if game.holding:
                game.close_calls()
            action = Action.from_json(data)
            if not 0 <= action.seat < len(game.standings()):
                raise ValueError(f"no seat {action.seat}")
        except _BAD as error:
            raise TimedActionError(number, data, str(error)) from error
        yield number, action
        try:
            game.apply(action)
        except _BAD as error:
            raise TimedActionError(number, data, str(error)) from error
    if close_last and game.holding:
        game.close_calls()


def replay_timed(
    game: Game, steps: Iterable[tuple[Any, float]], *, close_last: bool = True
) -> None:
    """Play every step on ``game`` (see :func:`timed_steps`)."""
    for _step in timed_steps(game, steps, close_last=close_last):
        pass
