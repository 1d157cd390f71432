"""The WebSocket endpoint ``/ws``: one session per connection. It enforces the limits on
connections, message size and rate (per connection and per address), parses each message
(protocol.py) and hands it to its handler (handlers.py); a refusal goes back as ``error``,
answering the message's ``id``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect

from jantaku.server.auth import AuthError
from jantaku.server.config import TableRequestError
from jantaku.server.connection import Client
from jantaku.server.handlers import dispatch
from jantaku.server.hub import Hub
from jantaku.server.limits import Busy
from jantaku.server.message_budget import AddressMessages
from jantaku.server.messages import Error, Ref, Shutdown
from jantaku.server.protocol import Hello, ProtocolError, parse_message, utf8_size
from jantaku.server.queue_rank import rank_needed_by
from jantaku.server.tables import TableError

__all__ = ["SocketEndpoint"]

log = logging.getLogger("jantaku.server")


class SocketEndpoint:
    """Serves every WebSocket connection of a :class:`Hub`."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.settings = settings = hub.settings
        # the messages of every connection of one address together (of the group, with Redis)
        self.by_address = AddressMessages(settings)

    async def announce_shutdown(self, timeout: float = 2.0) -> None:
        """Tell every client to reconnect, then wait (at most ``timeout``) until each queue has
        been sent: uvicorn closes the sockets right after, and a message still queued is lost."""
        clients = [c for c in self.hub.clients if not c.closed]
        for c in clients:
            c.send(Shutdown())
        sent = [asyncio.ensure_future(c.queue.join()) for c in clients]
        if not sent:
            return
        _, late = await asyncio.wait(sent, timeout=timeout)
        for task in late:
            task.cancel()

    async def serve(self, ws: WebSocket) -> None:
        """One connection, from accept to close."""
        await ws.accept()
        client = Client(ws, self.settings)
        limit = self.settings.sockets_per_address
        refusal = None
        if sum(1 for c in self.hub.clients if c.address == client.address) >= limit:
            refusal = Error("too_many_connections", f"at most {limit} connections from one address")
        cluster = self.hub.cluster
        if refusal is None and cluster is not None:  # the group's count of the address
            refusal = await cluster.admission.connect(client)
        if refusal is not None:
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps(refusal.to_json()))
                await ws.close(code=1008)
            return
        self.hub.clients.add(client)
        pump = asyncio.get_running_loop().create_task(client.pump())
        try:
            await self._receive(ws, client)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            client.closed = True
            self.hub.clients.discard(client)
            self.hub.forget_session(client)
            if self.hub.cluster is not None:
                self.hub.cluster.relay.gone(client)
                await self.hub.cluster.admission.gone(client)
            for t in list(client.tables):
                t.detach(client)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=1.0)
            pump.cancel()

    async def _receive(self, ws: WebSocket, client: Client) -> None:
        """Handle the connection's messages until it closes or breaks a limit."""
        most = self.settings.max_message_bytes
        while not client.closed:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            raw = msg.get("text")
            if raw is None:
                raw = msg.get("bytes") or b""
            if utf8_size(raw) > most:
                client.send(Error("too_large", f"messages are at most {most} bytes"))
                _close(client)
                break
            spent = await client.allow(self.by_address)
            if spent is not None:
                if client.refused > 2 * self.settings.message_burst:
                    client.send(Error("flood", f"{spent}; closing"))
                    _close(client)
                    break
                client.send(Error("rate_limited", f"{spent}; slow down"))
                continue
            if not await self._read_rank(client, raw):
                continue
            cluster = self.hub.cluster
            if cluster is not None:
                if not await cluster.route(client, raw):  # else another process answers
                    await cluster.seats.handle(client, raw, self.handle)  # the group's seats
                continue
            if not await self._look_up(client, raw):
                continue
            if self.hub.lobby.resuming:  # after a restart: its table may not be back yet
                await self._until_resumed(raw)
            self.handle(client, raw)

    async def _look_up(self, client: Client, raw: str | bytes) -> bool:
        """A ``hello``'s session lookup, on the database threads (the handler runs on the
        event loop and queries nothing); False when refused (the refusal is sent). With
        several processes the group's admission makes it (shared_counts.py)."""
        client.looked_up = None
        if not ("hello" in raw if isinstance(raw, str) else b"hello" in raw):
            return True  # parsed once only (a hello spelt with escapes finds no session)
        try:
            message = parse_message(raw)
        except ProtocolError:
            return True  # the handler says what is wrong
        if not isinstance(message, Hello) or not message.token:
            return True
        try:
            await self.hub.look_up(client, message.token)
        except Busy as e:
            client.send(Error("busy", str(e), message.ref))
            return False
        return True

    async def _read_rank(self, client: Client, raw: str | bytes) -> bool:
        """Before a ``queue`` for tables that need a rank, the account's rank as stored now
        (queue_rank.py); False when refused (the refusal is sent)."""
        if client.user_id is None or client.guest:
            return True  # the handler refuses the queue (no rank to read)
        message = rank_needed_by(raw)
        if message is None:
            return True
        try:
            await self.hub.read_rank(client)
        except Busy as e:
            client.send(Error("busy", str(e), message.ref))
            return False
        return True

    async def _until_resumed(self, raw: str | bytes) -> None:
        """A message naming a table that is being resumed after a restart waits until it is
        (one naming a table by its invite code: until every one is)."""
        try:
            data = json.loads(raw)
        except ValueError:
            return  # the handler says what is wrong
        if not isinstance(data, dict):
            return
        if isinstance(data.get("table"), str):
            await self.hub.lobby.until_resumed(data["table"])
        elif isinstance(data.get("invite"), str):
            await self.hub.lobby.until_resumed(None)

    def handle(self, client: Client, raw: str | bytes) -> None:
        """Parse one message and run its handler; the reply or the refusal answers its id."""
        ref: Ref | None = None
        try:
            message = parse_message(raw)
            ref = message.ref
            reply = dispatch(self.hub, client, message)
            if reply is not None:
                client.send(reply, ref)
        except (ProtocolError, TableError) as error:
            if ref is None and isinstance(error, ProtocolError):
                ref = error.ref
            client.send(Error(error.code, error.message, ref))
        except (TableRequestError, AuthError) as error:
            client.send(Error("bad_request", str(error), ref, ref_always=True))
        except Exception:  # a bug must not take the connection or the table down silently
            log.exception("message %r failed", raw[:200])
            client.send(Error("internal", "internal error", ref, ref_always=True))


def _close(client: Client) -> None:
    """Close after what is queued has been sent; nothing it sends afterwards is handled."""
    client.closed = True
    client.queue.put_nowait(None)
