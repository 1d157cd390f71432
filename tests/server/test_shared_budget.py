"""The group's budgets spent in shares (shared_budget.py): against a real Redis, processes
spending an address's bucket a token at a time grant what one in-memory bucket grants on the
same steps at the same (fake) times, and with shares they never grant more than the one bucket
and refuse only when little of it is left; with Redis away each process counts in memory
(fail open to the per-process budget) and asks Redis again only after a while; the shares kept
are bounded.

The Redis tests need ``JANTAKU_TEST_REDIS`` (bash ci/redis.sh start)."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from jantaku.server.limits import TokenBuckets
from jantaku.server.shared_budget import RETRY_AFTER, SHARE_LIFE, SharedBudget
from tests.server.cluster_env import UnreachableRedis
from tests.server.redis_run import run_with_redis

REDIS = os.environ.get("JANTAKU_TEST_REDIS")
needs_redis = pytest.mark.skipif(
    not REDIS, reason="needs Redis: export JANTAKU_TEST_REDIS (bash ci/redis.sh start)"
)

T = TypeVar("T")


def _run(job: Callable[[Any, str], Awaitable[T]]) -> T:
    return run_with_redis(job, "limit:http:")


def _budgets(aio: Any, prefix: str, n: int, burst: int, rate: float) -> list[SharedBudget]:
    """``n`` processes' views of one group budget, each with its own in-memory fallback."""
    return [
        SharedBudget(aio, prefix, TokenBuckets(burst, rate), TokenBuckets(burst, rate))
        for _ in range(n)
    ]


@needs_redis
def test_processes_spending_a_token_at_a_time_match_one_in_memory_bucket() -> None:
    rng = random.Random(5)
    steps = [(rng.choice([0.0, 0.05, 0.3, 1.0, 7.0]), rng.choice([1, 1, 2, 5])) for _ in range(300)]

    async def job(r: Any, prefix: str) -> list[tuple[float, float]]:
        doors = _budgets(r, prefix, 3, burst=6, rate=1.5)
        assert all(d.share == 1 for d in doors)  # a share of one: every token from Redis
        one = TokenBuckets(6, 1.5)
        now, pairs = 1000.0, []
        for i, (dt, cost) in enumerate(steps):
            now += dt
            key = rng.choice(["a", "b"])
            expected = one.take(key, now=now, cost=cost)
            pairs.append((expected, await doors[i % 3].take(key, cost, now=now)))
        return pairs

    pairs = _run(job)
    assert any(e > 0 for e, _ in pairs) and any(e == 0 for e, _ in pairs)
    for expected, got in pairs:
        assert (got == 0) == (expected == 0), (expected, got)  # granted exactly as one bucket
        # a refusal remembered is told the wait from what the bucket held then: others may
        # have taken since, so never more than the bucket's own
        assert 0 <= got <= expected + 1e-6, (expected, got)


@needs_redis
def test_shares_never_grant_more_than_the_one_bucket() -> None:
    """Three processes flooding one address with shares of 5 tokens: what they grant stays
    within the bucket (the burst and what came back since); each refusal comes when less than
    a request and the shares held elsewhere are left."""
    burst, rate = 100, 10.0
    rng = random.Random(9)

    async def job(r: Any, prefix: str) -> tuple[int, int]:
        doors = _budgets(r, prefix, 3, burst, rate)
        share = doors[0].share
        assert share == 5
        start = now = 1000.0
        granted, refusals = 0.0, 0
        for _ in range(600):
            now += rng.choice([0.0, 0.0, 0.01, 0.1])
            cost = rng.choice([1, 1, 3, 4, 10])
            if await rng.choice(doors).take("a", cost, now=now) == 0:
                granted += cost
            else:
                refusals += 1
                # everything granted so far, plus what the shares hold, plus this one's need
                assert granted + cost + 3 * share >= burst + rate * (now - start) - 1e-6
            assert granted <= burst + rate * (now - start) + 1e-6
        return int(granted), refusals

    granted, refusals = _run(job)
    assert refusals > 0 and granted > burst


