"""What one account's tables may cost the server: the tables one sits at (open, or under way)
are limited, per account and per address (an address makes a new guest account every few
seconds), while a match nobody plays any more ends as abandoned and frees its place
(test_abandon.py); and a connection watches a few tables at once (every step is written out
for each watcher)."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Client, ServerProcess

LIMIT = 4  # ServerSettings.tables_per_user
ADDRESS_LIMIT = 16  # ServerSettings.tables_per_address
WATCHES = 4  # ServerSettings.watches_per_connection


def _practice(c: Client, i: int) -> tuple[str, dict[str, Any]]:
    """Create a practice table and ask for a seat with computer players: (the table, the
    answer to the join)."""
    c.send({"type": "create", "kind": "practice", "length": "full"})
    table = str(c.expect("created")["table"]["id"])
    c.send({"type": "join", "table": table, "fill_bots": True, "id": f"join{i}"})
    while True:
        msg = c.recv(30)
        if msg["type"] == "snapshot" or (msg["type"] == "error" and msg["ref"] == f"join{i}"):
            return table, msg


def test_one_account_sits_at_a_few_unfinished_tables(database: str) -> None:
    """A player sits at no more than ``tables_per_user`` unfinished tables; one's own seat is
    given back at the limit, and nobody else is limited by it."""
    # computer players take seconds a turn: no match ends while the test runs
    server = ServerProcess(database, "--bot-delay", "5").start()
    alice = Client(server, server.guest())
    bob = Client(server, server.guest())
    try:
        for i in range(LIMIT):
            kept, answer = _practice(alice, i)
            assert answer["type"] == "snapshot", answer
        assert server.get("/api/health").json()["live_tables"] == LIMIT
        _table, refused = _practice(alice, LIMIT)
        assert refused["type"] == "error" and refused["code"] == "too_many_tables", refused
        assert f"{LIMIT} tables" in refused["message"]
        alice.send({"type": "create", "kind": "party", "length": "quick", "private": True})
        assert alice.expect("error")["code"] == "too_many_tables"
        assert server.get("/api/health").json()["live_tables"] == LIMIT
        alice.send({"type": "join", "table": kept})  # one's own seat back
        assert alice.expect("snapshot")["seat"] is not None
        _table, answer = _practice(bob, 0)
        assert answer["type"] == "snapshot", answer
    finally:
        alice.close()
        bob.close()
        server.stop()


def test_the_accounts_of_one_address_share_a_limit(database: str) -> None:
    """New guest accounts do not lift the limit: the unfinished tables seated from one address
    are limited too, and another address is not limited by them."""
    server = ServerProcess(database, "--bot-delay", "5").start()
    address = "10.77.0.1"
    clients = [Client(server, server.guest(), address) for _ in range(ADDRESS_LIMIT // LIMIT + 1)]
    elsewhere = Client(server, server.guest())
    try:
        for k in range(ADDRESS_LIMIT):
            _table, answer = _practice(clients[k // LIMIT], k)
            assert answer["type"] == "snapshot", answer
        _table, refused = _practice(clients[-1], ADDRESS_LIMIT)
        assert refused["type"] == "error" and refused["code"] == "too_many_tables", refused
        assert "your address" in refused["message"]
        assert server.get("/api/health").json()["live_tables"] == ADDRESS_LIMIT
        _table, answer = _practice(elsewhere, 0)
        assert answer["type"] == "snapshot", answer
    finally:
        for c in (*clients, elsewhere):
            c.close()
        server.stop()


def test_a_connection_watches_a_few_tables_at_once(server: ServerProcess) -> None:
    """Each step of a table is written out for every connection watching it: one connection
    watches ``watches_per_connection`` tables at most (watching one again is no new one), and
    ``unwatch`` frees its place."""
    hosts = [Client(server, server.guest()) for _ in range(2)]
    spectator = Client(server, server.guest())
    try:
        tables = []
        for k in range(WATCHES + 1):
            host = hosts[k // 3]  # open_tables_per_user
            host.send({"type": "create", "kind": "party", "length": "quick"})
            tables.append(host.expect("created")["table"]["id"])
        for table in tables[:WATCHES]:
            spectator.send({"type": "watch", "table": table})
            assert spectator.expect("snapshot")["seat"] is None
        spectator.send({"type": "watch", "table": tables[0]})  # again: the same one
        spectator.expect("snapshot")
        spectator.send({"type": "watch", "table": tables[WATCHES], "id": "one more"})
        refused = spectator.expect("error")
        assert refused["code"] == "too_many_tables" and refused["ref"] == "one more", refused
        assert f"watch {WATCHES} tables" in refused["message"]
        spectator.send({"type": "unwatch", "table": tables[0]})
        spectator.expect("ok")
        spectator.send({"type": "watch", "table": tables[WATCHES]})
        assert spectator.expect("snapshot")["table"]["id"] == tables[WATCHES]
    finally:
        for c in (*hosts, spectator):
            c.close()


def test_an_address_counts_the_seats_its_players_hold(database: str) -> None:
    """``--tables-per-address 2``: a table where another account of the address sits already
    is no new one, and a seat given up before the start counts no more (the table is open
    still: it counted until it closed before)."""
    server = ServerProcess(database, "--tables-per-address", "2").start()
    address = "10.77.0.2"
    hosts = [Client(server, server.guest()) for _ in range(3)]
    players = [Client(server, server.guest(), address) for _ in range(4)]
    try:
        tables = []
        for host in hosts:
            host.send({"type": "create", "kind": "party", "length": "quick"})
            tables.append(host.expect("created")["table"]["id"])

        def join(player: Client, table: str) -> dict[str, Any]:
            player.send({"type": "join", "table": table, "id": "seat"})
            while True:
                msg = player.recv()
                if msg["type"] == "snapshot" or msg.get("ref") == "seat":
                    return msg

        assert join(players[0], tables[0])["type"] == "snapshot"
        assert join(players[1], tables[1])["type"] == "snapshot"
        refused = join(players[2], tables[2])
        assert refused["type"] == "error" and refused["code"] == "too_many_tables", refused
        assert "your address" in refused["message"]
        assert join(players[2], tables[1])["type"] == "snapshot"  # the address sits there
        players[0].send({"type": "leave", "table": tables[0]})
        players[0].expect("ok")
        assert join(players[3], tables[2])["type"] == "snapshot"
    finally:
        for c in (*hosts, *players):
            c.close()
        server.stop()
