"""Hostile input: each gets an error message or a closed connection; the table goes on and
nothing is stored twice or lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.checks import check_record, stored_actions
from tests.server.harness import Client, ServerProcess


def _error(c: Client) -> dict[str, object]:
    return c.expect("error", timeout=10)


def test_hostile_messages_leave_the_table_playing(server: ServerProcess, tmp_path: Path) -> None:
    alice = Client(server, server.guest())
    alice.send({"type": "create", "kind": "practice", "length": "quick"})
    table = alice.expect("created")["table"]["id"]
    alice.send({"type": "join", "table": table, "fill_bots": True})
    prompt = alice.expect("prompt")
    while not any(a["type"] == "discard" for a in prompt["legal_actions"]):  # a call: pass
        pass_ = next(a for a in prompt["legal_actions"] if a["type"] == "pass")
        alice.send({"type": "act", "table": table, "seq": prompt["seq"], "action": pass_})
        prompt = alice.expect("prompt")
    prompt["legal_actions"].sort(key=lambda a: a["type"] != "discard")  # discards first
    seq = prompt["seq"]

    mallory = Client(server, server.guest())
    # malformed JSON, a non-object, no type, unknown type
    for raw, code in [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"x": 1}', "bad_message"),
        ('{"type": "teleport"}', "unknown_type"),
        (f'{{"type": "act", "table": "{table}", "seq": "x", "action": {{}}}}', "bad_message"),
    ]:
        mallory.send(raw)
        assert _error(mallory)["code"] == code
    # not authenticated on another connection
    anon = Client(server)
    anon.send({"type": "act", "table": table, "action": {"type": "discard", "tile": "1m"}})
    assert _error(anon)["code"] == "not_authenticated"
    # another player's table and seat: mallory has no seat there
    mallory.send(
        {
            "type": "act",
            "table": table,
            "seq": seq,
            "action": {
                "type": "discard",
                "seat": prompt["seat"],
                "tile_index": prompt["legal_actions"][0]["tile_index"],
            },
        }
    )
    assert _error(mallory)["code"] == "not_seated"
    mallory.send({"type": "join", "table": table})
    assert _error(mallory)["code"] == "table_started"
    mallory.send({"type": "act", "table": "nope", "action": {"type": "pass"}})
    assert _error(mallory)["code"] == "no_table"
    # illegal action: a tile alice does not hold; an action kind not offered
    held = {a.get("tile_index") for a in prompt["legal_actions"]}
    missing = next(i for i in range(136) if i not in held)
    alice.send(
        {
            "type": "act",
            "table": table,
            "seq": seq,
            "action": {"type": "discard", "tile_index": missing},
        }
    )
    assert _error(alice)["code"] == "illegal_action"
    alice.send({"type": "act", "table": table, "seq": seq, "action": {"type": "ron"}})
    assert _error(alice)["code"] == "illegal_action"
    alice.send({"type": "act", "table": table, "seq": seq, "action": "discard"})
    assert _error(alice)["code"] == "bad_message"
    # a stale step number is refused (a resend after reconnect cannot apply twice)
    alice.send(
        {"type": "act", "table": table, "seq": seq + 5, "action": prompt["legal_actions"][0]}
    )
    assert _error(alice)["code"] == "stale"
    # the same action sent twice: the second is out of turn or stale, never applied twice
    first = prompt["legal_actions"][0]
    alice.send({"type": "act", "table": table, "seq": seq, "action": first})
    alice.send({"type": "act", "table": table, "seq": seq, "action": first})
    assert _error(alice)["code"] in ("stale", "not_your_turn")
    # an oversized message closes that connection only
    mallory.send(json.dumps({"type": "ping", "pad": "x" * 40000}))
    with pytest.raises((ConnectionClosed, TimeoutError)):
        for _ in range(50):
            m = mallory.recv(5)
            assert m["type"] in ("error",)
    # a flood: rate limited, then closed
    flooder = Client(server, server.guest())
    try:
        for _ in range(3000):
            flooder.send({"type": "ping"})
    except ConnectionClosed:
        pass
    codes = set()
    closed = False
    try:
        for _ in range(6000):
            codes.add(flooder.recv(5).get("code"))
    except ConnectionClosed:
        closed = True
    assert closed and "rate_limited" in codes and "flood" in codes
    # the table goes on: alice finishes, the record is whole
    result = alice.play(table)
    assert result is not None
    check_record(server, table, tmp_path)
    actions = stored_actions(server.database, table)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    assert server.get("/api/health").json()["ok"]


def test_an_unknown_puppet_is_refused_not_replaced_by_fillers(server: ServerProcess) -> None:
    alice = Client(server, server.guest())
    alice.send({"type": "create", "kind": "classical", "length": "quick"})
    table = alice.expect("created")["table"]["id"]
    alice.send({"type": "join", "table": table, "fill_bots": True, "bot": "strongst"})
    error = _error(alice)
    assert error["code"] == "bad_message"
    assert "'strongst'" in str(error["message"]) and "strong" in str(error["message"])
    # the refused join seated nobody: a plain join sits, and a start asking for a bad name is
    # refused too before any puppet sits
    alice.send({"type": "join", "table": table})
    alice.expect("snapshot")
    alice.send({"type": "start", "table": table, "fill_bots": True, "bot": ["strong"]})
    assert _error(alice)["code"] == "bad_message"
    # ``strongest`` is the top level's name (as on the command line)
    alice.send({"type": "start", "table": table, "fill_bots": True, "bot": "strongest"})
    snapshot = alice.expect("snapshot")  # the match starts
    names = [s["name"] for s in snapshot["table"]["seats"]]
    assert sum(n.startswith("strongest-") for n in names) == 3
    alice.close()
