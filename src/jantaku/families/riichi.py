"""The riichi family: the Doman presets and ``tenhou``, the riichi engine and bots, and the
tenhou.net/6 and mjai records of a finished match."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from jantaku.engine.clock import Clock
from jantaku.engine.events import Event
from jantaku.engine.game import Game
from jantaku.families import ArenaKit, Family, MatchInfo, PlayerSpec, Tally, register
from jantaku.players.arena import PLAYER_COLUMNS, ci_cell, percent_cell
from jantaku.players.filler import Filler
from jantaku.players.protocol import Player, Table
from jantaku.rules.riichi.options import PRESETS as RIICHI_PRESETS

__all__ = ["RIICHI"]

_MATCH_LENGTHS = {"quick": "east_only", "full": "east_south"}


def new_game(
    preset: str,
    seed: int | str,
    *,
    clock: Clock | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Game:
    from jantaku.engine.riichi.presets import new_match

    return new_match(preset, seed=seed, clock=clock, **dict(overrides or {}))


def _options(preset: str) -> Any:
    from jantaku.rules.riichi.options import preset as riichi_preset

    return riichi_preset(preset)


def _bot(level: str, seed: int | str) -> Player:
    """The riichi bot of a level (the one call into the riichi bots); it reads the table's
    rules (kuitan, the scorer's options) from each view."""
    from jantaku.players.riichi import make_player

    return make_player(level, seed)


def new_player(level: str, seed: int | str | None, preset: str) -> Player:
    return _bot(level, 0 if seed is None else seed)


def new_filler(seat: int) -> Player:
    return Filler()


def _length_overrides(length: str) -> dict[str, Any]:
    return {"length": _MATCH_LENGTHS[length]}


# ---------------------------------------------------------------------------- records


def _tally(log: Sequence[Event]) -> Tally:
    from jantaku.engine.riichi.events import DealStarted, Won

    tally = Tally()
    for e in log:
        if isinstance(e, DealStarted):
            tally.hands += 1
        elif isinstance(e, Won):
            tally.win(e.seat, e.from_seat)
            for name, _han in e.yaku:
                tally.yaku[e.seat][name] += 1
            if e.yakuman:  # a yakuman: its yaku are the yakuman (a counted one is not)
                tally.limit(e.seat, [name for name, _han in e.yaku])
    return tally


def _record(log: Sequence[Event], info: MatchInfo) -> Any:
    from jantaku.formats.from_engine import record_from_events
    from jantaku.formats.record import Length, RulesInfo

    rules = RulesInfo(
        red_fives=(1, 1, 1),
        open_tanyao=bool(_options(info.preset).kuitan),
        length=Length.EAST_ONLY if info.length == "quick" else Length.EAST_SOUTH,
        special=(f"jantaku:{info.preset}", info.kind),
    )
    record = record_from_events(
        log,
        players=info.players,
        rules=rules,
        source=f"jantaku:{info.game_id}",
        game_id=info.game_id or None,
    )
    if record.final_scores is None and info.stopped_scores is not None:
        record = replace(record, final_scores=info.stopped_scores)
    return record


def _tenhou6(log: Sequence[Event], info: MatchInfo) -> str:
    from jantaku.formats.tenhou6_write import write_tenhou6

    return json.dumps(write_tenhou6(_record(log, info)), ensure_ascii=False)


def _mjai(log: Sequence[Event], info: MatchInfo) -> str:
    from jantaku.formats.mjai import write_mjai

    lines = write_mjai(_record(log, info))
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n"


# ---------------------------------------------------------------------------- arena


def _read_view(data: dict[str, Any], options: Any) -> Any:
    from jantaku.engine.riichi.view import SeatView

    return SeatView.from_json(data, options)


def _event_types() -> Mapping[str, type[Event]]:
    from jantaku.engine.riichi.events import EVENTS

    return EVENTS


def new_table(preset: str, seed: int | str, length: str, max_hands: int = 0) -> Table:
    """A riichi match of ``length`` (``max_hands`` does not apply: a riichi match ends)."""
    return new_game(preset, seed, overrides=_length_overrides(length))


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
    """Match ``g`` of a run (``max_hands`` does not apply: a riichi match always ends)."""
    from jantaku.players.arena import match_at
    from jantaku.players.riichi.arena import play_one

    match_seed, seats = match_at(g, seed, duplicate)
    return play_one(
        match_seed,
        seats,
        lambda match_seed: new_table(preset, match_seed, length),
        partial(_arena_player, list(names)),
    )


def _summarize(names: Sequence[str], records: Sequence[Any]) -> list[dict[str, Any]]:
    from jantaku.players.riichi.arena import summarize

    return [p.to_json() for p in summarize(names, records)]


_COLUMNS = (
    *PLAYER_COLUMNS,
    ("avg place", ci_cell("avg_placement", ".3f")),
    ("± by wall set", lambda r: f"± {r['avg_placement_ci95_by_wall']:.3f}"),
    ("avg points", ci_cell("avg_points", ".0f")),
    ("win", percent_cell("win_rate")),
    ("deal-in", percent_cell("deal_in_rate")),
    ("riichi", percent_cell("riichi_rate")),
)


RIICHI = register(
    Family(
        name="riichi",
        title="Doman Mahjong (riichi)",
        presets=tuple(RIICHI_PRESETS),
        default_preset="doman",
        table_presets=("doman", "doman_no_kuitan"),
        new_game=new_game,
        levels=("random", "efficiency", "defensive", "expert", "strong", "strongest"),
        aliases={},
        new_player=new_player,
        new_filler=new_filler,
        lengths={
            "quick": "quick = the East round",
            "full": "full = East and South (hanchan)",
        },
        length_overrides=_length_overrides,
        new_table=new_table,
        preset_options=_options,
        kuitan_presets={True: "doman", False: "doman_no_kuitan"},
        table_kinds=("novice", "advanced", "party", "practice"),
        table_lengths=("quick", "full"),
        # each a measured step above the one before (docs/bots.md); ``expert`` and ``strong``
        # were not, and stay for the command line and stored tables
        table_levels=("random", "efficiency", "defensive", "strongest"),
        scorer="jantaku.rules.riichi.request",
        tally=_tally,
        exports={"tenhou6": _tenhou6, "mjai": _mjai},
        arena=ArenaKit(arena_one, _summarize, _COLUMNS, "matches"),
        solo_kind="practice",
        read_view=_read_view,
        event_types=_event_types,
        sheet="jantaku.families.riichi_sheet",
    )
)
