"""A ranked queue table never seats two accounts from one network address (doman-rules.md §4:
a solo queue; one person's accounts, or friends behind one connection, queueing at the same
moment on a quiet server would otherwise sit together and farm rank). The second account's
``queue`` is refused (``queue_address``) without a word of who waits; the same account gets its
seat back; another address is seated; leaving frees the address. ``--ranked-shared-addresses``
(a LAN event) seats them together. Also across the processes of a group (PostgreSQL and Redis:
cluster_env.py), where the queue keeps only a keyed hash of each address.

Each scripted client names its address in ``X-Forwarded-For`` (uvicorn trusts it from
127.0.0.1), as a reverse proxy does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jantaku.server.cluster import namespace
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.origins import group_key, origin_of
from jantaku.server.storage import Store
from jantaku.server.tables import TableError
from tests.server.accounts import registered
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import Client, ServerProcess

QUEUE = {"type": "queue", "kind": "novice", "length": "quick"}
HOME, ELSEWHERE = "203.0.113.5", "198.51.100.9"  # documentation addresses (RFC 5737)
REFUSAL = "another account from your address is already waiting in this queue"


def _queued(client: Client) -> dict[str, Any]:
    """Queue; the snapshot of the seat it got."""
    client.send(QUEUE)
    snap = client.expect("snapshot")
    assert snap["seat"] is not None and snap["table"]["config"]["ranked"], snap
    return snap


def _refused(client: Client, ref: int, others: list[Client]) -> None:
    """Queue, and see it refused for the address, naming none of ``others`` (who wait)."""
    client.send({**QUEUE, "id": ref})
    err = client.expect("error")
    assert err == {"type": "error", "code": "queue_address", "message": REFUSAL, "ref": ref}
    for other in others:
        assert other.user is not None and other.user["name"] not in json.dumps(err)


def _waiting(server: ServerProcess) -> int:
    return int(server.get("/api/lobby").json()["queues"].get("novice-quick", 0))


def _taken(snap: dict[str, Any]) -> int:
    """The seats taken at a snapshot's table (a waiting person's seat is anonymous)."""
    return sum(1 for s in snap["table"]["seats"] if s.get("anonymous") or s.get("user_id"))


def test_a_restart_does_not_forget_who_waits(database: str) -> None:
    """The addresses' hashes live in memory only: after a restart the server could no longer
    tell a waiting player's address, so its open queue tables are closed (expired) and their
    players queue again; another account of a waiting player's address is never seated beside
    them (before, it was seated at the restored table)."""
    before = ServerProcess(database).start()
    try:
        token, other = registered(before), registered(before)
        first = Client(before, token, address=HOME)
        table = _queued(first)["table"]["id"]
        first.close()
    finally:
        before.stop()
    after = ServerProcess(database).start()
    try:
        second = Client(after, other, address=HOME)  # the same person's second account
        snap = _queued(second)
        assert _taken(snap) == 1, snap  # nobody from the old table beside it
        first = Client(after, token, address=HOME)
        first.send({"type": "join", "table": table, "id": 1})  # its page comes back
        assert first.expect("error")["ref"] == 1  # that table is gone: queue again
        _refused(first, 2, [second])  # and the address is taken by the second now
        assert _waiting(after) == 1
        for c in (first, second):
            c.close()
    finally:
        after.stop()


def test_a_queue_table_seats_one_account_per_address(server: ServerProcess) -> None:
    first = Client(server, registered(server), address=HOME)
    token = registered(server)
    second = Client(server, token, address=HOME)  # the same person's second account
    snap = _queued(first)
    table, seat = snap["table"]["id"], snap["seat"]
    _refused(second, 2, [first])
    assert _waiting(server) == 1  # the second account sits nowhere
    # the same account queueing again gets its seat back, as before
    again = _queued(first)
    assert (again["table"]["id"], again["seat"]) == (table, seat)
    # the second account from another address is seated at the same table
    away = Client(server, token, address=ELSEWHERE)
    assert _queued(away)["table"]["id"] == table
    away.send({"type": "leave", "table": table, "id": 3})
    assert away.expect("ok")["ref"] == 3
    _refused(second, 4, [first])  # back home: still refused while the first waits
    # once the first account left the queue table, the address is free
    first.send({"type": "leave", "table": table, "id": 5})
    assert first.expect("ok")["ref"] == 5
    assert _queued(second)["table"]["id"] == table
    _refused(first, 6, [second])  # and now the first is the one refused
    assert _waiting(server) == 1
    for c in (first, second, away):
        c.close()


def test_a_lan_event_seats_accounts_of_one_address_together(database: str) -> None:
    """``--ranked-shared-addresses``: everyone shares the hall's address."""
    server = ServerProcess(database, "--ranked-shared-addresses").start()
    try:
        players = [Client(server, registered(server), address=HOME) for _ in range(4)]
        tables = {_queued(p)["table"]["id"] for p in players}
        assert len(tables) == 1  # all four at one table
        for p in players:  # the fourth sat: the match starts
            while p.expect("snapshot", timeout=20)["table"]["status"] != "live":
                pass
        for p in players:
            p.close()
    finally:
        server.stop()


