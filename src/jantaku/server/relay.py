"""Messages between table server processes over Redis pub/sub: a client may connect to any
process (its door); what it says about a table driven by another process (the owner) goes to
the owner's channel, and what the table sends the client comes back on the door's channel.
The owner sees such a client as a :class:`RemoteClient`; the tables do not know the
difference. One publisher task per process keeps every channel's messages in order. What
every process must hear (a session logged out) goes once to the group's channel. The door
counts its clients' watches (watch_counts.py): the owner answers, when asked, whether a
client watches a table after a message, and says when a table it watched ended."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis

from jantaku.server.config import ServerSettings
from jantaku.server.connection import Client
from jantaku.server.leases import COMMAND_TIMEOUT
from jantaku.server.messages import Ref, ServerMessage
from jantaku.server.seat_counts import takes_seat
from jantaku.server.table_messages import missed_charge
from jantaku.server.watch_counts import answered, ended

if TYPE_CHECKING:
    from jantaku.server.tables import Table

__all__ = ["CHANNEL_PREFIX", "Relay", "RemoteClient"]

log = logging.getLogger("jantaku.server")

CHANNEL_PREFIX = "jantaku:node:"

#: handles one client message as this process's own (websocket.py's SocketEndpoint.handle)
Handle = Callable[[Client, str | bytes], None]
#: handles one client message with a Handle once the seat it takes is counted for the group
#: (shared_seats.py's SharedSeats.handle)
Seated = Callable[[Client, str | bytes, Handle], Awaitable[None]]


class RemoteClient(Client):
    """A client connected to another process (``door``), as the owner of a table sees it."""

    def __init__(self, relay: Relay, door: str, conn: str, settings: ServerSettings) -> None:
        self.relay, self.door, self.conn = relay, door, conn
        self.address = f"{door}:{conn}"
        self.user_id: int | None = None
        self.name = ""
        self.rank_index = 0
        self.guest = False
        self.token_hash: str | None = None
        self.queued_for: str | None = None
        self.tables = set()
        self.routes = {}
        self.relay_id = None
        self.watched_elsewhere = set()  # its door counts its watches (watch_counts.py)
        self.watch_answers = {}
        self.closed = False
        self.queue_limit = settings.send_queue_bytes
        # its messages waiting, in order, while a join's seat is counted (Relay.seated)
        self.waiting: list[dict[str, Any]] = []

    def send(self, message: ServerMessage, ref: Ref | None = None) -> None:
        if not self.closed:
            self.send_text(json.dumps(message.reply_json(ref), separators=(",", ":")))

    def send_text(self, text: str) -> None:
        self.relay.publish(self.door, {"kind": "out", "conn": self.conn, "text": text})

    def kick(self, code: str, message: str) -> None:
        self.closed = True

    def spend(self, messages: float) -> None:
        """The budgets of a connection are kept by its own process (the door), which counted
        the message and charged a join's missed events ahead, a whole page (cluster.py): the
        owner tells it what they cost, and the door gives back the rest."""
        self.relay.publish(self.door, {"kind": "charged", "conn": self.conn, "cost": messages})


class Relay:
    """This process's channel (``node``) and the messages to the others'."""

    def __init__(self, url: str, node: str, settings: ServerSettings, group: str = "") -> None:
        self.node = node
        self.group = group or CHANNEL_PREFIX + "group"  # every process of the group listens
        self.settings = settings
        self.redis = aioredis.Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=COMMAND_TIMEOUT,
            socket_connect_timeout=COMMAND_TIMEOUT,
        )
        self.handle: Handle | None = None
        self.seated: Seated | None = None
        # whether a client watches a table driven here (its door counts the watches)
        self.watches: Callable[[Client, str], bool] | None = None
        # a session (its token's hash) logged out at another process of the group
        self.on_logout: Callable[[str], None] | None = None
        self.doors: dict[str, Client] = {}  # this process's clients by their relay id
        self.remote: dict[tuple[str, str], RemoteClient] = {}  # by (door, relay id)
        # tables being created here: the requests for them wait until they exist
        self.holding: dict[str, list[dict[str, Any]]] = {}
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._turns: set[asyncio.Task[None]] = set()  # the clients' messages waiting in turn

    async def start(self) -> None:
        pubsub = self.redis.pubsub()  # the read timeout does not cut an idle subscription
        await pubsub.subscribe(CHANNEL_PREFIX + self.node, self.group)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(pubsub)), loop.create_task(self._publish())]

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._out.join(), timeout=1.0)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.redis.aclose()

    # ------------------------------------------------------------------ sending

    def publish(self, node: str, payload: dict[str, Any]) -> None:
        self._out.put_nowait((CHANNEL_PREFIX + node, json.dumps(payload, separators=(",", ":"))))

    def forward(
        self, owner: str, client: Client, table_id: str, raw: str | bytes, answer: bool = False
    ) -> None:
        """A door's client message about a table ``owner`` drives (``answer``: the owner says
        whether the client watches the table after it, watch_counts.py)."""
        conn = self.door_id(client)
        text = raw.decode(errors="replace") if isinstance(raw, bytes) else raw
        user = {
            "id": client.user_id,
            "name": client.name,
            "rank_index": client.rank_index,
            "guest": client.guest,
        }
        payload = {
            "kind": "req",
            "door": self.node,
            "conn": conn,
            "table": table_id,
            "user": user,
            # the table's seats are counted per address too (shared_seats.py)
            "address": client.address,
            "raw": text,
            # the door's queue seats it there (only this process says so, never the client)
            "queued": client.queued_for == table_id,
        }
        if answer:  # asked by the door only (watch_counts.py)
            payload["answer"] = True
        self.publish(owner, payload)

    def ended(self, table: Table) -> None:
        """A table driven here ended: the doors of the clients watching it count it no more."""
        for c in table.watchers:
            if isinstance(c, RemoteClient) and not c.closed:
                self.publish(c.door, {"kind": "unwatched", "conn": c.conn, "table": table.id})

    def logged_out(self, session: str) -> None:
        """Tell every other process of the group that ``session`` (a token's hash) logged
        out here: one message, whatever the number of its connections."""
        text = json.dumps({"kind": "logout", "from": self.node, "session": session})
        self._out.put_nowait((self.group, text))

    def door_id(self, client: Client) -> str:
        if client.relay_id is None:
            client.relay_id = secrets.token_hex(6)
            self.doors[client.relay_id] = client
        return client.relay_id

    def gone(self, client: Client) -> None:
        """A door's client disconnected: the owners of its tables detach it."""
        conn = client.relay_id
        if conn is None:
            return
        self.doors.pop(conn, None)
        for owner in {o for o, _raw in client.routes.values() if o != self.node}:
            self.publish(owner, {"kind": "bye", "door": self.node, "conn": conn})

    def handle_local(self, client: Client, raw: str | bytes) -> None:
        """Handle a client's message here (its table is driven by this process now)."""
        if self.handle is not None:
            self.handle(client, raw)

    def release_held(self, table_id: str) -> None:
        """The table exists now (or will not): handle what waited for it."""
        for data in self.holding.pop(table_id, []):
            self._received(data)

    def forget_door(self, door: str) -> None:
        """A process died: its clients are gone from every table here."""
        for key in [k for k in self.remote if k[0] == door]:
            self._bye(key)

    def _bye(self, key: tuple[str, str]) -> None:
        proxy = self.remote.pop(key, None)
        if proxy is not None:
            proxy.closed = True
            for t in list(proxy.tables):
                t.detach(proxy)

    async def _publish(self) -> None:
        while True:
            channel, text = await self._out.get()
            batch = [(channel, text)]
            while not self._out.empty() and len(batch) < 256:
                batch.append(self._out.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for c, t in batch:
                        pipe.publish(c, t)
                    await pipe.execute()
            except Exception:
                log.exception("publishing %d messages failed", len(batch))
            finally:
                for _ in batch:
                    self._out.task_done()

    # ------------------------------------------------------------------ receiving

    def _sender(self, proxy: RemoteClient, data: dict[str, Any]) -> None:
        """Who sent a relayed client message, as its door says."""
        user = data["user"]
        proxy.user_id, proxy.name = user["id"], user["name"]
        proxy.rank_index, proxy.guest = user["rank_index"], user["guest"]
        proxy.address = data.get("address") or f"{proxy.door}:{proxy.conn}"
        proxy.queued_for = data["table"] if data.get("queued") else None

    async def _in_turn(self, proxy: RemoteClient) -> None:
        """Handle a client's relayed messages in order, each that may take a seat once the
        seat is counted for the group (a Redis round trip; other clients' messages go on).
        What a client said before it left is not handled once the door says it left."""
        while proxy.waiting:
            data = proxy.waiting[0]
            try:
                if not proxy.closed:
                    self._sender(proxy, data)
                    if self.seated is not None and takes_seat(data["raw"]):
                        await self.seated(proxy, data["raw"], self._unless_gone)
                    else:
                        self._unless_gone(proxy, data["raw"])
                    self._answer(proxy, data)
            except Exception:
                log.exception("relayed message failed")
            finally:
                proxy.queued_for = None
                proxy.waiting.pop(0)

    def _answer(self, proxy: RemoteClient, data: dict[str, Any]) -> None:
        """Tell the door, when it asked, whether its client watches the table now."""
        if data.get("answer") and self.watches is not None and not proxy.closed:
            table = data["table"]
            watching = self.watches(proxy, table)
            self.publish(
                proxy.door,
                {"kind": "watching", "conn": proxy.conn, "table": table, "on": watching},
            )

    def _unless_gone(self, client: Client, raw: str | bytes) -> None:
        if not client.closed and self.handle is not None:
            self.handle(client, raw)

    async def _listen(self, pubsub: Any) -> None:
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                self._received(json.loads(item["data"]))
            except Exception:
                log.exception("relayed message failed")

    def _received(self, data: dict[str, Any]) -> None:
        kind = data.get("kind")
        if kind == "out":
            client = self.doors.get(data["conn"])
            if client is not None:
                client.send_text(data["text"])
        elif kind == "req" and data["table"] in self.holding:
            self.holding[data["table"]].append(data)
        elif kind == "req" and self.handle is not None:
            key = (data["door"], data["conn"])
            proxy = self.remote.get(key)
            if proxy is None:
                proxy = self.remote[key] = RemoteClient(self, key[0], key[1], self.settings)
            if proxy.waiting or (self.seated is not None and takes_seat(data["raw"])):
                proxy.waiting.append(data)  # after what waits, in order
                if len(proxy.waiting) == 1:
                    task = asyncio.get_running_loop().create_task(self._in_turn(proxy))
                    self._turns.add(task)
                    task.add_done_callback(self._turns.discard)
                return
            self._sender(proxy, data)
            try:
                self.handle(proxy, data["raw"])
            finally:
                proxy.queued_for = None
            self._answer(proxy, data)
        elif kind == "charged":
            client = self.doors.get(data["conn"])
            if client is not None and client.ahead > 0:  # never more than it charged ahead
                client.ahead -= 1
                client.spend(min(0.0, float(data["cost"]) - missed_charge()))
        elif kind in ("watching", "unwatched"):
            client = self.doors.get(data["conn"])
            if client is not None and isinstance(data.get("table"), str):
                if kind == "watching":
                    answered(client, data["table"], bool(data.get("on")))
                else:
                    ended(client, data["table"])
        elif kind == "bye":
            self._bye((data["door"], data["conn"]))
        elif kind == "logout" and data["from"] != self.node and self.on_logout is not None:
            self.on_logout(data["session"])
