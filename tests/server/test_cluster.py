"""Three table servers on one PostgreSQL and one Redis: four players at one table connected to
different processes and a spectator at another door play a whole match; the process driving
the table dies in the middle of a hand (SIGKILL) or is stopped (SIGTERM: it hands the table
over at once), and the match finishes on another process with nothing lost or doubled.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from jantaku.server.cluster import namespace
from tests.server.checks import check_record, stored_actions
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import REPLY_LIMIT, Client, ServerProcess

pytestmark = needs_cluster


def _play(client: Client, table: str, out: list[Any], errors: list[BaseException]) -> None:
    try:
        out.append(client.play(table))
    except BaseException as e:  # shown by the test
        errors.append(e)


def _watch(client: Client, out: list[Any], errors: list[BaseException]) -> None:
    try:
        out.append(client.expect("match_ended", timeout=60, limit=10**6)["result"])
    except BaseException as e:
        errors.append(e)


def _owner_dies(servers: list[ServerProcess], tmp_path: Path, how: str) -> None:
    s0, s1, s2 = servers
    tokens = [s0.guest() for _ in range(4)]
    doors = [s0, s1, s2, s1]  # the table is created on s0: s0 drives it
    players = [Client(door, tok) for door, tok in zip(doors, tokens, strict=True)]
    players[0].send({"type": "create", "kind": "party", "length": "quick"})
    table = str(players[0].expect("created")["table"]["id"])
    for p in players:
        p.send({"type": "join", "table": table})
    spectator = Client(s2, s2.guest())
    spectator.send({"type": "watch", "table": table})
    assert spectator.expect("snapshot")["seat"] is None
    results: list[Any] = []
    errors: list[BaseException] = []
    threads = [
        threading.Thread(target=_play, args=(p, table, results, errors)) for p in players[1:]
    ]
    threads.append(threading.Thread(target=_watch, args=(spectator, results, errors)))
    for t in threads:
        t.start()
    assert players[0].play(table, stop_after=9) is None  # in the middle of the first hand
    before = stored_actions(s0.database, table)
    assert before, "nothing was played before the owner died"
    if how == "kill":
        s0.kill()
    else:
        assert s0.terminate() in (0, -15)
    players[0].ws.close()
    again = Client(s1, tokens[0])  # the player whose door died comes in at another one
    again.send({"type": "join", "table": table})
    snap = again.expect("snapshot", timeout=30)
    assert snap["seat"] is not None
    results.append(again.play(table))
    for t in threads:
        t.join(300)
    assert not errors, errors
    assert len(results) == 5 and all(r is not None for r in results)
    assert len({r["scores"].__repr__() for r in results}) == 1  # one match, one result
    after = stored_actions(s1.database, table)
    assert after[: len(before)] == before  # nothing lost
    assert [a.seq for a in after] == list(range(1, len(after) + 1))  # nothing doubled
    check_record(s1, table, tmp_path)  # the replay agrees with the stored result
    assert {a.source for a in after} == {"player"}  # the players played on: no takeover
    fences = _fences(s1.database, table)
    assert set(fences[: len(before)]) == {1}  # stored by the first owner
    # then by the one that claimed the table (the first owner may still have stored what the
    # others played between the look above and its end: a SIGTERMed process writes it out)
    assert fences == sorted(fences) and fences[-1] == 2, fences
    for c in (*players[1:], again, spectator):
        c.close()


def _driven(server: ServerProcess) -> int | None:
    """How many live tables ``server`` drives (its metrics), None while it refuses to say
    (they are read a few times a minute at most)."""
    r = server.get("/api/metrics")
    return int(r.json()["tables"]) if r.status_code == 200 else None


def _fences(database: str, table: str) -> list[int]:
    import psycopg

    with psycopg.connect(database) as conn:
        rows = conn.execute(
            "SELECT fence FROM actions WHERE table_id = %s ORDER BY seq", (table,)
        ).fetchall()
    return [int(r[0]) for r in rows]


def test_sigkill_the_owner_mid_hand(servers: list[ServerProcess], tmp_path: Path) -> None:
    _owner_dies(servers, tmp_path, "kill")


def test_sigterm_hands_the_table_over(servers: list[ServerProcess], tmp_path: Path) -> None:
    _owner_dies(servers, tmp_path, "term")


def test_lobby_and_readiness(servers: list[ServerProcess]) -> None:
    """Every process is ready, and every door's lobby lists the tables of all processes."""
    for s in servers:
        r = s.get("/api/ready")
        assert r.status_code == 200 and r.json()["ready"] is True
    made = []
    for s in servers:
        c = Client(s, s.guest())
        c.send({"type": "create", "kind": "party", "length": "quick"})
        made.append(c.expect("created")["table"]["id"])
        c.close()
    deadline = time.monotonic() + REPLY_LIMIT
    for s in servers:
        while True:
            listed = [t["id"] for t in s.get("/api/lobby").json()["open"]]
            if listed == made:  # oldest first, whichever process drives them
                break
            assert time.monotonic() < deadline, listed
            time.sleep(0.2)
    token = servers[0].guest()
    player = Client(servers[0], token)
    player.send({"type": "join", "table": made[2]})  # driven by the third process
    player.expect("snapshot")
    deadline = time.monotonic() + REPLY_LIMIT
    while True:  # the own tables, asked at the second door, wherever they are driven
        mine = servers[1].get("/api/me/tables", token).json()["tables"]
        if [t["id"] for t in mine] == [made[2]]:
            break
        assert time.monotonic() < deadline, mine
        time.sleep(0.2)
    player.close()


