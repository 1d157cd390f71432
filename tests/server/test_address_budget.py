"""The message budget of one client address, shared by all of its connections in a process
(``address_messages_per_second``, ``address_message_burst``): 64 connections of one address
at each one's own rate would make a process handle 6400 messages a second. Against a real
server, speaking for several addresses through ``X-Forwarded-For`` (test_abuse.py)."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.server.harness import ServerProcess
from tests.server.test_abuse import _connect

BURST, RATE = 400, 200.0  # ServerSettings.address_message_burst / address_messages_per_second
OWN_BURST = 200  # ServerSettings.message_burst: one connection's own
SOCKETS, EACH = 16, 150  # each connection stays within its own burst


def _replies(ws: ClientConnection, n: int) -> list[dict[str, Any]]:
    return [json.loads(ws.recv(timeout=30)) for _ in range(n)]


def test_the_connections_of_one_address_share_one_budget(server: ServerProcess) -> None:
    flood = [_connect(server, "198.51.100.7") for _ in range(SOCKETS)]
    other = _connect(server, "203.0.113.9")
    started = time.monotonic()
    for ws in flood:
        for _ in range(EACH):
            ws.send(json.dumps({"type": "ping"}))
    # meanwhile another address is served as usual
    for i in range(100):
        other.send(json.dumps({"type": "ping", "id": i}))
    assert [(m["type"], m.get("ref")) for m in _replies(other, 100)] == [
        ("pong", i) for i in range(100)
    ]
    replies = [m for ws in flood for m in _replies(ws, EACH)]
    elapsed = time.monotonic() - started
    served = sum(m["type"] == "pong" for m in replies)
    refused = [m for m in replies if m["type"] == "error"]
    assert {(m["code"], m["message"]) for m in refused} == {
        ("rate_limited", "too many messages from your address; slow down")
    }
    # no connection went over its own budget: only the address's can have refused these
    assert served + len(refused) == SOCKETS * EACH and EACH < OWN_BURST
    assert 0 < served <= BURST + RATE * elapsed + 1, (served, elapsed)
    for ws in (*flood, other):
        ws.close()


def test_a_connection_that_floods_its_address_is_closed(server: ServerProcess) -> None:
    """Refused for its address's sake as for its own: one that keeps sending is closed with
    ``flood`` (the per-connection rule: more than twice the burst of recent refusals)."""
    spenders = [_connect(server, "198.51.100.8") for _ in range(4)]
    for ws in spenders:
        for _ in range(EACH):
            ws.send(json.dumps({"type": "ping"}))
    for ws in spenders:
        _replies(ws, EACH)
    flooder = _connect(server, "198.51.100.8")
    seen: list[dict[str, Any]] = []
    try:
        for _ in range(3000):
            flooder.send(json.dumps({"type": "ping"}))
    except ConnectionClosed:
        pass
    try:
        for _ in range(3000):
            seen.append(json.loads(flooder.recv(timeout=10)))
    except ConnectionClosed:
        pass
    # closed for its address's budget (its own would say "too many messages; closing")
    assert (seen[-1]["code"], seen[-1]["message"]) == (
        "flood",
        "too many messages from your address; closing",
    ), seen[-3:]
    assert any(m.get("code") == "rate_limited" for m in seen)
    for ws in spenders:
        ws.close()
