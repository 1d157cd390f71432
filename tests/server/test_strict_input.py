"""A hostile client against the real server: every message is checked against its typed spec
(JSON types, required and unknown fields, bounds, nesting, size in bytes); unknown or
malformed ids get a clean 404 or a typed error, never a 500 or a guess."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess


def _refused(c: Client, msg: dict[str, Any] | str, code: str, *words: str) -> dict[str, Any]:
    """Send ``msg`` (with an id when it is a dict) and expect an error of ``code`` that
    answers it and names ``words``."""
    if isinstance(msg, dict):
        msg = {**msg, "id": "m"}
    c.send(msg)
    error = c.expect("error")
    assert error["code"] == code, (msg, error)
    if isinstance(msg, dict):
        assert error.get("ref") == "m", error
    for word in words:
        assert word in error["message"], (word, error)
    return error


def test_messages_are_checked_against_their_spec(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    lobby_before = server.get("/api/lobby").json()
    bad: list[tuple[dict[str, Any], tuple[str, ...]]] = [
        ({"type": "create", "kind": "party", "private": "false"}, ("create.private", "boolean")),
        ({"type": "create", "kind": "party", "kuitan": 0}, ("create.kuitan", "boolean")),
        ({"type": "create", "kind": "x" * 500}, ("create.kind", "at most")),
        ({"type": "create", "kind": ["party"]}, ("create.kind", "string")),
        ({"type": "create", "kind": "party", "privat": True}, ("unknown field", "privat")),
        ({"type": "ping", "extra": 1}, ("unknown field", "extra")),
        ({"type": "hello", "token": 12}, ("hello.token", "string")),
        ({"type": "hello"}, ("token", "required")),
        ({"type": "join", "table": "abc", "seat": True}, ("join.seat", "integer")),
        ({"type": "join", "table": "abc", "seat": 1.0}, ("join.seat", "integer")),
        ({"type": "join", "table": "abc", "seat": 4}, ("join.seat", "0-3")),
        ({"type": "join", "table": 5}, ("join.table", "string")),
        ({"type": "join", "table": "abc", "fill_bots": "yes"}, ("join.fill_bots", "boolean")),
        ({"type": "join"}, ("table", "invite")),
        ({"type": "watch", "table": None}, ("watch.table", "null")),
        ({"type": "act", "table": "abc", "seq": True, "action": {}}, ("act.seq", "integer")),
        ({"type": "act", "table": "abc", "seq": 1}, ("action", "required")),
        ({"type": "act", "table": "abc", "action": []}, ("act.action", "object")),
    ]
    for msg, words in bad:
        _refused(c, msg, "bad_message", *words)
    # nothing was created by the refused messages
    assert server.get("/api/lobby").json() == lobby_before
    c.close()


def _live_practice(server: ServerProcess) -> tuple[Client, str, dict[str, Any]]:
    alice = Client(server, server.guest())
    alice.send({"type": "create", "kind": "practice", "length": "quick"})
    table = alice.expect("created")["table"]["id"]
    alice.send({"type": "join", "table": table, "fill_bots": True})
    while True:
        prompt = alice.expect("prompt")
        if any(a["type"] == "discard" for a in prompt["legal_actions"]):
            return alice, table, prompt


def test_actions_say_what_they_mean(server: ServerProcess) -> None:
    alice, table, prompt = _live_practice(server)
    seq = prompt["seq"]
    stored = len(stored_actions(server.database, table))
    act = {"type": "act", "table": table, "seq": seq}
    bad: list[tuple[dict[str, Any], tuple[str, ...]]] = [
        ({"type": "discard"}, ("discard", "tile")),  # which tile? no guessing
        ({"type": "riichi", "seat": prompt["seat"]}, ("riichi", "tile")),
        ({"type": "discard", "tile_index": "12"}, ("action.tile_index", "integer")),
        ({"type": "discard", "tile_index": True}, ("action.tile_index", "integer")),
        ({"type": "discard", "tile_index": 999}, ("action.tile_index",)),
        ({"type": "pon", "tile_indices": "12"}, ("action.tile_indices", "list")),
        ({"type": "pon", "tile_indices": [1, True]}, ("action.tile_indices[1]", "integer")),
        ({"type": "teleport"}, ("unknown action type",)),
        ({"type": "discard", "tile": "5m", "why": "x"}, ("unknown field", "why")),
        ({"tile": "5m"}, ("type", "required")),
    ]
    for action, words in bad:
        _refused(alice, {**act, "action": action}, "bad_action", *words)
    # nothing was applied: the table still waits for this decision
    assert len(stored_actions(server.database, table)) == stored
    discard = next(a for a in prompt["legal_actions"] if a["type"] == "discard")
    alice.send({**act, "action": {"type": "discard", "tile_index": discard["tile_index"]}})
    result = alice.play(table)
    assert result is not None
    # the finished game: its formats are there, an unknown one is a 404 with a JSON error
    assert server.get(f"/api/games/{table}/tenhou6").status_code == 200
    for fmt in ("xml", "TENHOU6", "x" * 300):
        r = server.get(f"/api/games/{table}/{fmt}")
        assert r.status_code == 404 and "error" in r.json(), fmt
    alice.close()


def test_sizes_are_counted_in_utf8_bytes(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    # 9,000 characters but 18,000 bytes: over the 16 KiB limit
    c.send(json.dumps({"type": "ping", "id": "é" * 9000}, ensure_ascii=False))
    assert c.expect("error")["code"] == "too_large"
    with pytest.raises((ConnectionClosed, TimeoutError)):
        for _ in range(10):
            c.recv(5)


def test_deep_nesting_is_a_clean_error(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    for raw in (
        "[" * 5000 + "]" * 5000,
        '{"type": "ping", "id": ' + "[" * 3000 + "]" * 3000 + "}",
        '{"a":' * 2000 + "1" + "}" * 2000,
        "[" * 33 + "]" * 33,
    ):
        error = _refused(c, raw, "bad_json", "deeper than 32")
        assert "ref" not in error or error["ref"] is None
    # nesting within the limit is fine JSON (refused for its shape, not its depth)
    _refused(c, "[" * 32 + "]" * 32, "bad_message")
    c.send({"type": "ping"})
    assert c.expect("pong")
    # the HTTP API too: 400 with a JSON error, not a 500
    for path in ("/api/register", "/api/login"):
        r = httpx.post(server.base + path, content="[" * 5000, timeout=10, trust_env=False)
        assert r.status_code in (400, 401) and "error" in r.json(), (path, r.status_code)
    c.close()


@pytest.mark.parametrize(
    "path",
    [
        "/api/players/abc",
        "/api/players/abc/games",
        "/api/players/99999999999999999999999",
        "/api/players/99999999999999999999999/games",
        "/api/players/4294967296",
        "/api/players/0",
        "/api/players/-1",
        "/api/players/1e3",
        "/api/players/%C2%B2",  # a superscript two: a digit to str.isdigit, not an id
        "/api/players/12345",
        "/api/tables/nope",
        "/api/tables/" + "x" * 2000,
        "/api/games/nope",
        "/api/games/nope/tenhou6",
        "/api/games/nope/xml",
        "/api/games/" + "x" * 2000,
        "/api/nothing/here",
    ],
)
def test_unknown_and_malformed_ids_are_json_404s(server: ServerProcess, path: str) -> None:
    r = server.get(path)
    assert r.status_code == 404, (path, r.status_code, r.text[:200])
    assert "error" in r.json()


def test_unknown_tables_are_typed_errors_on_the_websocket(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    for msg in (
        {"type": "join", "table": "nope"},
        {"type": "watch", "table": "x" * 32},
        {"type": "join", "invite": "nope"},
        {"type": "act", "table": "nope", "seq": 0, "action": {"type": "pass"}},
    ):
        _refused(c, msg, "no_table")
    c.close()
