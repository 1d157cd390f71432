"""Finished games out of storage: rebuilt from seed + stored actions (the record of truth),
checked against the stored result, written as tenhou.net/6 JSON or mjai."""

from __future__ import annotations

import json
from typing import Any

from jantaku.engine.riichi.events import Event
from jantaku.formats.from_engine import record_from_events
from jantaku.formats.record import GameRecord, Length, RulesInfo
from jantaku.server.config import TableConfig
from jantaku.server.engines import FAMILIES, MatchOutcome
from jantaku.server.storage import StoredAction

__all__ = ["export_game", "game_record", "replay_stored"]


def replay_stored(
    result: dict[str, Any], actions: list[StoredAction]
) -> tuple[MatchOutcome | None, list[Event]]:
    """Re-apply a game's stored actions to a fresh engine built from its revealed seed."""
    config = TableConfig.from_json(result["config"])
    engine = FAMILIES[config.family](config.preset, result["seed"], dict(config.overrides))
    for row in actions:
        engine.clock.time = row.elapsed
        engine.apply(engine.action_from_json(row.action))
    return engine.outcome, list(engine.log)


def game_record(
    result: dict[str, Any], actions: list[StoredAction], game_id: str = ""
) -> GameRecord:
    config = TableConfig.from_json(result["config"])
    _outcome, log = replay_stored(result, actions)
    names = tuple(str(s.get("name") or f"seat{i}") for i, s in enumerate(result["seats"]))
    rules = RulesInfo(
        red_fives=(1, 1, 1),
        open_tanyao=config.kuitan,
        length=Length.EAST_ONLY if config.length == "quick" else Length.EAST_SOUTH,
        special=(f"jantaku:{config.preset}", config.kind.value),
    )
    return record_from_events(
        log, players=names, rules=rules, source=f"jantaku:{game_id}", game_id=game_id or None
    )


def export_game(result: dict[str, Any], actions: list[StoredAction], fmt: str) -> str:
    if result["config"]["family"] != "riichi":
        raise ValueError("only riichi games can be written as tenhou.net/6 or mjai")
    game = game_record(result, actions)
    if fmt == "tenhou6":
        from jantaku.formats.tenhou6_write import write_tenhou6

        return json.dumps(write_tenhou6(game), ensure_ascii=False)
    if fmt == "mjai":
        from jantaku.formats.mjai import write_mjai

        return "\n".join(json.dumps(x, ensure_ascii=False) for x in write_mjai(game)) + "\n"
    raise ValueError(f"unknown format {fmt!r} (tenhou6 or mjai)")
