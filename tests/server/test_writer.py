"""The writer thread (group commit): every action stored once and in order, with its fencing
number; nothing is shown before it is stored; a refused write stops the table at once; a
match's end is recorded after its actions; stopping (and a drain) stores everything accepted
before it lets go. The oracle is the database itself and the tables' own in-memory matches."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.messages import Events, MatchEnded, TableUpdate
from jantaku.server.storage import ActionRecord, Fenced, Store
from jantaku.server.tables import Table
from jantaku.server.writer import ActionWrite, Writer
from tests.server.cluster_env import joined_cluster
from tests.server.rows import live_table_row


class Viewer:
    """A spectator that checks, at every message it gets, that everything its table accepted
    is stored by then (a crash loses nothing any client was shown)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.table: Table | None = None
        self.messages: list[Any] = []
        self.unstored: list[tuple[int, int]] = []  # (accepted, stored) when it was not so
        self.ended = asyncio.Event()  # the match's end was shown

    def send(self, message: Any, ref: Any = None) -> None:
        self.messages.append(message)
        assert self.table is not None
        stored = len(self.store.actions(self.table.id))
        if stored != self.table.seq:
            self.unstored.append((self.table.seq, stored))
        if isinstance(message, MatchEnded):
            self.ended.set()


#: seconds after which a wait for the tables is taken for a hang: no limit of the behaviour
#: under test, only of how long a broken test may keep a worker (a loaded machine plays a match
#: many times slower than an idle one)
HANG = 900.0


