"""Private tables: found only by invite code (or by their own players), never listed, and their
records visible only to their players; others get the answer an unknown id gets (404)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.harness import Client, ServerProcess


def _get(server: ServerProcess, path: str, token: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(server.base + path, headers=headers, timeout=30, trust_env=False)


def _listed(server: ServerProcess, table: str) -> bool:
    lobby = server.get("/api/lobby").json()
    return table in [t["id"] for t in lobby["open"] + lobby["live"]]


def _unknown_table(c: Client, msg: dict[str, Any]) -> None:
    c.send({**msg, "id": "q"})
    error = c.expect("error")
    assert error["code"] == "no_table" and error["ref"] == "q", error


def test_a_private_table_is_found_by_invite_only_and_its_record_by_its_players(
    server: ServerProcess,
) -> None:
    alice_token, mallory_token, bob_token = server.guest(), server.guest(), server.guest()
    alice = Client(server, alice_token)
    alice.send({"type": "create", "kind": "party", "length": "quick", "private": True})
    created = alice.expect("created")
    table, invite = created["table"]["id"], created["invite"]
    # the creator sits at once, and the reply says where
    assert created["seat"] == 0
    assert created["table"]["seats"][0]["user_id"] == alice.user["id"]  # type: ignore[index]
    assert not _listed(server, table)

    mallory = Client(server, mallory_token)
    for kind in ("join", "watch", "start", "leave", "unwatch"):
        _unknown_table(mallory, {"type": kind, "table": table})
    _unknown_table(mallory, {"type": "act", "table": table, "action": {"type": "pass"}})
    _unknown_table(mallory, {"type": "join", "invite": invite + "x"})
    assert _get(server, f"/api/tables/{table}", None).status_code == 404
    assert _get(server, f"/api/tables/{table}", mallory_token).status_code == 404
    assert _get(server, f"/api/tables/{table}", alice_token).json()["id"] == table

    # with the invite code: a watcher, and a player who sits and gets up again
    mallory.send({"type": "watch", "invite": invite})
    assert mallory.expect("snapshot")["seat"] is None
    bob = Client(server, bob_token)
    bob.send({"type": "join", "invite": invite})
    assert bob.expect("snapshot")["seat"] == 1
    bob.send({"type": "leave", "table": table, "id": "l"})  # by id: bob is seated
    assert bob.expect("ok")["ref"] == "l"

    # the creator takes its seat by id and plays the match out against computer players
    alice.send({"type": "join", "table": table, "fill_bots": True})
    assert alice.expect("snapshot")["seat"] == 0
    assert not _listed(server, table)
    result = alice.play(table)
    assert result is not None

    alice_id = alice.user["id"]  # type: ignore[index]
    for path in (f"/api/games/{table}", f"/api/games/{table}/tenhou6", f"/api/games/{table}/mjai"):
        for token in (None, mallory_token, bob_token, "not-a-token"):
            r = _get(server, path, token)
            assert r.status_code == 404 and "error" in r.json(), (path, token)
        assert _get(server, path, alice_token).status_code == 200, path
    assert _get(server, f"/api/tables/{table}", mallory_token).status_code == 404
    assert _get(server, f"/api/tables/{table}", alice_token).json()["status"] == "finished"
    games = f"/api/players/{alice_id}/games"
    for token in (None, mallory_token):
        assert table not in [g["id"] for g in _get(server, games, token).json()["games"]]
    assert table in [g["id"] for g in _get(server, games, alice_token).json()["games"]]
    for c in (alice, mallory, bob):
        c.close()


def test_a_public_table_and_its_record_stay_open_to_all(server: ServerProcess) -> None:
    alice = Client(server, server.guest())
    alice.send({"type": "create", "kind": "practice", "length": "quick"})
    created = alice.expect("created")
    table = created["table"]["id"]
    assert "seat" not in created and "invite" not in created  # nobody sits yet
    assert _listed(server, table)
    mallory = Client(server, server.guest())
    mallory.send({"type": "watch", "table": table})
    assert mallory.expect("snapshot")["seat"] is None
    alice.send({"type": "join", "table": table, "fill_bots": True})
    assert alice.play(table) is not None
    assert _get(server, f"/api/games/{table}", None).status_code == 200
    alice_id = alice.user["id"]  # type: ignore[index]
    listed = _get(server, f"/api/players/{alice_id}/games", None).json()["games"]
    assert table in [g["id"] for g in listed]
    alice.close()
    mallory.close()
