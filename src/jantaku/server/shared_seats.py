"""The unfinished tables one sits at, per player and per client address (seat_counts.py),
counted for the whole group of processes (Redis), so that a player or an address behind a
round-robin proxy gets each limit once, not once per process.

Per player and per address (its keyed hash) a sorted set in Redis holds the tables they sit
at, each with the time it runs out. The process driving a table is the one that knows its
seats: it writes them again with each renewal of its leases (the lease's time-to-live), and
takes away what it no longer counts (a seat given up, a table that ended, expired or moved);
what a dead process counted runs out with its leases, and the process taking its tables
over counts their seats again at once, per address too: the addresses of each table's seats
are recorded with the table (seat_records.py). A new seat is counted, before the
handler takes it, by one Lua script that checks both sets and adds the table to both, or to
neither (atomic: two doors at once cannot both pass the limit); after the handler the seat's
sets are written again as this process counts them, so a refused join frees what it took.

When Redis cannot be reached the count fails *open to the process's own count*
(seat_counts.py, as without Redis) for :data:`RETRY_AFTER` seconds before Redis is asked
again, as the message budget does: refusing every seat would turn a Redis outage into an
outage of the tables (the tables and their leases need Redis anyway, and each process still
counts its own seats)."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from jantaku.server.config import table_config
from jantaku.server.connection import Client
from jantaku.server.messages import Error
from jantaku.server.origins import origin_of
from jantaku.server.protocol import Create, Join, ProtocolError, parse_message
from jantaku.server.redis_outage import RETRY_AFTER, Outage
from jantaku.server.seat_counts import (
    address_refusal,
    seat_fields,
    table_fields,
    takes_seat,
    unfinished,
    user_refusal,
    user_tables,
)
from jantaku.server.seat_records import SeatRecords
from jantaku.server.tables import Table, TableError

if TYPE_CHECKING:
    import redis.asyncio as aioredis

    from jantaku.server.hub import Hub

__all__ = ["RETRY_AFTER", "SeatSets", "SharedSeats"]

log = logging.getLogger("jantaku.server")

_CHUNK = 1000  # (set, table) pairs written by one script

#: handles one client message as this process's own (websocket.py's SocketEndpoint.handle)
Handle = Callable[[Client, str | bytes], None]

# KEYS: the player's set, the address's set. ARGV: the table, the time to live in ms, the
# limit of each set. Drops what ran out; returns i when set i holds its limit of tables
# without this one (nothing is added), else adds the table to both and returns 0.
_TAKE = """
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
for i = 1, #KEYS do
  redis.call('zremrangebyscore', KEYS[i], '-inf', now)
  local held = redis.call('zscore', KEYS[i], ARGV[1])
  if not held and redis.call('zcard', KEYS[i]) >= tonumber(ARGV[2 + i]) then return i end
end
for i = 1, #KEYS do
  redis.call('zadd', KEYS[i], now + ttl, ARGV[1])
  if redis.call('pttl', KEYS[i]) < ttl then redis.call('pexpire', KEYS[i], ttl) end
end
return 0
"""

# KEYS: sets; ARGV: the time to live in ms, n, then one table per key: the first n keys
# get (or keep) their table for the time to live, the others lose theirs.
_WRITE = """
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl, n = tonumber(ARGV[1]), tonumber(ARGV[2])
for i = 1, #KEYS do
  if i <= n then
    redis.call('zadd', KEYS[i], now + ttl, ARGV[2 + i])
    if redis.call('pttl', KEYS[i]) < ttl then redis.call('pexpire', KEYS[i], ttl) end
  else
    redis.call('zrem', KEYS[i], ARGV[2 + i])
  end
