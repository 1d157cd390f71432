"""The event loop never waits for the database on a path a client reaches: while one of these
database calls is held (gated_server.py), another connection's ``ping`` is answered. A call
made on the event loop would hold every other client of the process behind it.

The paths: a ``hello``'s session lookup (anyone may send one with any token), the HTTP reads
anyone may ask for (a token's user, a table, a finished game, a player) and a guest's sign-up
and a logout, the periodic recheck of the connections' sessions, and with several processes
the lookup of an invite code of a table driven elsewhere (anyone may send a made-up one)."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from jantaku.server.auth import token_hash
from jantaku.server.storage import Store
from tests.server.accounts import registered
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.gated import GatedServer
from tests.server.harness import Client
from tests.server.rows import quick_table_row, stored_live_table


def _answers_meanwhile(
    server: GatedServer, name: str, call: Callable[[], Any], deadline: float = 30
) -> Any:
    """Hold the calls of ``name``, start ``call`` (in a thread), and once it is held show that
    another connection is answered; then let it go. What ``call`` returned."""
    pinger = Client(server)
    pinger.send({"type": "ping", "id": 0})
    assert pinger.expect("pong")["ref"] == 0
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(call()))
    with server.holding(name):
        worker.start()
        server.wait_entered(name, deadline)
        pinger.send({"type": "ping", "id": 1})
        assert pinger.expect("pong", timeout=20)["ref"] == 1  # while the call is held
    worker.join(60)
    pinger.close()
    assert out, f"the held call of {name} did not finish"
    return out[0]


def test_a_hellos_session_lookup_leaves_the_loop_free(database: str, tmp_path: Path) -> None:
    server = GatedServer(database, tmp_path).start()
    try:
        token = registered(server, "hello")
        greeter = Client(server)

        def hello() -> dict[str, Any]:
            greeter.send({"type": "hello", "token": token, "id": 7})
            return greeter.expect("welcome", timeout=60)

        assert _answers_meanwhile(server, "by_token", hello)["ref"] == 7
        greeter.close()
    finally:
        server.stop()


def test_http_reads_and_sign_ups_leave_the_loop_free(database: str, tmp_path: Path) -> None:
    server = GatedServer(database, tmp_path).start()
    try:
        token = registered(server, "reader")
        me = server.get("/api/me", token).json()["user"]["id"]
        owner = Client(server, token)
        owner.send({"type": "create", "kind": "party", "length": "quick"})
        table = owner.expect("created")["table"]["id"]
        owner.close()
        auth = {"Authorization": f"Bearer {token}"}

        def get(path: str) -> Callable[[], int]:
            return lambda: httpx.get(server.base + path, headers=auth, timeout=60).status_code

        def post(path: str) -> Callable[[], int]:
            return lambda: httpx.post(server.base + path, timeout=60).status_code

        cases = [
            ("by_token", get("/api/me"), 200),
            ("by_token", get("/api/me/tables"), 200),
            ("table", get("/api/tables/nosuchtable"), 404),
            ("game", get("/api/games/nosuchgame"), 404),
            ("user", get(f"/api/players/{me}"), 200),
            ("user", get(f"/api/players/{me}/games"), 200),
            ("add_user", post("/api/guest"), 200),
        ]
        for name, call, status in cases:
            assert _answers_meanwhile(server, name, call) == status, name
        assert server.get(f"/api/tables/{table}").status_code == 200
        logout = {"token": token}

        def log_out() -> int:
            return httpx.post(server.base + "/api/logout", json=logout, timeout=60).status_code

        assert _answers_meanwhile(server, "drop_session", log_out) == 200
        assert server.get("/api/me", token).status_code == 401
    finally:
        server.stop()


def test_the_session_recheck_leaves_the_loop_free(database: str, tmp_path: Path) -> None:
    server = GatedServer(database, tmp_path, "--session-recheck-seconds", "0.2").start()
    try:
        player = Client(server, registered(server, "rechecked"))
        # the recheck's query is held; meanwhile another connection is answered
        _answers_meanwhile(server, "session", lambda: None)
        player.send({"type": "ping", "id": 2})
        assert player.expect("pong")["ref"] == 2  # and the session still counts
        player.close()
    finally:
        server.stop()


def test_table_writes_leave_the_loop_free(database: str, tmp_path: Path) -> None:
    """A table's creation, a seat taken, computer players seated and the match started are
    stored by the writer thread, in order: while one is held, other clients are answered, and
    the table's answer (``created``, the joiner's snapshot) comes once its row is stored."""
    server = GatedServer(database, tmp_path).start()
    try:
        owner = Client(server, registered(server, "creator"))

        def create(private: bool, ref: int) -> Callable[[], dict[str, Any]]:
            def run() -> dict[str, Any]:
                owner.send({"type": "create", "kind": "party", "private": private, "id": ref})
                return owner.expect("created", timeout=60)

            return run

        made = _answers_meanwhile(server, "create_table", create(True, 4))
        assert made["ref"] == 4 and made["seat"] == 0 and made["invite"]
        seated = _answers_meanwhile(server, "update_table", create(True, 5))
        assert seated["ref"] == 5 and seated["seat"] == 0
        table = create(False, 6)()["table"]["id"]

        def join() -> dict[str, Any]:
            owner.send({"type": "join", "table": table, "fill_bots": True, "id": 7})
            return owner.expect("snapshot", timeout=60)

        assert _answers_meanwhile(server, "update_table", join)["seat"] is not None
        owner.close()
        row = Store(database).table(table)
        assert row is not None and row.status == "live"  # the last of its writes, stored last
        assert sorted(s["bot"] is None for s in row.seats) == [False, False, False, True]
    finally:
        server.stop()


def test_the_end_of_a_ranked_match_leaves_the_loop_free(database: str, tmp_path: Path) -> None:
    """The four accounts' ranks are read (and worked out and saved) by the writer thread when
    a ranked match ends: while the read is held, other clients are answered, and the end is
    shown once stored, with every seat's rank change."""
    server = GatedServer(
        database, tmp_path, "--grace-seconds", "0.2", "--solo-hand-pause", "0"
    ).start()
    try:
        players = [Client(server, registered(server, "ranked")) for _ in range(4)]
        for c in players:
            c.send({"type": "queue", "kind": "novice", "length": "quick"})
            c.expect("snapshot")
        table = {c.expect("snapshot")["table"]["id"] for c in players}.pop()
        watcher = Client(server)
        watcher.send({"type": "watch", "table": table})
        watcher.expect("snapshot")

        def play_out() -> dict[str, Any]:
            for c in players:  # gone: computer players finish the match for them
                c.close()
            return watcher.expect("match_ended", timeout=300)["result"]

        result = _answers_meanwhile(server, "user", play_out, deadline=300)
        assert result["recorded"] and result["rated"], result
        assert [r["place"] for r in result["ranks"]] == [
            result["ranking"].index(i) + 1 for i in range(4)
        ]
        watcher.close()
        game = server.get(f"/api/games/{table}").json()
        assert game["result"]["ranks"] == result["ranks"]  # stored as shown
    finally:
        server.stop()