def test_the_address_is_forgotten_when_the_match_starts(tmp_path: Path) -> None:
    """A queue table keeps each seat's keyed hash in memory only (never sent nor stored) and
    forgets it when the fourth sits and the match starts."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    users = [store.add_user(f"p{i}", "-", guest=False) for i in range(4)]
    origins = [f"origin-{i}" for i in range(4)]
    table = lobby.queue(users[0].id, 0, "novice", "quick", origin=origins[0])
    table.sit(users[0].id, users[0].name, origin=origins[0])
    with pytest.raises(TableError) as refused:
        lobby.queue(users[1].id, 0, "novice", "quick", origin=origins[0])
    assert (refused.value.code, refused.value.message) == ("queue_address", REFUSAL)
    for user, origin in zip(users[1:], origins[1:], strict=True):
        assert lobby.queue(user.id, 0, "novice", "quick", origin=origin) is table
        table.sit(user.id, user.name, origin=origin)
    assert [s.origin for s in table.seats] == origins
    shown = json.dumps([table.summary(), [s.stored() for s in table.seats]])
    assert not any(o in shown for o in origins)
    stored = store.table(table.id)
    assert stored is not None and not any(o in json.dumps(stored.seats) for o in origins)
    table.start()
    assert table.status == "live" and [s.origin for s in table.seats] == [None] * 4
    store.close()


@needs_cluster
def test_two_doors_refuse_a_second_account_of_one_address(
    servers: list[ServerProcess], tmp_path: Path
) -> None:
    """The check is part of the queue's one atomic step in Redis: an account at one door and
    another of the same address at another door never share the queue's table; Redis holds
    a keyed hash of the address, never the address."""
    import redis

    first = Client(servers[0], registered(servers[0]), address=HOME)
    token = registered(servers[1])
    second = Client(servers[1], token, address=HOME)
    table = _queued(first)["table"]["id"]
    _refused(second, 2, [first])
    r = redis.Redis.from_url(str(REDIS), decode_responses=True)
    try:
        held = r.hgetall(namespace(servers[0].database) + "queue:novice-quick")
    finally:
        r.close()
    assert held["table"] == table and held["n"] == "1", held
    assert HOME not in json.dumps(held)
    hashes = [v for f, v in held.items() if f.startswith("u")]
    group, elsewhere = Store(servers[0].database), Store(f"sqlite:///{tmp_path / 'other.db'}")
    try:  # keyed by the group's random secret, kept in its database only
        assert hashes == [origin_of(group_key(group), HOME)], held
        assert group_key(elsewhere) != group_key(group)
    finally:
        group.close()
        elsewhere.close()
    other = Client(servers[2], registered(servers[2]), address=ELSEWHERE)
    assert _queued(other)["table"]["id"] == table  # another address: seated
    first.send({"type": "leave", "table": table, "id": 4})  # the address is free again
    assert first.expect("ok")["ref"] == 4
    assert _queued(second)["table"]["id"] == table
    _refused(first, 5, [second, other])
    for c in (first, second, other):
        c.close()
