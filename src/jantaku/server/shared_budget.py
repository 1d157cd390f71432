"""The HTTP budget of a client address for the whole group of processes (Redis): one token
bucket per address in Redis, spent in *shares*, so a request costs a Redis round trip only
when its process's share of the address runs out (a page's 40 files are one or two trips, not
40), and N processes behind a round-robin proxy give an address one budget, not N.

A process takes up to a share (half a second of the rate, at most a twentieth of the burst, at
least the request's weight) from the address's bucket in one Lua script and spends it in
memory. Tokens taken are never given back: a share left unused runs out after
:data:`SHARE_LIFE` seconds, so what the group grants an address never exceeds what the one
bucket gives, and an address spread over N processes loses at most N shares (refilled in half
a second).

When Redis cannot be reached the budget fails *open to the process's own budget*: each
process counts the address in memory as without Redis (the in-memory bucket of
:class:`~jantaku.server.http_budget.HttpBudget`), for :data:`RETRY_AFTER` seconds before Redis
is asked again. Reason: this budget guards every request, static files and the health check
too, so refusing them all would turn a Redis outage into a whole outage, while the dear routes
behind it keep their own limits, which fail closed (shared_limits.py)."""

from __future__ import annotations

import logging
import math
import time
from typing import TYPE_CHECKING

from jantaku.server.limits import TokenBuckets
from jantaku.server.shared_limits import BUCKET

if TYPE_CHECKING:
    import redis.asyncio as aioredis

__all__ = ["RETRY_AFTER", "SHARE_LIFE", "SharedBudget"]

log = logging.getLogger("jantaku.server")

SHARE_SECONDS = 0.5  # a share is this long of the rate ...
SHARE_OF_BURST = 1 / 20  # ... and at most this part of the burst
SHARE_LIFE = 5.0  # seconds a share taken may be spent (the rest is dropped)
RETRY_AFTER = 5.0  # seconds of in-memory counting after Redis failed, before asking again
_SWEEP_EVERY = 1000  # requests between two sweeps of run-out shares


class SharedBudget:
    """The group's token buckets of one budget (``params``: burst and rate), keys under
    ``prefix``, spent in shares kept in this process; ``local`` counts while Redis is away."""

    def __init__(
        self,
        aio: aioredis.Redis,
        prefix: str,
        params: TokenBuckets,
        local: TokenBuckets,
        max_keys: int = 100_000,
    ) -> None:
        self.aio = aio
        self.prefix = prefix
        self.params = params
        self.local = local
        self.max_keys = max_keys
        self.share = max(1.0, min(params.burst * SHARE_OF_BURST, params.rate * SHARE_SECONDS))
        full = params.burst / params.rate if params.rate > 0 else 86400.0
        self.ttl = math.ceil(full * 1000) + 1000  # a bucket left alone this long is full
        self._shares: dict[str, tuple[float, float]] = {}  # key -> (tokens, taken at)
        self._down_until = -math.inf  # Redis failed: count in memory until then
        self._logged = -math.inf
        self._ops = 0

    async def take(self, key: str, cost: float, now: float | None = None) -> float:
        """Take ``cost`` tokens of ``key``: 0 when granted, else the seconds to wait. ``now``
        (tests) is the time of both the shares and Redis's bucket."""
        clock = time.monotonic() if now is None else now
        cost = min(cost, self.params.burst)
        if clock < self._down_until:
            return self.local.take(key, now, cost)
        self._tick(clock)
        held, taken = self._shares.pop(key, (0.0, clock))
        if clock - taken > SHARE_LIFE:
            held = 0.0
        if held >= cost:
            self._shares[key] = (held - cost, taken)
            return 0.0
        # the tokens held are this request's now: a request of the same key meanwhile asks
        # Redis for its own
        need = cost - held
        args = (self.params.burst, self.params.rate, need, max(need, self.share), self.ttl)
        try:
            reply = await self.aio.eval(BUCKET, 1, self.prefix + key, *args, _arg(now))
            granted, wait = float(reply[0]), float(reply[1])
        except Exception:
            self._failed(clock)
            return self.local.take(key, now, cost)
        if granted <= 0:
            self._keep(key, held, taken)
            return math.inf if wait < 0 else wait
        self._keep(key, held + granted - cost, clock)
        return 0.0

    def _keep(self, key: str, tokens: float, taken: float) -> None:
        """Put back what is left of a share (adding to one a request took meanwhile)."""
        more, _ = self._shares.pop(key, (0.0, taken))
        if tokens + more > 0:
            self._shares[key] = (tokens + more, taken)

    def _failed(self, clock: float) -> None:
        """Redis failed: count in memory for a while, and log it at most every 30 s."""
        self._down_until = clock + RETRY_AFTER
        if clock - self._logged >= 30.0:
            self._logged = clock
            log.exception("HTTP budget store unreachable: counted per process for now")

    def __len__(self) -> int:
        return len(self._shares)

    def _tick(self, clock: float) -> None:
        self._ops += 1
        if self._ops % _SWEEP_EVERY == 0:
            for key in [k for k, (_, t) in self._shares.items() if clock - t > SHARE_LIFE]:
                del self._shares[key]
        while len(self._shares) >= self.max_keys:
            del self._shares[next(iter(self._shares))]


def _arg(now: float | None) -> float | str:
    return "" if now is None else now
