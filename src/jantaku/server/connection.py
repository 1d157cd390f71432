"""One WebSocket connection of the table server: who it is, an outgoing queue bounded in bytes
(a slow reader is disconnected instead of growing the server's memory) and a token bucket
against floods."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket

from jantaku.server.addresses import address_key
from jantaku.server.config import ServerSettings
from jantaku.server.message_budget import AddressMessages
from jantaku.server.messages import Error, Ref, ServerMessage
from jantaku.server.models import UserRow
from jantaku.server.tables import Table

__all__ = ["Client", "client_address", "client_host"]


def client_host(conn: HTTPConnection) -> str:
    """The client's address (uvicorn puts a trusted proxy's ``X-Forwarded-For`` here)."""
    return conn.client.host if conn.client is not None else "unknown"


def client_address(conn: HTTPConnection) -> str:
    """What every per-address limit counts the client by: its address, or its IPv6 /64
    (:func:`~jantaku.server.addresses.address_key`)."""
    return address_key(client_host(conn))


class Client:
    """One WebSocket connection: an outgoing queue (a slow reader never blocks a table) and a
    token bucket against floods."""

    def __init__(self, ws: WebSocket, settings: ServerSettings) -> None:
        self.ws = ws
        self.address = client_address(ws)
        self.user_id: int | None = None
        self.name = ""
        # the account's rank as last read: at its hello, and again at each entry to a queue
        # whose tables need a rank (websocket.py), where it is checked
        self.rank_index = 0
        self.guest = False  # guests may not sit at ranked tables
        self.token_hash: str | None = None  # the session it said hello with
        # the ranked table its queue is seating it at, while that join is handled (a ranked
        # table seats nobody else who is not yet there)
        self.queued_for: str | None = None
        # the session lookup of the hello being handled (token, user, hub's logouts then),
        # made by the group's admission and used once by the handler: one query per hello
        self.looked_up: tuple[str, UserRow | None, int] | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued_bytes = 0  # of the texts waiting in the queue
        self.queue_limit = settings.send_queue_bytes
        self.tables: set[Table] = set()
        self.tokens = float(settings.message_burst)
        self.rate = settings.messages_per_second
        self.burst = settings.message_burst
        self.last = time.monotonic()
        self.by_address: AddressMessages | None = None  # the address's budget (``allow``)
        # joins another process answers, charged a page of missed events ahead (cluster.py),
        # whose owner has not yet said what it sent
        self.ahead = 0
        self.refused = 0.0  # recent refusals: a steady flood keeps it growing
        self.closed = False
        # several processes: the tables it joined or watches, by id -> (the process driving
        # the table when the message went, the join or watch message to say again there)
        self.routes: dict[str, tuple[str, str | bytes]] = {}
        self.relay_id: str | None = None  # its name in messages between processes
        # several processes: the tables driven elsewhere that it watches, as its door counts
        # them, and per table the owner's answers still due (watch_counts.py)
        self.watched_elsewhere: set[str] = set()
        self.watch_answers: dict[str, int] = {}

    def send(self, message: ServerMessage, ref: Ref | None = None) -> None:
        """Queue ``message`` (answering the client message of id ``ref``, if given)."""
        if self.closed:
            return
        self.send_text(json.dumps(message.reply_json(ref), separators=(",", ":")))

    def send_text(self, text: str) -> None:
        """Queue a message already in JSON (one a table on another process sent)."""
        if self.closed:
            return
        if self.queued_bytes + len(text) > self.queue_limit:
            self._too_slow()
            return
        self.queued_bytes += len(text)
        self.queue.put_nowait(text)

    def _too_slow(self) -> None:
        """Too slow a reader: what waits for it is dropped (it reconnects for a snapshot) and
        the connection closed, so it cannot hold more than the limit of the server's memory."""
        while not self.queue.empty():
            self.queue.get_nowait()
            self.queue.task_done()
        self.queued_bytes = 0
        slow = Error("too_slow", "messages were not read fast enough; reconnect for a snapshot")
        text = json.dumps(slow.to_json())
        self.queue.put_nowait(text)
        self.closed = True
        self.queue.put_nowait(None)

    def kick(self, code: str, message: str) -> None:
        """Say why, then close the connection; nothing it sends afterwards is handled."""
        self.send(Error(code, message))
        self.user_id = None
        self.closed = True
        self.queue.put_nowait(None)

    async def allow(self, by_address: AddressMessages | None = None) -> str | None:
        """Take a token for one message: None when it may be handled, else what was spent,
        its own budget or (``by_address``) the one every connection of its address shares
        (the group's, with Redis: a Redis round trip only when this process's share of the
        address is spent). Its own is taken from first: one connection's flood spends no
        more of the address's than its own rate."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        self.by_address = by_address
        why = None
        if self.tokens < 1:
            why = "too many messages"
        elif by_address is not None and await by_address.take(self.address) > 0:
            why = "too many messages from your address"
        if why is None:
            self.tokens -= 1
            self.refused = max(0.0, self.refused - 0.5)  # a client that slows down is forgiven
            return None
        self.refused += 1
        return why

    def spend(self, messages: float) -> None:
        """Charge a reply that costs more than a message (``messages`` more of them) to the
        connection's budget and its address's; what is spent ahead is earned back first. A
        negative charge gives back what was charged ahead and not used."""
        if messages == 0:
            return
        self.tokens = min(self.burst, max(-self.burst, self.tokens - messages))
        if self.by_address is not None:
            self.by_address.spend(self.address, messages)

    async def pump(self) -> None:
        while True:
            text = await self.queue.get()
            try:
                if text is None:
                    with contextlib.suppress(Exception):
                        await self.ws.close(code=1008)
                    return
                self.queued_bytes = max(0, self.queued_bytes - len(text))
                await self.ws.send_text(text)
            finally:
                self.queue.task_done()  # lets announce_shutdown wait until the queue has left
