"""Leases on tables in Redis: a key per table holding the id of the process that drives it,
with a time-to-live that process renews while it is alive. A process that dies stops renewing,
its leases run out, and another process may claim the tables (see cluster.py)."""

from __future__ import annotations

import redis.asyncio as aioredis

__all__ = ["COMMAND_TIMEOUT", "Leases"]

# A Redis that stops answering (a hung host, a lost network path) must fail a call, not stall
# it: the callers treat a timeout as Redis being down (docs/deploy.md). Set here, not left to
# the client library, whose default was no timeout at all before redis-py 8. Redis answers in
# well under a millisecond; a second is far beyond a healthy reply. Every call is awaited: a
# hung Redis delays what waits for it, never the event loop.
COMMAND_TIMEOUT = 1.0  # seconds, to connect and for each reply

# renew / release only a lease this process still holds (one atomic step in Redis); renewing
# many in one call: one reply to read instead of one per table
_RENEW_MANY = """local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    held[i] = redis.call('pexpire', key, ARGV[2]) else held[i] = 0 end
end
return held"""
_RELEASE = """if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end"""


class Leases:
    """The leases of one process (``node``) with a time-to-live of ``seconds``; every key of
    the group starts with ``prefix`` (one group per database)."""

    def __init__(self, url: str, node: str, seconds: float, prefix: str = "jantaku:") -> None:
        self.node = node
        self.prefix = prefix
        self.lease_prefix = prefix + "lease:"
        self.ms = max(100, int(seconds * 1000))
        wait = COMMAND_TIMEOUT
        self.aio = aioredis.Redis.from_url(
            url, decode_responses=True, socket_timeout=wait, socket_connect_timeout=wait
        )

    def _key(self, table_id: str) -> str:
        return self.lease_prefix + table_id

    async def claim(self, table_id: str) -> bool:
        return bool(await self.aio.set(self._key(table_id), self.node, nx=True, px=self.ms))

    async def renew(self, table_ids: list[str]) -> list[bool]:
        """Renew each lease still held; False where it was lost (expired, or claimed by
        another process)."""
        if not table_ids:
            return []
        done: list[int] = []
        for start in range(0, len(table_ids), 500):  # a script runs alone in Redis: short ones
            keys = [self._key(t) for t in table_ids[start : start + 500]]
            done += await self.aio.eval(_RENEW_MANY, len(keys), *keys, self.node, self.ms)
        return [bool(d) for d in done]

    async def release(self, table_ids: list[str]) -> None:
        if not table_ids:
            return
        async with self.aio.pipeline(transaction=False) as pipe:
            for t in table_ids:
                pipe.eval(_RELEASE, 1, self._key(t), self.node)
            await pipe.execute()

    async def owners(self, table_ids: list[str]) -> list[str | None]:
        """The process holding each table's lease (None: nobody)."""
        if not table_ids:
            return []
        found = await self.aio.mget([self._key(t) for t in table_ids])
        return [None if v is None else str(v) for v in found]

    async def close(self) -> None:
        await self.aio.aclose()
