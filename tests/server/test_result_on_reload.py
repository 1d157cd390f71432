"""A page reloaded (or reconnected) while a hand's result is on screen shows that result again:
the snapshot between hands carries it (``hand_end``) until its viewer has confirmed it, with
the events as that viewer saw them, never another seat's hidden tiles."""

from __future__ import annotations

import threading
from typing import Any

from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess
from tests.server.test_fair_table import _party, _play_to_hand_end, _practice


def _rejoin(server: ServerProcess, token: str, table: str) -> dict[str, Any]:
    again = Client(server, token)
    try:
        again.send({"type": "join", "table": table})
        return again.expect("snapshot")
    finally:
        again.close()


def test_a_reloaded_page_gets_the_result_it_has_not_confirmed(database: str) -> None:
    server = ServerProcess(database, solo_pause=None).start()  # the result waits for its person
    try:
        token = server.guest()
        c = Client(server, token)
        table, me = _practice(c)
        watcher = Client(server, server.guest())
        watcher.send({"type": "watch", "table": table})
        watcher.expect("snapshot")
        ended = _play_to_hand_end(c, table)
        snap = _rejoin(server, token, table)
        assert snap["between_hands"] is True
        shown = snap["hand_end"]
        assert shown["seq"] == ended["seq"]
        assert shown["events"] == ended["events"]  # as this seat saw them, the new hand too
        assert shown["ended_view"] == ended["ended_view"]
        assert any(e["type"] == "deal_ended" for e in shown["events"])
        # a spectator: the same result, without any seat's concealed tiles
        spectator = Client(server, server.guest())
        spectator.send({"type": "watch", "table": table})
        seen = spectator.expect("snapshot")["hand_end"]
        spectator.close()
        watched = watcher.recv(30)
        while watched["type"] != "events" or watched["seq"] != ended["seq"]:
            watched = watcher.recv(30)
        assert seen["events"] == watched["events"]
        assert seen["ended_view"] == watched["ended_view"]
        assert seen["ended_view"].get("hand") in (None, "", [])
        assert seen["events"] != ended["events"]  # the seat's own new hand is not in them
        # once confirmed, the next hand goes on and a reload shows no old result
        c.send({"type": "continue", "table": table})
        c.expect("events", timeout=20)
        after = _rejoin(server, token, table)
        assert "hand_end" not in after and after["between_hands"] is False
        assert me == after["seat"]
        watcher.close()
        c.close()
    finally:
        server.stop()


def test_a_person_who_confirmed_is_not_shown_the_result_again(database: str) -> None:
    """At a table of two persons the pause lasts until both have confirmed: the one who has
    gets no result in a reload, the other still does."""
    server = ServerProcess(database, "--hand-pause", "120").start()
    tokens = [server.guest(), server.guest()]
    alice, bob = (Client(server, t) for t in tokens)
    try:
        table = _party(alice, bob)
        bob.expect("snapshot")
        ended: dict[str, dict[str, Any]] = {}

        def run(name: str, c: Client) -> None:
            ended[name] = _play_to_hand_end(c, table)

        threads = [threading.Thread(target=run, args=a) for a in (("a", alice), ("b", bob))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert set(ended) == {"a", "b"}, "a hand should have ended for both"
        alice.send({"type": "continue", "table": table})
        alice.send({"type": "ping"})
        alice.expect("pong")  # the continue was handled
        assert "hand_end" not in _rejoin(server, tokens[0], table)
        shown = _rejoin(server, tokens[1], table)["hand_end"]
        assert shown["seq"] == ended["b"]["seq"] and shown["events"] == ended["b"]["events"]
    finally:
        alice.close()
        bob.close()
        server.stop()


def test_a_lone_persons_result_waits_through_a_lost_connection(database: str) -> None:
    """At a practice table the pause is its one person's: a reload (the connection lost and a
    new one) neither ends it nor lets the computer players play on meanwhile."""
    server = ServerProcess(database, solo_pause=None).start()
    try:
        token = server.guest()
        c = Client(server, token)
        table, _me = _practice(c)
        ended = _play_to_hand_end(c, table)
        stored = len(stored_actions(database, table))
        c.close()
        again = Client(server, token)
        again.send({"type": "join", "table": table})
        snap = again.expect("snapshot")
        assert snap["between_hands"] is True and snap["hand_end"]["seq"] == ended["seq"]
        again.send({"type": "ping"})
        assert again.expect("pong")["type"] == "pong"
        assert not [m for m in again.messages if m["type"] in ("prompt", "events")]
        assert len(stored_actions(database, table)) == stored
        again.send({"type": "continue", "table": table})
        assert again.expect("events", timeout=20)["between_hands"] is False
        again.close()
    finally:
        server.stop()
