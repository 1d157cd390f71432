"""A match resumed in the call window of its last discard (after a restart, or taken over by
another process of a group) holds that window the same public time from the resume whoever
may answer it, and shows the table meanwhile to the seats asked in it alone: who may call is
each seat's secret, and a window that closed at once when nobody may answer, but waited for a
person who may, told every viewer that someone could call (table_viewers.py says why hidden).

A real server resumes tables a process left stored in the same window: the same deal and the
same discarder, whose discard nobody may call, a person (bob) may call, or only a computer
player may. The tables' clocks stand still until the test moves them (clocked_server.py), so
"when" below is the test's clock, not the loaded machine's."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.clock import ManualClock
from jantaku.engine.game import Game
from jantaku.families import family
from jantaku.server.auth import Accounts
from jantaku.server.config import ServerSettings, TableConfig, table_config
from jantaku.server.seats import Seat
from jantaku.server.storage import Store, StoredAction
from jantaku.server.tables import Table
from tests.server.clocked import ClockedServer
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import REPLY_LIMIT, Client
from tests.server.rows import quick_table_row

HOLD = 5.0  # --call-seconds: the call-prompt time, and so the hold of a resumed window
ALICE, BOB = 0, 2  # the persons; seats 1 and 3 are computer players; alice discards first
QUIET = 1.0  # real seconds without a message after which a viewer is taken to have none
#: what each table's window is: whose discard nobody may call, bob may (he passes, or he
#: calls), or only a computer player may
CASES = ("nobody", "person", "bot", "call")


def _game(config: TableConfig, seed: str) -> Game:
    game = family(config.family).new_game(
        config.preset, seed, clock=ManualClock(), overrides=config.overrides
    )
    game.hold_calls = True
    return game


def _discards(config: TableConfig) -> tuple[str, dict[str, Action]]:
    """A seed whose first discard (alice's, the dealer's) can be a tile nobody may call, one
    only bob may call (not a win), and one only computer players may; those discards."""
    for n in range(500):
        seed = f"resumed-window-{n}"
        game = _game(config, seed)
        found: dict[str, Action] = {}
        for action in game.legal_actions(ALICE):
            if action.kind is not ActionKind.DISCARD:
                continue
            after = game.clone()
            after.apply(action)
            asked = set(after.to_act())
            wins = any(a.kind is ActionKind.RON for s in asked for a in after.legal_actions(s))
            if not asked:
                found.setdefault("nobody", action)
            elif asked == {BOB} and not wins:
                found.setdefault("person", action)
            elif asked <= {1, 3} and not wins:
                found.setdefault("bot", action)
        if len(found) == 3:
            return seed, found
    raise AssertionError("no seed gives the three windows")


def _store_tables(database: str, fence: int | None) -> tuple[dict[str, str], str, str, int]:
    """The tables of :data:`CASES`, stored live as a process that died left them, each in
    the window of alice's first discard (stored ten minutes ago: its own time is long over);
    (table ids by case, alice's token, bob's token, the match's events once the window
    nobody may answer closed: what a viewer saw who saw it close before the process died)."""
    config = table_config("party", "quick")
    seed, discards = _discards(config)
    discards["call"] = discards["person"]
    game = _game(config, seed)
    game.apply(discards["nobody"])
    game.close_calls()
    closed = len(game.log)
    store = Store(database)
    try:
        auth = Accounts(store)
        (alice, alice_token), (bob, bob_token) = auth.guest(), auth.guest()
        tables = {}
        for case in CASES:
            row = quick_table_row("party", seed=seed, fence=fence or 0)
            row.started_at = time.time() - 600
            seats = [Seat(name=f"filler-{i}", bot="filler") for i in range(4)]
            seats[ALICE] = Seat(user_id=alice.id, name=alice.name)
            seats[BOB] = Seat(user_id=bob.id, name=bob.name)
            row.seats = [s.stored() for s in seats]
            store.create_table(row)
            store.append_action(row.id, 1, discards[case].to_json(), 1.0, "player", fence)
            tables[case] = row.id
    finally:
        store.close()
    return tables, alice_token, bob_token, closed


class _Viewer:
    """A connection and what it received, each message with the test clock's time then."""

    def __init__(self, server: ClockedServer, token: str) -> None:
        self.server = server
        self.client = Client(server, token)
        self.seen: list[tuple[float, dict[str, Any]]] = []

    def read(self, timeout: float) -> dict[str, Any]:
        msg = self.client.recv(timeout)
        self.seen.append((self.server.now, msg))
        return msg

    def expect(self, kind: str, table: str) -> dict[str, Any]:
        """The first ``kind`` message of ``table`` received, read until it comes."""
        while True:
            found = [m for _, m in self.of(table) if m["type"] == kind]
            if found:
                return found[0]
            msg = self.read(REPLY_LIMIT)
            assert msg["type"] != "error", msg

    def settle(self) -> None:
        """Read until the server has answered everything sent so far and then stays quiet."""
        self.client.send({"type": "ping"})
        while self.read(REPLY_LIMIT)["type"] != "pong":
            pass
        with contextlib.suppress(TimeoutError):
            while True:
                self.read(QUIET)

    def of(self, table: str) -> list[tuple[float, dict[str, Any]]]:
        return [(t, m) for t, m in self.seen if _table_of(m) == table]


