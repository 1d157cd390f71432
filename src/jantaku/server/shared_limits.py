"""The limits on logins, sign-ups, reviews and sheets, counted where the process's group counts
them: in this process (:class:`LocalLimits`, the in-memory limits.py; one process) or in Redis
(:class:`SharedLimits`; several processes behind one proxy, so a client gets each limit once,
not once per process).

Both have one interface: the in-memory :class:`~jantaku.server.limits.TokenBuckets` and
:class:`~jantaku.server.limits.Backoff` objects say the parameters (and keep the counts of
:class:`LocalLimits`), a name keeps their keys apart. In Redis each step is one Lua script
(atomic, one round trip) on keys with a time-to-live, timed by Redis's clock (one clock for
every host) unless a test gives ``now``. When Redis cannot be reached :class:`Unavailable`
(a :class:`~jantaku.server.limits.Busy`) is raised: the request is refused, never let through
uncounted (the process is not ready then either, /api/ready). Every limit counted here fails
closed so, each for its reason:

- sign-ups: an account made uncounted stays, and fresh accounts are what farming and spam need;
- the login back-off: uncounted logins would let a password be guessed at the hash pool's pace;
- reviews, exports, sheets: each is seconds of CPU or a write, and a refusal costs a retry only;
- /api/metrics reads: for the server's own machine, which sorts every table's timings for one.
- invite lookups (cluster.py): the table a code finds is reached through Redis anyway.

The HTTP budget of every request and the message budget of every WebSocket message fail open
to a per-process count instead (shared_budget.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from jantaku.server.limits import Backoff, Busy, TokenBuckets

if TYPE_CHECKING:
    import redis.asyncio as aioredis

__all__ = ["BUCKET", "Check", "LocalLimits", "SharedLimits", "Unavailable"]

Check = tuple[Backoff, str, str]
"""A back-off to check and count: the limiter, its name, the key (a login name, an address)."""

UNAVAILABLE = "the server cannot reach its limits store; try again in a moment"

# KEYS[1]: the bucket (a hash: tokens, when). ARGV: burst, tokens per second, the tokens
# needed, the tokens wanted (at least those needed: a share of a group's HTTP or message
# budget, shared_budget.py), time to live in ms, now in seconds ('': Redis's clock). Takes
# min(wanted, tokens) when at least those needed are there. Returns {granted, wait} as strings
# (a Lua number would come back truncated to an integer): 0 granted, wait that many seconds;
# -1, never.
BUCKET = """
local burst, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local need, want = tonumber(ARGV[3]), tonumber(ARGV[4])
local now = tonumber(ARGV[6])
if not now then local t = redis.call('time'); now = tonumber(t[1]) + tonumber(t[2]) / 1e6 end
local got = redis.call('hmget', KEYS[1], 'tokens', 'when')
local tokens, when = tonumber(got[1]), tonumber(got[2])
if not tokens or not when then tokens, when = burst, now end
tokens = math.min(burst, tokens + math.max(0, now - when) * rate)
local granted, wait = 0, 0
if tokens >= need then granted = math.min(want, tokens); tokens = tokens - granted
elseif rate > 0 then wait = (need - tokens) / rate
else wait = -1 end
redis.call('hset', KEYS[1], 'tokens', tostring(tokens), 'when', tostring(now))
redis.call('pexpire', KEYS[1], ARGV[5])
return {tostring(granted), tostring(wait)}
"""

# Back-offs: per key a list of failure times (KEYS[2i-1]) and the time it is refused until
# (KEYS[2i]). ARGV: op, now ('': Redis's clock), window, cap, time to live in ms, then each
# key's failures allowed. op 'attempt': every key's wait (all 0: none refused, and one
# failure is counted on each); 'forgive': forget the keys; 'forgive_one': forget each key's
# last failure. Waits come back as strings.
_BACKOFF = """
local op, window, cap, ttl = ARGV[1], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
local now = tonumber(ARGV[2])
if not now then local t = redis.call('time'); now = tonumber(t[1]) + tonumber(t[2]) / 1e6 end
local n = #KEYS / 2
if op == 'forgive' then
  for i = 1, #KEYS do redis.call('del', KEYS[i]) end
  return {}
