"""The clock a timed table shows: the turn time and the bank apart (``turn_left`` and ``bank`` in
a prompt, ``clocks`` in events and snapshots), the turn time running first, then the bank; the
bank to its own seat only; and nothing of it while a call window is open."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from tests.server.harness import Client, ServerProcess, choose

TURN, BANK = 1.5, 6.0


def _is_turn(prompt: dict[str, Any]) -> bool:
    return any(a["type"] == "discard" for a in prompt["legal_actions"])


def _practice(c: Client) -> tuple[str, int]:
    c.send({"type": "create", "kind": "practice", "length": "quick"})
    table = str(c.expect("created")["table"]["id"])
    c.send({"type": "join", "table": table, "fill_bots": True})
    return table, int(c.expect("snapshot")["seat"])


def _own_turn(c: Client, table: str) -> dict[str, Any]:
    """Answer calls until the own turn is prompted; that prompt."""
    while True:
        msg = c.recv(30)
        if msg["type"] == "prompt" and _is_turn(msg):
            return msg
        if msg["type"] == "prompt":
            c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
        if msg["type"] == "events" and msg["between_hands"]:
            c.send({"type": "continue", "table": table})


def test_the_turn_time_runs_first_then_the_bank(database: str) -> None:
    server = ServerProcess(
        database, "--turn-seconds", str(TURN), "--bank-seconds", str(BANK), "--grace-seconds", "60"
    ).start()
    try:
        c = Client(server, server.guest())
        table, me = _practice(c)
        prompt = _own_turn(c, table)
        assert 0 < prompt["turn_left"] <= TURN
        assert prompt["bank"] == BANK  # nothing spent yet
        assert abs(prompt["turn_left"] + prompt["bank"] - prompt["deadline"]) < 0.01
        time.sleep(TURN + 1.0)  # the turn time is over: about a second of the bank is spent
        c.send({"type": "join", "table": table})  # a fresh snapshot and prompt
        snap = c.expect("snapshot")
        assert snap["to_act"] == [me]
        clock = snap["clocks"][str(me)]
        assert clock["turn_left"] == 0
        assert BANK - 3.0 < clock["bank"] < BANK - 0.9, clock
        assert abs(clock["bank"] - snap["deadlines"][str(me)]) < 0.2
        again = c.expect("prompt")
        assert again["turn_left"] == 0 and BANK - 3.0 < again["bank"] < BANK - 0.9
    finally:
        server.stop()


def test_a_call_window_shows_no_clock(database: str) -> None:
    server = ServerProcess(database, "--turn-seconds", "20", "--grace-seconds", "60").start()
    me_client = Client(server, server.guest())
    watcher = Client(server, server.guest())
    try:
        table, me = _practice(me_client)
        watcher.send({"type": "watch", "table": table})
        watcher.expect("snapshot")
        windows = own_calls = 0
        while windows < 40 or not own_calls:
            msg = me_client.recv(30)
            if msg["type"] == "prompt":
                if not _is_turn(msg):  # a call prompt: the seat's own clock, for it alone
                    own_calls += 1
                    assert msg["turn_left"] is not None and msg["bank"] is not None
                me_client.send(
                    {"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)}
                )
                continue
            if msg["type"] != "events":
                continue
            if msg["between_hands"]:
                me_client.send({"type": "continue", "table": table})
            assert set(msg["clocks"]) == set(msg["deadlines"]) == {str(s) for s in msg["to_act"]}
            if msg["view"]["phase"] in ("calls", "chankan"):
                windows += 1
                assert msg["to_act"] == [] and msg["clocks"] == {} and msg["deadlines"] == {}
            assert windows < 3000, "no call prompt for the player"
        with contextlib.suppress(TimeoutError):
            while True:
                watcher.recv(1)
        seen = [m for m in watcher.messages if m["type"] == "events"]
        assert seen and all(
            m["clocks"] == {} for m in seen if m["view"]["phase"] in ("calls", "chankan")
        )
        assert any(m["clocks"] for m in seen)  # the seat on turn shows its turn time to all
        # but its bank to nobody else: thinking long over a call prompt spends the bank, so
        # another seat's bank would tell who could have called
        for m in seen:
            for seat, clock in m["clocks"].items():
                assert set(clock) == {"turn_left"} and m["deadlines"][seat] == clock["turn_left"]
        own = [m for m in me_client.messages if m["type"] == "events" and m["clocks"]]
        assert any(str(me) in m["clocks"] for m in own)
        for m in own:
            for seat, clock in m["clocks"].items():
                assert ("bank" in clock) == (seat == str(me)), (seat, clock)
    finally:
        me_client.close()
        watcher.close()
        server.stop()