def _table_of(msg: dict[str, Any]) -> str | None:
    """The table a message is about (a snapshot and a table update carry its summary)."""
    table = msg.get("table")
    return str(table["id"]) if isinstance(table, dict) else table


def _shape(msg: dict[str, Any]) -> dict[str, Any]:
    """What a message tells apart from the tiles themselves (the discarded tile differs)."""
    view = msg.get("view") or {}
    return {
        "type": msg["type"],
        "seq": msg.get("seq"),
        "to_act": msg.get("to_act"),
        "deadlines": msg.get("deadlines"),
        "clocks": msg.get("clocks"),
        "phase": view.get("phase"),
        "turn": view.get("turn"),
        "between_hands": msg.get("between_hands"),
        "events": [(e["type"], e.get("seat")) for e in msg.get("events", ())],
    }


def _until_shown(viewer: _Viewer, table: str) -> list[tuple[float, dict[str, Any]]]:
    """What ``viewer`` received of ``table`` up to its snapshot (read until it comes), with
    the test clock's time of each."""
    viewer.expect("snapshot", table)
    out = []
    for t, m in viewer.of(table):
        out.append((t, _shape(m)))
        if m["type"] == "snapshot":
            return out
    raise AssertionError("unreachable")


def _check_resumed_windows(
    server: ClockedServer, tables: dict[str, str], tokens: Any, closed: int
) -> None:
    """``closed``: the events of the nobody's window once closed, which bob says he saw (the
    window may have closed on every screen before the process died): not taken back."""
    alice_token, bob_token, watcher_token = tokens
    watcher = _Viewer(server, watcher_token)
    alice = _Viewer(server, alice_token)
    bob = _Viewer(server, bob_token)
    viewers = {"watcher": watcher, "alice": alice, "bob": bob}
    resumed_at = server.now
    for case in CASES:  # every table the same way, in the same order
        table = tables[case]
        watcher.client.send({"type": "watch", "table": table})
        alice.client.send({"type": "join", "table": table, "seen": 0})
        seen = closed if case in ("nobody", "bot") else 0
        bob.client.send({"type": "join", "table": table, "seen": seen})
    for case in ("person", "call"):  # bob is asked, in his own prompt, and answers
        table = tables[case]
        bob.expect("snapshot", table)
        prompt = bob.expect("prompt", table)
        kinds = {a["type"] for a in prompt["legal_actions"]}
        assert {"pon", "pass"} <= kinds, prompt
        hint = _hint(bob, table, f"asked-{case}")  # bob's own prompt: he may ask for a hint
        assert hint["type"] == "hint" and hint["action"] in prompt["legal_actions"], hint
        answer = "pass" if case == "person" else "pon"
        action = next(a for a in prompt["legal_actions"] if a["type"] == answer)
        bob.client.send({"type": "act", "table": table, "seq": prompt["seq"], "action": action})
    # a hint asked during the hold by a seat not asked (any more) is refused alike at every
    # table, whoever may call there, and shows nothing of it
    for name, viewer in (("alice", alice), ("bob", bob)):
        refused = {case: _hint(viewer, tables[case], f"{name}-{case}") for case in CASES}
        shapes = {case: (m["type"], m.get("code"), m.get("message")) for case, m in refused.items()}
        assert set(shapes.values()) == {("error", "not_your_turn", shapes["nobody"][2])}, shapes
    # while the test clock stands still, and until just before the hold's end, the tables
    # show nothing to anybody but a seat asked in the window (bob's answer shows nothing)
    for moved in (0.0, HOLD - 0.5):
        server.advance(moved)
        for viewer in viewers.values():
            viewer.settle()
        for name, viewer in viewers.items():
            for case in CASES:
                seen = [m["type"] for _, m in viewer.of(tables[case])]
                # a seat asked coming back tells nobody, itself included, before the hold's end
                mine = ["snapshot", "prompt", "hint"] if (name, case) in _ASKED else []
                assert seen == mine, (name, case, seen)
        # nor does the table's summary tell who was let in (bob is back at each table)
        seats = {case: server.get(f"/api/tables/{tables[case]}").json()["seats"] for case in CASES}
        assert all(s == seats["nobody"] for s in seats.values()), seats
        assert seats["nobody"][BOB]["connected"] and seats["nobody"][ALICE]["connected"]
    server.advance(0.5)  # the hold is over: every window ends, and the viewers are let in
    for name in ("watcher", "alice"):
        viewer = viewers[name]
        seen = {case: _until_shown(viewer, tables[case]) for case in CASES}
        # the same messages at the same moments, whoever could call
        assert seen["person"] == seen["nobody"], (name, seen["person"], seen["nobody"])
        assert seen["bot"] == seen["nobody"], (name, seen["bot"], seen["nobody"])
        assert {t for t, _ in seen["nobody"]} == {resumed_at + HOLD}, (name, seen["nobody"])
        assert seen["nobody"][-1][1]["phase"] == "turn"  # the window closed: the next seat drew
        assert seen["nobody"][-1][1]["turn"] == ALICE + 1
        # bob's call is shown at the same moment, and nothing else differs
        assert [t for t, _ in seen["call"]] == [t for t, _ in seen["nobody"]]
        assert seen["call"][-1][1]["turn"] == BOB, seen["call"]
    for case in ("nobody", "bot"):  # bob was not asked: let in at the hold's end too, from
        snapshot = bob.expect("snapshot", tables[case])  # the events he had seen
        assert [t for t, m in bob.of(tables[case]) if m is snapshot] == [resumed_at + HOLD]
        assert snapshot["missed"] == {"from": closed, "events": [], "count": closed}
    called = [m for _, m in bob.of(tables["call"]) if m["type"] == "events"]
    while not called:
        bob.read(REPLY_LIMIT)
        called = [m for _, m in bob.of(tables["call"]) if m["type"] == "events"]
    assert ("called", BOB) in _shape(called[0])["events"], called[0]
    for viewer in viewers.values():
        viewer.client.close()


