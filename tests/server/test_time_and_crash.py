"""Timers, takeover by a computer player, SIGKILL in the middle of hands, SIGTERM."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.checks import check_record, stored_actions
from tests.server.clocked import ClockedServer
from tests.server.harness import Client, ServerProcess, choose


def _table(c: Client, kind: str = "practice") -> str:
    c.send({"type": "create", "kind": kind, "length": "quick"})
    table = str(c.expect("created")["table"]["id"])
    c.send({"type": "join", "table": table, "fill_bots": True})
    return table


def test_timeout_discards_the_drawn_tile(database: str, tmp_path: Path) -> None:
    # the turn times run on a clock the test moves (clocked.py): the seat's time is up when
    # the test says, however slowly a loaded machine answers or lets the test read
    server = ClockedServer(
        database,
        tmp_path / "clock",
        *("--turn-seconds", "0.3", "--call-seconds", "0.3", "--bank-seconds", "0.2"),
    ).start()
    try:
        c = Client(server, server.guest())
        table = _table(c)
        prompt = c.expect("prompt")
        while not any(a["type"] == "discard" for a in prompt["legal_actions"]):
            c.send({"type": "act", "table": table, "seq": prompt["seq"], "action": choose(prompt)})
            prompt = c.expect("prompt")  # a call prompt is answered: the own turn is timed
        assert prompt["deadline"] == 0.5  # turn time plus bank
        me = prompt["seat"]
        server.advance(0.49)
        c.send({"type": "join", "table": table})  # wakes the table: the seat's time is not up
        snap = c.expect("snapshot")
        assert snap["to_act"] == [me] and snap["deadlines"] == {str(me): 0.01}
        server.advance(0.01)
        c.send({"type": "join", "table": table})  # wakes the table: now it is
        while True:  # say nothing: the server acts for us
            m = c.recv()
            if m["type"] == "events" and any(
                e["type"] == "discarded" and e["seat"] == me for e in m["events"]
            ):
                break
        auto = next(e for e in m["events"] if e["type"] == "discarded" and e["seat"] == me)
        assert auto["tsumogiri"]
        # the seat's first discard is the timer's
        mine = [a for a in stored_actions(database, table) if a.action["seat"] == me]
        first = next(a for a in mine if a.action["type"] == "discard")
        assert first.source == "timeout"
        assert c.play(table) is not None
        check_record(server, table, tmp_path)
        c.close()
    finally:
        server.stop()


def test_absent_player_is_replaced_then_gets_the_seat_back(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, "--grace-seconds", "0.3", "--bot-delay", "0.02").start()
    try:
        token = server.guest()
        c = Client(server, token)
        table = _table(c, "party")
        c.play(table, stop_after=2)
        c.close()
        deadline = time.monotonic() + 20  # grace over: a computer player plays the seat
        while "bot" not in {a.source for a in stored_actions(database, table)[-30:]}:
            assert time.monotonic() < deadline, "no computer player took the absent seat"
            time.sleep(0.1)
        back = Client(server, token)
        back.send({"type": "join", "table": table})
        snap = back.expect("snapshot")
        assert snap["table"]["seats"][snap["seat"]]["takeover"] is False
        result = back.play(table)
        assert result is not None
        mine = [a for a in stored_actions(database, table) if a.action["seat"] == snap["seat"]]
        assert mine[-1].source == "player"  # control came back
        check_record(server, table, tmp_path)
        back.close()
    finally:
        server.stop()


def test_sigkill_mid_hand_then_restart_and_finish(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, "--grace-seconds", "30").start()
    tokens = [server.guest() for _ in range(3)]
    clients = [Client(server, t) for t in tokens]
    tables = [_table(c) for c in clients]
    for i, (c, t) in enumerate(zip(clients, tables, strict=True)):
        assert c.play(t, stop_after=7 + 11 * i) is None  # each table somewhere in a hand
    before = {t: len(stored_actions(database, t)) for t in tables}
    server.kill()
    for c in clients:
        c.close()
    server = ServerProcess(database, "--grace-seconds", "30")
    server.start()
    try:
        for t in tables:  # nothing lost: every acknowledged action is still there
            assert len(stored_actions(database, t)) == before[t]
        again = [Client(server, tok) for tok in tokens]
        for c, t in zip(again, tables, strict=True):
            c.send({"type": "join", "table": t})
            c.expect("snapshot")  # its public step: test_resumed_step.py
        for c, t in zip(again, tables, strict=True):
            assert c.play(t) is not None
            check_record(server, t, tmp_path)
            c.close()
    finally:
        server.stop()


def test_sigterm_tells_clients_to_reconnect(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, "--grace-seconds", "30").start()
    token = server.guest()
    c = Client(server, token)
    table = _table(c)
    c.play(table, stop_after=4)
    assert server.terminate() in (0, -15)  # uvicorn re-raises SIGTERM after a clean shutdown
    assert any(m["type"] == "shutdown" and m["reconnect"] for m in _drain(c))
    server = ServerProcess(database, "--grace-seconds", "30").start()
    try:
        back = Client(server, token)
        back.send({"type": "join", "table": table})
        assert back.play(table) is not None
        check_record(server, table, tmp_path)
        back.close()
    finally:
        server.stop()


def _drain(c: Client) -> list[dict[str, object]]:
    out = list(c.messages)
    try:
        for _ in range(1000):
            out.append(c.recv(2))
    except Exception:
        pass
    return out
