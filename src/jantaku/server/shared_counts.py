"""Connections per player and per address, and open tables per player, counted across the
processes of a group (Redis), so a client behind a round-robin proxy gets each limit once.

Each process keeps its own counts in a hash of its own with the time-to-live of a lease,
renewed by the cluster's renewal loop: when a process dies its hash runs out and its
connections and tables stop counting. Admitting one more is one Lua script (atomic, one round
trip) that sums every live process's count of the key and adds one to this process's count
only when the sum is below the limit. When Redis cannot be reached nothing is admitted (the
process is not ready then either, /api/ready)."""

from __future__ import annotations

import logging
import math
import time
from collections import Counter
from typing import TYPE_CHECKING

import redis.asyncio as aioredis

from jantaku.server.connection import Client
from jantaku.server.limits import Busy
from jantaku.server.messages import Error
from jantaku.server.protocol import Create, Hello, ProtocolError, parse_message

if TYPE_CHECKING:
    from jantaku.server.hub import Hub

__all__ = ["Admission", "Counts"]

log = logging.getLogger("jantaku.server")

UNAVAILABLE = "the server cannot reach its limits store; try again in a moment"

# KEYS[1]: this process's hash, KEYS[2]: the set of processes with counts. ARGV: the field,
# the limit, the time to live in ms, the key prefix of the processes' hashes, this process,
# this process's own count ('': its hash's). Returns 1 when admitted (counted), else 0.
_ACQUIRE = """
local total = 0
for _, node in ipairs(redis.call('smembers', KEYS[2])) do
  local key = ARGV[4] .. node
  if key ~= KEYS[1] then
    local n = redis.call('hget', key, ARGV[1])
    if n then total = total + tonumber(n)
    elseif redis.call('exists', key) == 0 then redis.call('srem', KEYS[2], node) end
  end
end
local own = tonumber(ARGV[6]) or tonumber(redis.call('hget', KEYS[1], ARGV[1])) or 0
if total + own >= tonumber(ARGV[2]) then return 0 end
redis.call('hset', KEYS[1], ARGV[1], own + 1)
redis.call('pexpire', KEYS[1], ARGV[3])
redis.call('sadd', KEYS[2], ARGV[5])
return 1
"""

_RELEASE = """
if redis.call('hincrby', KEYS[1], ARGV[1], -1) <= 0 then redis.call('hdel', KEYS[1], ARGV[1]) end
return 1
"""

# KEYS as _ACQUIRE; ARGV: the time to live in ms, this process, '1' to write the counts that
# follow (field, count, field, count, ...) in place of the hash's. Returns whether the hash
# exists (0: it ran out, or was never written).
_RENEW = """
if ARGV[3] == '1' then
  redis.call('del', KEYS[1])
  for i = 4, #ARGV, 2 do redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('sadd', KEYS[2], ARGV[2])
return redis.call('pexpire', KEYS[1], ARGV[1])
"""


class Counts:
    """One family of counts (connections, open tables) of one process (``node``)."""

    def __init__(self, aio: aioredis.Redis, prefix: str, node: str, ms: int) -> None:
        self.aio = aio
        self.prefix = prefix + ":"
        self.own = self.prefix + node
        self.nodes = prefix + "-nodes"
        self.node = node
        self.ms = ms
        self.mirror: Counter[str] = Counter()  # what this process counts (written back)
        self.dirty = False  # the hash may differ from the mirror (a step's reply was lost)
        self._steps = 0  # acquire and release steps started (a rewrite overlapping one is redone)
        self._running = 0  # of them, under way

    async def acquire(self, field: str, limit: int, own: int | None = None) -> bool:
        """Count one more of ``field`` if every process's count of it stays within ``limit``
        (``own``: this process's count, else its hash's). Raises when Redis fails."""
        keys = (self.own, self.nodes)
        args = (field, limit, self.ms, self.prefix, self.node, "" if own is None else own)
        self._steps += 1
        self._running += 1
        try:
            ok = bool(await self.aio.eval(_ACQUIRE, 2, *keys, *args))
        except Exception:
            self.dirty = True  # it may have counted before the reply was lost
            raise
        finally:
            self._running -= 1
        if ok and own is None:
            self.mirror[field] += 1
        return ok

    async def release(self, field: str) -> None:
        """One fewer of ``field`` (never raises: the next renewal writes the counts back)."""
        self.mirror[field] -= 1
        if self.mirror[field] <= 0:
            del self.mirror[field]
        self._steps += 1
        self._running += 1
        try:
            await self.aio.eval(_RELEASE, 1, self.own, field)
        except Exception:
            self.dirty = True
        finally:
            self._running -= 1

    async def renew(self, counts: dict[str, int] | None = None) -> None:
        """Renew the hash's time-to-live; write ``counts`` (or the mirror, when the hash ran
        out or may be wrong) in place of it. A step under way meanwhile may be missing from
        what was written: it is written again at the next renewal."""
        rewrite = counts is not None or self.dirty
        snapshot = dict(self.mirror) if counts is None else counts
        steps, overlapped, self.dirty = self._steps, self._running > 0, False
        try:
            if not await self._renew(rewrite, snapshot) and not rewrite and self.mirror:
                rewrite, overlapped = True, overlapped or self._running > 0
                steps, snapshot = self._steps, dict(self.mirror)
                await self._renew(True, snapshot)
        except Exception:
            self.dirty = True
            raise
        if rewrite and (overlapped or steps != self._steps):
            self.dirty = True

    async def _renew(self, rewrite: bool, counts: dict[str, int]) -> bool:
        pairs = [x for field, n in counts.items() if n > 0 for x in (field, n)]
        args = (self.ms, self.node, "1" if rewrite else "0", *pairs)
        return bool(await self.aio.eval(_RENEW, 2, self.own, self.nodes, *args))

    async def forget(self) -> None:
        """This process counts nothing any more (it stops)."""
        await self.aio.delete(self.own)
        await self.aio.srem(self.nodes, self.node)