@needs_cluster
def test_an_invite_lookup_leaves_the_loop_free(pg_database: str, tmp_path: Path) -> None:
    assert REDIS is not None
    server = GatedServer(pg_database, tmp_path, "--redis", REDIS).start()
    try:
        guest = Client(server, server.guest())

        def join() -> dict[str, Any]:
            guest.send(json.dumps({"type": "join", "invite": "madeUpCode", "id": 3}))
            return guest.expect("error", timeout=60)

        refusal = _answers_meanwhile(server, "table_id_by_invite", join)
        assert refusal["ref"] == 3 and refusal["code"] != "internal", refusal
        guest.close()
    finally:
        server.stop()


@needs_cluster
def test_a_new_tables_lease_leaves_the_loop_free(pg_database: str, tmp_path: Path) -> None:
    """With several processes a new table's lease is claimed in Redis without the event loop
    waiting: while the claim is held, other clients are answered, and ``created`` comes once
    the lease is held and the row stored."""
    assert REDIS is not None
    server = GatedServer(pg_database, tmp_path, "--redis", REDIS).start()
    try:
        owner = Client(server, registered(server, "leased"))

        def create() -> dict[str, Any]:
            owner.send({"type": "create", "kind": "party", "private": True, "id": 8})
            return owner.expect("created", timeout=60)

        made = _answers_meanwhile(server, "claim_lease", create)
        assert made["ref"] == 8 and made["seat"] == 0 and made["invite"]
        owner.send({"type": "watch", "table": made["table"]["id"]})
        assert owner.expect("snapshot")["table"]["id"] == made["table"]["id"]  # driven here
        owner.close()
    finally:
        server.stop()


def _orphan(store: Store, waited: float) -> str:
    """An open party table stored ``waited`` seconds ago that no process drives (its own
    process died): the next scan of a process of the group takes it over."""
    row = quick_table_row("party", status="open", created_at=time.time() - waited, fence=1)
    store.create_table(row)
    return row.id


@needs_cluster
def test_taking_over_a_table_leaves_the_loop_free(pg_database: str, tmp_path: Path) -> None:
    """A takeover's new fencing number and the table's row and actions are read on a thread:
    while the read is held, other clients are answered; then the table is driven here (a
    client watching it gets its snapshot)."""
    assert REDIS is not None
    server = GatedServer(pg_database, tmp_path, "--redis", REDIS).start()
    store = Store(pg_database)
    try:
        watcher = Client(server)
        table_id = _answers_meanwhile(server, "claim_fence", lambda: _orphan(store, 0))
        deadline = time.monotonic() + 30
        while True:  # until the takeover is done
            watcher.send({"type": "watch", "table": table_id})
            answer = watcher.recv()
            if answer["type"] == "snapshot":
                break
            assert answer.get("code") == "no_table" and time.monotonic() < deadline, answer
            time.sleep(0.1)
        assert answer["table"]["id"] == table_id and answer["table"]["status"] == "open"
        watcher.close()
    finally:
        store.close()
        server.stop()


