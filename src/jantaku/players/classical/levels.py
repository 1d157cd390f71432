"""The classical (German Mah-Jongg) bot levels, under the riichi level names, each a
composition of named policies (:mod:`jantaku.players.classical.policies`) and parameters.

``random`` plays any legal action; ``efficiency`` plays for the fastest hand that may be declared
(the lower limit: a call only when the open hand keeps enough doubles, a ready hand only on
waits the scorer allows); ``expert`` / ``strongest`` weighs value against speed (seven pairs as a
special hand, Farbspiel, honor pungs, the concealed hand's doubles), with mild care with
dangerous discards and no folding, since a deal-in costs no more than another player's win;
``defensive`` plays the same shapes with a third of that value sense and more care against
opponents close to a big hand (figures laid out, one suit, honor pungs, East): the former level,
which folded, placed below ``efficiency``; this one is level with it, so the lobby offers
``random``, ``efficiency`` and ``strongest`` only (the ladder in docs/bots.md). Every level
keeps the Störspiel rule: it never discards a dangerous tile unless an exception (ready, same
tile as the previous discard, nothing else to discard) allows it. The figures are in
docs/bots.md."""

from __future__ import annotations

from collections.abc import Callable

from jantaku.errors import JantakuError
from jantaku.players.classical.bot import ClassicalBot, ClassicalParams, ClassicalRandomBot, Level
from jantaku.players.classical.policies import (
    speed_claim,
    speed_kong,
    speed_score,
    value_claim,
    value_kong,
    value_score,
)
from jantaku.players.protocol import Player

__all__ = ["DEFENSIVE", "EFFICIENCY", "LEVELS", "STRONGEST", "make_player"]

EFFICIENCY = Level("efficiency", speed_score, speed_kong, speed_claim)

STRONGEST = Level(
    "strongest",
    value_score,
    value_kong,
    value_claim,
    ClassicalParams(alpha=30.0, care=4.0, min_threat=0.05),
)

DEFENSIVE = Level(
    "defensive",
    value_score,
    value_kong,
    value_claim,
    # A third of strongest's weight on value, three times its care; only a full threat (four
    # figures laid out: 1.0) counts, so the care bends the discards that matter (docs/bots.md).
    ClassicalParams(alpha=10.0, care=12.0, min_threat=0.99),
)


def _level(level: Level) -> Callable[[int | str], Player]:
    def factory(seed: int | str = 0) -> Player:
        return ClassicalBot(level)  # deterministic: the seed plays no part

    return factory


LEVELS: dict[str, Callable[[int | str], Player]] = {
    "random": ClassicalRandomBot,
    "efficiency": _level(EFFICIENCY),
    "defensive": _level(DEFENSIVE),
    "expert": _level(STRONGEST),
    "strongest": _level(STRONGEST),
}


def make_player(level: str, seed: int | str = 0) -> Player:
    """A classical bot of a named level, named after it. A riichi level without a classical
    counterpart of its own (a newer, stronger riichi bot) plays the strongest classical level."""
    factory = LEVELS.get(level)
    if factory is None:
        from jantaku.players.riichi import LEVELS as RIICHI

        if level not in RIICHI:
            raise JantakuError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
        factory = LEVELS["strongest"]
    bot = factory(seed)
    bot.name = level
    return bot
