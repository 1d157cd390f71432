"""The limits shared by the processes of a group, against a real Redis: the Lua token bucket and
back-off give what the in-memory limits (limits.py) give on the same steps at the same (fake)
times; the connection counts add up over processes, free a place on release, stop counting a
process whose hash ran out, and are written back after Redis lost them.

Needs ``JANTAKU_TEST_REDIS`` (bash ci/redis.sh start)."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from jantaku.server.limits import Backoff, TokenBuckets
from jantaku.server.shared_counts import Counts
from jantaku.server.shared_limits import LocalLimits, SharedLimits, Unavailable
from tests.server.redis_run import run_with_redis

REDIS = os.environ.get("JANTAKU_TEST_REDIS")

pytestmark = pytest.mark.skipif(
    not REDIS,
    reason="the shared limits need Redis: export JANTAKU_TEST_REDIS (bash ci/redis.sh start)",
)

T = TypeVar("T")


def _run(job: Callable[[Any, str], Awaitable[T]]) -> T:
    return run_with_redis(job)


def test_token_bucket_script_matches_the_in_memory_bucket() -> None:
    rng = random.Random(7)
    steps = [(rng.choice([0.0, 0.05, 0.3, 1.0, 7.0]), rng.choice([1, 1, 2, 5])) for _ in range(300)]

    async def job(r: Any, prefix: str) -> list[tuple[float, float]]:
        shared = SharedLimits(r, prefix)
        local = TokenBuckets(burst=6, per_second=1.5)
        params = TokenBuckets(burst=6, per_second=1.5)  # parameters only, for Redis
        now, pairs = 1000.0, []
        for dt, cost in steps:
            now += dt
            key = rng.choice(["a", "b"])
            expected = local.take(key, now=now, cost=cost)
            got = await shared.take("t", params, key, cost=cost, now=now)
            pairs.append((expected, got))
        ttl = await r.pttl(prefix + "limit:t:a")
        assert 0 < ttl <= (6 / 1.5 + 1) * 1000 + 1  # nothing stays for good
        return pairs

    pairs = _run(job)
    assert any(e > 0 for e, _ in pairs) and any(e == 0 for e, _ in pairs)
    for expected, got in pairs:
        assert got == pytest.approx(expected, abs=1e-6)


def test_backoff_script_matches_the_in_memory_backoff() -> None:
    """Random attempts (two keys checked and counted together), successes and busy refunds at
    fake times: every wait equals the in-memory back-off's."""
    rng = random.Random(11)
    ops = [
        (rng.choice([0.0, 0.5, 1.0, 3.0, 40.0, 200.0]), rng.choice("aaaaaafo"), rng.choice("xy"))
        for _ in range(400)
    ]

    async def job(r: Any, prefix: str) -> list[tuple[list[float], list[float]]]:
        shared, local = SharedLimits(r, prefix), LocalLimits()
        mine = (Backoff(3, 60.0, 30.0), Backoff(5, 60.0, 30.0))
        theirs = (Backoff(3, 60.0, 30.0), Backoff(5, 60.0, 30.0))
        now, seen = 5000.0, []
        for dt, op, name in ops:
            now += dt
            a = [(mine[0], "name", name), (mine[1], "address", "1.2.3.4")]
            b = [(theirs[0], "name", name), (theirs[1], "address", "1.2.3.4")]
            if op == "a":
                expected = [lim.retry_after(key, now) for lim, _n, key in a]
                if not any(w > 0 for w in expected):
                    for lim, _n, key in a:
                        lim.fail(key, now)
                got = await shared.attempt(b, now=now)
                seen.append((expected, got))
            else:
                await local.forgive(a[:1] if op == "f" else a, all_of_them=op == "f")
                await shared.forgive(b[:1] if op == "f" else b, all_of_them=op == "f", now=now)
        ttl = await r.pttl(prefix + "limit:address:1.2.3.4:fails")
        assert 0 < ttl <= 91_000
        return seen

    seen = _run(job)
    assert sum(1 for e, _ in seen if any(w > 0 for w in e)) > 10  # the back-off did refuse
    for expected, got in seen:
        assert got == pytest.approx(expected, abs=1e-6)


