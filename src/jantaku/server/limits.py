"""Abuse limits kept in memory: login back-off, sign-up buckets, a bounded hashing pool.

Every table here is bounded: keys whose window has passed are swept, and past ``max_keys``
the oldest key is forgotten, so a flood of fresh names or addresses cannot grow the process."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["Backoff", "Busy", "HashPool", "TokenBuckets"]

T = TypeVar("T")

_SWEEP_EVERY = 1000  # operations between two sweeps of stale keys


class Busy(Exception):
    """Too many password hashes are already waiting; the caller should come back later."""


class Backoff:
    """Failures per key within ``window`` seconds. The ``allowed``-th failure and each one after
    it refuse the key for 1, 2, 4, … seconds (at most ``cap``); refused attempts do not count."""

    def __init__(self, allowed: int, window: float, cap: float, max_keys: int = 100_000) -> None:
        self.allowed = max(1, allowed)
        self.window = window
        self.cap = cap
        self.max_keys = max_keys
        # a list, not a deque: a deque takes a block of 64 slots even for one failure, and
        # there may be max_keys of them (docs/deploy.md)
        self._fails: dict[str, list[float]] = {}
        self._until: dict[str, float] = {}
        self._ops = 0

    def retry_after(self, key: str, now: float | None = None) -> float:
        """Seconds the key must still wait (0: it may try now)."""
        now = time.monotonic() if now is None else now
        return max(0.0, self._until.get(key, 0.0) - now)

    def fail(self, key: str, now: float | None = None) -> None:
        """Count one failure (or an attempt not yet known to succeed) of ``key``."""
        now = time.monotonic() if now is None else now
        self._tick(now)
        fails = self._fails.pop(key, None) or []
        self._fails[key] = fails  # re-inserted: the dict's order is the order of last use
        old = 0
        while old < len(fails) and now - fails[old] > self.window:
            old += 1
        del fails[:old]
        fails.append(now)
        if len(fails) >= self.allowed:
            self._until[key] = now + min(self.cap, 2.0 ** (len(fails) - self.allowed))

    def forgive(self, key: str, all_of_them: bool = True) -> None:
        """A success: forget the key's failures (or only the last one)."""
        if all_of_them:
            self._fails.pop(key, None)
            self._until.pop(key, None)
            return
        fails = self._fails.get(key)
        if fails:
            fails.pop()

    def __len__(self) -> int:
        return len(self._fails)

    def _tick(self, now: float) -> None:
        self._ops += 1
        if self._ops % _SWEEP_EVERY == 0:
            for key in [k for k, f in self._fails.items() if not f or now - f[-1] > self.window]:
                if self._until.get(key, 0.0) <= now:
                    self._fails.pop(key, None)
                    self._until.pop(key, None)
        while len(self._fails) >= self.max_keys:
            oldest = next(iter(self._fails))
            self._fails.pop(oldest)
            self._until.pop(oldest, None)


class TokenBuckets:
    """One token bucket per key: ``burst`` at once, then ``per_second`` on average."""

    def __init__(self, burst: int, per_second: float, max_keys: int = 100_000) -> None:
        self.burst = float(max(1, burst))
        self.rate = per_second
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)
        self._ops = 0

    def take(self, key: str, now: float | None = None, cost: float = 1.0) -> float:
        """Take ``cost`` tokens (at most ``burst``): 0 when granted, else the seconds until
        they are there."""
        now = time.monotonic() if now is None else now
        cost = min(cost, self.burst)
        self._tick(now)
        tokens, then = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= cost:
            self._buckets[key] = (tokens - cost, now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (cost - tokens) / self.rate if self.rate > 0 else float("inf")

    def spend(self, key: str, cost: float, now: float | None = None) -> None:
        """Take ``cost`` tokens whether or not they are there (a reply already sent that cost
        that much): the bucket may owe up to ``burst``, earned back before anything else. A
        negative cost gives tokens back (never beyond ``burst``)."""
        now = time.monotonic() if now is None else now
        self._tick(now)
        tokens, then = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        self._buckets[key] = (min(self.burst, max(-self.burst, tokens - cost)), now)

    def __len__(self) -> int:
        return len(self._buckets)

    def _tick(self, now: float) -> None:
        self._ops += 1
        if self._ops % _SWEEP_EVERY == 0 and self.rate > 0:
            full = self.burst / self.rate
            for key in [k for k, (_, then) in self._buckets.items() if now - then > full]:
                del self._buckets[key]
        while len(self._buckets) >= self.max_keys:
            del self._buckets[next(iter(self._buckets))]


class HashPool:
    """Blocking work off the event loop (password hashes, database reads): ``workers`` threads
    of its own (a flood of logins cannot take the threads other work needs) and at most
    ``queue`` calls waiting or running; beyond that :class:`Busy` (saying ``busy``) is raised
    at once instead of queueing without end."""

    def __init__(
        self,
        workers: int,
        queue: int,
        name: str = "jantaku-hash",
        busy: str = "too many logins at once; try again in a moment",
    ) -> None:
        self.workers = max(1, workers)
        self.limit = max(self.workers, queue)
        self.name = name
        self.busy = busy
        self._executor: ThreadPoolExecutor | None = None
        self.pending = 0

    async def run(self, fn: Callable[[], T]) -> T:
        if self.pending >= self.limit:
            raise Busy(self.busy)
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix=self.name)
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn)
        finally:
            self.pending -= 1

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
