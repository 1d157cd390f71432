"""A client answering its prompt is never refused as stale because a computer player (which
answers at once) decided first on the same discard: answers inside a call window do not move
the public step. A resend of an applied action still is refused."""

from __future__ import annotations

import time
from typing import Any

from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess, choose

_DISCARDS = ("discard", "riichi")


def _bots_answered_first(stored: list[Any], seat: int, end: int | None = None) -> bool:
    """Whether a computer player answered the last discard before action ``end`` (default:
    the end of the stored list) that is not ``seat``'s. Actions are stored in the order they
    were applied."""
    stored = stored[:end]
    last = max(i for i, a in enumerate(stored) if a.action["type"] in _DISCARDS)
    return any(a.source == "bot" and a.action["seat"] != seat for a in stored[last + 1 :])


def _wait_for_bots(server: ServerProcess, table: str, seat: int) -> None:
    """Give the computer players time to answer the last discard first: one with a call on it
    answers at once, and its answer is stored a moment later (the writer thread), so look for
    it for up to a second."""
    deadline = time.monotonic() + 1.0
    while not _bots_answered_first(stored_actions(server.database, table), seat):
        if time.monotonic() > deadline:
            return
        time.sleep(0.05)


def _reply(alice: Client, ref: str, backlog: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The error answering message ``ref``, or None when a ping after it came back first."""
    alice.send({"type": "ping", "id": f"{ref}-ping"})
    while True:
        reply = alice.recv(30)
        if reply.get("ref") == ref:
            return reply
        if reply.get("ref") == f"{ref}-ping":
            return None
        backlog.append(reply)


def _stored_of(server: ServerProcess, table: str, before: int, seat: int) -> tuple[int, Any]:
    """The index and the record of ``seat``'s first action stored after the first ``before``;
    an accepted action is stored by the server's writer thread a moment after it was accepted
    (waits up to 10 s)."""
    deadline = time.monotonic() + 10
    while True:
        stored = stored_actions(server.database, table)
        mine = next(
            (i for i in range(before, len(stored)) if stored[i].action["seat"] == seat), None
        )
        if mine is not None:
            return mine, stored[mine]
        assert time.monotonic() < deadline, "the accepted answer was never stored"
        time.sleep(0.05)


def _play(server: ServerProcess) -> int:
    """One match of alice against computer players; returns how many of her call answers came
    after a computer player had answered the same discard (each checked)."""
    alice = Client(server, server.guest())
    alice.send({"type": "create", "kind": "party", "length": "quick"})
    table = alice.expect("created")["table"]["id"]
    alice.send({"type": "join", "table": table, "fill_bots": True})
    seat = alice.expect("snapshot")["seat"]
    latest = -1
    checked = 0
    backlog: list[dict[str, Any]] = []  # read while waiting for a reply, not yet handled
    while checked < 2:
        msg = backlog.pop(0) if backlog else alice.recv(30)
        if msg["type"] == "match_ended":
            break
        if msg["type"] == "events":
            latest = msg["seq"]
            if msg["between_hands"]:
                alice.send({"type": "continue", "table": table})
            continue
        if msg["type"] != "prompt" or msg["seq"] != latest:
            assert msg["type"] != "error", msg
            continue
        action = choose(msg)
        send = {"type": "act", "table": table, "seq": msg["seq"], "action": action}
        if not any(a["type"] == "pass" for a in msg["legal_actions"]):
            alice.send(send)
            continue
        _wait_for_bots(server, table, seat)
        before = len(stored_actions(server.database, table))
        alice.send({**send, "id": "late"})
        assert _reply(alice, "late", backlog) is None  # accepted, not stale
        index, mine = _stored_of(server, table, before, seat)
        assert mine.source == "player" and mine.action["type"] == action["type"]
        # decided by the stored order, which the writer keeps: no race with its timing
        bots_first = _bots_answered_first(stored_actions(server.database, table), seat, index)
        alice.send({**send, "id": "again"})  # the same message again: that decision is gone
        again = _reply(alice, "again", backlog)
        assert again is not None and again["code"] in ("stale", "not_your_turn"), again
        checked += bots_first
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
