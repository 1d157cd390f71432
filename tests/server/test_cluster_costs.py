"""What a message costs a process of a group (PostgreSQL and Redis), counted on a real server
(counting_server.py). A ``hello`` looks its session up once: the group's count of the player's
connections and the welcome share one database query, and neither check is weaker for it (a
logged-out or unknown token is still refused, the player's connections still add up to
``sockets_per_user``). A message naming a table id that no process drives costs no claim (a
write transaction) unless the id is of a stored open or live table. A lobby page reads the
other processes' tables once per refresh of their list, not once per request.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.counting import CountingServer
from tests.server.harness import Client, ServerProcess
from tests.server.test_abuse import _connect

pytestmark = needs_cluster

PER_USER = 8  # ServerSettings.sockets_per_user


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
    before = door.count("by_token")
    c, msg = _hello(door, token)
    return door.count("by_token") - before, msg, c


def test_a_hello_looks_the_session_up_once(door: CountingServer) -> None:
    token = door.guest()
    n, msg, first = _lookups_of_hello(door, token)
    assert msg["type"] == "welcome", msg
    assert n == 1
    n, msg, _c = _lookups_of_hello(door, "not-a-session")
    assert (msg["type"], msg.get("code"), n) == ("error", "bad_token", 1)
    # hello again on a welcomed connection: still one lookup, still welcomed
    before = door.count("by_token")
    first.send({"type": "hello", "token": token, "id": 2})
    assert first.expect("welcome")["user"]["name"].startswith("guest-")
    assert door.count("by_token") - before == 1


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


def test_an_unknown_table_id_costs_no_claim(door: CountingServer) -> None:
    """Anyone, without a hello, may send ``watch`` (or any table message) with made-up ids:
    each is answered ``no_table`` (or ``not_authenticated``) without a write."""
    c = Client(door)
    before = door.count("claim_fence")
    for i in range(20):
        made_up = secrets.token_hex(6)
        c.send({"type": "watch", "table": made_up, "id": i})
        msg = c.expect("error")
        assert (msg["code"], msg["ref"]) == ("no_table", i), msg
        c.send({"type": "act", "table": made_up, "action": {"type": "pass"}, "id": 100 + i})
        msg = c.expect("error")
        assert (msg["code"], msg["ref"]) == ("not_authenticated", 100 + i), msg
    assert door.count("claim_fence") - before == 0
    # a table that is stored and driven here is still found by id, by anyone
    owner = Client(door, door.guest())
    owner.send({"type": "create", "kind": "party", "length": "quick", "id": 1})
    table = owner.expect("created")["table"]["id"]
    c.send({"type": "watch", "table": table, "id": 7})
    assert c.expect("snapshot")["table"]["id"] == table


def test_the_lobby_reads_other_processes_tables_once_per_refresh(
    pg_database: str, tmp_path: Path, door: CountingServer
) -> None:
    """The lobby of a group lists the other processes' public tables: each lobby request (which
    anyone may send, over HTTP or the WebSocket) must not read them all again."""
    assert REDIS is not None
    other = ServerProcess(pg_database, "--redis", REDIS).start()
    try:
        owner = Client(other, other.guest())
        made = set()
        for i in range(3):
            owner.send({"type": "create", "kind": "party", "length": "quick", "id": i})
            made.add(owner.expect("created")["table"]["id"])
        c = Client(door)
        listed: set[str] = set()
        while not made <= listed:  # the door has heard of them (its list is refreshed 2/s)
            c.send({"type": "lobby"})
            listed = {t["id"] for t in c.expect("lobby")["open"]}
            time.sleep(0.05)  # within the connection's message rate
        reads, refreshes = door.count("listed_summary"), door.count("share_lobby")
        for _ in range(60):
            c.send({"type": "lobby"})
            assert made <= {t["id"] for t in c.expect("lobby")["open"]}
        reads = door.count("listed_summary") - reads
        refreshes = door.count("share_lobby") - refreshes
        assert reads <= len(made) * (refreshes + 1), (reads, refreshes)
    finally:
        other.stop()


def test_made_up_invite_codes_cost_a_few_database_reads(
    pg_database: str, door: CountingServer
) -> None:
    """An invite code of a table not driven here is looked up in the database: made-up codes
    (anyone may send them, after a guest's hello) cost a token of the client's address each
    (``INVITE_BURST`` at once, then ``INVITE_LOOKUPS_PER_SECOND``), refused ``rate_limited``
    beyond; a real code of a table created at another process a moment ago joins at once, and
    a code of a table driven here costs no read."""
    from jantaku.server.cluster import INVITE_BURST, INVITE_LOOKUPS_PER_SECOND

    assert REDIS is not None
    other = ServerProcess(pg_database, "--redis", REDIS).start()
    try:
        prober = _connect(door, "198.51.100.20")
        prober.send(json.dumps({"type": "hello", "token": door.guest()}))
        codes: list[str] = []
        before = door.count("table_id_by_invite")
        started = time.monotonic()
        for i in range(100):
            prober.send(json.dumps({"type": "join", "invite": secrets.token_urlsafe(6), "id": i}))
            while (msg := json.loads(prober.recv(timeout=10))).get("ref") != i:
                pass
            codes.append(msg["code"])
        elapsed = time.monotonic() - started
        reads = door.count("table_id_by_invite") - before
        assert reads <= INVITE_BURST + INVITE_LOOKUPS_PER_SECOND * elapsed + 1, (reads, elapsed)
        assert set(codes) == {"no_table", "rate_limited"}, set(codes)
        # a table created at another process a moment ago is found by its code at once
        owner = Client(other, other.guest())
        owner.send({"type": "create", "kind": "party", "length": "quick", "private": True})
        invite = owner.expect("created")["invite"]
        friend = Client(door, door.guest())
        friend.send({"type": "join", "invite": invite})
        assert friend.expect("snapshot")["seat"] is not None
        # a table driven here is found in memory: no read, whatever the address has spent
        host = Client(door, door.guest())
        host.send({"type": "create", "kind": "party", "length": "quick", "private": True})
        here = host.expect("created")["invite"]
        before = door.count("table_id_by_invite")
        prober.send(json.dumps({"type": "watch", "invite": here}))
        while (msg := json.loads(prober.recv(timeout=10)))["type"] != "snapshot":
            assert msg["type"] != "error", msg
        assert door.count("table_id_by_invite") == before
    finally:
        other.stop()
