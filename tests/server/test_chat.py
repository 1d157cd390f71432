"""Chat at party tables (doman-rules.md §4, §6.1), against a real server: the seated persons
of a party table hear each other's lines, nobody else does (spectators, other tables); other
kinds of table, spectators and strangers are refused; a bad line is refused by name; each
person's lines are rate limited (a burst, then a steady rate, on a clock the test moves:
clocked.py) without closing the connection; a seat's snapshot carries the last lines, at most
:data:`~jantaku.server.chat.BACKLOG`.

That a message did not come is seen by order: a connection gets what was queued for it
before the answer to a ``ping`` it sends afterwards, and a line is queued for everybody at
once, before its sayer's own copy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.server.chat import BACKLOG, MAX_CHARS
from tests.server.accounts import registered
from tests.server.clocked import ClockedServer
from tests.server.cluster_env import needs_cluster
from tests.server.harness import Client, ServerProcess

BURST, PER_MINUTE = 3, 6  # a line's token comes back after 10 s of the test's clock


@pytest.fixture
def chat_server(tmp_path: Path) -> Iterator[ClockedServer]:
    """A SQLite server whose chat buckets run on the test's clock (chat.py stores nothing)."""
    proc = ClockedServer(
        f"sqlite:///{tmp_path / 'jantaku.sqlite3'}",
        tmp_path / "clock",
        "--chat-burst",
        str(BURST),
        "--chat-lines-per-minute",
        str(PER_MINUTE),
    ).start()
    try:
        yield proc
    finally:
        proc.stop()


def _party(server: ClockedServer, n: int, token: str | None = None) -> tuple[str, list[Client]]:
    """A party table with ``n`` persons seated (seats 0..n-1; the first one's session
    ``token`` when given); its id and their clients."""
    first = Client(server, token or server.guest())
    first.send({"type": "create", "kind": "party", "length": "quick"})
    table = first.expect("created")["table"]["id"]
    players = [first]
    first.send({"type": "join", "table": table})
    assert first.expect("snapshot")["seat"] == 0
    for i in range(1, n):
        c = Client(server, server.guest())
        c.send({"type": "join", "table": table})
        assert c.expect("snapshot")["seat"] == i
        players.append(c)
    return table, players


def _say(c: Client, table: str, text: str, ref: str) -> dict[str, Any]:
    """Say a line; the answer to it (the own copy of the line, or the refusal)."""
    c.send({"type": "chat", "table": table, "text": text, "id": ref})
    while True:
        msg = c.recv()
        if msg.get("ref") == ref:
            return msg


def _until_pong(c: Client) -> list[dict[str, Any]]:
    """Everything the connection was sent before the answer to a ping sent now."""
    c.send({"type": "ping", "id": "barrier"})
    seen = []
    while True:
        msg = c.recv()
        if msg.get("ref") == "barrier":
            return seen
        seen.append(msg)


def _lines(messages: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in messages if m["type"] == "chat"]


def test_party_players_hear_each_other_and_nobody_else_does(chat_server: ClockedServer) -> None:
    table, (alice, bob) = _party(chat_server, 2)
    carol = Client(chat_server, chat_server.guest())  # a spectator
    carol.send({"type": "watch", "table": table})
    assert "chat" not in carol.expect("snapshot")  # no lines for a spectator's snapshot
    other, (dave,) = _party(chat_server, 1)  # another party table

    own = _say(alice, table, "  hello\nbob  ", "a1")
    assert own["type"] == "chat", own
    line = {"table": table, "seat": 0, "name": alice.user["name"], "text": "hello bob"}  # type: ignore[index]
    assert {k: own[k] for k in line} == line
    assert set(own) == {"type", "table", "seat", "name", "text", "at", "ref"}
    heard = [m for m in _until_pong(bob) if m["type"] == "chat"]
    assert heard == [{k: v for k, v in own.items() if k != "ref"}]  # no ref: not bob's message
    assert _say(bob, table, "hi alice", "b1")["text"] == "hi alice"
    assert _lines(_until_pong(alice)) == ["hi alice"]
    # the spectator and the other table's player heard nothing
    assert _lines(_until_pong(carol)) == []
    assert _lines(_until_pong(dave)) == []

    # a spectator, a stranger and a player of another table may not speak here
    for c, code in ((carol, "not_seated"), (dave, "not_seated")):
        assert _say(c, table, "let me in", "x")["code"] == code
    stranger = Client(chat_server)  # no hello
    assert _say(stranger, table, "hi", "s")["code"] == "not_authenticated"
    assert _lines(_until_pong(alice) + _until_pong(bob)) == []
    # dave speaks at his own table, and only he hears it
    assert _say(dave, other, "alone here", "d1")["type"] == "chat"
    assert _lines(_until_pong(alice) + _until_pong(bob) + _until_pong(carol)) == []

    # a player who left the table before the start no longer chats there
    bob.send({"type": "leave", "table": table})
    bob.expect("ok")
    assert _say(bob, table, "still here?", "b2")["code"] == "not_seated"
    for c in (alice, bob, carol, dave, stranger):
        c.close()


def test_other_kinds_of_table_have_no_chat(chat_server: ClockedServer) -> None:
    for kind in ("practice", "classical"):
        c = Client(chat_server, chat_server.guest())
        c.send({"type": "create", "kind": kind, "length": "quick"})
        table = c.expect("created")["table"]["id"]
        c.send({"type": "join", "table": table})
        snapshot = c.expect("snapshot")
        assert snapshot["seat"] == 0 and "chat" not in snapshot
        refused = _say(c, table, "hello", kind)
        assert refused["code"] == "chat_unavailable", refused
        assert kind in refused["message"]
        c.close()
    ranked = Client(chat_server, registered(chat_server))
    ranked.send({"type": "queue", "kind": "novice", "length": "quick"})
    snapshot = ranked.expect("snapshot")
    assert snapshot["seat"] is not None and "chat" not in snapshot
    assert _say(ranked, snapshot["table"]["id"], "hello", "r")["code"] == "chat_unavailable"
    ranked.close()