async def first_match_ended(viewers: list[Viewer]) -> None:
    """Until one of the viewers has been shown its match's end."""
    waits = [asyncio.ensure_future(v.ended.wait()) for v in viewers]
    try:
        done, _ = await asyncio.wait(waits, timeout=HANG, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()
    assert done, "no match ended: the tables hang"


def _slow(store: Store, seconds: float) -> None:
    """Every transaction of the writer thread takes ``seconds`` longer (writes pile up)."""
    original = store.append_actions

    def slow(records: list[ActionRecord]) -> list[BaseException | None]:
        time.sleep(seconds)
        return original(records)

    store.append_actions = slow  # type: ignore[method-assign]


def _record(table: str, seq: int, fence: int | None = None) -> ActionRecord:
    action = {"type": "discard", "seat": seq % 4, "tile": f"{seq % 9 + 1}m"}
    return ActionRecord(table, seq, action, seq / 10, "bot", fence)


def _bot_tables(lobby: Lobby, n: int) -> list[tuple[Table, Viewer]]:
    """``n`` tables of computer players, each watched by a :class:`Viewer`, playing."""
    tables = []
    for _ in range(n):
        table = lobby.create("practice", "quick")
        table.fill_with_bots()
        viewer = Viewer(lobby.store)
        viewer.table = table
        table.attach(viewer, None)
        table.start()
        table.run()
        tables.append((table, viewer))
    return tables


def test_actions_are_stored_once_in_order(database: str) -> None:
    """Interleaved actions of several tables, queued faster than they are stored: each table's
    rows are exactly its actions in order, and every outcome is told once, in queue order."""
    store = Store(database)
    told: list[tuple[str, int, BaseException | None]] = []

    async def scenario() -> None:
        writer = Writer(store, asyncio.get_running_loop(), batch=7)
        _slow(store, 0.002)
        for seq in range(1, 41):
            for table in ("a", "b", "c"):
                r = _record(table, seq)
                writer.append(ActionWrite(r, lambda e, r=r: told.append((r.table_id, r.seq, e))))
        await asyncio.wait_for(writer.flush(), 60)
        writer.close()

    try:
        for table in ("a", "b", "c"):
            store.create_table(live_table_row(table, "practice"))
        asyncio.run(scenario())
        for table in ("a", "b", "c"):
            stored = store.actions(table)
            assert [a.seq for a in stored] == list(range(1, 41))
            assert [a.action for a in stored] == [_record(table, s).action for s in range(1, 41)]
        expected = [(t, s, None) for s in range(1, 41) for t in ("a", "b", "c")]
        assert told == expected
        assert sum(n for _s, n in store.transactions) == 120
    finally:
        store.close()


def test_a_refused_write_stops_the_rest_of_that_table_only(database: str) -> None:
    """A table fenced off mid-queue: its refused write and every later one fail (Fenced, no
    gap in its actions), while the other table's writes in the same transactions are stored."""
    store = Store(database)
    told: dict[tuple[str, int], BaseException | None] = {}
    again = _record("old", 1, fence=2)

    async def scenario() -> None:
        writer = Writer(store, asyncio.get_running_loop())
        gate = threading.Event()
        original = store.append_actions

        def held(records: list[ActionRecord]) -> list[BaseException | None]:
            gate.wait(10)  # everything below is queued before the first transaction
            return original(records)

        store.append_actions = held  # type: ignore[method-assign]
        for seq in range(1, 7):
            for table in ("old", "other"):
                r = _record(table, seq, fence=1)
                writer.append(ActionWrite(r, lambda e, r=r: told.update({(r.table_id, r.seq): e})))
        store.claim_fence("old")  # another process takes "old" over (fence 2)
        gate.set()
        await asyncio.wait_for(writer.flush(), 60)
        # claimed again (by this process, say): with the new number its writes are stored
        writer.append(ActionWrite(again, lambda e: told.update({("again", 1): e})))
        await asyncio.wait_for(writer.flush(), 60)
        writer.close()

    try:
        for table in ("old", "other"):
            store.create_table(live_table_row(table, "practice", fence=1))
        asyncio.run(scenario())
        assert all(isinstance(told[("old", s)], Fenced) for s in range(1, 7))
        assert told[("again", 1)] is None
        assert [(a.seq, a.action) for a in store.actions("old")] == [(1, again.action)]
        assert [a.seq for a in store.actions("other")] == list(range(1, 7))
        assert all(told[("other", s)] is None for s in range(1, 7))
    finally:
        store.close()


def test_nothing_is_shown_before_it_is_stored(database: str) -> None:
    """Computer players at full speed over a slow database: every message a spectator gets
    comes when all its table accepted is stored; stopping stores the rest; the stored actions
    replay to the very match the table played; a finished match is recorded."""
    store = Store(database)

    async def scenario() -> list[tuple[Table, Viewer]]:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0, hand_pause=0.0, solo_hand_pause=0.0))
        lobby.run_all()
        assert lobby.writer is not None
        _slow(store, 0.005)
        tables = _bot_tables(lobby, 3)
        seen_pending = 0
        writer = lobby.writer

        async def sample() -> None:
            nonlocal seen_pending
            while True:
                seen_pending = max(seen_pending, writer.pending)
                await asyncio.sleep(0.01)

        sampler = asyncio.create_task(sample())
        # the first match to end; the others are stopped wherever they are
        await first_match_ended([v for _t, v in tables])
        sampler.cancel()
        assert seen_pending > 0  # writes did pile up behind the slow database
        await lobby.stop_all()  # stores what was accepted before it returns
        return tables

    try:
        tables = asyncio.run(scenario())
        for table, viewer in tables:
            assert viewer.unstored == []
            assert any(isinstance(m, Events) for m in viewer.messages)
            stored = store.actions(table.id)
            assert [a.seq for a in stored] == list(range(1, table.seq + 1))
            assert table.engine is not None
            replay = Table(table.id, table.config, store, ServerSettings(), seed=table.seed)
            replay.seats = table.seats
            replay.replay(stored, table.started_at)  # its stored match, played again
            assert replay.engine is not None
            if replay.engine.holding and not table.engine.holding:
                replay.engine.close_calls()  # the table's window had closed in its time
            assert [e.to_json() for e in replay.engine.log] == [
                e.to_json() for e in table.engine.log
            ]
            if table.status == "finished":  # the end is recorded, and shown after that
                assert store.game(table.id) is not None
                assert isinstance(viewer.messages[-1], MatchEnded)
        assert any(table.status == "finished" for table, _v in tables)
    finally:
        store.close()


