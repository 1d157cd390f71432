"""jantaku's bots on the mjai protocol: :class:`MjaiBot` answers mjai events with a bot's
decisions (used by ``jantaku mjai-bot``)."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.events import DealStarted, Discarded, RiichiAccepted
from jantaku.formats.mjai import parse_pai
from jantaku.jsontext import loads as load_json
from jantaku.players.mjai.state import MjaiSeatState, MjaiStateError, action_to_mjai
from jantaku.players.protocol import Player
from jantaku.rules.riichi import RiichiOptions
from jantaku.tiles import Tile

__all__ = ["MjaiBot", "serve"]

_NONE: dict[str, Any] = {"type": "none"}


class MjaiBot:
    """Feeds a bot the seat's picture of the game and turns its choices into mjai messages."""

    def __init__(self, player: Player, seat: int = 0, options: RiichiOptions | None = None) -> None:
        self.player = player
        self.state = MjaiSeatState(seat, options)
        self.riichi_tile: Tile | None = None

    def react(self, event: dict[str, Any], where: str = "") -> dict[str, Any]:
        """The answer to one event: an action of this seat or ``{"type": "none"}``; a bad event
        is answered with none and explained on stderr (``where``: e.g. ``line 3: ``)."""
        state = self.state
        try:
            _check(event)
            state.update(event)
            self._observe(event)
            if event.get("type") in (
                "start_game",
                "end_kyoku",
                "end_game",
                "hora",
                "ryukyoku",
                "start_kyoku",
                "reach_accepted",
                "dora",
            ):
                return _NONE
            legal = state.legal_actions()
            if not legal:
                return _NONE
            me = state.seat
            if event.get("type") == "reach" and event.get("actor") == me:
                riichi = [a for a in legal if a.kind is ActionKind.RIICHI]
                wanted = self.riichi_tile
                pick = next(
                    (
                        a
                        for a in riichi
                        if wanted is not None
                        and a.tile is not None
                        and a.tile.kind_id == wanted.kind_id
                        and a.tile.red == wanted.red
                    ),
                    None,
                )
                action = pick or self.player.choose(state.view())
                self.riichi_tile = None
                assert action.tile is not None
                return {
                    "type": "dahai",
                    "actor": me,
                    "pai": _name(action.tile),
                    "tsumogiri": action.tile == state.drawn,
                }
            action = self.player.choose(state.view())
            if action.kind is ActionKind.RIICHI:
                self.riichi_tile = action.tile
            return action_to_mjai(action, state)
        except Exception as error:  # keep the game going; say why on stderr
            print(f"jantaku mjai-bot: {where}{_problem(event, error)}", file=sys.stderr)
            return self._fallback()

    def _fallback(self) -> dict[str, Any]:
        state = self.state
        drawn = getattr(state, "drawn", None)
        if getattr(state, "turn", None) == state.seat and drawn is not None:
            return {"type": "dahai", "actor": state.seat, "pai": _name(drawn), "tsumogiri": True}
        return _NONE

    def _observe(self, e: dict[str, Any]) -> None:
        """Give the bot the engine events it reads (the order of discards and riichi)."""
        kind = e.get("type")
        observed: list[Any] = []
        if kind == "start_kyoku":
            observed.append(DealStarted(0, 0, 0, 0, (), Tile(0), ()))
        elif kind == "dahai":
            k, red = parse_pai(e["pai"])
            observed.append(Discarded(e["actor"], Tile(k * 4, red), bool(e.get("tsumogiri"))))
        elif kind == "reach_accepted":
            observed.append(RiichiAccepted(e["actor"], (), 0))
        if observed:
            self.player.observe(observed)

    def respond_line(self, line: str, where: str = "") -> str:
        """One input line (an event, or a JSON array of events: answer the last) to one line."""
        data = load_json(line)
        events = data if isinstance(data, list) else [data]
        answer = _NONE
        for e in events:
            answer = self.react(e, where)
        return json.dumps(answer, separators=(",", ":"))


_JSON_TYPES = {str: "a string", int: "a number", float: "a number", bool: "a boolean"}


def _check(event: Any) -> None:
    """The shape every event shares: a JSON object whose seats (``actor``, ``target``, a
    ``start_game`` ``id``) are seats 0-3."""
    if not isinstance(event, dict):
        what = "null" if event is None else _JSON_TYPES.get(type(event), "a list")
        raise MjaiStateError(f"an event must be a JSON object, not {what}")
    kind = event.get("type")
    fields = ("id",) if kind == "start_game" else ("actor", "target")
    for name in fields:
        value = event.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise MjaiStateError(f"{kind}: {name} must be a seat 0-3, got {value!r}")


def _problem(event: Any, error: Exception) -> str:
    """What was wrong with an event, in words (the event's type first)."""
    if isinstance(error, MjaiStateError) and not isinstance(event, dict):
        return str(error)
    kind = event.get("type") if isinstance(event, dict) else None
    head = f"{kind}: " if isinstance(kind, str) else "event without a type: "
    if isinstance(error, MjaiStateError) and str(error).startswith(f"{kind}: "):
        return str(error)
    if isinstance(error, KeyError):
        return f"{head}missing field {error}"
    if isinstance(error, ValueError):
        return f"{head}{error}"
    return f"{head}malformed event ({type(error).__name__}: {error})"


def _name(tile: Tile) -> str:
    from jantaku.formats.mjai import tile_name

    return tile_name(tile)


def serve(bot: MjaiBot, stdin: TextIO, stdout: TextIO) -> None:
    """Answer every line of ``stdin`` with one line on ``stdout`` until end of input."""
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        try:
            out = bot.respond_line(line, f"line {number}: ")
        except ValueError as error:  # not JSON, or JSON too deep or too long to read
            print(f"jantaku mjai-bot: line {number}: not JSON: {error}", file=sys.stderr)
            out = json.dumps(_NONE)
        stdout.write(out + "\n")
        stdout.flush()
