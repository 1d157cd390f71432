"""A finished game as the server serves it (``GET /api/games/{id}``: rules, seed, events and
result) checked the way ``jantaku replay-check`` checks a log: a fresh match of its rules and
seed is played along the decisions its events record, with the call window the table held
after every discard, and every event the engine makes, and the end, must equal the record. The
first difference is reported at its hand (after it the two can only differ more).

The record has no times: a match the 80-minute rule shortened, or the 120-minute limit cut, is
replayed with the clock set where the record shows the rule acted. A match abandoned inside a
hand (its events stop there, the result says ``abandoned``) ends with the standings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.clock import ManualClock
from jantaku.engine.game import Game
from jantaku.engine.reasons import TIME_80, TIME_120, end_code
from jantaku.errors import JantakuError
from jantaku.formats.errors import LogFormatError
from jantaku.formats.replay import GameCheck, HandMismatch
from jantaku.players.review.events import actions_of_events
from jantaku.players.review.sources import new_game

__all__ = ["check_server_game", "is_server_game"]

_EIGHTY, _TWO_HOURS = 80 * 60, 120 * 60
_STARTS = ("deal_started", "classical_deal_started")
_ENDS = ("match_ended", "game_ended")
_END_WORDS = ("reason", "reason_code", "reason_seats")  # how the end event says why
_ABANDONED = "abandoned"  # the result's reason_code of a match nobody played any more


def is_server_game(obj: Any) -> bool:
    """Whether a file's JSON is a game as ``GET /api/games/{id}`` serves it."""
    return isinstance(obj, dict) and "result" in obj and "events" in obj


def _hand_name(start: dict[str, Any]) -> str:
    """``E1-0`` (riichi: round, deal, honba) or ``E hand 1`` (classical)."""
    wind = "ESWN"[int(start.get("round_wind", 0)) % 4]
    if start.get("type") == "deal_started":
        return f"{wind}{int(start.get('deal', 0)) + 1}-{start.get('honba', 0)}"
    return f"{wind} hand {int(start.get('hand_number', 0)) + 1}"


def _end_code(result: dict[str, Any], end: dict[str, Any] | None) -> str | None:
    """Why the record's match ended, as a code: the result's ``reason_code`` (or its end
    event's); a record stored without one says it only in the end event's words (the engine's
    of that time)."""
    for code in (result.get("reason_code"), (end or {}).get("reason_code")):
        if isinstance(code, str):
            return code
    return end_code(str(end.get("reason"))) if end is not None else None


def _same_end(mine: dict[str, Any], theirs: dict[str, Any], code: str | None) -> bool:
    """Whether the engine's end event is the record's but for its reason's words: the same
    fields, and the record's code (with the seats it names, when the record has them; a record
    stored before the code existed has only its words, or its result's code)."""
    if mine.get("type") not in _ENDS or code is None or mine.get("type") != theirs.get("type"):
        return False
    mine_rest = {k: v for k, v in mine.items() if k not in _END_WORDS}
    theirs_rest = {k: v for k, v in theirs.items() if k not in _END_WORDS}
    if mine_rest != theirs_rest:
        return False
    if "reason_code" in theirs:
        same_seats = mine.get("reason_seats") == theirs.get("reason_seats")
        return mine.get("reason_code") == theirs["reason_code"] and same_seats
    return mine.get("reason_code", end_code(str(mine.get("reason")))) == code


def _plain(value: Any) -> Any:
    """As stored (tuples are lists in JSON)."""
    return json.loads(json.dumps(value))


