"""Abuse limits against a real server on loopback: password hashing off the event loop, login
back-off, sign-up limits, per-client limits, table expiry, lobby pages, security headers and
hashed, revocable session tokens.

uvicorn trusts ``X-Forwarded-For`` from 127.0.0.1 (its default), so a test speaks for several
client addresses by naming them there; ``_other_address`` connects from 127.0.0.2 for real."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from jantaku.server.config import ServerSettings
from tests.server.clocked import ClockedServer
from tests.server.harness import HOST, REPLY_LIMIT, Client, ServerProcess

SIGNUP_BURST = ServerSettings().signup_burst
SIGNUPS_PER_MINUTE = ServerSettings().signups_per_minute


def _post(
    server: ServerProcess,
    path: str,
    body: dict[str, Any] | None = None,
    address: str | None = None,
    token: str | None = None,
) -> httpx.Response:
    headers = {"X-Forwarded-For": address} if address else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.post(
        server.base + path, json=body or {}, headers=headers, timeout=60, trust_env=False
    )


def _register(server: ServerProcess, name: str, address: str) -> str:
    r = _post(server, "/api/register", {"name": name, "password": "right password"}, address)
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def test_password_hashing_leaves_the_event_loop_free(server: ServerProcess) -> None:
    """While 30 wrong-password logins are being hashed, pings are answered many times over: a
    hash on the event loop would hold every ping behind it (at most about one pong a hash)."""
    names = [f"hasher{i}" for i in range(10)]
    for i, name in enumerate(names):
        _register(server, name, f"10.1.0.{i}")
    attempts = [(name, f"10.2.{i}.{k}") for i, name in enumerate(names) for k in range(3)]
    statuses: list[int] = []
    lock = threading.Lock()

    def login(name: str, address: str) -> None:
        r = _post(server, "/api/login", {"name": name, "password": "wrong password"}, address)
        with lock:
            statuses.append(r.status_code)

    pinger = Client(server)
    threads = [threading.Thread(target=login, args=a) for a in attempts]
    pongs = 0
    for t in threads:
        t.start()
    try:
        while len(statuses) < len(attempts):
            pinger.send({"type": "ping"})
            pinger.expect("pong", timeout=60)
            if len(statuses) < len(attempts):
                pongs += 1
            time.sleep(0.015)  # under the server's 100 messages a second
    finally:
        for t in threads:
            t.join(60)
        pinger.close()
    assert statuses == [401] * len(attempts)
    assert pongs >= 2 * len(attempts), f"only {pongs} pongs during {len(attempts)} logins"


def _login(
    server: ServerProcess, name: str, password: str, address: str | None = None
) -> httpx.Response:
    return _post(server, "/api/login", {"name": name, "password": password}, address)


def _other_address(server: ServerProcess, path: str, body: dict[str, Any]) -> httpx.Response:
    """A request that really comes from another loopback address (127.0.0.2)."""
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(transport=transport, trust_env=False, timeout=60) as http:
        return http.post(server.base + path, json=body)


def _refusal(r: httpx.Response) -> int:
    """A 429 with a Retry-After header (whole seconds) and a message saying when."""
    assert r.status_code == 429, r.text
    seconds = int(r.headers["Retry-After"])
    assert seconds >= 1
    body = r.json()
    assert body["code"] == "rate_limited" and body["retry_after"] == seconds
    assert f"try again in {seconds} s" in body["error"]
    return seconds


def _waits_out(server: ClockedServer, wait: int, name: str, password: str, address: str) -> int:
    """The status of a login just before the refusal's ``wait`` is over (still 429: it lasts as
    long as it said) and then the status once it is over."""
    server.advance(wait - 0.5)
    assert _login(server, name, password, address).status_code == 429
    server.advance(0.5)
    return _login(server, name, password, address).status_code


def test_failed_logins_back_off_per_name_with_growing_waits(clocked: ClockedServer) -> None:
    """Five failures of "victim" from five addresses, then the right and a wrong password are
    refused: the name, not an address, is what is limited, and the name as logins find it (case
    and width do not make another name)."""
    _register(clocked, "victim", "10.3.0.1")
    _register(clocked, "bystander", "10.3.0.2")
    for i, spelling in enumerate(("victim", "VICTIM", "Victim", "ｖｉｃｔｉｍ", "vIcTiM")):
        assert _login(clocked, spelling, "guess", f"10.4.0.{i}").status_code == 401
    right = _login(clocked, "victim", "right password", "10.4.1.1")
    wrong = _login(clocked, "victim", "guess", "10.4.1.2")
    first = _refusal(right)
    assert _refusal(wrong) == first
    assert "this name" in wrong.json()["error"]
    # another name from another address is not affected
    r = _other_address(clocked, "/api/login", {"name": "bystander", "password": "right password"})
    assert r.status_code == 200, r.text
    # after the wait a further failure refuses for longer
    assert _waits_out(clocked, first, "victim", "guess", "10.4.2.1") == 401
    second = _refusal(_login(clocked, "victim", "guess", "10.4.2.2"))
    assert second > first
    # the right password after the wait logs in and clears the count
    assert _waits_out(clocked, second, "victim", "right password", "10.4.3.1") == 200
    assert _login(clocked, "victim", "guess", "10.4.3.2").status_code == 401


def test_failed_logins_back_off_per_address(clocked: ClockedServer) -> None:
    """Twenty failures of one address refuse it, even the right password of another name."""
    _register(clocked, "owner", "10.5.0.1")
    for i in range(20):  # unknown names, one address
        assert _login(clocked, f"nobody{i}", "guess", "10.6.0.1").status_code == 401
    r = _login(clocked, "owner", "right password", "10.6.0.1")
    wait = _refusal(r)
    assert "your address" in r.json()["error"]
    assert _login(clocked, "owner", "right password", "10.6.9.2").status_code == 200
    assert _waits_out(clocked, wait, "owner", "right password", "10.6.0.1") == 200


def test_guests_and_registrations_are_limited_per_address(clocked: ClockedServer) -> None:
    """The sign-up bucket of an address: its burst at once, then one more for each token's
    time; the limiters' clock stands still meanwhile, however slowly the machine answers."""
    made = 0
    while True:
        r = _post(clocked, "/api/guest", address="10.7.0.1")
        if r.status_code != 200:
            break
        made += 1
        assert made <= 100, "guests are minted without limit"
    _refusal(r)
    assert made == SIGNUP_BURST  # a family behind one address can still play
    late = {"name": "late", "password": "12345678"}
    _refusal(_post(clocked, "/api/register", late, "10.7.0.1"))
    assert _post(clocked, "/api/guest", address="10.7.0.2").status_code == 200
    assert _other_address(clocked, "/api/guest", {}).status_code == 200
    clocked.advance(0.9 * 60 / SIGNUPS_PER_MINUTE)  # not yet a whole token
    _refusal(_post(clocked, "/api/register", late, "10.7.0.1"))
    clocked.advance(0.2 * 60 / SIGNUPS_PER_MINUTE)
    assert _post(clocked, "/api/register", late, "10.7.0.1").status_code == 200
    _refusal(_post(clocked, "/api/guest", address="10.7.0.1"))


