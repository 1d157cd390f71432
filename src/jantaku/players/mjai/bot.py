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
from jantaku.players.mjai.state import MjaiSeatState, action_to_mjai
from jantaku.rules.riichi import RiichiOptions
from jantaku.tiles import Tile

__all__ = ["MjaiBot", "serve"]

_NONE: dict[str, Any] = {"type": "none"}


class MjaiBot:
    """Feeds a bot the seat's picture of the game and turns its choices into mjai messages."""

    def __init__(self, player: Any, seat: int = 0, options: RiichiOptions | None = None) -> None:
        self.player = player
        self.state = MjaiSeatState(seat, options)
        self.riichi_tile: Tile | None = None

    def react(self, event: dict[str, Any]) -> dict[str, Any]:
        """The answer to one event: an action of this seat or ``{"type": "none"}``."""
        state = self.state
        try:
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
            print(f"jantaku mjai-bot: {type(error).__name__}: {error}", file=sys.stderr)
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

    def respond_line(self, line: str) -> str:
        """One input line (an event, or a JSON array of events: answer the last) to one line."""
        data = load_json(line)
        events = data if isinstance(data, list) else [data]
        answer = _NONE
        for e in events:
            answer = self.react(e)
        return json.dumps(answer, separators=(",", ":"))


def _name(tile: Tile) -> str:
    from jantaku.formats.mjai import tile_name

    return tile_name(tile)


def serve(bot: MjaiBot, stdin: TextIO, stdout: TextIO) -> None:
    """Answer every line of ``stdin`` with one line on ``stdout`` until end of input."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            out = bot.respond_line(line)
        except json.JSONDecodeError as error:
            print(f"jantaku mjai-bot: not JSON: {error}", file=sys.stderr)
            out = json.dumps(_NONE)
        stdout.write(out + "\n")
        stdout.flush()