def test_bad_lines_are_refused_by_name(chat_server: ClockedServer) -> None:
    table, (alice, bob) = _party(chat_server, 2)
    refusals = {
        "": "chat_empty",
        " \n\t ": "chat_empty",
        "x" * (MAX_CHARS + 1): "chat_too_long",
        " " + "y" * MAX_CHARS + "x": "chat_too_long",
        "ring\u0007": "chat_bad_text",
        "nul\u0000": "chat_bad_text",
        "abc\u202edcba": "chat_bad_text",  # would show the rest backwards
    }
    for i, (text, code) in enumerate(refusals.items()):
        refused = _say(alice, table, text, f"bad{i}")
        assert refused["type"] == "error" and refused["code"] == code, (text, refused)
        assert "chat.text" in refused["message"] or code == "chat_bad_text"
    too_big = _say(alice, table, "z" * 1001, "huge")
    assert too_big["code"] == "bad_message" and "chat.text" in too_big["message"]
    # at the limit once trimmed, and the markup stays text: the server sends what was said
    longest = _say(alice, table, "   " + "w" * MAX_CHARS + "\n", "ok1")
    assert longest["text"] == "w" * MAX_CHARS
    markup = _say(alice, table, "<img src=x onerror=alert(1)>", "ok2")
    assert markup["text"] == "<img src=x onerror=alert(1)>"
    assert _lines(_until_pong(bob)) == ["w" * MAX_CHARS, "<img src=x onerror=alert(1)>"]
    for c in (alice, bob):
        c.close()


def test_a_flood_is_refused_until_the_clock_moves(chat_server: ClockedServer) -> None:
    table, (alice, bob) = _party(chat_server, 2)
    for i in range(BURST):
        assert _say(alice, table, f"line {i}", f"ok{i}")["type"] == "chat"
    for i in range(40):  # refused, each one; the connection stays open
        refused = _say(alice, table, f"spam {i}", f"spam{i}")
        assert refused["code"] == "chat_too_fast", refused
        assert "wait 10 s" in refused["message"]
    assert _lines(_until_pong(bob)) == [f"line {i}" for i in range(BURST)]
    # bob's own lines are counted apart
    assert _say(bob, table, "my turn", "b")["type"] == "chat"
    chat_server.advance(9)
    assert _say(alice, table, "too soon", "soon")["code"] == "chat_too_fast"
    chat_server.advance(1)  # a line's token is back
    assert _say(alice, table, "again", "again")["text"] == "again"
    assert _say(alice, table, "once more", "more")["code"] == "chat_too_fast"
    assert _lines(_until_pong(bob)) == ["again"]
    for c in (alice, bob):
        c.close()


def test_a_seat_coming_back_sees_the_last_lines(chat_server: ClockedServer) -> None:
    token = chat_server.guest()
    table, (alice, bob) = _party(chat_server, 2, token)
    said = []
    for i in range(BACKLOG + 5):
        if i and i % BURST == 0:
            chat_server.advance(60 * BURST / PER_MINUTE)  # the burst is back
        text = f"line {i}"
        assert _say(alice if i % 2 else bob, table, text, f"l{i}")["type"] == "chat"
        said.append(text)
    alice.close()
    # alice reloads: her seat's snapshot holds the last BACKLOG lines, oldest first
    back = Client(chat_server, token)
    back.send({"type": "join", "table": table})
    snapshot = back.expect("snapshot")
    assert snapshot["seat"] == 0
    assert [line["text"] for line in snapshot["chat"]] == said[-BACKLOG:]
    assert {line["seat"] for line in snapshot["chat"]} == {0, 1}
    assert set(snapshot["chat"][0]) == {"seat", "name", "text", "at"}
    # a spectator's snapshot has none
    carol = Client(chat_server, chat_server.guest())
    carol.send({"type": "watch", "table": table})
    assert "chat" not in carol.expect("snapshot")
    for c in (back, bob, carol):
        c.close()


@needs_cluster
def test_a_line_said_at_another_door_reaches_the_table(servers: list[ServerProcess]) -> None:
    """With several processes a ``chat`` goes to the process driving the table, like an
    ``act``: a player connected elsewhere says a line and hears the others' (docs/deploy.md)."""
    s0, s1, _ = servers
    host = Client(s0, s0.guest())  # the table is created, and driven, where its host came
    host.send({"type": "create", "kind": "party", "length": "quick", "private": True})
    created = host.expect("created")
    table, invite = created["table"]["id"], created["invite"]
    host.send({"type": "join", "table": table})
    host.expect("snapshot")
    friend = Client(s1, s1.guest())
    friend.send({"type": "join", "invite": invite})
    assert friend.expect("snapshot")["chat"] == []
    own = _say(friend, table, "hello from the other door", "f1")
    assert (own["type"], own["seat"]) == ("chat", 1), own
    assert _say(host, table, "welcome", "h1")["text"] == "welcome"
    heard = friend.expect("chat")
    assert (heard["text"], heard["seat"], "ref" in heard) == ("welcome", 0, False)
    host_heard = [m for m in host.messages if m["type"] == "chat" and m.get("ref") is None]
    assert [m["text"] for m in host_heard] == ["hello from the other door"]
    for c in (host, friend):
        c.close()
