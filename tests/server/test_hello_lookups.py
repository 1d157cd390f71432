"""A ``hello`` at a process of a group (PostgreSQL and Redis) looks its session up once: the
group's count of the player's connections and the welcome share one database query, and
neither check is weaker for it (a logged-out or unknown token is still refused, the player's
connections still add up to ``sockets_per_user``).

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import Client, ServerProcess

pytestmark = needs_cluster

PER_USER = 8  # ServerSettings.sockets_per_user


class CountingServer(ServerProcess):
    """A real server whose session lookups are written, one line each, to ``self.lookups``."""

    def __init__(self, database: str, lookups: Path, *extra: str) -> None:
        super().__init__(database, *extra)
        self.lookups = lookups
        script = Path(__file__).with_name("counting_server.py")
        self.launcher = (str(script), str(lookups))

    def count(self) -> int:
        if not self.lookups.exists():
            return 0
        return len(self.lookups.read_text(encoding="utf-8").splitlines())


@pytest.fixture
def door(pg_database: str, tmp_path: Path) -> Iterator[CountingServer]:
    assert REDIS is not None
    proc = CountingServer(pg_database, tmp_path / "lookups.txt", "--redis", REDIS).start()
    try:
        yield proc
    finally:
        proc.stop()


def _hello(server: ServerProcess, token: str) -> tuple[Client, dict[str, Any]]:
    c = Client(server)
    with contextlib.suppress(ConnectionClosed):
        c.send({"type": "hello", "token": token, "id": 1})
    while True:
        msg = c.recv()
        if msg["type"] in ("welcome", "error"):
            return c, msg


def _lookups_of_hello(door: CountingServer, token: str) -> tuple[int, dict[str, Any], Client]:
    before = door.count()
    c, msg = _hello(door, token)
    return door.count() - before, msg, c


def test_a_hello_looks_the_session_up_once(door: CountingServer) -> None:
    token = door.guest()
    n, msg, first = _lookups_of_hello(door, token)
    assert msg["type"] == "welcome", msg
    assert n == 1
    n, msg, _c = _lookups_of_hello(door, "not-a-session")
    assert (msg["type"], msg.get("code"), n) == ("error", "bad_token", 1)
    # hello again on a welcomed connection: still one lookup, still welcomed
    before = door.count()
    first.send({"type": "hello", "token": token, "id": 2})
    assert first.expect("welcome")["user"]["name"].startswith("guest-")
    assert door.count() - before == 1


def test_the_checks_of_a_hello_still_hold(door: CountingServer) -> None:
    token = door.guest()
    held = []
    for _ in range(PER_USER):
        n, msg, c = _lookups_of_hello(door, token)
        assert msg["type"] == "welcome" and n == 1, msg
        held.append(c)
    n, msg, c = _lookups_of_hello(door, token)
    assert (msg["type"], msg.get("code"), n) == ("error", "too_many_connections", 1)
    c.close()
    held.pop().close()
    r = httpx.post(door.base + "/api/logout", json={"token": token}, timeout=10, trust_env=False)
    assert r.status_code == 200
    n, msg, _c = _lookups_of_hello(door, token)
    assert (msg["type"], msg.get("code")) == ("error", "bad_token"), msg
