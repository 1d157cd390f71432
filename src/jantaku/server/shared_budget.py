"""A budget of a client address for the whole group of processes (Redis): the HTTP budget of
every request (http_budget.py) and the WebSocket message budget (message_budget.py). One token
bucket per address in Redis, spent in *shares*, so a request or message costs a Redis round
trip only when its process's share of the address runs out (a page's 40 files are one or two
trips, not 40), and N processes behind a round-robin proxy give an address one budget, not N.

A process takes up to a share (half a second of the rate, at most a twentieth of the burst, at
least the request's weight) from the address's bucket in one Lua script and spends it in
memory. Tokens taken are never given back: a share left unused runs out after its life
(:data:`SHARE_LIFE` seconds unless the budget says another), so what the group grants an
address never exceeds what the one bucket gives, and an address spread over N processes loses
at most N shares (refilled in half a second). A charge made after the fact
(:meth:`SharedBudget.spend`: a reply dearer than one message) is taken from the share and may
leave it owing; the debt is taken from the bucket with the next share, before anything else.

A refusal is remembered: the bucket's tokens it reported, plus the rate since, are at least
what the bucket holds (other processes only take), so until they make a whole share the address
is refused in memory, without asking Redis; and a process asks about one address once at a
time (its other requests meanwhile wait for that share). A flooding address costs a Redis
round trip per share, granted or refused, never one per request or message, however many
connections it spreads them over; the wait it is told is then at most the bucket's.

When Redis cannot be reached the budget fails *open to the process's own budget*: each
process counts the address in memory as without Redis (the in-memory bucket given as
``local``), for :data:`RETRY_AFTER` seconds before Redis is asked again. Reason: these budgets
guard every request (static files and the health check too) and every message of a game, so
refusing them all would turn a Redis outage into a whole outage, while the dear routes behind
them keep their own limits, which fail closed (shared_limits.py), and each connection keeps its
own message budget in memory."""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING

from jantaku.server.limits import TokenBuckets
from jantaku.server.redis_outage import RETRY_AFTER, Outage
from jantaku.server.shared_limits import BUCKET

if TYPE_CHECKING:
    import redis.asyncio as aioredis

__all__ = ["RETRY_AFTER", "SHARE_LIFE", "SharedBudget"]


SHARE_SECONDS = 0.5  # a share is this long of the rate ...
SHARE_OF_BURST = 1 / 20  # ... and at most this part of the burst
SHARE_LIFE = 5.0  # seconds a share taken may be spent (the rest is dropped)
_SWEEP_EVERY = 1000  # requests between two sweeps of run-out shares


