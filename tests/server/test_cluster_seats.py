"""The unfinished tables one sits at are limited for the whole group of processes (two real
servers on PostgreSQL and Redis, ``--tables-per-user 2 --tables-per-address 2``): seats taken
at both doors add up, per player and per address; a join another process answers counts with
the client's address; a seat given up, or a table that expired, frees its place; the process
that takes a killed one's tables over counts their seats, per address too. Counted per
process, each door would give its own limit.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.server.cluster_env import REDIS, needs_cluster, two_doors
from tests.server.harness import Client, ServerProcess, fresh_address

pytestmark = needs_cluster

LIMIT = 2  # --tables-per-user, --tables-per-address
FOR_PLAYER = f"you sit at {LIMIT} tables"
FOR_ADDRESS = f"players from your address sit at {LIMIT} tables"


def _doors(database: str, *extra: str) -> Iterator[list[ServerProcess]]:
    limits = ("--tables-per-user", str(LIMIT), "--tables-per-address", str(LIMIT))
    yield from two_doors(database, *limits, *extra)


@pytest.fixture
def doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    yield from _doors(pg_database)


@pytest.fixture
def idle_doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    """Open tables whose players are all away close after 3 s."""
    yield from _doors(pg_database, "--table-idle-seconds", "3")


def _table(door: ServerProcess) -> str:
    """A new public table driven by ``door`` (made by a host of its own: a player has 3 open
    tables at most), nobody seated."""
    host = Client(door, door.guest())
    host.send({"type": "create", "kind": "party", "id": "new"})
    table = str(host.expect("created")["table"]["id"])
    host.close()
    return table


def _answer(c: Client, ref: str) -> dict[str, Any]:
    while True:
        msg = c.recv()
        if msg["type"] in ("snapshot", "created") or msg.get("ref") == ref:
            return msg


def _join(
    door: ServerProcess, table: str, token: str | None = None, address: str | None = None
) -> tuple[Client, dict[str, Any]]:
    """A new connection (of a new guest unless ``token``) asking ``door`` for a seat at
    ``table``: the connection (it stays open) and the answer."""
    c = Client(door, token or door.guest(), address)
    c.send({"type": "join", "table": table, "id": "seat"})
    return c, _answer(c, "seat")


def _create_private(c: Client) -> dict[str, Any]:
    c.send({"type": "create", "kind": "party", "private": True, "id": "mine"})
    return _answer(c, "mine")


def _seated(msg: dict[str, Any]) -> None:
    assert msg["type"] in ("snapshot", "created") and msg["seat"] is not None, msg


def _refused(msg: dict[str, Any], why: str) -> None:
    assert msg["type"] == "error" and msg["code"] == "too_many_tables", msg
    assert why in msg["message"], msg


def _seated_soon(
    ask: Callable[[], tuple[Client | None, dict[str, Any]]], why: str, within: float = 60.0
) -> Client | None:
    """Ask until seated (the connection that asked is closed when refused, else returned): a
    place freed is seen once its process wrote its seats again, or what it counted ran out
    (refused, for ``why``, until then)."""
    deadline = time.monotonic() + within
    while True:
        c, msg = ask()
        if msg["type"] != "error":
            _seated(msg)
            return c
        _refused(msg, why)
        if c is not None:
            c.close()
        assert time.monotonic() < deadline, "the place was never freed"
        time.sleep(0.3)


def test_an_address_sits_at_its_limit_of_tables_over_both_doors(
    doors: list[ServerProcess],
) -> None:
    s0, s1 = doors
    address = fresh_address()
    t0, t1, t2 = _table(s0), _table(s1), _table(s0)
    held = []
    for door, table in ((s0, t0), (s1, t1)):  # each door alone holds one
        c, msg = _join(door, table, address=address)
        _seated(msg)
        held.append(c)
    for door in (s0, s1):  # at the table's own door, and at the other one
        c, msg = _join(door, t2, address=address)
        _refused(msg, FOR_ADDRESS)
        c.close()
    other, msg = _join(s0, t2)  # another address is not limited by it
    _seated(msg)
    for c in [*held, other]:
        c.close()


def test_a_player_sits_at_their_limit_of_tables_over_both_doors(
    doors: list[ServerProcess],
) -> None:
    """One account, each connection from an address of its own."""
    s0, s1 = doors
    token = s0.guest()
    t0, t1, t2 = _table(s0), _table(s1), _table(s1)
    held = []
    for door, table in ((s0, t0), (s1, t1)):
        c, msg = _join(door, table, token)
        _seated(msg)
        held.append(c)
    for door in (s1, s0):
        c, msg = _join(door, t2, token)
        _refused(msg, FOR_PLAYER)
        c.close()
    mine = Client(s0, token)  # a private table of one's own is a seat too
    _refused(_create_private(mine), FOR_PLAYER)
    for c in [*held, mine]:
        c.close()


def test_a_relayed_join_counts_with_the_clients_address(doors: list[ServerProcess]) -> None:
    """Joins at s0 of tables s1 drives (relayed): s1 counts them for the address they came
    from, not for the connection (as it did before), so a join at s1 itself is refused."""
    s0, s1 = doors
    address = fresh_address()
    t0, t1, t2 = _table(s1), _table(s1), _table(s1)
    held = []
    for table in (t0, t1):
        c, msg = _join(s0, table, address=address)
        _seated(msg)
        held.append(c)
    last, msg = _join(s1, t2, address=address)
    _refused(msg, FOR_ADDRESS)
    for c in [*held, last]:
        c.close()


def test_a_seat_given_up_frees_its_place(doors: list[ServerProcess]) -> None:
    """A player (from one address) leaves an open table through the other door: the player
    and the address both may take a seat again."""
    s0, s1 = doors
    token, address = s0.guest(), fresh_address()
    t0, t1, t2 = _table(s0), _table(s1), _table(s0)
    held = []
    for door, table in ((s0, t0), (s1, t1)):
        c, msg = _join(door, table, token, address)
        _seated(msg)
        held.append(c)
    c, msg = _join(s0, t2, token, address)
    _refused(msg, FOR_PLAYER)
    c.close()
    held[0].send({"type": "leave", "table": t1})  # at s0: relayed to s1, which drives t1
    held[0].expect("ok")
    seat = _seated_soon(lambda: _join(s0, t2, token, address), FOR_PLAYER)
    for c in [*held, seat]:
        if c is not None:
            c.close()


def _at_new_private(c: Client) -> None:
    """``c`` makes a private table and joins it: making it seats the player, joining puts the
    connection at the table too (until then the player counts as away, and the table falls
    idle)."""
    created = _create_private(c)
    _seated(created)
    c.send({"type": "join", "table": created["table"]["id"], "id": "back"})
    _seated(_answer(c, "back"))


def test_a_table_that_expired_frees_its_place(idle_doors: list[ServerProcess]) -> None:
    """A player's private tables at both doors, each with the player's connection at it; the
    one whose player went away expires (3 s) and counts no more."""
    s0, s1 = idle_doors
    token = s0.guest()
    c0, c1 = Client(s0, token), Client(s1, token)
    for c in (c0, c1):
        _at_new_private(c)
    c2 = Client(s1, token)
    _refused(_create_private(c2), FOR_PLAYER)
    c0.close()  # its table's only player went away
    _seated_soon(lambda: (None, _create_private(c2)), FOR_PLAYER)
    c1.close()
    c2.close()


def _taken_over(door: ServerProcess, tables: tuple[str, ...]) -> None:
    """Wait until ``door`` drives ``tables`` (their process was killed): a watch sent to it
    is answered once it has taken the table over (until then it went to the dead one)."""
    watcher = Client(door, door.guest())
    for table in tables:
        watcher.send({"type": "watch", "table": table})
        while True:
            msg = watcher.recv()
            if msg["type"] == "snapshot" and msg["table"]["id"] == table:
                break
    watcher.close()


def test_a_table_taken_over_counts_for_the_addresses_of_its_seats(
    doors: list[ServerProcess], pg_database: str
) -> None:
    """s1 is killed while an address sits at its two tables: nobody tells Redis, what it
    counted runs out, and s0 takes the tables over. s0 counts their seats for the address
    they were taken from, as s1 did: the address's limit still holds, at s0 and at a process
    that joins the group later (which knows only what the group counts in Redis). Before,
    the process that took the tables over knew their players, not their addresses, and the
    address got a seat more."""
    s0, s1 = doors
    address = fresh_address()
    t0, t1, t2 = _table(s1), _table(s1), _table(s0)
    held = []
    for table in (t0, t1):
        c, msg = _join(s1, table, address=address)
        _seated(msg)
        held.append(c)
    c, msg = _join(s0, t2, address=address)
    _refused(msg, FOR_ADDRESS)
    c.close()
    s1.kill()
    for c in held:
        c.ws.close_socket()
    _taken_over(s0, (t0, t1))
    c, msg = _join(s0, t2, address=address)
    _refused(msg, FOR_ADDRESS)
    c.close()
    limits = ("--tables-per-user", str(LIMIT), "--tables-per-address", str(LIMIT))
    assert REDIS is not None
    s2 = ServerProcess(pg_database, "--redis", REDIS, *limits).start()
    try:
        t3 = _table(s2)
        c, msg = _join(s2, t3, address=address)
        _refused(msg, FOR_ADDRESS)
        c.close()
        other, msg = _join(s2, t3)  # another address is not limited by it
        _seated(msg)
        other.close()
    finally:
        s2.stop()
