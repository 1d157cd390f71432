"""Seat a :class:`~jantaku.players.Player` at a table of a running ``jantaku serve``.

The client speaks the WebSocket protocol of docs/protocol.md as a person's browser does: it
says ``hello``, creates or joins a table (or queues for a ranked one), and then plays its seat
(:class:`~jantaku.client.seat.Seat`). Each ``events`` message is read into the engine's events
and given to ``observe``; each ``prompt`` is answered with ``choose(view)``, the view read
from the seat's last view JSON with the prompt's legal actions; between hands it sends
``continue``. A lost connection is joined again: the join says how many events the player has
observed and the server's ``snapshot`` sends those it missed, so ``observe`` gets each event
of the seat once and in order; a match that ended meanwhile is read from its stored game."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jantaku.client.errors import ClientError, ServerError
from jantaku.client.http import ServerAddress, login_token
from jantaku.client.seat import Lost, Seat, TableResult
from jantaku.players.protocol import Player

__all__ = ["RANKED_KINDS", "TableClient", "TableRequest", "TableResult", "sit"]

#: the table kinds a ranked solo queue seats (docs/protocol.md, *Table kinds*)
RANKED_KINDS = ("novice", "advanced")

_IGNORED_ERRORS = frozenset({"stale", "not_your_turn", "between_hands", "moved"})
"""Errors of a race the server resolves itself: an answer to a prompt that moved on (a
fresh prompt follows), or a table moved to another process of a group (it joins us again)."""

_BUSY = frozenset({"busy", "unavailable"})
"""Refusals of a server that is starting or overloaded: joining again is tried again."""


@dataclass(frozen=True, slots=True)
class TableRequest:
    """Which table to sit at: a new one of ``kind`` (``practice``, ``classical``, ``party``)
    and ``length`` (``quick``, ``full``), or the table ``table`` or the private table of
    ``invite``; ``fill_bots`` seats computer players of level ``bot`` (None: the server's
    default) in the empty seats and starts the match; ``seat`` a seat to take (None: any).
    ``queue``: a seat from the ranked solo queue of ``kind`` (one of :data:`RANKED_KINDS`)
    and ``length`` instead (a registered account's; the match starts when four sit, and no
    computer player fills it)."""

    kind: str = "practice"
    length: str = "quick"
    bot: str | None = None
    fill_bots: bool = True
    table: str | None = None
    invite: str | None = None
    seat: int | None = None
    queue: bool = False

    def __post_init__(self) -> None:
        if self.queue and self.kind not in RANKED_KINDS:
            raise ClientError(
                f"the queue seats ranked tables only: kind {self.kind!r} is not one of "
                f"{', '.join(RANKED_KINDS)}"
            )
        if self.queue and (self.table is not None or self.invite is not None):
            raise ClientError("a queue finds its own table: give no table or invite with it")


class TableClient:
    """One account at one server. ``token`` (or ``name`` and ``password``, else a new guest's)
    says who sits; ``timeout``: the longest wait for the server's next message once the match
    is under way, in seconds;
    ``reconnect_seconds``: how long a lost connection is tried again."""

    def __init__(
        self,
        server: str,
        *,
        token: str | None = None,
        name: str | None = None,
        password: str | None = None,
        timeout: float = 600.0,
        reconnect_seconds: float = 60.0,
    ) -> None:
        self.server = ServerAddress(server)
        self.token = token if token is not None else login_token(self.server, name, password)
        self.timeout = timeout
        self.reconnect_seconds = reconnect_seconds
        self.reconnects = 0  # connections joined again during the last sit()
        self._ws: Any = None
        self._doing = "the connection"
        self._last_sent: dict[str, Any] | None = None

    # ------------------------------------------------------------------ connection

    def _connect(self) -> None:
        try:
            from websockets.exceptions import WebSocketException
            from websockets.sync.client import connect
        except ImportError:
            raise ClientError(
                "sitting at a server needs the websockets package: pip install websockets"
            ) from None
        try:
            # entered as a context manager (what websockets asks), closed by close()
            self._ws = connect(self.server.websocket, max_size=None, open_timeout=10).__enter__()
        except (OSError, TimeoutError, WebSocketException) as error:
            raise ClientError(
                f"cannot reach the server at {self.server.websocket}: {error}"
            ) from None
        self._request({"type": "hello", "token": self.token}, "the session token")
        self._expect("welcome")

    def _send(self, message: dict[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            self._ws.send(json.dumps(message))
        except (ConnectionClosed, OSError):
            raise Lost from None

    def _request(self, message: dict[str, Any], doing: str) -> None:
        self._doing = doing
        self._last_sent = message
        self._send(message)

    def _recv(self, limited: bool = True) -> dict[str, Any]:
        """The next message; ``limited``: at most ``timeout`` seconds away (not while a table
        waits for its players)."""
        from websockets.exceptions import ConnectionClosed

        try:
            raw = self._ws.recv(timeout=self.timeout if limited else None)
        except TimeoutError:
            raise ClientError(
                f"the server sent nothing for {self.timeout:g} s (while waiting on {self._doing})"
            ) from None
        except (ConnectionClosed, OSError):
            raise Lost from None
        try:
            message = json.loads(raw)
        except ValueError:
            raise ClientError("the server sent a message that is not JSON") from None
        if not isinstance(message, dict):
            raise ClientError("the server sent a message that is not a JSON object")
        if message.get("type") == "shutdown":
            raise Lost
        if message.get("type") == "error":
            self._error(message)
        return message

    def _error(self, message: dict[str, Any]) -> None:
        code = str(message.get("code"))
        if code in _IGNORED_ERRORS:
            return
        if code == "rate_limited" and self._last_sent is not None:
            time.sleep(0.5)  # said too fast: slow down and say it again
            self._send(self._last_sent)
            return
        raise ServerError(code, str(message.get("message", "")), self._doing)

    def _expect(self, kind: str) -> dict[str, Any]:
        while True:
            message = self._recv()
            if message.get("type") == kind:
                return message

    def close(self) -> None:
        if self._ws is not None:
            self._ws.__exit__(None, None, None)
            self._ws = None

    # ------------------------------------------------------------------ the seat

    def sit(
        self,
        player: Player | None = None,
        request: TableRequest | None = None,
        *,
        make_player: Callable[[str], Player] | None = None,
    ) -> TableResult:
        """Play one match at the table of ``request`` with ``player`` (or the player that
        ``make_player`` makes for the table's family: ``riichi`` or ``classical``), to its end."""
        if (player is None) == (make_player is None):
            raise ClientError("give a player or a make_player, not both or neither")
        request = request or TableRequest()
        self.reconnects = 0
        try:
            self._connect()
            table = self._take_seat(request)
            requeue = (lambda: self._take_seat(request)) if request.queue else None
            return Seat(self, table, player, make_player, requeue).play()
        except Lost:
            raise ClientError(
                f"the server at {self.server.base} closed the connection ({self._doing})"
            ) from None
        finally:
            self.close()

    def _take_seat(self, request: TableRequest) -> dict[str, Any]:
        """Create or find the table (or queue for one), sit down; the seat's snapshot."""
        if request.queue:
            queue = {"type": "queue", "kind": request.kind, "length": request.length}
            self._request(queue, f"the {request.kind} queue of length {request.length}")
            return self._expect("snapshot")
        join: dict[str, Any] = {"type": "join", "seen": 0}
        if request.invite is not None:
            join["invite"] = request.invite
            doing = "the invite code"
        elif request.table is not None:
            join["table"] = request.table
            doing = f"joining table {request.table!r}"
        else:
            create = {"type": "create", "kind": request.kind, "length": request.length}
            self._request(create, f"a {request.kind} table of length {request.length}")
            join["table"] = self._expect("created")["table"]["id"]
            doing = f"joining table {join['table']!r}"
        if request.seat is not None:
            join["seat"] = request.seat
        if request.fill_bots:
            join["fill_bots"] = True
            if request.bot is not None:
                join["bot"] = request.bot
        self._request(join, doing)
        return self._expect("snapshot")

    def _rejoin(self, table: str, seen: int) -> dict[str, Any]:
        """Connect again and take the seat back, saying the ``seen`` events the player
        observed; the snapshot (with those it missed)."""
        deadline = time.monotonic() + self.reconnect_seconds
        wait = 0.25
        while True:
            self.close()
            try:
                self._connect()
                self._request(
                    {"type": "join", "table": table, "seen": seen},
                    f"taking the seat back at {table!r}",
                )
                snapshot = self._expect("snapshot")
                self.reconnects += 1
                return snapshot
            except (Lost, ClientError) as error:
                final = isinstance(error, ServerError) and error.code not in _BUSY
                if final or time.monotonic() + wait > deadline:
                    if isinstance(error, Lost):
                        raise ClientError(
                            f"lost the connection to {self.server.base} and could not join again"
                        ) from None
                    raise
            time.sleep(wait)
            wait = min(wait * 2, 4.0)


def sit(
    player: Player | None,
    server: str,
    request: TableRequest | None = None,
    *,
    make_player: Callable[[str], Player] | None = None,
    token: str | None = None,
    name: str | None = None,
    password: str | None = None,
    timeout: float = 600.0,
) -> TableResult:
    """Seat ``player`` at a table of the server at ``server`` (``http://HOST:PORT``) and play
    the match to its end: ``TableClient(server, ...).sit(player, request)``."""
    client = TableClient(server, token=token, name=name, password=password, timeout=timeout)
    return client.sit(player, request, make_player=make_player)