end
return 1
"""

Pair = tuple[str, str]
"""A set (``u:USER`` or ``a:ORIGIN``) and a table in it."""


class SeatSets:
    """The group's sets of tables per player and per address (keys under ``prefix``), each
    table in them for ``ms`` milliseconds unless written again."""

    def __init__(self, aio: aioredis.Redis, prefix: str, ms: int) -> None:
        self.aio = aio
        self.prefix = prefix + "seats:"
        self.ms = ms

    async def take(self, user: str, address: str, table: str, limits: tuple[int, int]) -> int:
        """Count ``table`` in the sets ``user`` and ``address`` if neither holds its limit
        of other tables: 0, else 1 (the player's is full) or 2 (the address's; nothing is
        counted then). Raises when Redis fails."""
        keys = (self.prefix + user, self.prefix + address)
        return int(await self.aio.eval(_TAKE, 2, *keys, table, self.ms, *limits))

    async def write(self, counted: Iterable[Pair], gone: Iterable[Pair] = ()) -> None:
        """Count the ``counted`` pairs for a time to live more, and take away the ``gone``."""
        steps = [(p, True) for p in counted] + [(p, False) for p in gone]
        for at in range(0, len(steps), _CHUNK):
            chunk = steps[at : at + _CHUNK]  # the pairs counted come first
            adds = sum(1 for _p, add in chunk if add)
            keys = [self.prefix + field for (field, _t), _add in chunk]
            tables = [table for (_f, table), _add in chunk]
            await self.aio.eval(_WRITE, len(keys), *keys, self.ms, adds, *tables)

    async def count(self, field: str) -> int:
        """The tables counted in a set now (tests, tools)."""
        t = await self.aio.time()
        now = int(t[0]) * 1000 + int(t[1]) // 1000
        return int(await self.aio.zcount(self.prefix + field, f"({now}", "+inf"))


class SharedSeats:
    """This process's part in the group's seat counts: a new seat is counted before its
    handler takes it (:meth:`handle`), and its seats are written again with each renewal."""

    def __init__(self, hub: Hub, aio: aioredis.Redis, prefix: str, ms: int) -> None:
        self.hub = hub
        self.sets = SeatSets(aio, prefix, ms)
        self.records = SeatRecords(aio, prefix)  # the addresses of each table's seats
        self._written: set[Pair] = set()  # what this process counted in Redis last
        self._outage = Outage("seat counts")  # Redis failed: counted in the process meanwhile

    async def handle(self, client: Client, raw: str | bytes, handle: Handle) -> None:
        """Handle a client message here (``handle``); a seat it would take (a ``join``, a
        private ``create``) is counted for the group first, and refused
        (``too_many_tables``, as the handler refuses) when the group's count is full."""
        taken = None
        if takes_seat(raw):
            try:
                taken = await self._take(client, raw)
            except Exception:  # a bug must not cost the connection: the handler's count holds
                log.exception("counting the seat of %r failed", raw[:200])
        if isinstance(taken, Error):
            client.send(taken)
            return
        handle(client, raw)
        if taken is not None:
            await self._settle(*taken)

    async def renew(self) -> None:
        """Write this process's seats again for a time to live (the cluster's renewal
        loop), and take away those it counted before and no longer does; and the addresses
        of each table's seats where they changed (seat_records.py)."""
        tables = self.hub.lobby.tables
        counted = seat_fields(tables, self.hub.seat_origins)
        before = set(self._written)
        try:
            await self.sets.write(counted, before - counted)
        except Exception:
            self._written |= counted  # what is gone is taken away at the next renewal
            raise
        self._written = counted | (self._written - before)  # and what was settled meanwhile
        await self.records.write(self.hub.seat_origins.records(tables), tables)

    async def adopt(self, table: Table) -> None:
        """A table taken over from another process (cluster.py): the addresses its seats were
        taken from, as that process recorded them, count here from now on, and its seats
        are counted for the group at once (not at the next renewal: what the dead process
        counted has run out). Redis away: they are counted at the next renewal, the
        addresses as the players join again."""
        if not unfinished(table):
            return
        tables, origins = self.hub.lobby.tables, self.hub.seat_origins
        seated = {s.user_id for s in table.seats if s.user_id is not None}
        try:
            if not table.config.ranked:  # a ranked table's seats count for their players only
                for user_id, origin in await self.records.read(table):
                    if user_id in seated:
                        origins.note(table, user_id, origin, tables)
            counted = table_fields(table, tables, origins)
            await self.sets.write(counted)
        except Exception as e:
            log.warning("counting the seats of table %s taken over failed: %r", table.id, e)
            return
        self._written |= counted

    async def _take(self, client: Client, raw: str | bytes) -> Error | tuple[int, str, str] | None:
        """Count the seat a message would take: None when it takes none here (or Redis is
        away: the handler's own count holds), the refusal, or what was counted (the
        player, the address's hash, the table: a private table yet to be made has a name
        of its own until then)."""
        user_id = client.user_id
        if user_id is None or self._outage.down(time.monotonic()):
            return None
        try:
            message = parse_message(raw)
        except ProtocolError:
            return None  # the handler says what is wrong
        table = self._new_seat(message, client, user_id)
        if table is None:
            return None
        settings = self.hub.settings
        limits = (settings.tables_per_user, settings.tables_per_address)
        origin = origin_of(self.hub.origin_key, client.address)
        try:
            full = await self.sets.take(f"u:{user_id}", f"a:{origin}", table, limits)
        except Exception:
            self._outage.failed(time.monotonic())
            return None
        if full:
            refusal = user_refusal(limits[0]) if full == 1 else address_refusal(limits[1])
            return Error(refusal.code, refusal.message, message.ref)
        return user_id, origin, table

    def _new_seat(self, message: object, client: Client, user_id: int) -> str | None:
        """The table at which ``message`` would give the player a new seat of the kind that
        is counted (unranked, not yet theirs); None for another message (the handler
        refuses a bad one)."""
        if isinstance(message, Create):
            if not message.private:
                return None
            try:
                ranked = table_config(message.kind, message.length).ranked
            except Exception:
                return None
            return None if ranked else "new:" + secrets.token_hex(8)
        if not isinstance(message, Join):
            return None
        lobby = self.hub.lobby
        try:
            if message.invite is not None:
                table = lobby.by_invite(message.invite)
            else:
                table = lobby.get(message.table, user_id, client.tables)
        except TableError:
            return None
        if table.config.ranked or table.status != "open" or table.seat_of(user_id) is not None:
            return None
        return table.id

    async def _settle(self, user_id: int, origin: str, table: str) -> None:
        """After the handler: the player's and the address's sets as this process counts
        them now (the seat taken, or the table counted ahead taken away again), and the
        table's record of addresses when it changed."""
        tables = self.hub.lobby.tables
        user, address = f"u:{user_id}", f"a:{origin}"
        counted = {(user, t) for t in user_tables(tables, user_id)}
        counted |= {(address, t) for t in self.hub.seat_origins.tables_of(origin, tables)}
        gone = [(field, table) for field in (user, address) if (field, table) not in counted]
        try:
            await self.sets.write(counted, gone)
        except Exception:
            self._outage.failed(time.monotonic())  # what was counted ahead runs out
            return
        self._written = (self._written - set(gone)) | counted
        if table not in tables:
            return
        record = self.hub.seat_origins.record(table, tables)
        try:  # the addresses of its seats, for a process taking the table over
            await self.records.write({table: record}, tables, every=False)
        except Exception:
            self._outage.failed(time.monotonic())  # written at the next renewal
