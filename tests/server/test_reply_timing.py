"""The timing of a chat line or a hint tells nothing of the table's writes (docs/table.md,
*Chat* and *Hints*), against a real server whose database writes a test may hold (gated.py).

A table holds back what it sends while one of its writes is not stored (writer.py,
``Outbox``). In a call window the only action stored is an answer of a seat that may call (a
pass too), which nobody else may learn of. A line or a hint held with the table's messages
would tell the connection that asked for it, by coming after the answer to a ``ping`` sent at
the same time (a line) or late (a hint), that such an answer was being stored. So a line
(never stored) is sent at once, and a hint for a step whose messages have left is too. Here
the write held is a person's discard (the line) and a person's withdrawal (the hint), at the
writer thread."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.gated import GatedServer
from tests.server.harness import Client, choose, until_own_turn


def _until_pong(c: Client, ref: str) -> list[dict[str, Any]]:
    """Everything the connection was sent before the answer to the ping ``ref`` sent now."""
    c.send({"type": "ping", "id": ref})
    seen = []
    while True:
        msg = c.recv()
        if msg.get("ref") == ref:
            return seen
        seen.append(msg)


def _on_turn(server: GatedServer) -> tuple[str, Client, Client, dict[str, Any]]:
    """A party table of two persons and two puppets, played until the first person is on
    turn: the table, the two persons' clients and that person's prompt."""
    a, b = Client(server, server.guest()), Client(server, server.guest())
    a.send({"type": "create", "kind": "party", "length": "quick", "id": "c"})
    table = a.expect("created")["table"]["id"]
    a.send({"type": "join", "table": table})
    a.expect("snapshot")
    b.send({"type": "join", "table": table})
    b.expect("snapshot")
    a.send({"type": "start", "table": table, "fill_bots": True, "bot": "efficiency"})
    return table, a, b, until_own_turn(a, b, table)


def test_a_line_is_not_held_behind_the_tables_writes(database: str, tmp_path: Path) -> None:
    server = GatedServer(database, tmp_path, "--grace-seconds", "30").start()
    try:
        table, a, b, prompt = _on_turn(server)
        with server.holding("append_actions"):
            a.send({"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)})
            server.wait_entered("append_actions")  # a's discard is being stored
            b.send({"type": "chat", "table": table, "text": "nice hand", "id": "line"})
            before = _until_pong(b, "barrier")
            # the own copy of the line came before the ping's answer, the discard did not
            assert [m.get("ref") for m in before if m["type"] == "chat"] == ["line"], before
            heard = [m["text"] for m in _until_pong(a, "barrier") if m["type"] == "chat"]
            assert heard == ["nice hand"]
            assert not any(m["type"] == "events" and m["seq"] > prompt["seq"] for m in before)
        # once stored, the discard is shown
        while not any(m["type"] == "events" and m["seq"] > prompt["seq"] for m in b.messages):
            b.recv()
        a.close()
        b.close()
    finally:
        server.stop()


def test_a_hint_is_not_held_behind_a_later_write(database: str, tmp_path: Path) -> None:
    server = GatedServer(database, tmp_path, "--grace-seconds", "30").start()
    try:
        table, a, b, prompt = _on_turn(server)
        with server.holding("update_table"):
            b.send({"type": "leave", "table": table})  # b withdraws: the seats are stored
            server.wait_entered("update_table")
            a.send({"type": "hint", "table": table, "seq": prompt["seq"], "id": "hint"})
            # the hint of the step a was shown comes while the write is held, the seats do not
            before = []
            while not before or before[-1].get("ref") != "hint":
                before.append(a.recv())
            assert before[-1]["type"] == "hint", before
            assert not any(m["type"] == "table_update" for m in before), before
        while not any(m["type"] == "table_update" for m in a.messages):  # once stored
            a.recv()
        a.close()
        b.close()
    finally:
        server.stop()
