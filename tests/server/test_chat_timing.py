"""A chat line's timing tells nothing of the table's writes (docs/table.md, *Chat*), against a
real server whose writer thread a test may hold (gated.py).

A table holds back what it sends while one of its accepted actions is being stored
(writer.py, ``Outbox``). In a call window the only action stored is an answer of a seat that
may call (a pass too), which nobody else may learn of. A chat line held with the table's
messages would tell its sayer, by its own copy coming after the answer to a ``ping`` sent at
the same time, that such an answer was being stored: a line is never stored, so it is sent at
once. Here the stored action is a person's discard, held in the writer thread while the other
person speaks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.gated import GatedServer
from tests.server.harness import Client, choose


def _poll(c: Client) -> dict[str, Any] | None:
    try:
        return c.recv(timeout=0.05)
    except TimeoutError:
        return None


def _own_turn(prompt: dict[str, Any]) -> bool:
    return any(a["type"] == "discard" for a in prompt["legal_actions"])


def _until_pong(c: Client, ref: str) -> list[dict[str, Any]]:
    """Everything the connection was sent before the answer to the ping ``ref`` sent now."""
    c.send({"type": "ping", "id": ref})
    seen = []
    while True:
        msg = c.recv()
        if msg.get("ref") == ref:
            return seen
        seen.append(msg)


def test_a_line_is_not_held_behind_the_tables_writes(database: str, tmp_path: Path) -> None:
    server = GatedServer(database, tmp_path, "--grace-seconds", "30").start()
    try:
        a, b = Client(server, server.guest()), Client(server, server.guest())
        a.send({"type": "create", "kind": "party", "length": "quick", "id": "c"})
        table = a.expect("created")["table"]["id"]
        a.send({"type": "join", "table": table})
        a.expect("snapshot")
        b.send({"type": "join", "table": table})
        b.expect("snapshot")
        a.send({"type": "start", "table": table, "fill_bots": True, "bot": "efficiency"})
        prompt = None
        for _ in range(2000):  # both answer their prompts until a is on turn
            msg = _poll(a)
            if msg is not None and msg["type"] == "prompt":
                if _own_turn(msg):
                    prompt = msg
                    break
                a.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
            other = _poll(b)
            if other is not None and other["type"] == "prompt":
                act = {"type": "act", "table": table, "seq": other["seq"]}
                b.send({**act, "action": choose(other)})
        assert prompt is not None, "a was never on turn"
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
