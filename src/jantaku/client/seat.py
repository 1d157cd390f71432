"""The play of one seat at a table server: the table's messages read and answered, and the
seat's events given to the player exactly once and in order, across lost connections.

Every viewer is sent each event of the match once, in the match's order, so the seat counts
the events it has observed (``seen``) and the match's events it knows of (``known``). Joining
again it says ``seen``; the snapshot's ``missed`` (docs/protocol.md) holds a page of the
events since then, and ``count``, the match's events so far: while ``seen`` is short of it the
seat asks for the next page and leaves prompts be (the last page's snapshot brings a fresh
one). A match that ended while it was away is read from its stored game."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jantaku.client.errors import BotActionError, ClientError, ServerError
from jantaku.client.wire import FamilyWire, wire_of
from jantaku.players.protocol import Player

if TYPE_CHECKING:
    from jantaku.client.table import TableClient

__all__ = ["Lost", "Seat", "TableResult"]


@dataclass(frozen=True, slots=True)
class TableResult:
    """How the match ended (the server's ``match_ended`` ``result``, in ``raw`` whole)."""

    table: str
    seat: int
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, first place first
    reason: str  # the engine's English sentence
    reason_code: str | None  # why, as a code (docs/protocol.md, "The end of a match")
    reason_seats: tuple[int, ...]  # the seats the code names (who went below zero, ...)
    recorded: bool
    raw: dict[str, Any] = field(repr=False)

    @property
    def place(self) -> int:
        """The client's seat's place, 1-4."""
        return self.ranking.index(self.seat) + 1


class Lost(Exception):
    """The connection was lost (or the server is stopping): join again."""


_GONE_WAIT = 0.5  # seconds between looks at a table that is no longer live


class Seat:
    """The play of one seat: reads the table's messages and answers them."""

    def __init__(
        self,
        client: TableClient,
        snapshot: dict[str, Any],
        player: Player | None,
        make_player: Callable[[str], Player] | None,
        requeue: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        self.client = client
        # a seat from the ranked queue: queue again when its table closes before the match
        # (a server without Redis forgets its queue tables when it restarts)
        self.requeue = requeue
        self.table = str(snapshot["table"]["id"])
        self.wire: FamilyWire = wire_of(snapshot["table"]["config"])
        if player is None:
            assert make_player is not None
            player = make_player(self.wire.family)
        self.player = player
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.seen = 0  # the match's events the player observed
        self.known: int | None = 0  # the match's events sent so far (None: not known now)
        self.pending: dict[str, Any] | None = snapshot

    @property
    def behind(self) -> bool:
        """Events were sent that the player has not observed yet (a page is asked for)."""
        return self.known is None or self.seen < self.known

    def play(self) -> TableResult:
        while True:
            try:
                # until the match starts, the table may wait for people as long as they take
                message = self.pending or self.client._recv(limited=self.view is not None)
                self.pending = None
                result = self._handle(message)
            except Lost:
                self.known = None
                try:
                    self.pending = self.client._rejoin(self.table, self.seen)
                except ServerError as error:
                    if error.code != "no_table" or self.seat is None:
                        raise
                    result = self._gone()
                else:
                    continue
            except ServerError as error:  # a page asked for after the match ended
                if error.code != "no_table" or self.seat is None:
                    raise
                result = self._gone()
            if isinstance(result, dict):  # the table is live again: play on
                self.pending = result
                continue
            if result is not None:
                return result

    def _handle(self, message: dict[str, Any]) -> TableResult | dict[str, Any] | None:
        kind = message.get("type")
        table = message.get("table")
        if isinstance(table, dict):
            table = table.get("id")
        if table != self.table:
            return None
        if kind == "snapshot":
            return self._snapshot(message)
        if kind == "events":
            self._events(message)
        elif kind == "prompt" and not self.behind:  # else the next page brings a fresh one
            self._prompt(message)
        elif kind == "match_ended":
            if self.behind:  # the rest of the events are in the stored game
                return self._gone()
            return self._result(message["result"])
        return None

    def _snapshot(self, message: dict[str, Any]) -> TableResult | None:
        seat = message.get("seat")
        if not isinstance(seat, int):
            raise ClientError(f"the server did not seat this client at table {self.table!r}")
        self.seat = seat
        missed = message.get("missed")
        if isinstance(missed, dict):
            self._catch_up(missed)
        self.view = message.get("view") or self.view
        if self.behind:
            self._ask_missed()
            return None
        if message.get("result") is not None:
            return self._result(message["result"])
        if message.get("between_hands") and message.get("hand_end") is not None:
            self.client._request({"type": "continue", "table": self.table}, "continuing")
        return None

    def _catch_up(self, missed: dict[str, Any]) -> None:
        """Observe the events of a snapshot's ``missed`` not observed yet."""
        start, events = int(missed["from"]), list(missed.get("events") or [])
        self.known = int(missed["count"])
        if start <= self.seen < start + len(events):
            self._observe(events[self.seen - start :])

    def _ask_missed(self) -> None:
        join = {"type": "join", "table": self.table, "seen": self.seen}
        self.client._request(join, f"the events missed at table {self.table!r}")

    def _observe(self, events: list[Any]) -> None:
        self.seen += len(events)
        if events:
            self.player.observe(self.wire.read_events(events))

    def _events(self, message: dict[str, Any]) -> None:
        events = list(message.get("events") or [])
        if self.known is not None:
            start = self.known
            self.known += len(events)
            if start <= self.seen < self.known:
                self._observe(events[self.seen - start :])
        if message.get("view") is not None:
            self.view = message["view"]
        if message.get("between_hands") and not self.behind:
            self.client._request({"type": "continue", "table": self.table}, "continuing")

    def _prompt(self, message: dict[str, Any]) -> None:
        if self.view is None:
            raise ClientError("the server asked for a decision before it sent a view")
        data = dict(self.view)
        data["legal_actions"] = message["legal_actions"]
        data["drawn_index"] = message.get("drawn_index")
        view = self.wire.view(data)
        choice = self.player.choose(view)
        if choice not in view.legal_actions:
            legal = "; ".join(str(a) for a in view.legal_actions)
            raise BotActionError(
                f"{self.player.name} chose {choice}, which is not one of the legal actions "
                f"({legal})"
            )
        act = {
            "type": "act",
            "table": self.table,
            "seq": message["seq"],
            "action": choice.to_json(),
        }
        self.client._request(act, f"the action {choice}")

    def _gone(self) -> TableResult | dict[str, Any]:
        """The table this seat sat at is no longer live (``no_table``): its stored game's
        result, after the events the player missed; or the snapshot of joining it again when
        it is live once more (a server that resumes it), or of queueing again when it was a
        queue's table that closed before its match. A table that closed unfinished, or whose
        game is not stored within ``reconnect_seconds``, is a ClientError."""
        server, token = self.client.server, self.client.token
        deadline = time.monotonic() + self.client.reconnect_seconds
        while True:
            status, game = server.request("GET", f"/api/games/{self.table}", token=token)
            if status == 200 and isinstance(game, dict) and isinstance(game.get("result"), dict):
                return self._from_record(game)
            status, summary = server.request("GET", f"/api/tables/{self.table}", token=token)
            state = summary.get("status") if status == 200 and isinstance(summary, dict) else None
            if state in ("open", "live"):
                try:
                    return self.client._rejoin(self.table, self.seen)
                except ServerError as error:
                    if error.code != "no_table":
                        raise
            elif state == "expired" and self.requeue is not None and self.seen == 0:
                snapshot = self.requeue()
                self.table = str(snapshot["table"]["id"])
                return snapshot
            elif state != "finished":
                raise ClientError(
                    f"table {self.table!r} closed before its match finished "
                    f"({state or 'unknown to the server'})"
                )
            if time.monotonic() > deadline:
                raise ClientError(
                    f"the match at table {self.table!r} ended, but the server has not stored it"
                )
            time.sleep(_GONE_WAIT)

    def _from_record(self, game: dict[str, Any]) -> TableResult:
        """The result of a stored game, after the seat's events of it not observed yet."""
        assert self.seat is not None
        events = game.get("events")
        if not isinstance(events, list):
            raise ClientError(f"the stored game {self.table!r} has no event log")
        rest = self.wire.read_events(events[self.seen :])
        self.seen = len(events)
        if rest:
            self.player.observe([e.seen_by(self.seat) for e in rest])
        return self._result(game["result"])

    def _result(self, result: dict[str, Any]) -> TableResult:
        assert self.seat is not None
        return TableResult(
            table=self.table,
            seat=self.seat,
            scores=tuple(result["scores"]),
            ranking=tuple(result["ranking"]),
            reason=str(result.get("reason", "")),
            reason_code=result.get("reason_code"),
            reason_seats=tuple(result.get("reason_seats") or ()),
            recorded=bool(result.get("recorded")),
            raw=result,
        )
