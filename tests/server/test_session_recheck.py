"""A connection does not outlive its session by more than ``--session-recheck-seconds``: a
session that ended without this process hearing of it (a logout at another process of a group
whose message was lost, or plain age) closes its connections as a logout does, and the
account's other sessions stay."""

from __future__ import annotations

import hashlib
import time

from sqlalchemy import create_engine, text

from tests.server.accounts import registered
from tests.server.harness import Client, ServerProcess


def test_a_session_ended_unheard_closes_its_connections(database: str) -> None:
    server = ServerProcess(database, "--session-recheck-seconds", "0.5").start()
    try:
        token, other = registered(server, "gone"), registered(server, "stays")
        a, b, c = Client(server, token), Client(server, token), Client(server, other)
        engine = create_engine(database)
        try:  # the session goes as a logout at another process does, unheard here
            with engine.begin() as conn:
                digest = hashlib.sha256(token.encode()).hexdigest()
                conn.execute(text("DELETE FROM sessions WHERE token_hash = :h"), {"h": digest})
        finally:
            engine.dispose()
        for ws in (a, b):
            assert any(m.get("code") == "logged_out" for m in ws.until_closed(20))
        c.send({"type": "ping", "id": 1})
        assert c.expect("pong")["ref"] == 1  # another account's session is untouched
        c.close()
    finally:
        server.stop()


def test_a_session_too_old_closes_its_connections(database: str) -> None:
    lifetime = 4.0  # seconds
    server = ServerProcess(
        database, "--session-days", str(lifetime / 86400), "--session-recheck-seconds", "0.5"
    ).start()
    try:
        # before the session exists: however long its sign-up and hello take on a loaded
        # machine, its end comes a lifetime after this at the earliest
        started = time.monotonic()
        client = Client(server, registered(server, "aging"))
        seen = client.until_closed(20)
        assert any(m.get("code") == "logged_out" for m in seen), seen
        assert time.monotonic() - started > lifetime - 1.5  # not before its time
    finally:
        server.stop()
