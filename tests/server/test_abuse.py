"""Abuse limits against a real server on loopback: password hashing off the event loop, login
back-off, sign-up limits, per-client limits, table expiry, lobby pages, security headers and
hashed, revocable session tokens.

uvicorn trusts ``X-Forwarded-For`` from 127.0.0.1 (its default), so a test speaks for several
client addresses by naming them there; ``_other_address`` connects from 127.0.0.2 for real."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx

from tests.server.harness import Client, ServerProcess


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