def test_an_unknown_name_costs_a_password_verify(tmp_path: Path) -> None:
    """Answering an unknown name without hashing would tell, by its speed, which names exist."""
    from jantaku.server.auth import Accounts, AuthError
    from jantaku.server.storage import Store

    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        accounts = Accounts(store)
        accounts.register("known", "right password")
        verified: list[str] = []
        real = accounts.hasher

        class Counting:
            def verify(self, stored: str, password: str) -> bool:
                verified.append(password)
                return real.verify(stored, password)

        accounts.hasher = Counting()  # type: ignore[assignment]
        for name in ("known", "unknown", 12):
            with pytest.raises(AuthError, match="unknown name or wrong password"):
                accounts.login(name, "guess")
        assert verified == ["guess", "guess", "guess"]
    finally:
        store.close()


def _rows(database: str, sql: str) -> list[tuple[Any, ...]]:
    engine = create_engine(database.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as c:
            return [tuple(r) for r in c.execute(text(sql)).all()]
    finally:
        engine.dispose()


def test_tokens_are_stored_hashed_and_logout_closes_their_sockets(
    server: ServerProcess,
) -> None:
    token = _register(server, "sessioner", "10.8.0.1")
    r = _login(server, "sessioner", "right password", "10.8.0.2")
    kept = r.json()["token"]
    stored = [str(v) for row in _rows(server.database, "SELECT * FROM sessions") for v in row]
    digest = hashlib.sha256(token.encode()).hexdigest()
    assert digest in stored and hashlib.sha256(kept.encode()).hexdigest() in stored
    assert not any(token in v or kept in v for v in stored)

    a, b, c = Client(server, token), Client(server, token), Client(server, kept)
    a.send({"type": "create", "kind": "party", "length": "quick"})
    table = a.expect("created")["table"]["id"]
    r = _post(server, "/api/logout", token=token)
    assert r.status_code == 200
    for ws in (a, b):
        seen = ws.until_closed()
        assert any(m.get("code") == "logged_out" for m in seen), seen
        with pytest.raises(ConnectionClosed):
            ws.send({"type": "join", "table": table})
            ws.recv(timeout=REPLY_LIMIT)
    # the account's other session is untouched
    c.send({"type": "join", "table": table})
    assert c.expect("snapshot")["seat"] == 0
    c.close()
    assert digest not in [
        str(v) for row in _rows(server.database, "SELECT * FROM sessions") for v in row
    ]


def _connect(server: ServerProcess, address: str) -> ClientConnection:
    return connect(
        f"ws://{HOST}:{server.port}/ws",
        additional_headers={"X-Forwarded-For": address},
        legacy=True,
        proxy=None,
        open_timeout=REPLY_LIMIT,
    )


def _seed_tables(database: str, count: int, created_at: float | None = None) -> list[str]:
    """Open public tables written straight into the database, before the server starts."""
    from jantaku.server.config import table_config
    from jantaku.server.models import TableRow
    from jantaku.server.storage import Store
    from jantaku.server.tables import commitment_of

    store = Store(database)
    ids = [f"seed{i:05d}" for i in range(count)]
    config = table_config("party").to_json()
    empty = {"user_id": None, "name": "", "bot": None}
    try:
        with store.sessions.begin() as s:
            for n, table_id in enumerate(ids):
                seed = f"{table_id}-seed"
                s.add(
                    TableRow(
                        id=table_id,
                        family="riichi",
                        kind="party",
                        config=config,
                        seed=seed,
                        commitment=commitment_of(seed),
                        status="open",
                        invite_code=None,
                        seats=[empty] * 4,
                        created_at=(time.time() if created_at is None else created_at) + n * 1e-3,
                        started_at=None,
                    )
                )
    finally:
        store.close()
    return ids


def test_open_tables_per_player_are_limited(server: ServerProcess) -> None:
    alice = Client(server, server.guest())
    made = []
    for _ in range(3):
        alice.send({"type": "create", "kind": "party", "length": "quick"})
        made.append(alice.expect("created")["table"]["id"])
    alice.send({"type": "create", "kind": "practice", "length": "quick", "id": 4})
    error = alice.expect("error")
    assert error["code"] == "too_many_tables" and error["ref"] == 4
    assert "3 open tables" in error["message"]
    # another player is not limited by alice's tables
    bob = Client(server, server.guest())
    bob.send({"type": "create", "kind": "party", "length": "quick"})
    bob.expect("created")
    # a started table is no longer open: alice may create again
    alice.send({"type": "join", "table": made[0], "fill_bots": True})
    alice.send({"type": "start", "table": made[0]})
    alice.expect("prompt")
    alice.send({"type": "create", "kind": "party", "length": "quick"})
    alice.expect("created")
    alice.close()
    bob.close()


def test_connections_per_player_and_per_address_are_limited(server: ServerProcess) -> None:
    token = server.guest()
    mine = [Client(server, token) for _ in range(8)]
    extra = Client(server)
    extra.send({"type": "hello", "token": token})
    error = extra.expect("error")
    assert error["code"] == "too_many_connections" and "8 connections" in error["message"]
    mine.pop().close()
    deadline = time.monotonic() + REPLY_LIMIT
    while True:  # the server sees the close soon; then a ninth connection may say hello
        extra.send({"type": "hello", "token": token})
        if extra.recv()["type"] == "welcome":
            break
        assert time.monotonic() < deadline, "a closed connection still counts"
        time.sleep(0.2)
    for c in [*mine, extra]:
        c.close()

    crowd = [_connect(server, "10.9.0.1") for _ in range(64)]
    try:
        late = _connect(server, "10.9.0.1")
        assert json.loads(late.recv(timeout=REPLY_LIMIT))["code"] == "too_many_connections"
        with pytest.raises(ConnectionClosed):
            late.recv(timeout=REPLY_LIMIT)
        elsewhere = _connect(server, "10.9.0.2")
        elsewhere.send(json.dumps({"type": "ping"}))
        assert json.loads(elsewhere.recv(timeout=REPLY_LIMIT))["type"] == "pong"
        elsewhere.close()
    finally:
        for ws in crowd:
            ws.close()


def test_a_slow_reader_is_disconnected_not_buffered(database: str) -> None:
    """A client that asks for lobby pages and reads none: its queue passes the byte limit, the
    server drops what waits for it and closes the connection (the old limit counted 2000
    messages, however large)."""
    _seed_tables(database, 120)
    server = ServerProcess(database).start()
    try:
        slow = Client(server)
        asked = 0
        with contextlib.suppress(ConnectionClosed):  # closed while still asking: fine
            for _burst in range(8):
                for _ in range(90):
                    slow.send({"type": "lobby"})
                    asked += 1
                time.sleep(1.0)  # stay under the server's message rate
        seen = slow.until_closed(deadline=60)
        lobbies = sum(1 for m in seen if m["type"] == "lobby")
        assert lobbies < asked
        assert any(m.get("code") == "too_slow" for m in seen)
        assert server.get("/api/health").json()["ok"]
    finally:
        server.stop()


def _lobby_ids(server: ServerProcess) -> set[str]:
    data = server.get("/api/lobby").json()
    return {t["id"] for t in data["open"] + data["live"]}


def test_idle_open_tables_expire_and_live_ones_do_not(database: str, tmp_path: Path) -> None:
    """The idle time runs on a clock the test moves (clocked.py): no table expires while the
    tables are being made, however slowly the machine answers, and once the clock has moved
    past the idle time only the open tables nobody uses expire."""
    server = ClockedServer(
        database, tmp_path / "clock", "--table-idle-seconds", "2", "--grace-seconds", "30"
    ).start()
    try:
        alice, bob, carol = (Client(server, server.guest()) for _ in range(3))
        tables = {}
        for name, c, kind in (
            ("empty", alice, "party"),
            ("waiting", alice, "party"),
            ("abandoned", bob, "party"),
            ("live", carol, "practice"),
        ):
            c.send({"type": "create", "kind": kind, "length": "quick"})
            tables[name] = c.expect("created")["table"]["id"]
        alice.send({"type": "join", "table": tables["waiting"]})
        alice.expect("snapshot")
        bob.send({"type": "join", "table": tables["abandoned"]})
        bob.expect("snapshot")
        bob.close()
        carol.send({"type": "join", "table": tables["live"], "fill_bots": True})
        carol.expect("prompt")
        carol.close()  # the match goes on without her
        watcher = Client(server)
        watcher.send({"type": "watch", "table": tables["empty"]})
        watcher.expect("snapshot")
        assert {tables["empty"], tables["waiting"], tables["abandoned"]} <= _lobby_ids(server)
        deadline = time.monotonic() + 60
        while {tables["empty"], tables["abandoned"]} & _lobby_ids(server):
            assert time.monotonic() < deadline, "idle tables were never expired"
            server.advance(1)  # idle for as long as the sweeps, however late, take to see it
            time.sleep(0.2)
        update = watcher.expect("table_update")
        assert update["table"]["id"] == tables["empty"]
        assert update["table"]["status"] == "expired"
        for name in ("empty", "abandoned"):
            assert server.get(f"/api/tables/{tables[name]}").json()["status"] == "expired"
        assert server.get(f"/api/tables/{tables['waiting']}").json()["status"] == "open"
        assert tables["waiting"] in _lobby_ids(server)
        assert server.get(f"/api/tables/{tables['live']}").json()["status"] in ("live", "finished")
        alice.close()
        watcher.close()
    finally:
        server.stop()


def test_a_table_left_open_long_ago_is_expired_at_recovery(database: str) -> None:
    old = _seed_tables(database, 2, created_at=time.time() - 7200)
    server = ServerProcess(database).start()
    try:
        listed = _lobby_ids(server)
        fresh = Client(server, server.guest())
        fresh.send({"type": "create", "kind": "party", "length": "quick"})
        new = fresh.expect("created")["table"]["id"]
        fresh.close()
        for table in old:
            assert table not in listed
            assert server.get(f"/api/tables/{table}").json()["status"] == "expired"
    finally:
        server.stop()
    server = ServerProcess(database).start()  # a restart keeps the young open table
    try:
        assert new in _lobby_ids(server)
        assert server.get(f"/api/tables/{new}").json()["status"] == "open"
    finally:
        server.stop()


def test_the_lobby_comes_in_bounded_pages(database: str) -> None:
    seeded = _seed_tables(database, 300)
    server = ServerProcess(database).start()
    bound = 100_000  # bytes: a page of 50 open and 50 live tables stays well under it
    try:
        seen: list[str] = []
        offset: int | None = 0
        while offset is not None:
            r = server.get(f"/api/lobby?offset={offset}")
            assert r.status_code == 200 and len(r.content) < bound, len(r.content)
            page = r.json()
            assert page["total"] == {"open": 300, "live": 0} and page["offset"] == offset
            assert 0 < len(page["open"]) <= 50
            seen += [t["id"] for t in page["open"]]
            offset = page["next_offset"]
        assert sorted(seen) == sorted(seeded) and len(seen) == len(set(seen))
        assert server.get("/api/lobby?offset=-1").status_code == 400
        assert server.get("/api/lobby?limit=0").status_code == 400
        # a smaller page on request, never a larger one
        assert len(server.get("/api/lobby?limit=7").json()["open"]) == 7
        assert len(server.get("/api/lobby?limit=5000").json()["open"]) == 50

        c = Client(server)
        ws_seen: list[str] = []
        offset = 0
        while offset is not None:
            c.send({"type": "lobby", "offset": offset})
            raw = c.ws.recv(timeout=REPLY_LIMIT)
            assert len(raw) < bound, len(raw)
            page = json.loads(raw)
            ws_seen += [t["id"] for t in page["open"]]
            offset = page["next_offset"]
        assert ws_seen == seen
        c.send({"type": "lobby", "offset": "x", "id": 9})
        error = c.expect("error")
        assert error["code"] == "bad_message" and "offset" in error["message"]  # the schema
        c.close()
    finally:
        server.stop()


def test_every_http_answer_carries_the_security_headers(server: ServerProcess) -> None:
    answers = [
        server.get("/"),
        server.get("/static/js/app.js"),
        server.get("/static/css/base.css"),
        server.get("/static/nothing.js"),
        server.get("/api/health"),
        server.get("/api/lobby"),
        server.get("/api/tables/nope"),
        _login(server, "nobody", "guess"),
        httpx.post(server.base + "/api/health", timeout=REPLY_LIMIT, trust_env=False),  # 405
    ]
    for r in answers:
        h = r.headers
        csp = {d.split()[0]: d.split()[1:] for d in h["content-security-policy"].split("; ")}
        assert csp["default-src"] == ["'self'"] and csp["script-src"] == ["'self'"], r.url
        assert csp["style-src"] == ["'self'"] and csp["frame-ancestors"] == ["'none'"], r.url
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
    # the WebSocket is unaffected
    c = Client(server)
    c.send({"type": "ping"})
    assert c.expect("pong")
    c.close()


def test_the_browser_client_needs_nothing_the_policy_forbids() -> None:
    """No inline script, style or event handler attribute: ``script-src``/``style-src 'self'``
    would block them. Images other than files are ``data:`` URLs only (img-src allows them)."""
    from jantaku.server.app import STATIC

    html = (STATIC / "index.html").read_text()
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert "<style" not in html and not re.search(r"\s(style|on[a-z]+)=", html)
    for path in STATIC.rglob("*.js"):
        code = path.read_text()
        # a style attribute (markup, setAttribute, or an attribute given to the el() helper);
        # the CSSOM (node.style.x = ...) stays allowed, and so does Intl.NumberFormat's option
        # (style: "percent"), which is no attribute
        attribute = (
            r"setAttribute\(\s*[\"']style"
            r"|\bstyle\s*[:=]\s*(?![\"'](?:percent|decimal)[\"'])[\"'`{]"
        )
        assert not re.search(attribute, code), path
        assert not re.search(r"\beval\(|new Function|javascript:", code), path
    for path in STATIC.rglob("*.css"):
        assert not re.search(r"url\((?![\"']?data:)", path.read_text()), path
