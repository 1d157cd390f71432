"""The limits per player and per address hold across the processes of a group (real servers on
PostgreSQL and Redis): a player's connections at two doors add up to ``sockets_per_user``
(8), a closed one frees its place, a killed process's connections stop counting once its
counts run out; failed logins at two doors add up to one back-off; open tables per player
(3) add up too.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import contextlib
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from jantaku.server.cluster import namespace
from tests.server.clocked import ClockedServer
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import REPLY_LIMIT, START_LIMIT, Client, ServerProcess, free_port

pytestmark = needs_cluster

PER_USER = 8  # ServerSettings.sockets_per_user
FAILS_PER_NAME = 5  # ServerSettings.login_failures_per_name
OPEN_TABLES = 3  # ServerSettings.open_tables_per_user


@pytest.fixture
def doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    assert REDIS is not None
    procs: list[ServerProcess] = []
    try:
        for _ in range(3):
            procs.append(ServerProcess(pg_database, "--redis", REDIS).start())
        yield procs
    finally:
        for p in procs:
            p.stop()


def _hello(server: ServerProcess, token: str) -> tuple[Client, dict[str, Any]]:
    """A new connection saying hello: the connection and the answer (welcome or error)."""
    c = Client(server)
    with contextlib.suppress(ConnectionClosed):  # a connection refused at once is closed
        c.send({"type": "hello", "token": token, "id": 1})
    while True:
        msg = c.recv()
        if msg["type"] in ("welcome", "error"):
            return c, msg


def _admitted(server: ServerProcess, token: str) -> Client:
    c, msg = _hello(server, token)
    assert msg["type"] == "welcome", msg
    c.user = msg["user"]
    return c


def _refused(server: ServerProcess, token: str) -> None:
    c, msg = _hello(server, token)
    assert msg["type"] == "error" and msg["code"] == "too_many_connections", msg
    assert msg.get("ref") == 1
    c.close()


def _admitted_soon(server: ServerProcess, token: str, within: float = 30.0) -> Client:
    """Hello until welcomed (a place freed elsewhere is seen once that process let it go)."""
    deadline = time.monotonic() + within
    while True:
        c, msg = _hello(server, token)
        if msg["type"] == "welcome":
            return c
        c.close()
        assert msg["code"] == "too_many_connections", msg
        assert time.monotonic() < deadline, "the place was never freed"
        time.sleep(0.2)


def test_connections_per_player_add_up_over_doors(doors: list[ServerProcess]) -> None:
    s0, s1, _s2 = doors
    token = s0.guest()
    held = [_admitted(s0, token) for _ in range(PER_USER // 2)]
    held += [_admitted(s1, token) for _ in range(PER_USER - PER_USER // 2)]
    _refused(s0, token)  # each door alone holds fewer than the limit
    _refused(s1, token)
    other = _admitted(s1, s1.guest())  # another player counts apart
    held[0].close()  # a place at s0 freed: taken at s1
    held[0] = _admitted_soon(s1, token)
    _refused(s0, token)
    for c in [*held, other]:
        c.close()


def test_a_killed_process_stops_counting(doors: list[ServerProcess]) -> None:
    s0, _s1, s2 = doors
    token = s0.guest()
    held = [_admitted(s2, token) for _ in range(PER_USER)]
    _refused(s0, token)
    s2.kill()  # its connections are gone, and nobody told Redis: its counts run out
    mine = _admitted_soon(s0, token)
    for c in held:
        c.ws.close_socket()
    mine.close()


@pytest.fixture
def clocked_doors(pg_database: str, tmp_path: Path) -> Iterator[list[ClockedServer]]:
    """Two processes of one group whose limits run on one clock the test moves (clocked.py):
    a back-off lasts however slowly the machine answers, until the test moves the clock."""
    assert REDIS is not None
    procs: list[ClockedServer] = []
    try:
        for _ in range(2):
            procs.append(ClockedServer(pg_database, tmp_path / "clock", "--redis", REDIS).start())
        yield procs
    finally:
        for p in procs:
            p.stop()


def _login_status(door: ServerProcess) -> tuple[int, int | None]:
    """A wrong password for the name at ``door``: the status and the Retry-After given."""
    r = httpx.post(
        door.base + "/api/login",
        json={"name": "tsumogiri", "password": "not it"},
        timeout=REPLY_LIMIT,
        trust_env=False,
    )
    after = r.headers.get("Retry-After")
    return r.status_code, None if after is None else int(after)


def test_failed_logins_at_two_doors_add_up(clocked_doors: list[ClockedServer]) -> None:
    """Alternating doors, the name's back-off starts at its 5th failure in all (1 s, then 2 s,
    4 s, ...) and holds at both doors. Counted per process, no door would refuse before the
    11th attempt."""
    s0, s1 = clocked_doors
    status, _ = s0.post("/api/register", {"name": "Tsumogiri", "password": "a fine password"})
    assert status == 200
    doors = (s0, s1)
    answers = [_login_status(doors[i % 2])[0] for i in range(FAILS_PER_NAME)]
    assert answers == [401] * FAILS_PER_NAME
    refusals = [_login_status(door) for door in doors]
    assert [status for status, _after in refusals] == [429, 429], refusals
    first = max(after or 0 for _status, after in refusals)
    assert first >= 1
    s0.advance(first)  # the first back-off is over: the 6th failure (at the other door)
    assert _login_status(s1)[0] == 401
    status, after = _login_status(s0)  # is refused longer
    assert status == 429 and after is not None and after > first, (status, after)


def test_open_tables_per_player_add_up_over_doors(doors: list[ServerProcess]) -> None:
    s0, s1, s2 = doors
    token = s0.guest()
    conns = [_admitted(s, token) for s in (s0, s1, s2)]
    for i in range(OPEN_TABLES):
        conns[i % 3].send({"type": "create", "kind": "party", "id": 10 + i})
        assert conns[i % 3].expect("created")["table"]["status"] == "open"
    for c in conns:  # a fourth open table is refused at every door
        c.send({"type": "create", "kind": "party", "id": 20})
        refusal = c.expect("error")
        assert refusal["code"] == "too_many_tables" and refusal.get("ref") == 20, refusal
    for c in conns:
        c.close()


@pytest.fixture
def own_redis() -> Iterator[tuple[str, Callable[[], None], Callable[[], None]]]:
    """A Redis of the test's own (it is stopped and started again): its URL, stop, start."""
    port = free_port()
    args = ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
    args += ["--appendonly", "no"]
    procs: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        procs.append(subprocess.Popen(args, stdout=subprocess.DEVNULL))
        url = f"redis://127.0.0.1:{port}/0"
        deadline = time.monotonic() + START_LIMIT
        while not _pings(url):
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop() -> None:
        procs[-1].kill()
        procs[-1].wait(10)

    start()
    try:
        yield f"redis://127.0.0.1:{port}/0", stop, start
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(10)


