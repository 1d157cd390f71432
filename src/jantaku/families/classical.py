"""The classical family: Sontag's German Mah-Jongg (preset ``sontag``), its engine and bots.
It has no record format of its own yet: a finished game is kept as its stored actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from jantaku.engine.clock import Clock
from jantaku.engine.events import Event
from jantaku.engine.game import Game
from jantaku.families import ArenaKit, Family, PlayerSpec, Tally, register
from jantaku.players.arena import PLAYER_COLUMNS, ci_cell, percent_cell
from jantaku.players.protocol import Player
from jantaku.rules.classical.options import PRESETS as CLASSICAL_PRESETS

if TYPE_CHECKING:
    from jantaku.players.classical.table import ClassicalTable

__all__ = ["CLASSICAL"]

#: wind rounds a game of each length plays (the engine plays all four; ``quick`` stops early)
_ROUNDS = {"quick": 1, "full": 4}


def new_game(
    preset: str,
    seed: int | str,
    *,
    clock: Clock | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Game:
    from jantaku.engine.classical import new_match

    return new_match(preset, seed=seed, clock=clock, **dict(overrides or {}))


def _options(preset: str, overrides: Mapping[str, Any] | None = None) -> Any:
    from jantaku.rules.classical import preset as classical_preset

    return classical_preset(preset, **dict(overrides or {}))


def _bot(level: str, seed: int | str) -> Player:
    """The classical bot of a level (the one call into the classical bots)."""
    from jantaku.players.classical import make_player

    return make_player(level, seed)


def new_player(level: str, seed: int | str | None, preset: str) -> Player:
    return _bot(level, level if seed is None else seed)


def new_filler(seat: int) -> Player:
    """Throwing back every draw never wins a classical hand (East keeps the deal after each
    Remis, so the game would never end): the efficiency bot fills a seat instead."""
    from jantaku.players.filler import Filler
    from jantaku.players.guarded import Guarded

    return Guarded(_bot("efficiency", seat), Filler())


def _length_overrides(length: str) -> dict[str, Any]:
    """A quick table plays the East wind round only; a full one Sontag's whole game."""
    return {"wind_rounds": 1} if length == "quick" else {}


def _tally(log: Sequence[Event]) -> Tally:
    """A win is counted when the hand's end confirms the Mah Jongg declared in it."""
    from jantaku.engine.classical.events import (
        ClassicalDealEnded,
        ClassicalDealStarted,
        MahJonggDeclared,
    )

    tally = Tally()
    declared: MahJonggDeclared | None = None
    for e in log:
        if isinstance(e, ClassicalDealStarted):
            tally.hands += 1
            declared = None
        elif isinstance(e, MahJonggDeclared):
            declared = e
        elif isinstance(e, ClassicalDealEnded) and e.winner is not None:
            by = declared.from_seat if declared is not None and declared.seat == e.winner else None
            tally.win(e.winner, by)
            for r in e.results:
                if r.seat == e.winner and r.special_hand:
                    tally.yaku[e.winner][r.special_hand] += 1
                    tally.limit(e.winner, [r.special_hand])  # a special hand scores the limit
    return tally


# ---------------------------------------------------------------------------- arena


def _read_view(data: dict[str, Any], options: Any) -> Any:
    from jantaku.engine.classical.view import ClassicalView

    return ClassicalView.from_json(data, options)


def _event_types() -> Mapping[str, type[Event]]:
    from jantaku.engine.classical.events import EVENTS

    return EVENTS


def new_table(preset: str, seed: int | str, length: str, max_hands: int = 400) -> ClassicalTable:
    """A game of ``length`` wind rounds' worth, stopped after ``max_hands`` hands."""
    from jantaku.players.classical.table import ClassicalTable

    return ClassicalTable(_options(preset), seed=seed, rounds=_ROUNDS[length], max_hands=max_hands)


def _arena_player(names: Sequence[PlayerSpec], index: int, seed: str) -> Player:
    spec = names[index]
    return _bot(spec, seed) if isinstance(spec, str) else spec(seed)


def arena_one(
    preset: str,
    length: str,
    max_hands: int,
    names: Sequence[PlayerSpec],
    seed: str,
    duplicate: bool,
    g: int,
) -> Any:
    """Game ``g`` of a run; a game still going after ``max_hands`` hands is stopped."""
    from jantaku.players.classical.arena import play_classical_one

    return play_classical_one(
        g,
        seed,
        duplicate,
        lambda match_seed: new_table(preset, match_seed, length, max_hands),
        partial(_arena_player, list(names)),
    )


def _summarize(names: Sequence[str], records: Sequence[Any]) -> list[dict[str, Any]]:
    from jantaku.players.classical.arena import summarize_classical

    return [p.to_json() for p in summarize_classical(names, records)]


_COLUMNS = (
    *PLAYER_COLUMNS,
    ("avg balance", ci_cell("avg_balance", ".0f")),
    ("avg place", ci_cell("avg_placement", ".3f")),
    ("win", percent_cell("win_rate")),
    ("deal-in", percent_cell("deal_in_rate")),
    ("violations", lambda r: str(r["violations"])),
)


CLASSICAL = register(
    Family(
        name="classical",
        title="Classical German Mah-Jongg",
        presets=tuple(CLASSICAL_PRESETS),
        default_preset="sontag",
        table_presets=("sontag",),
        new_game=new_game,
        levels=("random", "efficiency", "defensive", "expert", "strong", "strongest"),
        aliases={},
        new_player=new_player,
        new_filler=new_filler,
        lengths={
            "quick": "quick = the East wind round only (every player East at least once, "
            "usually 6-10 hands)",
            "full": "full = all four wind rounds (Sontag's whole game)",
        },
        length_overrides=_length_overrides,
        new_table=new_table,
        preset_options=_options,
        kuitan_presets={},
        table_kinds=("classical",),
        table_lengths=("quick", "full"),
        # each a measured step above the one before (docs/bots.md): ``defensive`` plays level
        # with ``efficiency``, and ``expert`` and ``strong`` are other names of the strongest
        table_levels=("random", "efficiency", "strongest"),
        scorer="jantaku.rules.classical.request",
        tally=_tally,
        exports={},
        arena=ArenaKit(arena_one, _summarize, _COLUMNS, "games"),
        solo_kind="classical",
        read_view=_read_view,
        event_types=_event_types,
        sheet="jantaku.families.classical_sheet",
    )
)
