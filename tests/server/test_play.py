"""Whole games over WebSockets against the real server on a loopback port."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from jantaku.server.export import replay_stored
from jantaku.tiles import parse_tiles
from tests.server.accounts import registered
from tests.server.checks import check_record, stored_actions
from tests.server.harness import Client, ServerProcess, play_all


def _create(client: Client, **kw: Any) -> dict[str, Any]:
    client.send({"type": "create", **kw})
    return client.expect("created")


def test_practice_quick_match_with_bots(server: ServerProcess, tmp_path: Path) -> None:
    token = server.guest()
    c = Client(server, token)
    table = _create(c, kind="practice", length="quick")["table"]
    assert not table["config"]["ranked"] and table["config"]["timer"]
    assert len(table["commitment"]) == 64  # published before the first deal
    c.send({"type": "join", "table": table["id"], "fill_bots": True})
    result = c.play(table["id"])
    assert result is not None and result["recorded"]
    assert sum(result["scores"]) + 0 <= 100000
    # own concealed tiles only: every draw by another seat arrives without its tile
    me = next(m["seat"] for m in c.messages if m["type"] == "snapshot" and m.get("view"))
    for m in c.messages:
        for e in m.get("events", []):
            if e["type"] == "drew" and e["seat"] != me:
                assert e["tile"] is None
            if e["type"] == "deal_started":
                assert [h is None for h in e["hands"]] == [i != me for i in range(4)]
    check_record(server, table["id"], tmp_path)
    profile = server.get(f"/api/players/{c.user['id']}").json()  # type: ignore[index]
    assert profile["stats"]["games"] == 1
    place = result["ranking"].index(me) + 1
    assert profile["stats"]["placements"][str(place)] == 1
    # practice games never change ranks (ranked tables seat four accounts: test_ranked_*.py)
    assert profile["user"]["rank"] == "Novice" and profile["user"]["rated_games"] == 0
    c.close()


def test_party_match_four_players_no_timer(server: ServerProcess, tmp_path: Path) -> None:
    tokens = [server.guest() for _ in range(4)]
    clients = [Client(server, t) for t in tokens]
    created = _create(clients[0], kind="party", length="quick", kuitan=False, private=True)
    table, invite = created["table"], created["invite"]
    assert not table["config"]["timer"] and not table["config"]["kuitan"]
    lobby = server.get("/api/lobby").json()
    assert table["id"] not in [t["id"] for t in lobby["open"]]  # private: by invite only
    for c in clients:
        c.send({"type": "join", "invite": invite})
    results = play_all(clients, table["id"])
    assert all(r is not None and r["recorded"] for r in results)
    for c in clients:
        assert all(not m.get("deadlines") for m in c.messages if m["type"] == "events")
    game = check_record(server, table["id"], tmp_path, tokens[0])  # private: players only
    assert not game["result"]["config"]["ranked"]
    for c in clients:  # party games never change ranks
        user = server.get(f"/api/players/{c.user['id']}").json()["user"]  # type: ignore[index]
        assert user["rank"] == "Novice" and user["rated_games"] == 0
        c.close()


def test_spectator_sees_only_public_information(server: ServerProcess) -> None:
    player = Client(server, server.guest())
    table = _create(player, kind="practice", length="quick")["table"]["id"]
    player.send({"type": "join", "table": table, "fill_bots": True})
    player.play(table, stop_after=3)
    watcher = Client(server)  # no account needed to watch
    watcher.send({"type": "watch", "table": table})
    snap = watcher.expect("snapshot")
    assert snap["seat"] is None and snap["view"]["hand"] == ""
    assert snap["view"]["legal_actions"] == []
    done = threading.Thread(target=player.play, args=(table,))
    done.start()
    seen = 0
    while True:
        m = watcher.recv(30)
        if m["type"] == "match_ended":
            break
        for e in m.get("events", []):
            seen += 1
            if e["type"] == "drew":
                assert e["tile"] is None
            if e["type"] == "deal_started":
                assert e["hands"] == [None, None, None, None]
        assert m["type"] != "prompt"
    done.join(60)
    assert seen > 50
    watcher.close()
    player.close()


def test_reconnect_mid_hand_gets_snapshot_and_plays_on(
    server: ServerProcess, tmp_path: Path
) -> None:
    token = server.guest()
    c = Client(server, token)
    table = _create(c, kind="practice", length="quick")["table"]["id"]
    c.send({"type": "join", "table": table, "fill_bots": True})
    assert c.play(table, stop_after=5) is None
    c.close()
    again = Client(server, token)
    again.send({"type": "join", "table": table})
    snap = again.expect("snapshot")
    assert snap["seat"] is not None
    assert len(parse_tiles(snap["view"]["hand"])) in (13, 14)  # own concealed tiles
    assert snap["table"]["seq"] > 0
    result = again.play(table)
    assert result is not None
    check_record(server, table, tmp_path)
    again.close()


def test_advanced_table_needs_first_dan(server: ServerProcess) -> None:
    c = Client(server, registered(server))
    c.send({"type": "queue", "kind": "advanced", "length": "full"})
    err = c.expect("error")
    assert err["code"] == "rank_too_low"
    c.close()


def test_classical_table(server: ServerProcess) -> None:
    """A quick classical table plays the East wind round with bots and is stored whole."""
    c = Client(server, server.guest())
    c.send({"type": "create", "kind": "classical", "length": "quick"})
    reply = c.expect("created")
    table = reply["table"]["id"]
    assert reply["table"]["config"]["overrides"] == {"wind_rounds": 1}
    c.send({"type": "join", "table": table, "fill_bots": True})
    result = c.play(table)
    assert result is not None
    game = server.get(f"/api/games/{table}").json()
    outcome, log = replay_stored(game["result"], stored_actions(server.database, table))
    assert outcome is not None and list(outcome.scores) == result["scores"]
    winds = {e.round_wind for e in log if e.type == "classical_deal_started"}
    assert winds == {0}  # the East wind round only
    assert server.get(f"/api/games/{table}/tenhou6").status_code == 400  # riichi formats only


def test_accounts(server: ServerProcess) -> None:
    status, body = server.post("/api/register", {"name": "alice", "password": "correct horse"})
    assert status == 200 and body["user"]["rank"] == "Novice" and body["user"]["rating"] == 1500
    assert server.post("/api/register", {"name": "alice", "password": "another one"})[0] == 400
    assert server.post("/api/login", {"name": "alice", "password": "wrong password"})[0] == 401
    status, body = server.post("/api/login", {"name": "alice", "password": "correct horse"})
    assert status == 200
    c = Client(server, body["token"])
    assert c.user is not None and c.user["name"] == "alice"
    c.send({"type": "hello", "token": "not-a-token"})
    assert c.expect("error")["code"] == "bad_token"
    c.close()


def test_solo_queue_seats_four_players_at_one_ranked_table(server: ServerProcess) -> None:
    clients = [Client(server, registered(server)) for _ in range(4)]
    for i, c in enumerate(clients):
        c.send({"type": "queue", "kind": "novice", "length": "quick"})
        snap = c.expect("snapshot")
        if i < 3:
            queues = server.get("/api/lobby").json()["queues"]
            assert queues == {"novice-quick": i + 1}
    tables = {c.expect("snapshot")["table"]["id"] for c in clients}  # the match started
    assert len(tables) == 1
    assert snap["table"]["config"]["ranked"]
    results = play_all(clients, tables.pop())
    assert all(r is not None and r["recorded"] for r in results)
    for c in clients:
        user = server.get(f"/api/players/{c.user['id']}").json()["user"]  # type: ignore[index]
        assert user["rated_games"] == 1
        c.close()


def test_withdrawing_from_a_ranked_match_counts_as_fourth(server: ServerProcess) -> None:
    clients = [Client(server, registered(server)) for _ in range(4)]
    for c in clients:
        c.send({"type": "queue", "kind": "novice", "length": "quick"})
        c.expect("snapshot")
    table = clients[0].expect("snapshot")["table"]["id"]  # the match started
    leaver, stayers = clients[0], clients[1:]
    for c in stayers:
        c.expect("snapshot")
    # the others answer their prompts meanwhile, so the leaver gets its own turns
    results: list[dict[str, Any] | None] = []
    players = [threading.Thread(target=lambda c=c: results.append(c.play(table))) for c in stayers]
    for t in players:
        t.start()
    leaver.play(table, stop_after=3)
    leaver.send({"type": "leave", "table": table, "id": 7})
    assert leaver.expect("ok")["ref"] == 7
    leaver.send({"type": "join", "table": table})
    assert leaver.expect("error")["code"] in ("withdrawn", "no_table")  # no way back in
    for t in players:
        t.join(300)
    assert len(results) == 3 and all(r is not None for r in results)
    result = server.get(f"/api/games/{table}").json()["result"]
    me = next(i for i, s in enumerate(result["seats"]) if s["user_id"] == leaver.user["id"])  # type: ignore[index]
    assert result["seats"][me]["withdrawn"]
    user = server.get(f"/api/players/{leaver.user['id']}").json()["user"]  # type: ignore[index]
    assert user["rated_games"] == 1
    assert user["rating"] == 1500 - 30  # 4th place at k = 1 against 1500-rated opponents
    # those who stayed move up: their places are 1-3 in the match's order without the leaver
    order = [s for s in result["ranking"] if s != me]
    for place, seat in enumerate(order, start=1):
        other = server.get(f"/api/players/{result['seats'][seat]['user_id']}").json()["user"]
        assert other["rated_games"] == 1
        assert other["rating"] == 1500 + {1: 30, 2: 10, 3: -10}[place]
    for c in clients:
        c.close()
