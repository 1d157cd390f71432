"""A ranked match's result counts at the advanced queue on the connections its players already
have (docs/protocol.md, *Ranks at the queue*): a 1st Dan demoted by the match (doman-rules.md
§5.1, here by withdrawing: a 4th place) is refused there, a 1st Kyu promoted to 1st Dan is
seated there, without reconnecting, at whichever process of a group the connection is."""

from __future__ import annotations

import threading
from typing import Any

from jantaku.server.ranks import FIRST_DAN, RANKS
from jantaku.server.storage import Store
from tests.server.accounts import registered
from tests.server.cluster_env import needs_cluster
from tests.server.harness import REPLY_LIMIT, Client, ServerProcess

# a 4th place costs a 1st Dan 30 points: from 29 it falls below 0 and is demoted (§5.1);
# 1st (+30) or 2nd (+15) at a novice table promotes a 1st Kyu from 99 (100 needed), 3rd (0) not
_DAN_POINTS, _KYU_POINTS = 29, 99


def _set_rank(database: str, user_id: int, index: int, points: int) -> None:
    """The account's rank and points, as earlier matches would have left them."""
    store = Store(database)
    user = store.user(user_id)
    assert user is not None
    user.rank_index, user.rank_points = index, points
    store.save_user(user)
    store.close()


def _player(server: ServerProcess, database: str, index: int, points: int) -> Client:
    """A connection (its hello said) of a new account at ``index`` with ``points``."""
    token = registered(server)
    me = server.get("/api/me", token).json()["user"]
    _set_rank(database, me["id"], index, points)
    client = Client(server, token)
    assert client.user is not None and client.user["rank_index"] == index
    return client


def _settled_match(
    servers: list[ServerProcess], database: str
) -> tuple[Client, list[Client], dict[str, Any]]:
    """A quick novice ranked match played through the server(s) and stored: a 1st Dan with 29
    points withdraws after a few actions (counted 4th), three 1st Kyu with 99 points play it
    to its end. Returns the one who withdrew, the three others and the stored result. The
    first to queue comes to ``servers[0]``, which then drives the table."""
    stayers = [
        _player(servers[i % len(servers)], database, FIRST_DAN - 1, _KYU_POINTS) for i in range(3)
    ]
    leaver = _player(servers[1 % len(servers)], database, FIRST_DAN, _DAN_POINTS)
    everyone = [*stayers, leaver]
    for c in everyone:
        c.send({"type": "queue", "kind": "novice", "length": "quick"})
        c.expect("snapshot")
    started = {c.expect("snapshot")["table"]["id"] for c in everyone}
    assert len(started) == 1
    table = started.pop()
    results: list[dict[str, Any] | None] = []
    players = [threading.Thread(target=lambda c=c: results.append(c.play(table))) for c in stayers]
    for t in players:
        t.start()
    leaver.play(table, stop_after=3)
    leaver.send({"type": "leave", "table": table, "id": "w"})
    assert leaver.expect("ok")["ref"] == "w"
    for t in players:
        t.join(300)
    assert len(results) == 3 and all(r is not None for r in results)
    result = servers[0].get(f"/api/games/{table}").json()["result"]
    assert result["rated"], result
    return leaver, stayers, result


def _stored_rank(server: ServerProcess, client: Client) -> str:
    user = server.get(f"/api/players/{client.user['id']}").json()["user"]  # type: ignore[index]
    return str(user["rank"])


def _advanced_answer(client: Client) -> dict[str, Any]:
    """Queue for an advanced table on the connection; the answer: a seat there (``snapshot``)
    or the refusal. A seat had is given up again."""
    client.send({"type": "queue", "kind": "advanced", "length": "quick", "id": "adv"})
    for _ in range(1000):
        reply = client.recv(REPLY_LIMIT)
        if reply["type"] == "error" and reply.get("ref") == "adv":
            return reply
        if reply["type"] == "snapshot" and reply["table"]["config"]["kind"] == "advanced":
            client.send({"type": "leave", "table": reply["table"]["id"], "id": "back"})
            client.expect("ok")
            return reply
    raise AssertionError("no answer to the queue")


def _check_demoted(servers: list[ServerProcess], leaver: Client, result: dict[str, Any]) -> None:
    me = next(i for i, s in enumerate(result["seats"]) if s["user_id"] == leaver.user["id"])  # type: ignore[index]
    assert result["seats"][me]["withdrawn"]
    change = result["ranks"][me]
    assert (change["place"], change["rank_before"], change["rank"]) == (4, "1st Dan", "1st Kyu")
    assert _stored_rank(servers[0], leaver) == RANKS[FIRST_DAN - 1].name
    reply = _advanced_answer(leaver)  # the same connection, said hello as a 1st Dan
    assert (reply["type"], reply.get("code")) == ("error", "rank_too_low"), reply


def _check_promoted(servers: list[ServerProcess], stayers: list[Client]) -> int:
    """Each of the three is seated at the advanced queue if the match made it 1st Dan, and
    refused if it stayed 1st Kyu; the count promoted."""
    promoted = 0
    for c in stayers:
        rank = _stored_rank(servers[0], c)
        assert rank in ("1st Kyu", "1st Dan"), rank
        reply = _advanced_answer(c)
        if rank == "1st Dan":
            promoted += 1
            assert reply["type"] == "snapshot", (rank, reply)
        else:
            assert (reply["type"], reply.get("code")) == ("error", "rank_too_low"), reply
    return promoted


def test_demoted_by_a_match_is_refused_at_the_advanced_queue(
    server: ServerProcess, database: str
) -> None:
    leaver, stayers, result = _settled_match([server], database)
    _check_demoted([server], leaver, result)
    for c in [leaver, *stayers]:
        c.close()


def test_promoted_by_a_match_is_seated_at_the_advanced_queue(
    server: ServerProcess, database: str
) -> None:
    leaver, stayers, _result = _settled_match([server], database)
    assert _check_promoted([server], stayers) == 2  # 1st and 2nd of the three who stayed
    for c in [leaver, *stayers]:
        c.close()


@needs_cluster
def test_a_match_at_one_process_counts_at_the_connections_at_the_others(
    servers: list[ServerProcess], pg_database: str
) -> None:
    """The table is driven by the first process; the one who withdrew and two of the three
    who stayed are connected at the others, and queue there right after the result."""
    leaver, stayers, result = _settled_match(servers, pg_database)
    _check_demoted(servers, leaver, result)
    assert _check_promoted(servers, stayers) == 2
    for c in [leaver, *stayers]:
        c.close()
