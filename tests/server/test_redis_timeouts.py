"""A Redis that stops answering (it accepts connections but never replies: a hung host) fails
each call after the command timeout instead of stalling what waits for it: the lease calls
(all awaited: none blocks the event loop) and the shared limits, which then refuse
(``Busy``) as they do when Redis is down, while the message budget of an address counts in the
process instead (fail open). The timeout is the server's own: redis-py had none by
default before version 8. Runs without a Redis: the hung one is a socket here."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis

from jantaku.server.config import ServerSettings
from jantaku.server.leases import Leases
from jantaku.server.limits import Busy, TokenBuckets
from jantaku.server.message_budget import AddressMessages
from jantaku.server.shared_limits import SharedLimits

NO_HANG = 15.0  # seconds: far beyond the command timeout; a stalled call never returns


@pytest.fixture
def hung_redis() -> Iterator[str]:
    """The URL of a server that accepts connections and reads, but never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)  # never read from, never answered

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    stop.set()
    thread.join(timeout=5)
    for conn in held:
        conn.close()
    server.close()


def _outcome(call: Callable[[], Any]) -> BaseException | None:
    """Run ``call`` in a thread; the exception it ended with (None if it returned). Fails the
    test if the call is still waiting after ``NO_HANG`` seconds."""
    result: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            result.append(None)
        except BaseException as e:  # handed to the test
            result.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=NO_HANG)
    assert not thread.is_alive(), "the call to a Redis that does not answer never returned"
    return result[0]


def test_lease_calls_and_the_shared_limits_fail(hung_redis: str) -> None:
    leases = Leases(hung_redis, "node-a", 5.0)
    limits = SharedLimits(leases.aio, leases.prefix)

    async def claim() -> None:
        await leases.claim("t1")

    async def take() -> None:
        await limits.take("sheet-compute", TokenBuckets(10, 1.0), "127.0.0.1")

    assert isinstance(_outcome(lambda: asyncio.run(claim())), redis.exceptions.TimeoutError)
    assert isinstance(_outcome(lambda: asyncio.run(take())), Busy)


def test_the_message_budget_counts_in_the_process_while_redis_hangs(hung_redis: str) -> None:
    """The group's message budget of an address, Redis hung: the messages are counted by the
    process's own bucket (3 at once here), neither all refused nor let through uncounted."""
    leases = Leases(hung_redis, "node-a", 5.0)
    settings = ServerSettings(address_message_burst=3, address_messages_per_second=0.01)
    budget = AddressMessages(settings)
    budget.share(leases.aio, leases.prefix)
    waits: list[float] = []

    async def flood() -> None:
        for _ in range(5):
            waits.append(await budget.take("10.0.0.1"))

    assert _outcome(lambda: asyncio.run(flood())) is None
    assert waits[:3] == [0.0] * 3 and all(w > 0 for w in waits[3:]), waits