end
if op == 'forgive_one' then
  for i = 1, n do redis.call('rpop', KEYS[2 * i - 1]) end
  return {}
end
local waits, refused = {}, false
for i = 1, n do
  local wait = math.max(0, (tonumber(redis.call('get', KEYS[2 * i])) or 0) - now)
  if wait > 0 then refused = true end
  waits[i] = tostring(wait)
end
if refused then return waits end
for i = 1, n do
  local fails, allowed = KEYS[2 * i - 1], tonumber(ARGV[5 + i])
  while true do
    local first = tonumber(redis.call('lindex', fails, 0))
    if not first or now - first <= window then break end
    redis.call('lpop', fails)
  end
  local count = redis.call('rpush', fails, tostring(now))
  redis.call('pexpire', fails, ttl)
  if count >= allowed then
    local until_ = now + math.min(cap, 2 ^ (count - allowed))
    redis.call('set', KEYS[2 * i], tostring(until_), 'PX', ttl)
  end
end
return waits
"""


class Unavailable(Busy):
    """Redis cannot be reached: the limit cannot be counted, so the request is refused."""


class LocalLimits:
    """The limits of one process: the in-memory objects themselves."""

    async def take(self, name: str, buckets: TokenBuckets, key: str, cost: float = 1.0) -> float:
        """Take ``cost`` tokens of ``key``'s bucket: 0 when granted, else the seconds to wait."""
        return buckets.take(key, cost=cost)

    async def attempt(self, checks: Sequence[Check]) -> list[float]:
        """Each check's wait; when none must wait, one failure is counted on each (an attempt
        counts as a failure until it is known to succeed)."""
        waits = [limiter.retry_after(key) for limiter, _name, key in checks]
        if not any(w > 0 for w in waits):
            for limiter, _name, key in checks:
                limiter.fail(key)
        return waits

    async def forgive(self, checks: Sequence[Check], all_of_them: bool = True) -> None:
        """A success: forget the keys' failures (or only the last one each)."""
        for limiter, _name, key in checks:
            limiter.forgive(key, all_of_them)


class SharedLimits:
    """The same limits kept in Redis for every process of a group (keys under ``prefix``)."""

    def __init__(self, aio: aioredis.Redis, prefix: str) -> None:
        self.aio = aio
        self.prefix = prefix + "limit:"

    def _key(self, name: str, key: str) -> str:
        return f"{self.prefix}{name}:{key}"

    async def take(
        self,
        name: str,
        buckets: TokenBuckets,
        key: str,
        cost: float = 1.0,
        now: float | None = None,
    ) -> float:
        cost = min(cost, buckets.burst)
        full = buckets.burst / buckets.rate if buckets.rate > 0 else 86400.0
        ttl = math.ceil(full * 1000) + 1000  # a bucket left alone this long is full anyway
        args = (buckets.burst, buckets.rate, cost, cost, ttl, "" if now is None else now)
        try:
            wait = float((await self.aio.eval(BUCKET, 1, self._key(name, key), *args))[1])
        except Exception as e:
            raise Unavailable(UNAVAILABLE) from e
        return math.inf if wait < 0 else wait

    async def attempt(self, checks: Sequence[Check], now: float | None = None) -> list[float]:
        found = await self._backoff("attempt", checks, now)
        return [float(w) for w in found]

    async def forgive(
        self, checks: Sequence[Check], all_of_them: bool = True, now: float | None = None
    ) -> None:
        await self._backoff("forgive" if all_of_them else "forgive_one", checks, now)

    async def _backoff(self, op: str, checks: Sequence[Check], now: float | None) -> list[str]:
        if not checks:
            return []
        keys: list[str] = []
        for _limiter, name, key in checks:
            keys += [self._key(name, key) + ":fails", self._key(name, key) + ":until"]
        first = checks[0][0]  # the window and the cap are one setting for every key
        ttl = math.ceil((first.window + first.cap) * 1000) + 1000
        allowed = [limiter.allowed for limiter, _name, _key in checks]
        args = (op, "" if now is None else now, first.window, first.cap, ttl, *allowed)
        try:
            return list(await self.aio.eval(_BACKOFF, len(keys), *keys, *args))
        except Exception as e:
            raise Unavailable(UNAVAILABLE) from e
