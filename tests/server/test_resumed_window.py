"""A match resumed after a restart in the call window of its last discard: the window gets
back only what was left of it (it closes when it would have without the restart), as a seat's
time bank keeps only what was left. A real server process is killed and started again."""

from __future__ import annotations

import time

from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.storage import Store
from jantaku.server.tables import Table
from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess, choose

WINDOW = 2.0  # seconds every call window of a table of one person stays open


def _practice(c: Client) -> tuple[str, int]:
    c.send({"type": "create", "kind": "practice", "length": "quick"})
    table = str(c.expect("created")["table"]["id"])
    c.send({"type": "join", "table": table, "fill_bots": True})
    return table, int(c.expect("snapshot")["seat"])


def _my_discard_shown(c: Client, table: str, me: int) -> int:
    """Play until this seat's discard is shown; the count of the match's events then."""
    while True:
        msg = c.recv(60)
        if msg["type"] == "prompt":
            c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
        if msg["type"] == "events" and msg["between_hands"]:
            c.send({"type": "continue", "table": table})
        if msg["type"] == "events" and any(
            e["type"] == "discarded" and e["seat"] == me for e in msg["events"]
        ):
            break
    c.send({"type": "join", "table": table, "seen": 0})
    return int(c.expect("snapshot")["missed"]["count"])


def _empty_window_after(database: str, table_id: str, me: int) -> bool:
    """Whether the stored match ends with this seat's discard, in a call window nobody may
    answer (nobody could call, or everybody has answered): played again here, offline."""
    actions = stored_actions(database, table_id)
    last = actions[-1].action if actions else {}
    if last.get("type") != "discard" or last.get("seat") != me:
        return False
    store = Store(database)
    try:
        row = store.table(table_id)
    finally:
        store.close()
    assert row is not None and row.started_at is not None
    config = TableConfig.from_json(row.config)
    table = Table(table_id, config, store, ServerSettings(), seed=row.seed)
    table.replay(actions, row.started_at)
    assert table.engine is not None
    return table.engine.holding


def test_a_restart_gives_a_call_window_back_only_what_was_left(database: str) -> None:
    """The server dies in the window of a discard nobody could call, and is down until the
    window's time has run out: once back, the match has moved past that window before
    anybody sees it (before, the window opened again for the whole call window)."""
    args = ("--solo-call-window", str(WINDOW), "--grace-seconds", "60")
    server = ServerProcess(database, *args).start()
    token = server.guest()
    c = Client(server, token)
    try:
        table, me = _practice(c)
        for _ in range(20):  # a discard somebody could call is answered and stored: the next
            count = _my_discard_shown(c, table, me)
            server.kill()
            if _empty_window_after(database, table, me):
                break
            server = ServerProcess(database, *args).start()
            c = Client(server, token)
            c.send({"type": "join", "table": table})
            c.expect("snapshot")
        else:
            raise AssertionError("no discard of this seat was stored in an empty window")
        time.sleep(WINDOW)  # the window's time runs out while the server is down
        server = ServerProcess(database, *args).start()
        again = Client(server, token)
        again.send({"type": "join", "table": table, "seen": count})
        snap = again.expect("snapshot")
        # the discard's window closed: the next seat drew (events this seat has not seen)
        assert snap["missed"]["events"], snap["missed"]
        assert snap["missed"]["count"] > count
    finally:
        server.stop()
