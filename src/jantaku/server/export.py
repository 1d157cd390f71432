"""Finished games out of storage: rebuilt from seed + stored actions (the record of truth),
checked against the stored result, written in a record format of their rule family."""

from __future__ import annotations

from typing import Any

from jantaku.engine.clock import ManualClock
from jantaku.engine.events import Event
from jantaku.engine.game import GameResult
from jantaku.engine.timed_replay import replay_timed
from jantaku.families import MatchInfo, family
from jantaku.server.config import TableConfig
from jantaku.server.storage import StoredAction

__all__ = ["export_game", "export_refusal", "replay_stored"]


def replay_stored(
    result: dict[str, Any], actions: list[StoredAction]
) -> tuple[GameResult | None, list[Event]]:
    """Re-apply a game's stored actions to a fresh match built from its revealed seed, with the
    call window the table held after every discard (so a match abandoned while one was open
    ends there, as its table did, not with a draw nobody made; any other match's last window
    closed, which may have ended it)."""
    config = TableConfig.from_json(result["config"])
    game = family(config.family).new_game(
        config.preset, result["seed"], clock=ManualClock(), overrides=config.overrides
    )
    steps = ((row.action, row.elapsed) for row in actions)
    # any match but an abandoned one: the last window closed, and the hand (or match) ended
    replay_timed(game, steps, close_last=result.get("reason_code") != "abandoned")
    return game.result, list(game.log)


def export_refusal(result: dict[str, Any], fmt: str) -> str | None:
    """Why a game of ``result`` cannot be written in format ``fmt`` (its family has no such
    format), else None; checked without playing the game again."""
    fam = family(TableConfig.from_json(result["config"]).family)
    if fmt in fam.exports:
        return None
    if not fam.exports:
        return f"a {fam.title} game has no record format to be written in yet"
    return f"unknown format {fmt!r} ({' or '.join(fam.exports)})"


def export_game(
    result: dict[str, Any], actions: list[StoredAction], fmt: str, game_id: str = ""
) -> str:
    """The game in record format ``fmt``; ValueError when its family has no such format."""
    refusal = export_refusal(result, fmt)
    if refusal is not None:
        raise ValueError(refusal)
    config = TableConfig.from_json(result["config"])
    writer = family(config.family).exports[fmt]
    ended, log = replay_stored(result, actions)
    names = tuple(str(s.get("name") or f"seat{i}") for i, s in enumerate(result["seats"]))
    # an abandoned match stopped inside a hand: its end is the stored result, not an event
    stopped = None if ended is not None else tuple(int(x) for x in result["scores"])
    info = MatchInfo(names, config.preset, config.length, config.kind.value, game_id, stopped)
    return writer(log, info)