@needs_redis
def test_two_processes_refuse_an_address_after_one_burst() -> None:
    async def job(r: Any, prefix: str) -> list[float]:
        doors = _budgets(r, prefix, 2, burst=40, rate=100.0)  # shares of 2
        now = 1000.0
        waits = [await doors[i % 2].take("a", 3, now=now) for i in range(20)]
        waits.append(await doors[0].take("b", 3, now=now))  # another address
        return waits

    waits = _run(job)
    served = [w for w in waits[:-1] if w == 0]
    assert len(served) == 40 // 3, waits  # one burst of 40, not two
    assert all(w > 0 for w in waits[len(served) : -1])
    assert waits[-1] == 0


class _Counted:
    """A real Redis whose scripts are counted."""

    def __init__(self, aio: Any) -> None:
        self.aio = aio
        self.calls = 0

    async def eval(self, *args: Any) -> Any:
        self.calls += 1
        return await self.aio.eval(*args)


@needs_redis
def test_a_flooding_address_costs_a_round_trip_per_share_not_per_request() -> None:
    """Two processes flooded by one address at ten times its rate (the message budget's
    defaults: 400 at once, 200 a second, shares of 20) for 2 s: they grant what the bucket
    gives, give or take the shares held, and ask Redis about once per share granted plus once
    per share's refill time for the refusals, where every refused request was a Redis round
    trip before."""
    burst, rate, seconds, per_second = 400, 200.0, 2.0, 2000

    async def job(r: Any, prefix: str) -> tuple[float, int, int, float]:
        counted = _Counted(r)
        doors = [
            SharedBudget(counted, prefix, TokenBuckets(burst, rate), TokenBuckets(burst, rate))
            for _ in range(2)
        ]
        share = doors[0].share
        granted, requests = 0.0, int(seconds * per_second)
        for i in range(requests):
            now = 1000.0 + i / per_second
            if await doors[i % 2].take("a", 1, now=now) == 0:
                granted += 1
        return granted, counted.calls, requests, share

    granted, calls, requests, share = _run(job)
    assert share == 20
    capacity = burst + rate * seconds
    assert capacity - 3 * share <= granted <= capacity, granted
    assert calls <= granted / share + 2 * (seconds * rate / (share - 1) + 2), (calls, requests)


@needs_redis
def test_a_charge_after_the_fact_is_paid_with_the_next_share() -> None:
    """A reply dearer than its message charged at one process (``spend``, no Redis round
    trip) leaves its share owing; the next share taken there pays it first, so the two
    processes grant the bucket less that charge, at the same moment."""

    async def job(r: Any, prefix: str) -> tuple[int, int]:
        counted = _Counted(r)
        doors = [
            SharedBudget(counted, prefix, TokenBuckets(100, 200.0), TokenBuckets(100, 200.0))
            for _ in range(2)
        ]
        assert doors[0].share == 5
        now = 1000.0
        assert await doors[0].take("a", 1, now=now) == 0
        calls = counted.calls
        doors[0].spend("a", 9, now=now)
        assert counted.calls == calls  # charged in memory
        granted, refused = 1, 0
        for i in range(1000):
            if await doors[i % 2].take("a", 1, now=now) == 0:
                granted, refused = granted + 1, 0
            else:
                refused += 1
                if refused == 4:
                    break
        return granted, refused

    granted, refused = _run(job)
    assert refused == 4
    assert granted == 100 - 9


class _Granting:
    """A Redis with tokens without end: grants every share asked for."""

    async def eval(self, script: str, n: int, key: str, *args: Any) -> Any:
        return [str(args[3]), "0"]