def _setup(obj: dict[str, Any], source: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The stored result and events, or LogFormatError naming what is missing or wrong."""
    result = obj.get("result")
    if not isinstance(result, dict):
        raise LogFormatError(source, "a server game record without its result (result)")
    config = result.get("config")
    if not isinstance(config, dict):
        raise LogFormatError(source, "a server game record without its rules (result.config)")
    if config.get("family", "riichi") not in ("riichi", "classical"):
        raise LogFormatError(source, f"unknown rule family {config.get('family')!r}")
    if not isinstance(config.get("preset"), str):
        raise LogFormatError(source, "a server game record without its preset (result.config)")
    if not isinstance(config.get("overrides", {}), dict):
        raise LogFormatError(source, "result.config.overrides is not an object")
    if not isinstance(result.get("seed"), int | str) or isinstance(result.get("seed"), bool):
        raise LogFormatError(source, "a server game record without its seed (result.seed)")
    events = obj.get("events")
    if not isinstance(events, list) or not events:
        raise LogFormatError(source, "a server game record without its events (events)")
    for n, e in enumerate(events, 1):
        if not isinstance(e, dict) or not isinstance(e.get("type"), str):
            raise LogFormatError(source, f"event {n} is not an event object with a type")
    if events[0]["type"] not in _STARTS:
        raise LogFormatError(source, f"event 1 is {events[0]['type']!r}, not the start of a hand")
    return result, events


class _Replay:
    """The match played along the record, and where it stands against it."""

    def __init__(self, result: dict[str, Any], events: list[dict[str, Any]], source: str):
        config = result["config"]
        self.source, self.events, self.result = source, events, result
        self.clock = ManualClock()
        self.game: Game = new_game(
            config.get("family", "riichi"),
            config["preset"],
            result["seed"],
            dict(config.get("overrides") or {}),
            clock=self.clock,
        )
        self.game.hold_calls = True  # as the table did: a window after every discard
        self.end = events[-1] if events[-1]["type"] in _ENDS else None
        starts = [i for i, e in enumerate(events) if e["type"] in _STARTS]
        self.code = _end_code(result, self.end)
        # the deal during which 80 minutes passed: the one before the last (made the last)
        self.clock_80 = len(starts) - 2 if self.code == TIME_80 else None
        self.hands = len(starts)
        self.seen = 0  # engine events compared so far

    def hand_at(self, index: int) -> str:
        start = next(
            (e for e in reversed(self.events[: index + 1]) if e["type"] in _STARTS),
            self.events[0],
        )
        return _hand_name(start)

    def compare(self) -> str | None:
        """The first engine event that differs from the record (or that the record lacks)."""
        log = self.game.log
        while self.seen < len(log):
            mine = _plain(log[self.seen].to_json())
            if self.seen >= len(self.events):
                return f"the engine goes on with {mine['type']}, the record has ended"
            theirs = self.events[self.seen]
            if mine != theirs and not _same_end(mine, theirs, self.code):
                return f"event {self.seen + 1}: the record has {theirs}, the engine {mine}"
            self.seen += 1
        return None

    def actions(self) -> Iterator[Action]:
        """The recorded decisions, the clock set as the record shows the time rules acted."""
        for action in actions_of_events(self.game, self.events):
            if self.seen >= len(self.events):
                return  # an abandoned record stops here: nobody answered the rest
            deals = sum(e.type in _STARTS for e in self.game.log)
            if self.clock_80 is not None and deals - 1 >= self.clock_80:
                self.clock.time = max(self.clock.time, _EIGHTY)
            if self.code == TIME_120 and self.seen == len(self.events) - 1:
                self.clock.time = _TWO_HOURS  # the limit stopped the match at this step
            yield action


def _end_problem(replay: _Replay) -> str | None:
    """How the engine's end differs from the record's (its last event and stored result)."""
    game, result = replay.game, replay.result
    if replay.end is not None and replay.code == TIME_120 and not game.finished:
        replay.clock.time = _TWO_HOURS  # cut by the limit: the next step stops the match
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
        return replay.compare()
    if replay.end is None:
        if game.finished:
            return "the record stops, the engine ended the match"
        if result.get("reason_code") != _ABANDONED:
            return "the record stops inside the match, but its result does not say it was abandoned"
        scores = list(game.standings())
    else:
        if not game.finished:
            return f"the record ends the match ({replay.end['type']}), the engine goes on"
        assert game.result is not None
        scores = list(game.result.scores)
    if "scores" in result and _plain(result["scores"]) != scores:
        return f"final scores {scores} != record {result['scores']}"
    return None


def check_server_game(obj: dict[str, Any], source: str) -> GameCheck:
    """Replay a server game record; mismatches are collected in the returned check, a record
    that cannot be read raises :class:`LogFormatError` naming the file and what is wrong."""
    result, events = _setup(obj, source)
    try:
        replay = _Replay(result, events, source)
    except (JantakuError, ValueError, TypeError, KeyError) as error:
        raise LogFormatError(source, f"its rules cannot be set up ({error})") from None
    check = GameCheck(source, hands=replay.hands)

    def mismatch(what: str, at: int) -> GameCheck:
        name = "end" if at >= len(events) else replay.hand_at(at)
        check.mismatches.append(HandMismatch(source, name, what))
        return check

    try:
        for action in replay.actions():
            replay.game.apply(action)
            problem = replay.compare()
            if problem is None and replay.game.holding and replay.seen < len(events):
                replay.game.close_calls()  # the window closed: the record goes on
                problem = replay.compare()
            if problem is not None:
                return mismatch(problem, replay.seen)
        problem = replay.compare() or _end_problem(replay)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        what = f"missing field {error}" if isinstance(error, KeyError) else str(error)
        n = min(replay.seen + 1, len(events))
        raise LogFormatError(source, f"event {n} cannot be read ({what})") from None
    except JantakuError as error:  # a recorded decision the engine does not allow
        return mismatch(str(error), replay.seen)
    if problem is not None:
        return mismatch(problem, replay.seen)
    return check
