"""The typed messages of the WebSocket protocol, both directions: every client message kind
round-trips between its JSON and its dataclass and refuses each bad field by name; every
message a played match sends is exactly what a server message dataclass builds; the docs list
every kind."""

from __future__ import annotations

import ast
import json
import re
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from jantaku.server import protocol
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.messages import SERVER_MESSAGES, Error, ServerMessage
from jantaku.server.protocol import CLIENT_MESSAGES, FieldSpec, ProtocolError, parse_message
from jantaku.server.storage import Store
from tests.server.harness import Client, ServerProcess
from tests.server.in_process import advance

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "jantaku" / "server"

# a value each field kind accepts, and values it refuses with the words the refusal names
_GOOD: dict[str, Any] = {"str": "party", "int": 1, "bool": True, "object": {"type": "pass"}}
_BAD: dict[str, list[tuple[Any, str]]] = {
    "str": [(5, "must be a string, not an integer"), ("x" * 200, "characters")],
    "int": [(True, "must be an integer, not a boolean"), (1.0, "not a number"), (-1, "must be")],
    "bool": [("false", "must be a JSON boolean"), (0, "must be a JSON boolean")],
    "object": [([], "must be an object")],
}


def _full(kind: str) -> dict[str, Any]:
    """A message of ``kind`` with every field set to an accepted value (``table`` names the
    table; ``invite`` is the other way and left out)."""
    cls = CLIENT_MESSAGES[kind]
    out: dict[str, Any] = {"type": kind}
    for name, spec in cls.spec().fields.items():
        if name != "invite":
            out[name] = "abc" if name == "table" else _GOOD[spec.kind]
    out["id"] = f"m-{kind}"
    return out


@pytest.mark.parametrize("kind", sorted(CLIENT_MESSAGES))
def test_every_client_kind_round_trips(kind: str) -> None:
    cls = CLIENT_MESSAGES[kind]
    data = _full(kind)
    message = parse_message(json.dumps(data))
    assert type(message) is cls and kind == message.TYPE and message.ref == data["id"]
    for name, value in data.items():
        if name not in ("type", "id"):
            assert getattr(message, name) == value, name
    assert parse_message(json.dumps(message.to_json())) == message
    # the fewest fields: what is left out holds its default, and writes back as left out
    least = {"type": kind, **({"table": "abc"} if cls.spec().at_table else {})}
    least |= {n: _GOOD[s.kind] for n, s in cls.spec().fields.items() if s.required}
    small = parse_message(json.dumps(least))
    assert small.ref is None and small.to_json() == least


def _refusal(data: dict[str, Any]) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        parse_message(json.dumps(data))
    return caught.value


@pytest.mark.parametrize("kind", sorted(CLIENT_MESSAGES))
def test_every_bad_field_is_named(kind: str) -> None:
    specs: dict[str, FieldSpec] = dict(CLIENT_MESSAGES[kind].spec().fields)
    for name, spec in specs.items():
        for value, words in _BAD[spec.kind]:
            if spec.kind == "int" and value == -1 and spec.low < 0:
                continue
            if spec.kind == "str" and words == "characters":
                value = "x" * (spec.max_len + 1)  # just over the field's own bound
            error = _refusal({**_full(kind), name: value})
            assert error.code == "bad_message" and error.ref == f"m-{kind}"
            assert error.message.startswith(f"{kind}.{name} ") and words in error.message, (
                error.message
            )
        if not spec.nullable:
            assert f"{kind}.{name} may not be null" in _refusal({**_full(kind), name: None}).message
        if spec.required:
            left_out = {k: v for k, v in _full(kind).items() if k != name}
            assert f"the field {name!r} is required" in _refusal(left_out).message
    assert "unknown field 'extra'" in _refusal({**_full(kind), "extra": 1}).message


def test_the_spec_table_is_read_from_the_dataclasses() -> None:
    assert set(protocol.MESSAGES) == set(CLIENT_MESSAGES) == protocol.CLIENT_TYPES
    for kind, cls in CLIENT_MESSAGES.items():
        declared = {f.name for f in fields(cls)} - {"ref"}
        assert set(protocol.MESSAGES[kind].fields) == declared


# ---------------------------------------------------------------------- server messages