def test_connections_count_over_processes_and_free_on_release() -> None:
    async def job(r: Any, prefix: str) -> None:
        a = Counts(r, prefix + "held", "node-a", 60_000)
        b = Counts(r, prefix + "held", "node-b", 60_000)
        assert [await a.acquire("u:1", 3) for _ in range(2)] == [True, True]
        assert await b.acquire("u:1", 3) is True
        assert await b.acquire("u:1", 3) is False  # 3 in all: the limit
        assert await a.acquire("u:1", 3) is False
        assert await a.acquire("u:2", 3) is True  # another player counts apart
        await a.release("u:1")
        assert await b.acquire("u:1", 3) is True  # the place freed is taken at the other one
        assert await a.acquire("u:1", 3) is False
        assert await r.hget(prefix + "held:node-a", "u:1") == "1"
        assert await r.hget(prefix + "held:node-b", "u:1") == "2"
        assert 0 < await r.pttl(prefix + "held:node-a") <= 60_000

    _run(job)


def test_a_process_whose_counts_ran_out_stops_counting() -> None:
    async def job(r: Any, prefix: str) -> None:
        dead = Counts(r, prefix + "held", "dead", 300)  # it never renews
        alive = Counts(r, prefix + "held", "alive", 60_000)
        assert await dead.acquire("a:10.0.0.1", 2) and await dead.acquire("a:10.0.0.1", 2)
        assert await alive.acquire("a:10.0.0.1", 2) is False
        deadline = time.monotonic() + 10
        while not await alive.acquire("a:10.0.0.1", 2):
            assert time.monotonic() < deadline, "the dead process's count never ran out"
            await asyncio.sleep(0.05)
        assert "dead" not in await r.smembers(prefix + "held-nodes")

    _run(job)


def test_counts_lost_by_redis_are_written_back_on_renewal() -> None:
    async def job(r: Any, prefix: str) -> None:
        a = Counts(r, prefix + "held", "a", 60_000)
        b = Counts(r, prefix + "held", "b", 60_000)
        assert await a.acquire("u:7", 2) and await a.acquire("u:7", 2)
        await r.delete(prefix + "held:a")  # Redis restarted, or an outage outlived the TTL
        assert await b.acquire("u:7", 2) is True  # (wrongly) admitted meanwhile
        await b.release("u:7")
        await a.renew()
        assert await r.hget(prefix + "held:a", "u:7") == "2"
        assert await b.acquire("u:7", 2) is False
        # a release whose reply was lost leaves the hash suspect: the renewal writes it afresh
        await r.hset(prefix + "held:a", "u:7", 5)
        a.dirty = True
        await a.renew()
        assert await r.hget(prefix + "held:a", "u:7") == "2"
        # open tables: the renewal writes the counts it is given, and drops the rest
        t = Counts(r, prefix + "opened", "a", 60_000)
        assert await t.acquire("u:7", 3, own=2) is True
        assert await r.hget(prefix + "opened:a", "u:7") == "3"
        assert await t.acquire("u:7", 3, own=3) is False
        await t.renew({"u:8": 1})
        assert await r.hgetall(prefix + "opened:a") == {"u:8": "1"}

    _run(job)


def test_unreachable_redis_refuses() -> None:
    import redis
    import redis.asyncio as aioredis

    async def main() -> None:
        import socket

        with socket.socket() as s:  # a port nobody listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        r = aioredis.Redis.from_url(f"redis://127.0.0.1:{port}/0", decode_responses=True)
        shared = SharedLimits(r, "jantaku:nowhere:")
        with pytest.raises(Unavailable):
            await shared.take("t", TokenBuckets(1, 1.0), "k")
        with pytest.raises(Unavailable):
            await shared.attempt([(Backoff(1, 1.0, 1.0), "n", "k")])
        counts = Counts(r, "jantaku:nowhere:held", "a", 1000)
        with pytest.raises(redis.exceptions.ConnectionError):
            await counts.acquire("u:1", 1)
        assert counts.dirty
        await r.aclose()

    asyncio.run(main())