def test_without_redis_each_process_counts_in_memory_and_retries_later() -> None:
    """Fail open to the per-process budget: the burst is granted from memory, then refused
    with the in-memory bucket's wait; Redis is asked again only after ``RETRY_AFTER``."""
    down = UnreachableRedis()
    local = TokenBuckets(10, 1.0)
    budget = SharedBudget(down, "p:", TokenBuckets(10, 1.0), local)  # type: ignore[arg-type]

    async def job() -> list[float]:
        now = 1000.0
        waits = [await budget.take("a", 2, now=now) for _ in range(6)]
        waits.append(await budget.take("a", 2, now=now + RETRY_AFTER / 2))
        return waits

    waits = asyncio.run(job())
    assert waits[:5] == [0.0] * 5
    assert waits[5] == pytest.approx(2.0)  # the in-memory bucket's wait for 2 tokens
    assert down.calls == 1  # asked once, then counted in memory for a while
    assert waits[6] == 0.0  # 2.5 tokens came back in memory
    asyncio.run(budget.take("a", 1, now=1000.0 + RETRY_AFTER + 0.1))
    assert down.calls == 2


class _Slow:
    """A Redis with tokens without end that answers after a moment (and counts the calls)."""

    def __init__(self) -> None:
        self.calls = 0

    async def eval(self, script: str, n: int, key: str, *args: Any) -> Any:
        self.calls += 1
        await asyncio.sleep(0.01)
        return [str(args[3]), "0"]


def test_requests_of_one_address_at_once_share_one_round_trip() -> None:
    """50 requests of one address at once (its connections' messages): one round trip for a
    share of 20 at a time, the others wait for it, not one each."""
    slow = _Slow()
    budget = SharedBudget(slow, "p:", TokenBuckets(400, 200.0), TokenBuckets(400, 200.0))  # type: ignore[arg-type]
    assert budget.share == 20

    async def job() -> list[float]:
        return await asyncio.gather(*(budget.take("a", 1, now=1000.0) for _ in range(50)))

    assert asyncio.run(job()) == [0.0] * 50
    assert slow.calls == 3


def test_without_redis_a_charge_is_the_process_budget() -> None:
    """Redis away: a charge after the fact is taken of the in-memory bucket, as without Redis."""
    local = TokenBuckets(10, 1.0)
    budget = SharedBudget(UnreachableRedis(), "p:", TokenBuckets(10, 1.0), local)  # type: ignore[arg-type]

    async def job() -> float:
        now = 1000.0
        assert await budget.take("a", 1, now=now) == 0  # Redis fails: in memory from now on
        budget.spend("a", 6, now=now)
        return local.take("a", now=now, cost=4)

    assert asyncio.run(job()) == pytest.approx(1.0)  # 10 - 1 - 6 = 3 left: 1 s for a 4th


def test_shares_kept_are_bounded_and_run_out() -> None:
    """A share is kept per address at most ``max_keys`` at once; one not spent within
    ``SHARE_LIFE`` is dropped, not spent."""
    params = TokenBuckets(2000, 100.0)
    aio: Any = _Granting()
    budget = SharedBudget(aio, "p:", params, TokenBuckets(2000, 100.0), max_keys=50)

    async def job() -> None:
        for i in range(500):
            assert await budget.take(f"10.0.{i >> 8}.{i & 255}", 1, now=1000.0) == 0
        assert len(budget) <= 50
        await budget.take("kept", 1, now=1000.0)
        held, _ = budget._shares["kept"]
        assert held == budget.share - 1
        await budget.take("kept", 1, now=1000.0 + SHARE_LIFE + 1)  # the old share is gone
        held, _ = budget._shares["kept"]
        assert held == budget.share - 1

    asyncio.run(job())


@needs_redis
def test_a_budget_without_a_rate_grants_its_burst_once() -> None:
    async def job(r: Any, prefix: str) -> list[float]:
        (door,) = _budgets(r, prefix, 1, burst=3, rate=0.0)
        return [await door.take("a", 1, now=1000.0 + i) for i in range(4)]

    assert _run(job) == [0.0, 0.0, 0.0, float("inf")]
