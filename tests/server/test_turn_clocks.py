"""The clock a timed table shows: the turn time and the bank apart (``turn_left`` and ``bank`` in
a prompt, ``clocks`` in events and snapshots), the turn time running first, then the bank; the
bank to its own seat only; and nothing of it while a call window is open."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from tests.server.checks import stored_bank
from tests.server.clocked import ClockedServer
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
        msg = c.recv()
        if msg["type"] == "prompt" and _is_turn(msg):
            return msg
        if msg["type"] == "prompt":
            c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
        if msg["type"] == "events" and msg["between_hands"]:
            c.send({"type": "continue", "table": table})


def test_the_turn_time_runs_first_then_the_bank(database: str, tmp_path: Path) -> None:
    # the turn times and banks run on a clock the test moves (clocked.py): what a seat has
    # spent is exactly what the test moved, however slowly a loaded machine answers
    server = ClockedServer(
        database,
        tmp_path / "clock",
        *("--turn-seconds", str(TURN), "--bank-seconds", str(BANK), "--grace-seconds", "60"),
    ).start()
    try:
        c = Client(server, server.guest())
        table, me = _practice(c)
        prompt = _own_turn(c, table)
        assert _clock(prompt) == (TURN, BANK, TURN + BANK)  # nothing spent yet
        server.advance(TURN + 1.0)  # the turn time is over, and a second of the bank spent
        c.send({"type": "join", "table": table})  # a fresh snapshot and prompt
        snap = c.expect("snapshot")
        assert snap["to_act"] == [me]
        assert snap["clocks"][str(me)] == {"turn_left": 0, "bank": BANK - 1.0}
        assert snap["deadlines"][str(me)] == BANK - 1.0
        assert _clock(c.expect("prompt")) == (0, BANK - 1.0, BANK - 1.0)
        server.advance(0.5)  # the discard comes 1.5 s into the bank: taken from it, and kept
        c.send({"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)})
        prompt = _own_turn(c, table)
        assert _clock(prompt) == (TURN, BANK - 1.5, TURN + BANK - 1.5)  # a whole turn time again
        assert stored_bank(database, table, me) == BANK - 1.5
        server.advance(TURN + BANK - 1.5)  # all of it spent: the timer discards for the seat
        c.send({"type": "join", "table": table})  # wakes the table now rather than later
        while True:  # nobody answers (each message within the harness's REPLY_LIMIT)
            msg = c.recv()
            if msg["type"] == "events" and any(
                e["type"] == "discarded" and e["seat"] == me for e in msg["events"]
            ):
                break
        assert stored_bank(database, table, me) == 0
    finally:
        server.stop()


def _clock(prompt: dict[str, Any]) -> tuple[float, float, float]:
    """A prompt's turn time left, bank left and deadline."""
    return prompt["turn_left"], prompt["bank"], prompt["deadline"]


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
            msg = me_client.recv()
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