class SharedBudget:
    """The group's token buckets of one budget (``params``: burst and rate), keys under
    ``prefix``, spent in shares kept in this process; ``local`` counts while Redis is away.
    ``name`` says which budget in the log."""

    def __init__(
        self,
        aio: aioredis.Redis,
        prefix: str,
        params: TokenBuckets,
        local: TokenBuckets,
        max_keys: int = 100_000,
        name: str = "HTTP budget",
        life: float = SHARE_LIFE,
    ) -> None:
        self.aio = aio
        self.prefix = prefix
        self.params = params
        self.local = local
        self.max_keys = max_keys
        self.name = name
        self.life = life  # seconds a share (or a debt, a refusal) is kept
        self.share = max(1.0, min(params.burst * SHARE_OF_BURST, params.rate * SHARE_SECONDS))
        full = params.burst / params.rate if params.rate > 0 else 86400.0
        self.ttl = math.ceil(full * 1000) + 1000  # a bucket left alone this long is full
        # key -> (tokens, taken at): what is left of a share, or owed (below 0)
        self._shares: dict[str, tuple[float, float]] = {}
        # key -> (tokens, at): the bucket's tokens as Redis last refused the key (at most)
        self._short: dict[str, tuple[float, float]] = {}
        # key -> done: the round trip under way for the key (the others of it wait for it)
        self._asking: dict[str, asyncio.Future[None]] = {}
        self._outage = Outage(self.name)  # Redis failed: count in memory until then
        self._ops = 0

    async def take(self, key: str, cost: float, now: float | None = None) -> float:
        """Take ``cost`` tokens of ``key``: 0 when granted, else the seconds to wait. ``now``
        (tests) is the time of both the shares and Redis's bucket."""
        cost = min(cost, self.params.burst)
        while True:
            clock = time.monotonic() if now is None else now
            if self._outage.down(clock):
                return self.local.take(key, now, cost)
            self._tick(clock)
            held, taken = self._held(key, clock)
            if held >= cost:
                self._shares[key] = (held - cost, taken)
                return 0.0
            asking = self._asking.get(key)
            if asking is None:
                break
            # one round trip per key at a time: the share it brings may cover this one too
            self._keep(key, held, taken)
            await asyncio.shield(asking)
        # the tokens held are this request's now; what is owed is asked for with it
        need = min(self.params.burst, cost - held)
        wait = self._refused(key, need, clock)
        if wait > 0:
            self._keep(key, held, taken)
            return wait
        asking = self._asking[key] = asyncio.get_running_loop().create_future()
        try:
            return await self._ask(key, cost, need, (held, taken), clock, now)
        finally:
            del self._asking[key]
            asking.set_result(None)

    async def _ask(
        self,
        key: str,
        cost: float,
        need: float,
        kept: tuple[float, float],
        clock: float,
        now: float | None,
    ) -> float:
        """Ask Redis for ``need`` tokens of ``key`` at least and a share at most."""
        held, taken = kept
        want = max(need, self.share)
        args = (self.params.burst, self.params.rate, need, want, self.ttl)
        try:
            reply = await self.aio.eval(BUCKET, 1, self.prefix + key, *args, _arg(now))
            granted, wait = float(reply[0]), float(reply[1])
        except Exception:
            self._outage.failed(clock)
            return self.local.take(key, now, cost)
        if granted <= 0:
            self._keep(key, held, taken)
            rate = self.params.rate
            self._short[key] = (need - wait * rate if wait >= 0 else 0.0, clock)
            return math.inf if wait < 0 else wait
        if granted < want:
            self._short[key] = (0.0, clock)  # the bucket is empty now
        else:
            self._short.pop(key, None)
        self._keep(key, held + granted - cost, clock)
        return 0.0

    def spend(self, key: str, cost: float, now: float | None = None) -> None:
        """Charge ``cost`` tokens of ``key`` whether or not they are there (a reply already
        sent that cost that much), without a Redis round trip: from the share held, which may
        owe up to the burst; the next share taken pays what is owed first. A debt is dropped
        as a share is, its life after it was made."""
        clock = time.monotonic() if now is None else now
        if self._outage.down(clock):
            self.local.spend(key, cost, now)
            return
        self._tick(clock)
        held, taken = self._held(key, clock)
        left = max(-self.params.burst, held - cost)
        self._shares[key] = (left, taken if left >= 0 else clock)

    def _held(self, key: str, clock: float) -> tuple[float, float]:
        """Take out what this process holds of ``key`` (nothing once it ran out)."""
        held, taken = self._shares.pop(key, (0.0, clock))
        if clock - taken > self.life:
            return 0.0, clock
        return held, taken

    def _refused(self, key: str, need: float, clock: float) -> float:
        """The seconds to wait when the bucket cannot hold ``need`` tokens, and a whole share,
        since Redis last refused ``key`` (it may hold less: 0 means ask it)."""
        last = self._short.get(key)
        if last is None:
            return 0.0
        tokens, at = last
        if clock - at > self.life:
            del self._short[key]
            return 0.0
        rate = self.params.rate
        tokens = min(self.params.burst, tokens + (clock - at) * rate)
        want = max(need, self.share)
        if tokens >= want:
            return 0.0
        return (want - tokens) / rate if rate > 0 else math.inf

    def _keep(self, key: str, tokens: float, taken: float) -> None:
        """Put back what is left of a share, or owed (adding what a request or a charge
        left meanwhile)."""
        more, _ = self._shares.pop(key, (0.0, taken))
        if tokens + more != 0:
            self._shares[key] = (max(-self.params.burst, tokens + more), taken)

    def __len__(self) -> int:
        return len(self._shares) + len(self._short)

    def _tick(self, clock: float) -> None:
        self._ops += 1
        if self._ops % _SWEEP_EVERY == 0:
            for kept in (self._shares, self._short):
                for key in [k for k, (_, t) in kept.items() if clock - t > self.life]:
                    del kept[key]
        for kept in (self._shares, self._short):
            while len(kept) >= self.max_keys:
                del kept[next(iter(kept))]


def _arg(now: float | None) -> float | str:
    return "" if now is None else now