def _pings(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except redis.exceptions.ConnectionError:
        return False


def _status(server: ServerProcess, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    r = httpx.post(server.base + path, json=body, timeout=REPLY_LIMIT, trust_env=False)
    return r.status_code, r.json()


def test_an_unreachable_redis_refuses_what_it_counts(
    pg_database: str,
    own_redis: tuple[str, Callable[[], None], Callable[[], None]],
) -> None:
    """Redis down: sign-ups, logins and new connections are refused (503 busy, error
    unavailable) rather than let through uncounted, while the page and the liveness check are
    served (the HTTP budget counts in the process then); Redis back (empty): the process's counts
    are written back by its renewal loop, and sign-ups work again."""
    import redis

    url, stop, start = own_redis
    server = ServerProcess(pg_database, "--redis", url).start()
    try:
        token = server.guest()
        kept = _admitted(server, token)
        stop()
        assert _status(server, "/api/guest", {})[0] == 503
        status, body = _status(server, "/api/login", {"name": "nobody", "password": "x" * 12})
        assert (status, body["code"]) == (503, "busy"), body
        assert int(body["retry_after"]) >= 1
        c, msg = _hello(server, token)
        assert msg["type"] == "error" and msg["code"] == "unavailable", msg
        c.close()
        assert server.get("/api/ready").status_code == 503
        # the HTTP budget fails open to the process's own count: files and liveness are served
        assert server.get("/api/health").status_code == 200
        assert server.get("/").status_code == 200
        kept.send({"type": "ping", "id": 2})  # a connection admitted before stays
        assert kept.expect("pong")["ref"] == 2
        start()  # an empty Redis: the counts of the connection kept must come back
        r = redis.Redis.from_url(url, decode_responses=True)
        deadline = time.monotonic() + 30
        assert kept.user is not None
        user = f"u:{kept.user['id']}"
        held = namespace(pg_database) + "held:*"
        while not any(r.hget(k, user) == "1" for k in r.scan_iter(held)):
            assert time.monotonic() < deadline, f"never written back: {r.keys('*')}"
            time.sleep(0.1)
        assert _status(server, "/api/guest", {})[0] == 200
        kept.close()
    finally:
        server.stop()
