"""The riichi bot levels, each a composition of named policies and parameters.

``random`` picks any legal action; ``efficiency`` plays for the fastest hand (shanten, then
unseen accepted tiles), riichis when ready and pons only yakuhai; ``defensive`` adds push/fold
(genbutsu and the tiles a riichi hand let pass, suji, kabe and visible counts against riichi and
big open hands), calls that keep a yaku (and only for a hand with value: a cheap hand stays
closed for riichi), a two-step look at the best discards and dora value; ``expert`` adds a
push/fold weighed by hand value against the threat and riichi on the wait others let go most
readily; ``strong`` plays discards by expected value close to ready, a push/fold tuned against
tables that fold, formal-tenpai calls late in the deal and placement play in the last deal;
``strongest`` is ``strong`` looking one draw further ahead (two from ready, the expected value
of the one-from-ready hands each discard leads to) and calling by expected value (a chi or pon
when the open hand is worth more than the closed one); ``LOOKAHEAD`` and ``VALUE_CALLS`` are
each idea alone, measured and not offered. The lobby offers only the levels that measured a step
above the one before (``expert`` and ``strong`` did not); the figures behind each choice are in
docs/bots.md."""

from __future__ import annotations

from collections.abc import Callable

from jantaku.errors import JantakuError
from jantaku.players.protocol import Player
from jantaku.players.riichi.bot import Level, Params, PushRule, RandomBot, RiichiBot
from jantaku.players.riichi.calls import placement_call, yaku_call, yakuhai_call
from jantaku.players.riichi.declare import appealing_riichi, quiet_lead_riichi, widest_riichi
from jantaku.players.riichi.lookahead import lookahead_turn
from jantaku.players.riichi.push import measured_push, table_push
from jantaku.players.riichi.turns import guarded_turn, speed_turn, value_turn
from jantaku.players.riichi.value_calls import value_call

__all__ = [
    "DEFENSIVE",
    "EFFICIENCY",
    "EXPERT",
    "LEVELS",
    "LOOKAHEAD",
    "STRONG",
    "STRONGEST",
    "VALUE_CALLS",
    "make_player",
]

EFFICIENCY = Level("efficiency", speed_turn, widest_riichi, yakuhai_call)

DEFENSIVE = Level(
    "defensive",
    guarded_turn,
    widest_riichi,
    yaku_call,
    measured_push,
    Params(
        dora_keep=1.5,
        careful_kans=True,
        reads_passes=True,
        push=PushRule(
            ready_waits=2,
            ready_value=3,
            two_riichi=None,
            near_value=2,
            near_live=20,
            near_vs_riichi=None,
        ),
    ),
)

_EXPERT_PARAMS = Params(
    dora_keep=2.5,
    careful_kans=True,
    reads_passes=True,
    caution_ready=0.8,
    push=PushRule(
        ready_waits=2,
        ready_value=2,
        two_riichi=(4, 2),
        near_value=2,
        near_live=20,
        near_vs_riichi=(4, 16, 30),
    ),
)

EXPERT = Level("expert", guarded_turn, appealing_riichi, yaku_call, measured_push, _EXPERT_PARAMS)

STRONG = Level("strong", value_turn, quiet_lead_riichi, placement_call, table_push, _EXPERT_PARAMS)

STRONGEST = Level(
    "strongest", lookahead_turn, quiet_lead_riichi, value_call, table_push, _EXPERT_PARAMS
)

# each of strongest's two ideas alone (measured, not offered: docs/bots.md)
LOOKAHEAD = Level(
    "lookahead", lookahead_turn, quiet_lead_riichi, placement_call, table_push, _EXPERT_PARAMS
)
VALUE_CALLS = Level(
    "value-calls", value_turn, quiet_lead_riichi, value_call, table_push, _EXPERT_PARAMS
)


def _level(level: Level) -> Callable[[int | str], Player]:
    def factory(seed: int | str = 0) -> Player:
        return RiichiBot(level, seed)

    return factory


LEVELS: dict[str, Callable[[int | str], Player]] = {
    "random": RandomBot,
    "efficiency": _level(EFFICIENCY),
    "defensive": _level(DEFENSIVE),
    "expert": _level(EXPERT),
    "strong": _level(STRONG),
    "strongest": _level(STRONGEST),
}


def make_player(level: str, seed: int | str = 0) -> Player:
    """A bot of a named level; it reads the table's rules (kuitan, ...) from each view."""
    factory = LEVELS.get(level)
    if factory is None:
        raise JantakuError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return factory(seed)
