"""Several table server processes on one database: each live or open table is driven by the
one process holding its lease (leases.py) with the fencing number it got when it claimed the
table (the database refuses an older owner's writes, storage.py). Each process renews its
leases, claims tables whose lease ran out (another process died) and resumes them from their
stored actions, forwards what its clients say about other processes' tables (relay.py), and
hands its tables over at once when it is stopped (drain)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from jantaku.server.connection import Client
from jantaku.server.leases import Leases
from jantaku.server.limits import Busy, TokenBuckets
from jantaku.server.matchmaking import Matchmaker
from jantaku.server.messages import Error
from jantaku.server.models import TableRow
from jantaku.server.origins import group_key
from jantaku.server.protocol import AtTable, Join, ProtocolError, parse_message
from jantaku.server.relay import Handle, Relay
from jantaku.server.seat_counts import unfinished
from jantaku.server.shared_counts import Admission
from jantaku.server.shared_limits import SharedLimits
from jantaku.server.shared_seats import SharedSeats
from jantaku.server.table_messages import missed_charge
from jantaku.server.tables import Table, TableError
from jantaku.server.watch_counts import asks_owner, forwarded
from jantaku.server.writer import Done

if TYPE_CHECKING:
    from jantaku.server.hub import Hub

__all__ = ["ROUTED", "Cluster"]

log = logging.getLogger("jantaku.server")

#: the client messages about one table, handled by the process driving it
ROUTED = frozenset(
    {"join", "watch", "unwatch", "start", "leave", "continue", "act", "hint", "chat"}
)
# the group's keys after its prefix: a process's heartbeat, its public tables
# ([[created, summary], ...] in JSON), the processes of the group
_ALIVE, _LOBBY, _NODES = "alive:", "lobby:", "nodes"
# invite codes of tables not driven here, looked up in the database, per client address and
# for the whole group (shared_limits.py)
INVITE_BURST, INVITE_LOOKUPS_PER_SECOND = 20, 2.0


def namespace(database_url: str) -> str:
    """The key prefix of the processes sharing one database: every process of a group must be
    given the same ``--database`` URL (two groups on one Redis stay apart)."""
    return "jantaku:" + hashlib.sha256(database_url.encode()).hexdigest()[:12] + ":"


def _asks_missed(raw: str | bytes) -> bool:
    """Whether a join says ``seen`` (its snapshot carries the events missed since), read as
    the owner's handler reads it."""
    try:
        message = parse_message(raw)
    except ProtocolError:
        return False  # the owner refuses it
    return isinstance(message, Join) and message.seen is not None


