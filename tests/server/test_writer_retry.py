"""The writer thread when the database is away for a moment (a restart, a fail-over, a lock):
the writes it could not take are tried again after a pause, in order, and stored once; the
tables wait and play on. A database that stays away, or a final error, fails the writes as
before (the table stops and resumes later from what is stored)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import OperationalError

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import ActionRecord, Store
from jantaku.server.tables import Table
from jantaku.server.writer import ActionWrite, Writer
from tests.server.rows import live_table_row
from tests.server.test_writer import HANG, _bot_tables, _record

Append = Callable[[list[ActionRecord]], list[BaseException | None]]


def _away() -> OperationalError:
    """What SQLAlchemy raises when the database cannot take a statement."""
    return OperationalError(
        "INSERT INTO actions", {}, sqlite3.OperationalError("database is locked")
    )


def _failing(store: Store, fail: Callable[[list[ActionRecord]], Any]) -> list[int]:
    """Wrap ``store.append_actions``: ``fail(records)`` may raise, or return per-row errors
    (None: store normally). Returns the list of batch sizes tried."""
    original: Append = store.append_actions
    tried: list[int] = []

    def append(records: list[ActionRecord]) -> list[BaseException | None]:
        tried.append(len(records))
        errors = fail(records)
        if errors is None:
            return original(records)
        ok = original([r for r, e in zip(records, errors, strict=True) if e is None])
        it = iter(ok)
        return [next(it) if e is None else e for e in errors]

    store.append_actions = append  # type: ignore[method-assign]
    return tried


def _queue(
    store: Store, writes: list[ActionRecord], waits: tuple[float, ...] | None = None
) -> dict[tuple[str, int], BaseException | None]:
    told: dict[tuple[str, int], BaseException | None] = {}

    async def scenario() -> None:
        kwargs = {} if waits is None else {"retry_waits": waits}
        writer = Writer(store, asyncio.get_running_loop(), **kwargs)
        for r in writes:
            writer.append(ActionWrite(r, lambda e, r=r: told.update({(r.table_id, r.seq): e})))
        await asyncio.wait_for(writer.flush(), 60)
        writer.close()

    asyncio.run(scenario())
    return told


def test_writes_the_database_could_not_take_are_stored_later_once_in_order(
    database: str,
) -> None:
    store = Store(database)
    calls = [0]

    def fail(records: list[ActionRecord]) -> Any:
        calls[0] += 1
        if calls[0] <= 2:  # the database is away: nothing answers
            raise _away()
        if calls[0] == 3:  # back, but table "b" hits a lock: its rows fail, "a"'s are stored
            return [_away() if r.table_id == "b" else None for r in records]
        return None

    try:
        for table in ("a", "b"):
            store.create_table(live_table_row(table, "practice"))
        tried = _failing(store, fail)
        writes = [_record(t, seq) for seq in range(1, 6) for t in ("a", "b")]
        told = _queue(store, writes, waits=(0.01, 0.01, 0.01, 0.01))
        assert told == {(r.table_id, r.seq): None for r in writes}
        for table in ("a", "b"):
            assert [a.seq for a in store.actions(table)] == [1, 2, 3, 4, 5]
        assert tried[:3] == [10, 10, 10] and tried[3] == 5  # only b's five were tried again
    finally:
        store.close()


def test_a_database_that_stays_away_fails_the_writes_after_the_pauses(database: str) -> None:
    store = Store(database)
    try:
        store.create_table(live_table_row("a", "practice"))
        tried = _failing(store, lambda records: (_ for _ in ()).throw(_away()))
        told = _queue(store, [_record("a", 1), _record("a", 2)], waits=(0.01, 0.02))
        assert all(isinstance(e, OperationalError) for e in told.values()) and len(told) == 2
        assert len(tried) == 3  # the first try and one after each pause
        assert store.actions("a") == []
    finally:
        store.close()


def test_a_final_error_is_not_tried_again(database: str) -> None:
    store = Store(database)
    try:
        store.create_table(live_table_row("a", "practice"))
        tried = _failing(store, lambda records: [ValueError("a bad row")] * len(records))
        told = _queue(store, [_record("a", 1)], waits=(0.01, 0.02))
        assert isinstance(told[("a", 1)], ValueError) and len(tried) == 1
    finally:
        store.close()


def test_tables_play_on_through_a_short_outage(database: str) -> None:
    """Computer players at full speed; the database refuses every write for 0.6 s in the
    middle: the tables wait, then finish; every action is stored once and replays to the very
    match the table played."""
    store = Store(database)
    calls = [0]
    window: list[float] = []

    def fail(records: list[ActionRecord]) -> Any:
        calls[0] += 1
        now = time.monotonic()
        if calls[0] == 20:  # the outage begins with the 20th transaction of the games
            window.append(now)
        if window and now < window[0] + 0.6:
            raise _away()
        return None

    async def scenario() -> list[Table]:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0, hand_pause=0.0, solo_hand_pause=0.0))
        lobby.run_all()
        _failing(store, fail)
        tables = [t for t, _viewer in _bot_tables(lobby, 3)]
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline and any(t.status == "live" for t in tables):
            await asyncio.sleep(0.02)
        await lobby.stop_all()
        return tables

    try:
        tables = asyncio.run(scenario())
        assert window, f"the games ended before the outage ({calls[0]} transactions)"
        for table in tables:
            assert table.status == "finished"
            stored = store.actions(table.id)
            assert [a.seq for a in stored] == list(range(1, table.seq + 1))
            replay = Table(table.id, table.config, store, ServerSettings(), seed=table.seed)
            replay.seats = table.seats
            replay.replay(stored, table.started_at)  # its stored match, played again
            assert replay.engine is not None and table.engine is not None
            if replay.engine.holding and not table.engine.holding:
                replay.engine.close_calls()  # the table's window had closed in its time
            assert [e.to_json() for e in replay.engine.log] == [
                e.to_json() for e in table.engine.log
            ]
            assert store.game(table.id) is not None
    finally:
        store.close()


def test_a_match_end_the_database_could_not_take_is_run_again(database: str) -> None:
    """Another write of a table (the end of its match) runs again after a pause while the
    database is away, and is told once it went through; a final error is told at once."""
    store = Store(database)
    runs: list[str] = []
    told: list[tuple[str, BaseException | None]] = []

    def flaky() -> None:
        runs.append("flaky")
        if runs.count("flaky") <= 2:
            raise _away()

    def broken() -> None:
        runs.append("broken")
        raise ValueError("a bad row")

    async def scenario() -> None:
        writer = Writer(store, asyncio.get_running_loop(), retry_waits=(0.01, 0.01, 0.01))
        writer.call("a", None, flaky, lambda e: told.append(("flaky", e)))
        writer.call("b", None, broken, lambda e: told.append(("broken", e)))
        await asyncio.wait_for(writer.flush(), 60)
        writer.close()

    try:
        asyncio.run(scenario())
        assert runs == ["flaky", "flaky", "flaky", "broken"]
        assert told[0] == ("flaky", None)
        assert told[1][0] == "broken" and isinstance(told[1][1], ValueError)
    finally:
        store.close()
