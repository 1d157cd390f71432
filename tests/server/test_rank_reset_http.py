"""``POST /api/account/reset-rank`` of a running server (docs/protocol.md, *Accounts*): who may,
when not, how often, and what the account's open connections make of it."""

from __future__ import annotations

import time
from typing import Any

import httpx

from jantaku.server.account_api import RESETS_BURST
from jantaku.server.ranks import RANKS
from jantaku.server.storage import Store
from tests.server.accounts import registered
from tests.server.cluster_env import needs_cluster
from tests.server.harness import REPLY_LIMIT, Client, ServerProcess

_DAN3 = [r.name for r in RANKS].index("3rd Dan")


def _reset(server: ServerProcess, token: str | None) -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = httpx.post(
        server.base + "/api/account/reset-rank",
        headers=headers,
        timeout=REPLY_LIMIT,
        trust_env=False,
    )
    return r.status_code, r.json()


def _climb(database: str, user_id: int) -> None:
    """Put the account at 3rd Dan, 700 points, rating 1,720 (best 1,800), as matches would."""
    store = Store(database)
    user = store.user(user_id)
    assert user is not None
    user.rank_index, user.rank_points, user.rating, user.rating_max = _DAN3, 700, 1720.0, 1800.0
    store.save_user(user)
    store.close()


def test_reset_over_http(server: ServerProcess, database: str) -> None:
    token = registered(server)
    me = server.get("/api/me", token).json()["user"]
    _climb(database, me["id"])
    status, body = _reset(server, token)
    assert status == 200, body
    user = body["user"]
    assert (user["rank"], user["rank_points"], user["rating"]) == ("Novice", 0, 1500.0)
    assert user["rating_max"] == 1800.0 and user["rank_needed"] == RANKS[0].needed
    profile = server.get(f"/api/players/{me['id']}").json()["user"]
    assert profile["rank"] == "Novice" and profile["rank_reset_at"] == user["rank_reset_at"]
    assert isinstance(user["rank_reset_at"], float)


def test_refusals(server: ServerProcess) -> None:
    assert _reset(server, None)[0] == 401
    status, body = _reset(server, "not-a-token")
    assert (status, body["code"]) == (401, "bad_token")
    status, body = _reset(server, server.guest())
    assert (status, body["code"]) == (403, "guests_unranked")
    token = registered(server)
    r = httpx.get(server.base + "/api/account/reset-rank", timeout=REPLY_LIMIT, trust_env=False)
    assert r.status_code == 405  # a write: never by a link or an image
    for _ in range(RESETS_BURST):  # a refused reset costs its token too
        assert _reset(server, token)[0] == 200
    status, body = _reset(server, token)
    assert (status, body["code"]) == (429, "rate_limited") and body["retry_after"] >= 1


def test_refused_while_queued_for_a_ranked_table(server: ServerProcess) -> None:
    token = registered(server)
    client = Client(server, token)
    client.send({"type": "queue", "kind": "novice", "length": "quick"})
    table = client.expect("snapshot")["table"]["id"]
    status, body = _reset(server, token)
    assert (status, body["code"], body["table"]) == (409, "ranked_seat", table)
    client.send({"type": "leave", "table": table, "id": "l"})
    client.expect("ok")
    assert _reset(server, token)[0] == 200
    client.close()


def test_an_open_connection_sees_the_new_rank(server: ServerProcess, database: str) -> None:
    """A connection that said hello at 3rd Dan may queue for an advanced table; after the
    reset the same connection is a Novice's, and advanced tables refuse it."""
    token = registered(server)
    me = server.get("/api/me", token).json()["user"]
    _climb(database, me["id"])
    client = Client(server, token)
    assert client.user is not None and client.user["rank"] == "3rd Dan"
    assert _reset(server, token)[0] == 200
    client.send({"type": "queue", "kind": "advanced", "length": "quick", "id": 7})
    reply = client.recv()  # the answer to the queue: a seat (snapshot) or a refusal
    assert (reply["type"], reply.get("code")) == ("error", "rank_too_low"), reply
    client.close()


def test_a_queue_spelt_with_escapes_reads_the_rank_too(
    server: ServerProcess, database: str
) -> None:
    """A ``queue`` whose type is written with JSON escapes is checked against the rank as
    stored, as the plain one is: no spelling reaches the advanced tables on the hello's rank."""
    token = registered(server)
    me = server.get("/api/me", token).json()["user"]
    _climb(database, me["id"])
    client = Client(server, token)
    assert client.user is not None and client.user["rank"] == "3rd Dan"
    assert _reset(server, token)[0] == 200
    client.send('{"type": "\\u0071ueue", "kind": "advanced", "length": "quick", "id": 8}')
    reply = client.recv()
    assert (reply["type"], reply.get("code")) == ("error", "rank_too_low"), reply
    client.close()


@needs_cluster
def test_a_reset_at_one_process_counts_at_the_connections_at_the_others(
    servers: list[ServerProcess], pg_database: str
) -> None:
    """The account's socket at another process of the group is refused at the advanced queue
    right after the reset at the first: the rank is read where it is checked, nothing has to
    travel between the processes first."""
    a, b, _c = servers
    token = registered(a)
    me = a.get("/api/me", token).json()["user"]
    _climb(pg_database, me["id"])
    at_b = Client(b, token)
    assert at_b.user is not None and at_b.user["rank"] == "3rd Dan"
    assert _reset(a, token)[0] == 200
    at_b.send({"type": "queue", "kind": "advanced", "length": "quick"})
    reply = at_b.recv()
    assert (reply["type"], reply.get("code")) == ("error", "rank_too_low"), reply
    at_b.close()


@needs_cluster
def test_refused_at_one_process_while_queued_at_another(
    servers: list[ServerProcess], pg_database: str
) -> None:
    """The queue's table is driven by another process of the group: the reset sees its seat
    as stored (the seat is shown once stored) and is refused, then allowed once the seat
    given up is stored."""
    a, b, _c = servers
    token = registered(a)
    me = a.get("/api/me", token).json()["user"]
    at_b = Client(b, token)
    at_b.send({"type": "queue", "kind": "novice", "length": "quick"})
    table = at_b.expect("snapshot")["table"]["id"]
    status, body = _reset(a, token)
    assert (status, body["code"], body["table"]) == (409, "ranked_seat", table)
    at_b.send({"type": "leave", "table": table, "id": "l"})
    at_b.expect("ok")
    store = Store(pg_database)
    try:
        end = time.monotonic() + REPLY_LIMIT
        while any(s.get("user_id") == me["id"] for s in store.table(table).seats):  # type: ignore[union-attr]
            assert time.monotonic() < end, "the seat given up was never stored"
            time.sleep(0.05)
    finally:
        store.close()
    assert _reset(a, token)[0] == 200
    at_b.close()
