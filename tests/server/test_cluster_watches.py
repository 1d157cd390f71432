"""The tables one connection watches are limited wherever they are driven (two real servers on
PostgreSQL and Redis): a connection at one door watching tables of both processes is refused
at ``watches_per_connection`` in all, for a table of either process; an unwatch, a watch the
owner refused, a table that ended and a closed connection free their places. Counted by each
process driving the tables, a connection watched the limit at each process.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.clocked import ClockedServer
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import Client, ServerProcess

pytestmark = needs_cluster

WATCHES = 4  # ServerSettings.watches_per_connection


@pytest.fixture
def doors(pg_database: str, tmp_path: Path) -> Iterator[list[ClockedServer]]:
    """Open tables whose players are all away close after 3 s of a clock the test moves
    (clocked.py, one for both): none closes while a loaded machine is still making them."""
    assert REDIS is not None
    procs: list[ClockedServer] = []
    idle = ("--redis", REDIS, "--table-idle-seconds", "3")
    try:
        for _ in range(2):
            procs.append(ClockedServer(pg_database, tmp_path / "clock", *idle).start())
        yield procs
    finally:
        for p in procs:
            p.stop()


def _kept_table(door: ServerProcess, private: bool = False) -> tuple[str, Client]:
    """A new table driven by ``door``, open while its creator (returned) is at it: making a
    private table seats its creator, the join puts the connection there too."""
    host = Client(door, door.guest())
    host.send({"type": "create", "kind": "party", "private": private})
    table = str(host.expect("created")["table"]["id"])
    host.send({"type": "join", "table": table})
    host.expect("snapshot")
    return table, host


def _watch(c: Client, table: str, ref: str) -> dict[str, Any]:
    """The answer to a watch of ``table``: its snapshot, or the refusal."""
    c.send({"type": "watch", "table": table, "id": ref})
    while True:
        msg = c.recv()
        if msg["type"] == "snapshot" and msg["table"]["id"] == table:
            return msg
        if msg["type"] == "error" and msg.get("ref") == ref:
            return msg


def _watching(msg: dict[str, Any]) -> None:
    assert msg["type"] == "snapshot" and msg["seat"] is None, msg


def _refused(msg: dict[str, Any]) -> None:
    assert msg["type"] == "error" and msg["code"] == "too_many_tables", msg
    assert f"you watch {WATCHES} tables already" in msg["message"], msg


def _watching_soon(c: Client, table: str, clock: ClockedServer, within: float = 60.0) -> None:
    """Ask until ``table`` is watched: a place freed by another process is seen once its
    word reached the door (refused until then). The idle time moves on meanwhile (``clock``):
    a table whose players all went away expires."""
    deadline = time.monotonic() + within
    while True:
        msg = _watch(c, table, "again")
        if msg["type"] == "snapshot":
            _watching(msg)
            return
        _refused(msg)
        assert time.monotonic() < deadline, "the place was never freed"
        clock.advance(1)
        time.sleep(0.3)


def test_a_connection_watches_its_limit_over_both_processes(doors: list[ClockedServer]) -> None:
    s0, s1 = doors
    made = [_kept_table(s0) for _ in range(3)] + [_kept_table(s1) for _ in range(3)]
    hosts = [host for _t, host in made]
    a0, a1, a2, b0, b1, b2 = (table for table, _host in made)
    private, owner = _kept_table(s1, private=True)
    token = s0.guest()
    spectator = Client(s0, token)
    try:
        # a watch the owner refuses (a private table, by its id alone) holds no place
        refused = _watch(spectator, private, "private")
        assert refused["type"] == "error" and refused["code"] != "too_many_tables", refused
        for n, table in enumerate((a0, b0, b1)):
            _watching(_watch(spectator, table, f"w{n}"))
        _watching_soon(spectator, a1, s0)  # the fourth: once s1 said the private one is not
        _refused(_watch(spectator, b2, "over there"))  # a table of the other process
        _refused(_watch(spectator, a2, "over here"))  # one of the door's own
        _watching(_watch(spectator, b0, "again"))  # watching one again is no new one

        spectator.send({"type": "unwatch", "table": b0})
        spectator.expect("ok")
        _watching(_watch(spectator, b2, "freed"))  # its place is free at once

        hosts[4].close()  # b1's only player went away: it expires at s1 (3 s)
        _watching_soon(spectator, b0, s0)
        _refused(_watch(spectator, a2, "full again"))
        spectator.close()

        # the places were the closed connection's: the player's next connection watches its
        # own limit again, over both processes
        again = Client(s0, token)
        for n, table in enumerate((b0, a0, b2, a1)):
            _watching(_watch(again, table, f"x{n}"))
        _refused(_watch(again, a2, "over"))
        again.close()
    finally:
        for c in [*hosts, owner, spectator]:
            c.close()