def test_a_process_that_loses_its_lease_stops_at_once(pg_database: str, tmp_path: Path) -> None:
    """The lease of a table driven by computer players is taken from its owner (as if the owner
    had stalled past its time-to-live and another process had claimed it): the owner stops
    storing at once; when the lease is free again another process claims and finishes it."""
    import redis

    assert REDIS is not None
    # the computer players and the clock play it: the absent player is timed out at once (a
    # seat taken over after the grace would stop a match nobody plays any more, abandon.py)
    bots = ("--redis", REDIS, "--bot-delay", "0.05", "--grace-seconds", "3600")
    bots += ("--turn-seconds", "0.05", "--call-seconds", "0.05", "--bank-seconds", "0")
    s0 = ServerProcess(pg_database, *bots).start()
    s1: ServerProcess | None = None
    r = redis.Redis.from_url(REDIS, decode_responses=True)
    try:
        c = Client(s0, s0.guest())
        c.send({"type": "create", "kind": "practice", "length": "quick"})
        table = str(c.expect("created")["table"]["id"])
        c.send({"type": "join", "table": table, "fill_bots": True})
        c.close()  # the computer players play on, and the timer for the absent player
        s1 = ServerProcess(pg_database, *bots).start()
        key = f"{namespace(pg_database)}lease:{table}"
        deadline = time.monotonic() + 30
        while len(stored_actions(pg_database, table)) < 5:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert _driven(s0) == 1
        r.set(key, "another-process", px=60000)
        deadline = time.monotonic() + REPLY_LIMIT
        while _driven(s0) != 0:  # the owner renews every second: it notices, and stops
            assert time.monotonic() < deadline, "the owner still drives the table"
            time.sleep(1.0)
        # it stopped the match, which did not end: no other process drives it yet
        assert s1.get(f"/api/tables/{table}").json()["status"] == "live"
        stopped = len(stored_actions(pg_database, table))
        while True:  # what it had queued to store before it noticed is stored, then nothing
            time.sleep(1.0)
            now = len(stored_actions(pg_database, table))
            if now == stopped:
                break
            assert time.monotonic() < deadline, "the owner still stores actions"
            stopped = now
        time.sleep(2.0)
        assert len(stored_actions(pg_database, table)) == stopped  # nobody drives it
        assert _fences(pg_database, table) == [1] * stopped
        r.delete(key)  # free: a process claims it and the match finishes
        deadline = time.monotonic() + 120
        while s1.get(f"/api/games/{table}").status_code != 200:
            assert time.monotonic() < deadline, "the match did not finish after the claim"
            time.sleep(0.3)
        after = stored_actions(pg_database, table)
        assert [a.seq for a in after] == list(range(1, len(after) + 1))
        assert set(_fences(pg_database, table)[stopped:]) == {2}
        check_record(s1, table, tmp_path)
    finally:
        r.close()
        s0.stop()
        if s1 is not None:
            s1.stop()


