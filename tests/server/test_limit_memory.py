"""The limits' own bookkeeping is bounded: a flood of fresh client addresses (an IPv6 block
holds billions) or of made-up login names cannot grow a process without end. Each table keeps
at most ``max_keys`` keys, the least recently used forgotten first, so an address that keeps
flooding stays refused while fresh ones come and go; a key whose bucket has filled again (or
whose failures have left the window) is swept. Memory per key is small
(benchmarks/limit_memory.py measures it at the full bound; docs/deploy.md)."""

from __future__ import annotations

import gc
import tracemalloc

from jantaku.server.config import ServerSettings
from jantaku.server.http_budget import HttpBudget, weight
from jantaku.server.limits import Backoff

RECORD = "/api/games/abc"  # a game's record: one of the dear requests


def _address(n: int) -> str:
    return f"2001:db8::{n >> 16 & 0xFFFF:x}:{n & 0xFFFF:x}"


def test_the_http_budget_forgets_fresh_addresses_but_not_a_flooder() -> None:
    settings = ServerSettings()
    budget = HttpBudget(settings, max_keys=500)
    now = 0.0
    granted = 0
    while budget.take("198.51.100.60", RECORD, now) == 0:
        granted += 1
    assert granted == settings.http_token_burst // weight(RECORD)
    for n in range(20_000):  # fresh addresses, one request each, all within a second
        now = n / 2_000_000  # the flooder gets back less than a request meanwhile
        assert budget.take(_address(n), RECORD, now) == 0  # a fresh address has its burst
        assert len(budget.buckets) <= 500
        if n % 100 == 0:  # the flooder keeps asking: it is never forgotten, so never refilled
            assert budget.take("198.51.100.60", RECORD, now) > 0, n


def test_an_address_whose_bucket_has_filled_again_is_swept() -> None:
    settings = ServerSettings()
    budget = HttpBudget(settings)
    for n in range(5_000):
        budget.take(_address(n), RECORD, 0.0)
    assert len(budget.buckets) == 5_000
    full = settings.http_token_burst / settings.http_tokens_per_second  # seconds to refill
    for _ in range(1_000):  # a sweep comes every thousand requests
        budget.take("198.51.100.61", "/api/lobby", full + 1.0)
    assert len(budget.buckets) <= 1


def _bytes_per_key(fill: int) -> float:
    """Memory per name of a login back-off that saw ``fill`` failures of each of 10,000."""
    gc.collect()
    tracemalloc.start()
    backoff = Backoff(5, 600.0, 300.0, max_keys=20_000)
    base = tracemalloc.get_traced_memory()[0]
    for n in range(10_000):
        for _ in range(fill):
            backoff.fail(f"made-up-login-name-{n:08d}", 0.0)
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return held / 10_000


def test_a_login_backoff_keeps_little_per_name_and_a_bounded_number_of_names() -> None:
    """Made-up names cost a failed login each; what is kept of each is its failure times, a
    few hundred bytes at most (a deque's block per name would be more than twice that)."""
    assert _bytes_per_key(1) < 400
    assert _bytes_per_key(5) < 500
    backoff = Backoff(5, 600.0, 300.0, max_keys=300)
    for n in range(5_000):
        backoff.fail(f"name{n}", n * 0.001)
        assert len(backoff) <= 300
    # a name failing on while fresh ones come is not forgotten: it stays refused
    backoff = Backoff(5, 600.0, 300.0, max_keys=300)
    for _ in range(5):
        backoff.fail("victim", 0.0)
    for n in range(5_000):
        backoff.fail(f"name{n}", 0.5)
        if n % 50 == 0:
            assert backoff.retry_after("victim", 0.5) > 0, n
            backoff.fail("victim", 0.5)