def _hint(viewer: _Viewer, table: str, ref: str) -> dict[str, Any]:
    """The answer to a ``hint`` for ``table`` sent now (a hint, or its refusal)."""
    viewer.client.send({"type": "hint", "table": table, "id": ref})
    while True:
        msg = viewer.read(REPLY_LIMIT)
        if msg.get("ref") == ref:
            return msg


#: (viewer, table) where the viewer is a seat asked in the window: let in at once
_ASKED = {("bob", "person"), ("bob", "call")}


def _serve(database: str, clock: Path, *extra: str) -> ClockedServer:
    return ClockedServer(
        database,
        clock,
        "--call-seconds",
        str(HOLD),
        "--grace-seconds",
        "600",
        *extra,
        tables=True,
    )


def test_a_restarted_window_ends_the_same_whoever_may_call(database: str, tmp_path: Path) -> None:
    """After a restart (the server finds the stored live tables and resumes them): every
    window ends the hold after the resume, and bob, who may call, is prompted and calls."""
    tables, alice, bob, closed = _store_tables(database, None)
    server = _serve(database, tmp_path / "clock").start()
    try:
        watcher = server.guest()
        _check_resumed_windows(server, tables, (alice, bob, watcher), closed)
    finally:
        server.stop()


@needs_cluster
def test_a_taken_over_window_ends_the_same_whoever_may_call(
    pg_database: str, tmp_path: Path
) -> None:
    """The same when a process of a group takes the tables over from a dead owner (their
    leases are free: the process's scan claims them)."""
    assert REDIS is not None
    server = _serve(pg_database, tmp_path / "clock", "--redis", REDIS).start()
    try:
        tables, alice, bob, closed = _store_tables(pg_database, 0)
        _until_claimed(pg_database, list(tables.values()))
        watcher = server.guest()
        _check_resumed_windows(server, tables, (alice, bob, watcher), closed)
    finally:
        server.stop()


def _until_claimed(database: str, tables: list[str]) -> None:
    """Wait until a process claimed every table (its fencing number went up)."""
    store = Store(database)
    try:
        deadline = time.monotonic() + REPLY_LIMIT
        while any((store.table_fence(t) or 0) < 1 for t in tables):
            assert time.monotonic() < deadline, "the tables were not claimed"
            time.sleep(0.1)
    finally:
        store.close()


def test_computer_players_alone_get_no_hold() -> None:
    """A table of computer players alone (nobody watches it play) resumes without a hold: a
    window whose time ran out while the table was down closes at once."""
    config = table_config("party", "quick")
    seed, discards = _discards(config)
    table = Table("alone", config, Store("sqlite://"), ServerSettings(), seed=seed)
    table.seats = [Seat(name=f"filler-{i}", bot="filler") for i in range(4)]
    table.replay([StoredAction(1, discards["nobody"].to_json(), 1.0, "bot")], time.time() - 600)
    assert table.engine is not None and table.engine.holding
    table.resumed()
    assert not table.engine.awaiting_calls()  # the window closed: the next seat drew
    table.store.close()
