"""Games to review, read from a file: any log jantaku reads (mjlog, tenhou.net/6, mjai, mjx and
its native log, riichi), jantaku's native match log (seed and actions), and a finished game as
the server serves it (``GET /api/games/{id}``: rules, seed and events; either family). Each game
becomes :data:`Segment` s: a game as it stood and the actions that follow."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.clock import Clock
from jantaku.engine.game import Game
from jantaku.engine.riichi.match import Match
from jantaku.errors import JantakuError
from jantaku.formats import record as rec
from jantaku.formats.detect import load_games
from jantaku.formats.errors import LogFormatError, Skipped
from jantaku.formats.logtext import read_log_text
from jantaku.formats.replay import check_game
from jantaku.jsontext import loads as load_json
from jantaku.players.review.events import actions_of_events
from jantaku.players.review.walk import Segment

__all__ = ["Source", "new_game", "read_sources", "record_segments"]


@dataclass(frozen=True, slots=True)
class Source:
    """One game to review: where it comes from, its family, the players' names, and its
    segments (made when asked: replaying a record takes a moment)."""

    source: str
    family: str  # riichi | classical
    players: tuple[str, ...]
    segments: Callable[[], Iterable[Segment]]


def record_segments(game: rec.GameRecord) -> list[Segment]:
    """A riichi record replayed as ``replay-check`` replays it: each match the replay plays
    (a new one where the record must be taken up again), as it stood at its first recorded
    discard, and the actions it took from there."""
    seen: dict[int, tuple[Match, Match, int]] = {}

    def before(match: Match, _action: rec.Discard, _riichi: bool) -> None:
        if id(match) not in seen:
            seen[id(match)] = (match, match.clone(), len(match.actions))

    check_game(game, before_discard=before)
    return [(copy, match.actions[start:]) for match, copy, start in seen.values()]


def new_game(
    family: str, preset: str, seed: Any, overrides: dict[str, Any], clock: Clock | None = None
) -> Game:
    """A fresh game of a family's preset (the server's tables are made so)."""
    if family == "classical":
        from jantaku.engine.classical import ClassicalMatch
        from jantaku.rules.classical import preset as classical_preset

        return ClassicalMatch(classical_preset(preset, **overrides), seed, clock=clock)
    from jantaku.engine.riichi.presets import new_match

    return new_match(preset, seed=seed, clock=clock, **overrides)


def _server_game(obj: dict[str, Any], source: str) -> Source:
    """A finished game as ``GET /api/games/{id}`` serves it."""
    result = obj.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("config"), dict):
        raise LogFormatError(source, "a game record without its rules (result.config)")
    config = result["config"]
    family = config.get("family", "riichi")
    if family not in ("riichi", "classical"):
        raise LogFormatError(source, f"unknown rule family {family!r}")
    if "seed" not in result:
        raise LogFormatError(source, "a game record without its seed (result.seed)")
    events = obj.get("events")
    if not isinstance(events, list):
        raise LogFormatError(source, "a game record without its events")
    seats = result.get("seats") or []
    names = tuple(
        str(s.get("name") or f"seat {i}") if isinstance(s, dict) else f"seat {i}"
        for i, s in enumerate(seats[:4])
    )
    preset, overrides = str(config.get("preset")), dict(config.get("overrides") or {})

    def segments() -> list[Segment]:
        game = new_game(family, preset, result["seed"], overrides)
        return [(game, actions_of_events(game, events))]

    return Source(source, family, names or ("seat 0", "seat 1", "seat 2", "seat 3"), segments)


def _native_match(obj: dict[str, Any], source: str) -> Source:
    """jantaku's native match log (:mod:`jantaku.formats.native`): preset, seed, actions."""
    try:
        actions = [Action.from_json(a) for a in obj.get("actions", [])]
    except (KeyError, TypeError, ValueError) as error:
        raise LogFormatError(source, f"a bad action ({error})") from None

    def segments() -> list[Segment]:
        game = new_game("riichi", str(obj.get("rules")), obj.get("seed"), obj.get("options", {}))
        return [(game, actions)]

    return Source(source, "riichi", ("seat 0", "seat 1", "seat 2", "seat 3"), segments)


def _json_object(path: Path) -> dict[str, Any] | None:
    """The file's JSON object when it is one of the two jantaku shapes read here, else None."""
    try:
        text = read_log_text(path)
        head = text.lstrip()[:1]
        obj = load_json(text) if head == "{" else None
    except (json.JSONDecodeError, UnicodeError, ValueError):
        return None
    if isinstance(obj, dict) and (obj.get("format") == "jantaku-native" or "result" in obj):
        return obj
    return None


def read_sources(path: str) -> Iterator[Source]:
    """Every game in the file (or under the folder) at ``path``; a log jantaku does not replay
    (three players, a file that holds no game) is an error naming the file and why."""
    where = Path(path)
    if where.is_file():
        obj = _json_object(where)
        if obj is not None:
            if obj.get("format") == "jantaku-native":
                yield _native_match(obj, path)
            else:
                yield _server_game(obj, path)
            return
    found = False
    for item in load_games(path):
        if isinstance(item, Skipped):
            if where.is_file():
                raise LogFormatError(str(item.path), f"cannot be reviewed: {item.reason}")
            continue
        if item.rules.players != 4:
            if where.is_file():
                raise LogFormatError(item.source, "three-player games cannot be reviewed")
            continue
        found = True
        yield Source(item.source, "riichi", item.players, _record_segments(item))
    if not found and where.is_file():
        raise LogFormatError(path, "holds no game")


def _record_segments(game: rec.GameRecord) -> Callable[[], list[Segment]]:
    def segments() -> list[Segment]:
        try:
            return record_segments(game)
        except (JantakuError, AssertionError) as error:
            raise LogFormatError(game.source, f"cannot be replayed: {error}") from None

    return segments