def _rebuilt(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` as its dataclass builds it from its own fields."""
    cls = SERVER_MESSAGES[message["type"]]
    body = {k: v for k, v in message.items() if k not in ("type", "ref")}
    if cls is Error:
        ref = message.get("ref")
        return Error(**body, ref=ref, ref_always="ref" in message).to_json()
    built: ServerMessage = cls(**body)
    return built.reply_json(message.get("ref"))


def test_a_played_match_sends_only_server_message_kinds(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    for msg in (
        {"type": "ping", "id": 1},
        {"type": "lobby", "id": "l"},
        {"type": "create", "kind": "bogus"},
        {"type": "join", "table": "nowhere"},
    ):
        c.send(msg)
        c.recv()
    c.send({"type": "create", "kind": "party", "private": True, "id": "p"})
    private = c.expect("created")["table"]["id"]
    c.send({"type": "leave", "table": private, "id": "v"})
    c.expect("ok")
    c.send({"type": "create", "kind": "practice", "length": "quick", "id": "c"})
    table = c.expect("created")["table"]["id"]
    watcher = Client(server, server.guest())
    watcher.send({"type": "watch", "table": table})
    c.send({"type": "join", "table": table, "fill_bots": True})
    assert c.play(table) is not None
    watcher.expect("match_ended")
    seen = c.messages + watcher.messages
    kinds = {m["type"] for m in seen}
    assert kinds <= set(SERVER_MESSAGES), kinds - set(SERVER_MESSAGES)
    assert {"welcome", "pong", "lobby", "created", "error", "snapshot", "events", "prompt"} <= kinds
    assert {"table_update", "match_ended", "ok"} <= kinds
    for m in seen:
        assert list(_rebuilt(m).items()) == list(m.items()), m["type"]
    c.close()
    watcher.close()


class _Inbox:
    """A connection of the table code that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[ServerMessage] = []

    def send(self, message: ServerMessage) -> None:
        assert isinstance(message, ServerMessage), message
        self.sent.append(message)


def test_tables_send_server_message_objects(tmp_path: Path) -> None:
    """In process: everything a table sends its connections, from the first snapshot to the
    end of a match (and the expiry of an idle table), is a ServerMessage."""
    store = Store(f"sqlite:///{tmp_path / 'inbox.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    table = lobby.create("party", "quick", seed="messages")
    player, watcher = _Inbox(), _Inbox()
    user = store.add_user("inbox", None, guest=True)
    table.attach(watcher, None)
    me = table.sit(user.id, user.name)
    table.attach(player, me)
    table.fill_with_bots("filler")
    table.start()
    engine = table.engine
    assert engine is not None
    while table.status == "live":
        if not advance(table, me):
            table.submit(user.id, engine.legal_actions(me)[0].to_json(), table.step)
    idle, late = lobby.create("party", "quick"), _Inbox()
    idle.attach(late, None)
    assert lobby.expire_idle(now=time.monotonic() + 10**6) == [idle.id]
    kinds = {m.TYPE for m in player.sent + watcher.sent + late.sent}
    assert kinds == {"snapshot", "table_update", "events", "prompt", "match_ended"}
    store.close()


def test_no_message_is_built_outside_the_dataclasses() -> None:
    """No dict literal with the ``type`` of a server message kind is left in the server's
    code: every send site builds a dataclass."""
    left = []
    for path in sorted(SERVER.glob("*.py")):
        if path.name == "messages.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "type"
                        and isinstance(value, ast.Constant)
                        and value.value in SERVER_MESSAGES
                    ):
                        left.append(f"{path.name}:{node.lineno}")
    assert not left, left


# ---------------------------------------------------------------------- the docs


def _documented(section: str) -> dict[str, str]:
    """The kinds of one section of docs/protocol.md's tables: ``kind`` -> dataclass name."""
    text = (ROOT / "docs" / "protocol.md").read_text()
    body = text.split(section, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("| `")]
    return dict(re.findall(r"`([a-z_]+)` \(`(\w+)`\)", "\n".join(r.split(" | ")[0] for r in rows)))


def test_the_docs_list_every_kind_both_ways() -> None:
    client = {kind: cls.__name__ for kind, cls in CLIENT_MESSAGES.items()}
    server = {kind: cls.__name__ for kind, cls in SERVER_MESSAGES.items()}
    assert _documented("### Client → server") == client
    assert _documented("### Server → client") == server