def test_an_expired_table_is_told_once_stored(tmp_path: Any) -> None:
    """An open table nobody uses expires (``Table.expire``): its row is stored as expired by
    the writer thread, and its viewers are told only then."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    gate = threading.Event()
    told: list[tuple[Any, str | None]] = []

    class Watcher:
        def send(self, message: Any, ref: Any = None) -> None:
            row = store.table(table.id)
            told.append((message, None if row is None else row.status))

    async def scenario() -> None:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0))
        lobby.run_all()
        nonlocal table
        table = lobby.create("party", "quick")
        table.attach(Watcher(), None)
        await lobby.flush()
        await table.outbox.settled()
        told.clear()
        original = store.update_table

        def held(*args: Any, **kwargs: Any) -> None:
            gate.wait(10)
            original(*args, **kwargs)

        store.update_table = held  # type: ignore[method-assign]
        table.expire()
        assert told == []  # its row is not stored yet
        gate.set()
        await lobby.flush()
        await lobby.stop_all()

    table: Table = None  # type: ignore[assignment]
    try:
        asyncio.run(scenario())
        assert [(type(m), m.table["status"], row) for m, row in told] == [
            (TableUpdate, "expired", "expired")
        ]
    finally:
        store.close()


def test_a_refused_action_is_never_shown(tmp_path: Any) -> None:
    """A table driven with fencing number 1 after another process claimed it: its computer
    players' next action is refused by the writer; the table stops (``moved``), tells its
    owner, and its spectator is shown nothing of it; nothing is stored."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    viewer = Viewer(store)
    gone: list[str] = []

    async def scenario() -> Table:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0))
        lobby.claim = _fence_one
        lobby.on_lost = lambda table: gone.append(table.id)
        lobby.run_all()
        table = lobby.create("practice", "quick")
        table.fill_with_bots()
        viewer.table = table
        table.attach(viewer, None)
        table.start()
        await lobby.flush()  # the table's row is stored (by the writer thread) before the claim
        await table.outbox.settled()  # and what waited for it is shown
        assert store.claim_fence(table.id) == 2  # another process took the table over
        shown = len(viewer.messages)
        table.run()
        deadline = time.monotonic() + HANG
        while table.status == "live" and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await lobby.flush()
        assert len(viewer.messages) == shown
        await lobby.stop_all()
        return table

    try:
        table = asyncio.run(scenario())
        assert table.status == "moved" and gone == [table.id]
        assert store.actions(table.id) == []
    finally:
        store.close()


@pytest.mark.skipif(not os.environ.get("JANTAKU_TEST_REDIS"), reason="needs Redis")
def test_a_drain_stores_everything_before_the_leases_go(database: str) -> None:
    """SIGTERM's drain with writes piled up behind a slow database: when the leases are
    released, every action each table accepted is stored (the next owner resumes from it)."""
    if not database.startswith("postgresql"):
        pytest.skip("several processes share PostgreSQL")
    from jantaku.server.hub import Hub

    hub = Hub(database, ServerSettings(bot_delay=0.0, hand_pause=0.0, solo_hand_pause=0.0))
    hub.open(recover=False)
    checked: list[tuple[str, int, int]] = []

    async def scenario() -> None:
        cluster = await joined_cluster(hub)
        lobby = hub.lobby
        assert lobby.writer is not None
        _slow(hub.store, 0.02)
        tables = [t for t, _v in _bot_tables(lobby, 4)]
        writer = lobby.writer
        # every table has moved, and some of it is accepted, not yet stored (however slowly a
        # loaded machine lets the computer players play; the limit only catches a hang)
        deadline = time.monotonic() + HANG
        while not (all(t.seq > 0 for t in tables) and writer.pending > 0):
            assert time.monotonic() < deadline, "the tables did not move"
            await asyncio.sleep(0.05)
        release = cluster.leases.release

        async def released(table_ids: list[str]) -> None:
            for t in tables:  # what the next owner would resume from, at this moment
                checked.append((t.id, t.seq, len(hub.store.actions(t.id))))
            await release(table_ids)

        cluster.leases.release = released  # type: ignore[method-assign]
        await cluster.close()
        await lobby.stop_all()

    try:
        asyncio.run(scenario())
        assert len(checked) == 4
        assert all(accepted == stored > 0 for _t, accepted, stored in checked), checked
    finally:
        hub.store.close()


def _fence_one(_table_id: str, done: Callable[[BaseException | None], None]) -> int:
    """A group's claim of a new table, as the lobby sees it: its lease held at once,
    fencing number 1."""
    done(None)
    return 1