class Cluster:
    """This process's part in a group of table servers sharing a database and a Redis."""

    def __init__(self, hub: Hub, url: str, lease_seconds: float = 5.0) -> None:
        self.hub = hub
        self.node = secrets.token_hex(6)
        self.lease_seconds = lease_seconds
        self.leases = Leases(url, self.node, lease_seconds, namespace(hub.database_url))
        self.relay = Relay(url, self.node, hub.settings, self.key("group"))
        self.matchmaker = Matchmaker(self)
        # the limits per player and per address count for the whole group
        ms = self.leases.ms
        self.admission = Admission(hub, self.leases.aio, self.leases.prefix, self.node, ms)
        self.seats = SharedSeats(hub, self.leases.aio, self.leases.prefix, ms)
        self.draining = False
        self._renewed = time.monotonic()
        self._tasks: list[asyncio.Task[None]] = []
        self.claim_budget = 0.1  # seconds of resuming claimed tables per scan
        self._nodes = 1  # processes in the group (as last seen)
        self._elsewhere: list[tuple[float, dict[str, Any]]] = []
        # the open and live tables stored as of the last scan: only these are claimed when a
        # message names one nobody drives (a made-up id must not cost a write)
        self._playable: frozenset[str] = frozenset()
        # the tables being created here whose leases are being claimed, and those claims
        self._creating: set[str] = set()
        self._leasing: set[asyncio.Task[None]] = set()
        # the tables being taken over (their rows read): each one's outcome, once known
        self._claiming: dict[str, asyncio.Future[Table | None]] = {}
        # a made-up invite code must not cost a database read each
        self.invite_reads = TokenBuckets(INVITE_BURST, INVITE_LOOKUPS_PER_SECOND)

    def key(self, name: str) -> str:
        """The group's Redis key of ``name``."""
        return self.leases.prefix + name

    # ------------------------------------------------------------------ life

    async def start(self, handle: Handle) -> None:
        """Join: the lobby claims its new tables here, the loops start."""
        lobby = self.hub.lobby
        lobby.claim, lobby.unclaim = self._claim_new, self._unclaim_new
        lobby.on_lost = self._lost
        lobby.on_forget = self._forgotten  # its watchers' doors count it no more
        lobby.elsewhere = lambda: self._elsewhere
        self.hub.limits = SharedLimits(self.leases.aio, self.leases.prefix)
        self.hub.origin_key = group_key(self.hub.store)  # the queue's hashes agree in the group
        self.relay.handle = handle
        self.relay.seated = self.seats.handle  # a relayed join's seat counts for the group
        self.relay.on_logout = self.hub.session_ended  # a logout at another process
        self.relay.watches = self._watches
        await self.relay.start()
        await self._heartbeat()
        await self.scan()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._every(self.lease_seconds / 3, self._renew))]
        self._tasks.append(loop.create_task(self._every(0.5, self._watch)))

    async def drain(self) -> None:
        """Stop driving every table and release the leases at once, so other processes claim
        the tables without waiting for the leases to run out (SIGTERM)."""
        if self.draining:
            return
        self.draining = True
        for task in self._tasks:
            task.cancel()
        lobby = self.hub.lobby
        tables = list(lobby.tables.values())
        for t in tables:
            t.status = "moved" if t.status in ("open", "live") else t.status
        await asyncio.gather(*(t.stop() for t in tables))
        lobby.tables.clear()
        await lobby.flush()  # what was accepted is stored before another process resumes it
        await self.leases.release([t.id for t in tables])
        with contextlib.suppress(Exception):
            await self.leases.aio.delete(self.key(_ALIVE + self.node), self.key(_LOBBY + self.node))
            await self.leases.aio.srem(self.key(_NODES), self.node)
        log.info("drained %d tables", len(tables))

    async def close(self) -> None:
        await self.drain()
        with contextlib.suppress(Exception):
            await self.admission.forget()
        await self.relay.stop()
        await self.leases.close()

    async def _every(self, period: float, job: Callable[[], Awaitable[None]]) -> None:
        """Run ``job`` every ``period`` seconds; a failure is logged at most every 30 s (a
        Redis outage must not flood the log)."""
        logged = -math.inf
        while True:
            await asyncio.sleep(period)
            try:
                await job()
            except Exception:
                if time.monotonic() - logged >= 30.0:
                    logged = time.monotonic()
                    log.exception("cluster job failed (repeats are not logged for 30 s)")

    # ------------------------------------------------------------------ ownership

    def _claim_new(self, table_id: str, done: Done) -> int:
        """A table being created here: fencing number 1, and its lease claimed without the
        event loop waiting for Redis (the matchmaking may have taken it for this process
        already); ``done`` is told once it is held, or why not. Until then the lease is not
        renewed (there is none yet)."""
        self._creating.add(table_id)
        task = asyncio.get_running_loop().create_task(self._lease_new(table_id, done))
        self._leasing.add(task)
        task.add_done_callback(self._leasing.discard)
        return 1

    async def _lease_new(self, table_id: str, done: Done) -> None:
        error: BaseException | None = None
        try:
            if not await self.leases.claim(table_id):
                owner = (await self.leases.owners([table_id]))[0]
                if owner != self.node:
                    error = TableError("busy", "that table id is taken; try again")
        except Exception as e:  # Redis cannot be reached: the table cannot be driven here
            error = e
        finally:
            self._creating.discard(table_id)
        done(error)

    def _unclaim_new(self, table_id: str) -> None:
        """A table being created here could not be (its row was not stored): its lease is
        released at once, without the event loop waiting for Redis."""
        task = asyncio.get_running_loop().create_task(self._release_new(table_id))
        self._leasing.add(task)
        task.add_done_callback(self._leasing.discard)

    async def _release_new(self, table_id: str) -> None:
        try:
            await self.leases.release([table_id])
        except Exception as e:  # Redis away: the lease runs out instead
            log.warning("releasing the lease of table %s failed: %r", table_id, e)

    async def claim(self, table_id: str) -> Table | None:
        """Take over a table whose lease ran out: the lease, a new fencing number (after which
        the old owner can store nothing more), then the table resumed from its stored
        actions and driven here. The database is read, and the match played again, on a
        thread; meanwhile a message for the table (a client's here, or one relayed from
        another process) waits for the table, and a second claim of it gets the first one's."""
        pending = self._claiming.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        if self.draining:
            return None
        claimed: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._claiming[table_id] = claimed
        self.relay.holding.setdefault(table_id, [])
        table: Table | None = None
        try:
            table = await self._take_over(table_id)
        finally:
            self._claiming.pop(table_id, None)
            claimed.set_result(table)
            self.relay.release_held(table_id)
        return table

    async def _take_over(self, table_id: str) -> Table | None:
        if not await self.leases.claim(table_id):
            return None
        try:
            fence, row, stored = await asyncio.to_thread(self._read_claimed, table_id)
        except Exception:
            await self.leases.release([table_id])
            raise
        table = None if row is None else await self.hub.lobby.resume(row, fence, stored)
        if table is not None:  # its seats count here now, per address too
            await self.seats.adopt(table)
        if table is not None and self.draining:  # stopped while it was read and played again
            table.status = "moved"
            self.hub.lobby.forget(table_id)
            table = None
        if table is None:
            await self.leases.release([table_id])
            return None
        table.run()
        log.info("claimed table %s (fence %s)", table_id, fence)
        return table

    def _read_claimed(self, table_id: str) -> tuple[int | None, TableRow | None, list[Any]]:
        """A new fencing number for a table, then its row and stored actions (after the
        number: the old owner can store nothing more)."""
        store = self.hub.store
        fence = store.claim_fence(table_id)
        row = store.table(table_id) if fence is not None else None
        stored = store.actions(table_id) if row is not None and row.status == "live" else []
        return fence, row, stored

    async def scan(self) -> None:
        """Claim stored open or live tables nobody holds: in random order, at most this
        process's share of them and ``claim_budget`` seconds of claiming per scan (a match is
        played again on a thread, but the threads share the interpreter with the event loop:
        a process that took over a dead one's tables all at once would slow its own tables
        and could miss its renewals, and the fail-over would cascade)."""
        if self.draining:
            return
        stored = await asyncio.to_thread(self.hub.store.table_ids, "open", "live")
        self._playable = frozenset(stored)
        ids = [t for t in stored if t not in self.hub.lobby.tables]
        owners = await self.leases.owners(ids)
        orphans = [t for t, owner in zip(ids, owners, strict=True) if owner is None]
        random.shuffle(orphans)
        share = max(8, -(-len(orphans) // max(1, self._nodes)))
        until = time.monotonic() + self.claim_budget
        for table_id in orphans[:share]:
            await self.claim(table_id)
            if time.monotonic() >= until:
                break
            await asyncio.sleep(0)  # the tables already here go on

    async def _renew(self) -> None:
        """Renew the leases; a table whose lease was lost stops at once. When Redis cannot be
        reached for most of a lease's time, every table stops: another process may hold it."""
        await self._heartbeat()
        creating = self._creating  # their leases are being claimed
        tables = [t for t in self.hub.lobby.tables.values() if t.id not in creating]
        try:  # the leases of the tables being taken over too (their rows are being read)
            held = await self.leases.renew([t.id for t in tables] + list(self._claiming))
        except Exception:
            if time.monotonic() - self._renewed > 0.8 * self.lease_seconds:
                for t in tables:
                    self._drop(t)
            raise
        self._renewed = time.monotonic()
        for t, ok in zip(tables, held[: len(tables)], strict=True):
            if not ok:
                self._drop(t)
        await self.admission.renew()  # the connections and open tables counted here
        await self.seats.renew()  # the seats of the tables driven here

    async def _heartbeat(self) -> None:
        ms = int(self.lease_seconds * 1000)
        await self.leases.aio.set(self.key(_ALIVE + self.node), "1", px=ms)

    def _drop(self, table: Table) -> None:
        """Stop driving ``table`` here (its lease is gone)."""
        with contextlib.suppress(TableError):
            table.lost()
        if self.hub.lobby.tables.get(table.id) is table:
            self._lost(table)

    def _watches(self, client: Client, table_id: str) -> bool:
        """Whether ``client`` watches the unfinished table ``table_id`` driven here."""
        table = self.hub.lobby.tables.get(table_id)
        return table is not None and client in table.watchers and unfinished(table)

    def _forgotten(self, table: Table) -> None:
        if table.status != "moved":  # ended here (a moved one's doors follow it elsewhere)
            self.relay.ended(table)

    def _lost(self, table: Table) -> None:
        log.info("table %s is driven by another process now", table.id)
        self.hub.lobby.forget(table.id)
        asyncio.get_running_loop().create_task(table.stop())

    # ------------------------------------------------------------------ doors

    async def route(self, client: Client, raw: str | bytes) -> bool:
        """Forward a client message about a table driven by another process; False when this
        process handles it (its own table, or not a table message, or refused)."""
        try:
            data = json.loads(raw)
            if not isinstance(data, dict):
                return False
            if data.get("type") == "queue":
                try:
                    parse_message(raw)
                except ProtocolError:
                    return False  # this process's handler says what is wrong
                return await self.matchmaker.queue(client, data)
            if data.get("type") in ("hello", "create"):  # the group's limits first
                return await self.admission.refused(client, raw)
            if data.get("type") not in ROUTED:
                return False
            return await self._route(client, raw, data)
        except Exception:
            log.exception("routing %r failed", raw[:200])
            return False

    async def _route(self, client: Client, raw: str | bytes, data: dict[str, Any]) -> bool:
        table_id = data.get("table")
        invite = data.get("invite")
        if isinstance(invite, str) and invite:
            try:
                table_id = await self._invited(client, raw)
            except ProtocolError as refused:
                client.send(Error(refused.code, refused.message, refused.ref))
                return True
        if not isinstance(table_id, str) or len(table_id) > 32:
            return False
        kind = data["type"]
        remember = kind in ("join", "watch")
        if kind in ("leave", "unwatch"):
            client.routes.pop(table_id, None)
            client.watched_elsewhere.discard(table_id)
        if data["type"] == "leave":
            await self.matchmaker.left(client, table_id)
        if table_id in self._claiming:  # being taken over here: the message waits for it
            await self.claim(table_id)
        if table_id in self.hub.lobby.tables:
            client.watched_elsewhere.discard(table_id)  # a watch of it is counted here now
            if remember:
                client.routes[table_id] = (self.node, raw)
            return False
        known = client.routes.get(table_id)
        if not remember and known is not None and known[0] != self.node:
            # the owner it joined at (the watch loop follows the table when it moves)
            answer = asks_owner(client, kind, table_id, self.hub.settings.watches_per_connection)
            self.relay.forward(known[0], client, table_id, raw, answer)
            return True
        owner = (await self.leases.owners([table_id]))[0]
        orphan = owner is None and table_id in self._playable  # its owner died: take it now
        if orphan and await self.claim(table_id) is not None:
            owner = self.node
        if owner is None or owner == self.node:
            return False  # nobody drives it: this process answers (no such live table)
        limit = self.hub.settings.watches_per_connection
        asked = forwarded(client, raw, kind, table_id, limit)  # a watch counts at its door
        if asked is None:
            return True  # refused here
        if remember:
            client.routes[table_id] = (owner, raw)
        if data["type"] == "join" and _asks_missed(raw):
            # the owner sends the missed events, the door holds the budgets: a whole page is
            # charged here ahead (the owner's count comes back only after more messages may
            # have arrived), and what the owner did not send is given back then (relay.py)
            client.spend(missed_charge())
            client.ahead += 1
        self.relay.forward(owner, client, table_id, raw, asked)
        return True

    async def _invited(self, client: Client, raw: str | bytes) -> str | None:
        """The table of a message's invite code: one driven here is found in memory, another
        is looked up in the database (on the database threads) for a token of the client's
        address, counted for the group (ProtocolError rate_limited when they are spent,
        unavailable when Redis is away, busy when the threads are).
        None for no table, or a message the handler refuses."""
        try:
            message = parse_message(raw)
        except ProtocolError:
            return None  # the handler says what is wrong
        code = message.invite if isinstance(message, AtTable) else None
        if not code:
            return None
        with contextlib.suppress(TableError):
            return self.hub.lobby.by_invite(code).id
        try:  # the group's budget: a made-up code must not cost a read at every door
            wait = await self.hub.limits.take("invite", self.invite_reads, client.address)
        except Busy as e:  # Redis away: closed (the table found is reached through Redis anyway)
            raise ProtocolError("unavailable", str(e), message.ref) from None
        if wait > 0:
            why = "too many invite codes looked up from your address; slow down"
            raise ProtocolError("rate_limited", why, message.ref)
        try:
            return await self.hub.off_loop(lambda: self.hub.store.table_id_by_invite(code))
        except Busy as e:
            raise ProtocolError("busy", str(e), message.ref) from None

    async def _watch(self) -> None:
        """Claim orphaned tables; send each client's join or watch again where its table is
        driven now (the process that drove it died or handed it over); forget the clients of
        processes that died."""
        await self.scan()
        await self._share_lobby()
        entries = [
            (c, t, owner, raw)
            for c in list(self.hub.clients)
            if not c.closed
            for t, (owner, raw) in list(c.routes.items())
        ]
        now = await self.leases.owners([t for _c, t, _o, _r in entries])
        for (client, _table, owner, raw), current in zip(entries, now, strict=True):
            moved = current is not None and current != owner
            if moved and not client.closed and not await self.route(client, raw):
                self.relay.handle_local(client, raw)
        await self._forget_dead_doors()

    async def _share_lobby(self) -> None:
        """Publish this process's public tables for the other processes' lobbies, and read
        theirs (the lobby lags the tables by this loop's half second)."""
        mine = []
        for i, t in enumerate(list(self.hub.lobby.tables.values())):
            if not t.config.private and t.status in ("open", "live"):
                mine.append([t.created_at, t.full_summary()])  # never sent as it is
            if i % 200 == 199:
                await asyncio.sleep(0)  # the tables go on between slices
        r = self.leases.aio
        ms = int(self.lease_seconds * 1000)
        await r.set(self.key(_LOBBY + self.node), json.dumps(mine, separators=(",", ":")), px=ms)
        await r.sadd(self.key(_NODES), self.node)
        members = await r.smembers(self.key(_NODES))
        others = sorted(str(n) for n in members if n != self.node)
        self._nodes = 1 + len(others)
        found = await r.mget([self.key(_LOBBY + n) for n in others]) if others else []
        elsewhere: list[tuple[float, dict[str, Any]]] = []
        for node, text in zip(others, found, strict=True):
            if text is None:
                await r.srem(self.key(_NODES), node)
                continue
            elsewhere += [(float(created), summary) for created, summary in json.loads(text)]
        self._elsewhere = elsewhere

    async def _forget_dead_doors(self) -> None:
        doors = sorted({d for d, _c in self.relay.remote})
        if not doors:
            return
        alive = await self.leases.aio.mget([self.key(_ALIVE + d) for d in doors])
        for door, up in zip(doors, alive, strict=True):
            if up is None:
                self.relay.forget_door(door)