class Admission:
    """The group's limits on connections (per player, per address) and on open tables per
    player, checked before this process's own (which stay: hub.welcome, Lobby.create)."""

    def __init__(self, hub: Hub, aio: aioredis.Redis, prefix: str, node: str, ms: int) -> None:
        self.hub = hub
        self.sockets = Counts(aio, prefix + "held", node, ms)
        self.tables = Counts(aio, prefix + "opened", node, ms)
        self.held: dict[Client, dict[str, str]] = {}  # a connection's "address" and "user"
        self._logged = -math.inf

    def _failed(self) -> Error:
        """Redis failed: refuse, and log it at most every 30 s (an outage must not flood the
        log)."""
        if time.monotonic() - self._logged >= 30.0:
            self._logged = time.monotonic()
            log.exception("limits store unreachable (repeats are not logged for 30 s)")
        return Error("unavailable", UNAVAILABLE)

    async def connect(self, client: Client) -> Error | None:
        """A new connection from ``client.address``: None when admitted, else the refusal."""
        limit = self.hub.settings.sockets_per_address
        field = "a:" + client.address
        try:
            if not await self.sockets.acquire(field, limit):
                refusal = f"at most {limit} connections from one address"
                return Error("too_many_connections", refusal)
        except Exception:
            return self._failed()
        self.held[client] = {"address": field}
        return None

    async def refused(self, client: Client, raw: str | bytes) -> bool:
        """Check a ``hello`` (connections per player) or ``create`` (open tables per player)
        against the group's counts; True when refused (the refusal is sent)."""
        client.looked_up = None  # only a lookup of this very hello serves its handler
        try:
            message = parse_message(raw)
        except ProtocolError:
            return False  # the handler says what is wrong
        try:
            if isinstance(message, Hello):
                error = await self._hello(client, message)
            elif isinstance(message, Create):
                error = await self._create(client)
            else:
                return False
        except Busy as e:  # the database threads are full
            error = Error("busy", str(e))
        except Exception:
            error = self._failed()
        if error is None:
            return False
        client.looked_up = None
        client.send(Error(error.code, error.message, message.ref))
        return True

    async def _hello(self, client: Client, message: Hello) -> Error | None:
        user = await self.hub.look_up(client, message.token) if message.token else None
        if user is None or client.user_id == user.id:
            return None  # the handler answers (bad_token, or welcome again)
        limit = self.hub.settings.sockets_per_user
        field = f"u:{user.id}"
        held = self.held.setdefault(client, {})
        if held.get("user") == field:
            return None
        if not await self.sockets.acquire(field, limit):
            return Error(
                "too_many_connections",
                f"at most {limit} connections per player; close another tab first",
            )
        before = held.get("user")
        held["user"] = field
        if before is not None:
            await self.sockets.release(before)
        return None

    async def _create(self, client: Client) -> Error | None:
        if client.user_id is None:
            return None  # the handler answers not_authenticated
        lobby, limit = self.hub.lobby, self.hub.settings.open_tables_per_user
        mine = lobby.open_created_by(client.user_id)
        if await self.tables.acquire(f"u:{client.user_id}", limit, own=mine):
            return None
        return Error(
            "too_many_tables",
            f"you have {limit} open tables already; start one or leave it empty to expire "
            "before creating another",
        )

    async def gone(self, client: Client) -> None:
        """A connection closed: its places are free (never raises)."""
        for field in self.held.pop(client, {}).values():
            await self.sockets.release(field)

    async def renew(self) -> None:
        """Renew this process's counts (the cluster's renewal loop), writing its open tables'
        counts afresh."""
        await self.sockets.renew()
        await self.tables.renew(_open_tables(self.hub))

    async def forget(self) -> None:
        await self.sockets.forget()
        await self.tables.forget()


def _open_tables(hub: Hub) -> dict[str, int]:
    """Open tables created here, per creator."""
    counts: Counter[str] = Counter()
    for t in hub.lobby.tables.values():
        if t.status == "open" and t.created_by is not None:
            counts[f"u:{t.created_by}"] += 1
    return dict(counts)