@needs_cluster
def test_expiring_a_table_taken_over_leaves_the_loop_free(pg_database: str, tmp_path: Path) -> None:
    """An open table taken over after it waited past ``table_idle_seconds`` is stored as
    expired by the writer thread: while that write is held, other clients are answered."""
    assert REDIS is not None
    server = GatedServer(pg_database, tmp_path, "--redis", REDIS).start()
    store = Store(pg_database)
    try:
        table_id = _answers_meanwhile(server, "update_table", lambda: _orphan(store, 86400))
        deadline = time.monotonic() + 30
        while (row := store.table(table_id)) is not None and row.status == "open":
            assert time.monotonic() < deadline, "the table was never stored as expired"
            time.sleep(0.05)
        assert row is not None and row.status == "expired"
    finally:
        store.close()
        server.stop()


def test_resuming_a_table_after_a_restart_leaves_the_loop_free(
    database: str, tmp_path: Path
) -> None:
    """A restarted server plays each stored live match again on a thread: while one replay
    is held, the server is up and answers, and a message for that table waits until it is
    resumed (not ``no_table``)."""
    store = Store(database)
    table_id = stored_live_table(store, 0)
    store.close()
    server = GatedServer(database, tmp_path)
    try:
        with server.holding("replay"):
            server.start()
            pinger = Client(server)
            watcher = _pinged_while_replaying(server, pinger, table_id)
        _watches_it_live(watcher, table_id)
    finally:
        server.stop()


def test_the_lobby_lists_a_table_still_being_resumed(database: str, tmp_path: Path) -> None:
    """While a restarted server plays a stored public match again (held), the lobby lists
    it as a live table, and its player's own tables show it: the lobby is not empty for
    the tables still coming back (before, they were missing until resumed)."""
    store = Store(database)
    table_id = stored_live_table(store, 0)
    row = store.table(table_id)
    assert row is not None
    token = secrets.token_urlsafe(32)
    store.add_session(token_hash(token), row.seats[0]["user_id"])
    store.close()
    server = GatedServer(database, tmp_path)
    try:
        with server.holding("replay"):
            server.start()
            server.wait_entered("replay")
            page = server.get("/api/lobby").json()
            assert [t["id"] for t in page["live"]] == [table_id], page
            assert page["live"][0]["status"] == "live" and page["total"]["live"] == 1
            mine = server.get("/api/me/tables", token).json()["tables"]
            assert [(t["id"], t["status"], t["seat"]) for t in mine] == [(table_id, "live", 0)]
            lister = Client(server)
            lister.send({"type": "lobby", "id": 1})
            listed = lister.expect("lobby")
            assert [t["id"] for t in listed["live"]] == [table_id]
            lister.close()
        watcher = Client(server)
        watcher.send({"type": "watch", "table": table_id})
        _watches_it_live(watcher, table_id)  # resumed once let go
        assert [t["id"] for t in server.get("/api/lobby").json()["live"]] == [table_id]
    finally:
        server.stop()


@needs_cluster
def test_resuming_a_claimed_table_leaves_the_loop_free(pg_database: str, tmp_path: Path) -> None:
    """A live table taken over from a process that died is played again on a thread: while
    the replay is held, other clients are answered, and a message for the table waits until
    it is resumed here."""
    assert REDIS is not None
    server = GatedServer(pg_database, tmp_path, "--redis", REDIS).start()
    store = Store(pg_database)
    try:
        with server.holding("replay"):
            pinger = Client(server)
            table_id = stored_live_table(store, 1)  # the next scan takes it over
            watcher = _pinged_while_replaying(server, pinger, table_id)
        _watches_it_live(watcher, table_id)
    finally:
        store.close()
        server.stop()


def _pinged_while_replaying(server: GatedServer, pinger: Client, table_id: str) -> Client:
    """Once the server holds the replay of ``table_id``: ``pinger`` is answered meanwhile,
    and a new client's watch of the table reaches the server; that client."""
    server.wait_entered("replay")
    pinger.send({"type": "ping", "id": 1})
    assert pinger.expect("pong", timeout=20)["ref"] == 1  # while the replay is held
    pinger.close()
    watcher = Client(server)
    watcher.send({"type": "watch", "table": table_id, "id": 2})
    time.sleep(0.2)  # the watch reaches the server while the replay is held
    return watcher


def _watches_it_live(watcher: Client, table_id: str) -> None:
    """The watch waited for the replay: the table, live (not ``no_table``)."""
    try:
        answer = watcher.recv()
        assert answer["type"] == "snapshot", answer
        assert answer["table"]["id"] == table_id and answer["table"]["status"] == "live"
    finally:
        watcher.close()


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
