"""The stale check is per decision: a client answering its prompt is not refused because a
computer player (answering at once) decided first on the same discard; a resend of an
applied action still is."""

from __future__ import annotations

from typing import Any

from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess, choose


def _next_step(alice: Client, prompt: dict[str, Any]) -> dict[str, Any]:
    """The events of the step after ``prompt``'s: another seat has answered first."""
    while True:
        msg = alice.recv(30)
        if msg["type"] == "events" and msg["seq"] > prompt["seq"]:
            return msg


def _play(server: ServerProcess) -> int:
    """One match of alice against computer players; returns how many of her answers came
    after a computer player had answered the same discard (each checked)."""
    alice = Client(server, server.guest())
    alice.send({"type": "create", "kind": "party", "length": "full"})
    table = alice.expect("created")["table"]["id"]
    alice.send({"type": "join", "table": table, "fill_bots": True})
    seat = alice.expect("snapshot")["seat"]
    latest = -1
    to_act: list[int] = []
    checked = 0
    backlog: list[dict[str, Any]] = []  # read while waiting for a reply, not yet handled
    answered = -1  # the step up to which alice's prompts are answered (late)
    while checked < 3:
        msg = backlog.pop(0) if backlog else alice.recv(30)
        if msg["type"] == "match_ended":
            break
        if msg["type"] == "events":
            latest, to_act = msg["seq"], msg["to_act"]
            continue
        if msg["type"] != "prompt" or msg["seq"] != latest or msg["seq"] <= answered:
            assert msg["type"] != "error", msg
            continue  # an older prompt, already answered or overtaken
        kinds = {a["type"] for a in msg["legal_actions"]}
        action = choose(msg)
        if "pass" in kinds and len(to_act) > 1:
            later = _next_step(alice, msg)
            latest, to_act = later["seq"], later["to_act"]
            if seat in to_act:
                # the table moved on (a bot answered first); alice answers her prompt
                before = len(stored_actions(server.database, table))
                answered = latest
                send = {"type": "act", "table": table, "seq": msg["seq"], "action": action}
                alice.send({**send, "id": "late"})
                alice.send({"type": "ping", "id": "after"})
                while (reply := alice.recv(30))["type"] != "pong":
                    assert reply.get("ref") != "late", reply  # refused: stale
                    backlog.append(reply)
                stored = stored_actions(server.database, table)
                mine = [a for a in stored[before:] if a.action["seat"] == seat]
                assert mine and mine[0].source == "player"
                assert mine[0].action["type"] == action["type"]
                # the same message again is refused: that decision is gone
                alice.send({**send, "id": "again"})
                while (reply := alice.recv(30)).get("ref") != "again":
                    backlog.append(reply)
                assert reply["type"] == "error" and reply["code"] in ("stale", "not_your_turn")
                checked += 1
                continue
            # else the other seat's answer ended alice's decision
            continue
        alice.send({"type": "act", "table": table, "seq": msg["seq"], "action": action})
    alice.close()
    return checked


def test_an_answer_to_a_prompt_is_not_stale_after_a_bot_answered_first(
    server: ServerProcess,
) -> None:
    checked = 0
    for _ in range(5):  # a match almost always has such a discard; a few make it certain
        checked += _play(server)
        if checked:
            break
    assert checked >= 1, "no discard was decided on by alice and a computer player at once"