def test_the_ranked_queue_seats_players_of_every_door_at_one_table(
    servers: list[ServerProcess],
) -> None:
    """Four accounts queue at three doors: one table, started when the fourth sits; a player
    who left before it filled gave the place back; the fifth opens the next table."""
    from tests.server.accounts import registered

    doors = [servers[i % 3] for i in range(6)]
    players = [Client(d, registered(d)) for d in doors]
    first = players[0]
    first.send({"type": "queue", "kind": "novice", "length": "quick"})
    table = first.expect("snapshot")["table"]["id"]
    outsider = Client(servers[2], registered(servers[2]))  # by its id, at another door
    outsider.send({"type": "join", "table": table, "id": 9})
    err = outsider.expect("error")
    assert (err["code"], err["ref"]) == ("queue_only", 9), err
    outsider.close()
    quitter = players[1]  # joins, then leaves before the table fills
    quitter.send({"type": "queue", "kind": "novice", "length": "quick"})
    assert quitter.expect("snapshot")["table"]["id"] == table
    quitter.send({"type": "leave", "table": table, "id": 7})
    assert quitter.expect("ok")["ref"] == 7
    for p in players[2:5]:
        p.send({"type": "queue", "kind": "novice", "length": "quick"})
        assert p.expect("snapshot")["table"]["id"] == table
    seated = {s["user_id"] for s in servers[1].get(f"/api/tables/{table}").json()["seats"]}
    assert seated == {p.user["id"] for p in (players[0], *players[2:5])}  # type: ignore[index]
    for p in (players[0], *players[2:5]):  # each sees the match begin, wherever it is
        while p.expect("snapshot", timeout=20)["table"]["status"] != "live":
            pass
    assert servers[2].get(f"/api/tables/{table}").json()["status"] == "live"
    players[5].send({"type": "queue", "kind": "novice", "length": "quick"})
    assert players[5].expect("snapshot")["table"]["id"] != table  # the next table
    for p in players:
        p.close()


def test_an_invitation_works_at_another_door(servers: list[ServerProcess]) -> None:
    """A private table created at one process is joined by its invite code at another; its
    id alone lets nobody in there either."""
    s0, s1, s2 = servers
    host = Client(s0, s0.guest())
    host.send({"type": "create", "kind": "party", "length": "quick", "private": True})
    created = host.expect("created")
    table, invite = created["table"]["id"], created["invite"]
    stranger = Client(s2, s2.guest())
    stranger.send({"type": "join", "table": table, "id": 3})
    refused = stranger.expect("error")
    assert (refused["code"], refused["ref"]) == ("no_table", 3)
    friend = Client(s1, s1.guest())
    friend.send({"type": "join", "invite": invite})
    snap = friend.expect("snapshot")
    assert snap["table"]["id"] == table and snap["seat"] is not None
    seated = [s["user_id"] for s in snap["table"]["seats"] if s["user_id"] is not None]
    assert sorted(seated) == sorted([host.user["id"], friend.user["id"]])  # type: ignore[index]
    for c in (host, stranger, friend):
        c.close()


def test_the_clients_of_a_dead_door_are_absent(servers: list[ServerProcess]) -> None:
    """A door dies (SIGKILL): the owner of the table forgets its clients once its heartbeat
    is gone, so their seats show as not connected (and a computer player would take over
    after the grace period)."""
    s0, s1, _s2 = servers
    host = Client(s0, s0.guest())
    host.send({"type": "create", "kind": "party", "length": "quick"})
    table = host.expect("created")["table"]["id"]
    host.send({"type": "join", "table": table})
    host.expect("snapshot")
    guest = Client(s1, s1.guest())
    guest.send({"type": "join", "table": table})
    seat = guest.expect("snapshot")["seat"]

    def connected() -> bool:
        return bool(s0.get(f"/api/tables/{table}").json()["seats"][seat]["connected"])

    assert connected()
    s1.kill()
    deadline = time.monotonic() + 15
    while connected():
        assert time.monotonic() < deadline, "the dead door's client still counts as connected"
        time.sleep(0.2)
    assert s0.get(f"/api/tables/{table}").json()["seats"][0]["connected"]  # the host is there
    host.close()
