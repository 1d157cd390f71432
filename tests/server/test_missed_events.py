"""A seat that joins again says how many of the match's events it has seen (``join.seen``) and
its snapshot carries those it missed (``missed``), as that seat saw them live, a page at a
time; a count beyond the match's events is refused (``bad_seen``), a huge or negative one at
the edge (``bad_message``); nobody but the seat gets them (another person's join is refused, a
spectator's ``watch`` has no such field), and asking again and again spends the connection's
message budget by the events sent."""

from __future__ import annotations

from typing import Any

from jantaku.server.table_messages import MISSED_PAGE
from tests.server.cluster_env import needs_cluster
from tests.server.harness import Client, ServerProcess
from tests.server.test_fair_table import _play_to_hand_end, _practice


def _live_events(c: Client, table: str) -> list[dict[str, Any]]:
    """Every event the connection was sent at ``table``, in order."""
    return [
        e
        for m in c.messages
        if m["type"] == "events" and m.get("table") == table
        for e in m["events"]
    ]


def _replies(c: Client, count: int) -> list[dict[str, Any]]:
    """The next ``count`` snapshots and errors (prompts between them left out)."""
    out: list[dict[str, Any]] = []
    while len(out) < count:
        msg = c.recv(30)
        if msg["type"] in ("snapshot", "error"):
            out.append(msg)
    return out


def test_a_seat_gets_the_events_it_missed_page_by_page(database: str) -> None:
    server = ServerProcess(database).start()
    try:
        token = server.guest()
        c = Client(server, token)
        table, me = _practice(c)
        while len(_live_events(c, table)) <= MISSED_PAGE:  # more than one page, a hand's end
            _play_to_hand_end(c, table)
            c.send({"type": "continue", "table": table})
        c.play(table, stop_after=2)  # the seat is asked now: nothing moves meanwhile
        live = _live_events(c, table)
        again = Client(server, token)
        got: list[dict[str, Any]] = []
        pages = 0
        while True:
            again.send({"type": "join", "table": table, "seen": len(got)})
            snap = again.expect("snapshot")
            assert snap["seat"] == me
            missed = snap["missed"]
            assert missed["from"] == len(got) and len(missed["events"]) <= MISSED_PAGE
            got += missed["events"]
            pages += 1
            if len(got) == missed["count"]:
                break
        assert pages > 1
        assert got == live  # each once, in order, as the seat saw them live
        dealt = [e for e in got if e["type"] == "deal_started"]
        assert dealt and all(
            hand is None for e in dealt for i, hand in enumerate(e["hands"]) if i != me
        )
        # a count beyond the match's events, or none a count can be, is one clear error
        wrong = [(len(live) + 1, "bad_seen"), (2**40, "bad_message"), (-1, "bad_message")]
        for seen, code in wrong:
            again.send({"type": "join", "table": table, "seen": seen, "id": 7})
            err = again.expect("error")
            assert (err["code"], err["ref"]) == (code, 7), err
            assert "seen" in err["message"]
        again.send({"type": "join", "table": table, "seen": "0"})
        assert again.expect("error")["code"] == "bad_message"
        # nobody else gets the seat's events: another person is not seated, a spectator may
        # not ask
        stranger = Client(server, server.guest())
        stranger.send({"type": "join", "table": table, "seen": 0, "id": 1})
        assert stranger.expect("error")["code"] == "table_started"
        stranger.send({"type": "watch", "table": table, "seen": 0, "id": 2})
        refused = stranger.expect("error")
        assert refused["code"] == "bad_message" and "seen" in refused["message"]
        assert not any(m["type"] == "snapshot" for m in stranger.messages)
        for x in (c, again, stranger):
            x.close()
    finally:
        server.stop()


def test_asking_for_missed_events_spends_the_message_budget(database: str) -> None:
    """Forty joins that each ask for a whole page cost more than the connection's burst of
    messages; forty that ask for nothing do not."""
    server = ServerProcess(database).start()
    try:
        token = server.guest()
        c = Client(server, token)
        table, _ = _practice(c)
        while len(_live_events(c, table)) <= MISSED_PAGE:
            _play_to_hand_end(c, table)
            c.send({"type": "continue", "table": table})
        c.play(table, stop_after=1)
        count = len(_live_events(c, table))
        cheap = Client(server, token)
        for _ in range(40):
            cheap.send({"type": "join", "table": table, "seen": count})
        assert all(r["type"] == "snapshot" for r in _replies(cheap, 40))
        dear = Client(server, token)
        for _ in range(40):
            dear.send({"type": "join", "table": table, "seen": 0})
        replies = _replies(dear, 40)
        assert any(r.get("code") == "rate_limited" for r in replies)
        for x in (c, cheap, dear):
            x.close()
    finally:
        server.stop()


@needs_cluster
def test_a_seat_gets_its_missed_events_through_another_door(
    servers: list[ServerProcess],
) -> None:
    """Several processes: the join with ``seen`` reaches the table's owner through another
    process, and its snapshot carries the missed events as at the owner itself."""
    owner, door = servers[0], servers[1]
    token = owner.guest()
    c = Client(owner, token)
    table, me = _practice(c)
    c.play(table, stop_after=3)
    live = _live_events(c, table)
    again = Client(door, token)
    again.send({"type": "join", "table": table, "seen": 1})
    snap = again.expect("snapshot", timeout=30)
    assert snap["seat"] == me
    assert snap["missed"]["from"] == 1 and snap["missed"]["count"] == len(live)
    assert snap["missed"]["events"] == live[1 : 1 + MISSED_PAGE]
    again.send({"type": "ping", "id": 5})
    again.expect("pong", timeout=30)
    assert not [m for m in again.messages if m["type"] == "error"], again.messages
    for x in (c, again):
        x.close()
