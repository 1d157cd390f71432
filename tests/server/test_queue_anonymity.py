"""Who waits at an open ranked table is nobody's business: the players queued there, a
spectator and an outsider asking the HTTP API see its taken seats but neither names nor user
ids (else one could leave and queue again until the opponents one likes wait there). Once the
fourth sits and the match starts, the names show as at any table. Unranked tables are
unchanged. Also across the processes of a group (Redis and PostgreSQL: cluster_env.py)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx

from tests.server.accounts import registered
from tests.server.cluster_env import needs_cluster
from tests.server.harness import Client, ServerProcess

QUEUE = {"type": "queue", "kind": "novice", "length": "quick"}


def _ids(data: Any) -> Iterator[Any]:
    """Every value of a key naming an id (``user_id``, ``id``...) anywhere in ``data``."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k.endswith("id") and not isinstance(v, (dict, list)):
                yield v
            yield from _ids(v)
    elif isinstance(data, list):
        for v in data:
            yield from _ids(v)


def _reveals(data: Any, user: dict[str, Any]) -> bool:
    """Whether ``data`` (a message or an HTTP answer) names ``user`` or carries its id."""
    return user["name"] in json.dumps(data) or user["id"] in set(_ids(data))


def _taken(summary: dict[str, Any]) -> int:
    return sum(
        1 for s in summary["seats"] if s["user_id"] is not None or s.get("anonymous") is True
    )


def _mine(door: ServerProcess, token: str, table: str, seat: int) -> httpx.Response:
    """``GET /api/me/tables`` once it lists ``table`` at ``seat``."""
    for _ in range(100):
        answer = door.get("/api/me/tables", token)
        if any(t["id"] == table and t["seat"] == seat for t in answer.json()["tables"]):
            return answer
        time.sleep(0.1)
    raise AssertionError(f"table {table} is not among one's tables: {answer.json()}")


def _check_queue(doors: list[ServerProcess]) -> None:
    tokens = [registered(doors[i % len(doors)]) for i in range(4)]
    players = [Client(doors[i % len(doors)], tokens[i]) for i in range(4)]
    users = [p.user for p in players]
    assert all(u is not None for u in users)
    outsider = registered(doors[-1], "outsider")
    seen: list[list[dict[str, Any]]] = [[] for _ in players]
    snaps = []
    for i, p in enumerate(players[:3]):
        p.send(QUEUE)
        snaps.append(p.expect("snapshot"))
        seen[i].append(snaps[-1])
        assert snaps[-1]["table"]["status"] == "open" and snaps[-1]["seat"] is not None
    table = snaps[0]["table"]["id"]
    assert {s["table"]["id"] for s in snaps} == {table}
    for i in (0, 1):  # each sees the later ones sit down
        for _ in range(2 - i):
            seen[i].append(p_update := players[i].expect("table_update"))
            assert p_update["table"]["id"] == table
    assert _taken(seen[0][-1]["table"]) == 3 and _taken(seen[2][0]["table"]) == 3
    asked = []
    for door in doors:  # the table's own process and the others (its stored row, the lobby)
        asked += [door.get(f"/api/tables/{table}"), door.get(f"/api/tables/{table}", outsider)]
        asked.append(door.get("/api/lobby"))
    for i in range(3):  # at another process, once the lobbies are shared (half a second)
        asked.append(_mine(doors[i % len(doors)], tokens[i], table, snaps[i]["seat"]))
    answers = [r.json() for r in asked]
    assert all(r.status_code == 200 for r in asked), answers
    assert all(_taken(a) == 3 for a in answers[:2]), answers  # taken, whose not said
    for i in range(3):
        for j in range(4):
            if i != j:
                assert not any(_reveals(m, users[j]) for m in seen[i]), (i, j, seen[i])
    for j in range(4):
        assert not any(_reveals(a, users[j]) for a in answers), (j, answers)
    players[3].send(QUEUE)  # the fourth: the match starts and the names show
    for p in players:
        snap = p.expect("snapshot", timeout=20)
        while snap["table"]["status"] != "live":
            snap = p.expect("snapshot", timeout=20)
        assert snap["table"]["id"] == table
        assert {s["user_id"] for s in snap["table"]["seats"]} == {u["id"] for u in users}
        assert {s["name"] for s in snap["table"]["seats"]} == {u["name"] for u in users}
    for door in doors:
        summary = door.get(f"/api/tables/{table}", outsider).json()
        if summary["status"] == "live":  # another process's row: stored as the match starts
            assert {s["name"] for s in summary["seats"]} == {u["name"] for u in users}
    assert doors[0].get(f"/api/tables/{table}").json()["status"] in ("live", "finished")
    for p in players:
        p.close()


def test_nobody_learns_who_waits_at_an_open_ranked_table(server: ServerProcess) -> None:
    _check_queue([server])


def test_an_expired_ranked_table_names_nobody_either(database: str) -> None:
    """The names of an open ranked table that expires unstarted stay unsaid, to a spectator
    and over HTTP (else one could let a queue table expire to see who waited)."""
    server = ServerProcess(database, "--table-idle-seconds", "2", "--grace-seconds", "30").start()
    try:
        players = [Client(server, registered(server)) for _ in range(2)]
        for p in players:
            p.send(QUEUE)
            table = p.expect("snapshot")["table"]["id"]
        watcher = Client(server, registered(server, "watcher"))
        watcher.send({"type": "watch", "table": table})
        assert watcher.expect("snapshot")["seat"] is None
        for p in players:
            p.close()  # nobody connected: the table expires
        update = watcher.expect("table_update", timeout=60)
        while update["table"]["status"] != "expired":
            update = watcher.expect("table_update", timeout=60)
        answer = server.get(f"/api/tables/{table}").json()
        assert answer["status"] == "expired" and _taken(answer) == 2, answer
        for p in players:
            assert p.user is not None
            assert not any(_reveals(m, p.user) for m in watcher.messages), watcher.messages
            assert not _reveals(answer, p.user), answer
        watcher.close()
    finally:
        server.stop()


def test_an_unranked_table_still_shows_who_sits(server: ServerProcess) -> None:
    host, guest = Client(server, server.guest()), Client(server, server.guest())
    host.send({"type": "create", "kind": "party", "length": "quick"})
    table = host.expect("created")["table"]["id"]
    host.send({"type": "join", "table": table})
    host.expect("snapshot")
    guest.send({"type": "join", "table": table})
    seats = guest.expect("snapshot")["table"]["seats"]
    assert host.user is not None and guest.user is not None
    assert [s["name"] for s in seats[:2]] == [host.user["name"], guest.user["name"]]
    update = host.expect("table_update")["table"]["seats"]
    assert update[1]["user_id"] == guest.user["id"] and "anonymous" not in update[1]
    public = server.get(f"/api/tables/{table}").json()["seats"]
    assert [s["user_id"] for s in public[:2]] == [host.user["id"], guest.user["id"]]
    host.close()
    guest.close()


@needs_cluster
def test_nobody_learns_who_waits_across_processes(servers: list[ServerProcess]) -> None:
    _check_queue(servers)
