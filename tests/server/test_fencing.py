"""Fencing numbers: once a newer owner claimed a table, the database refuses the writes of the
older one (actions, the table's row, the finished game), on SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Fenced, Store
from jantaku.server.tables import TableError
from tests.server.rows import live_table_row


def _discard(seat: int) -> dict[str, object]:
    return {"type": "discard", "seat": seat, "tile": "1m"}


def test_an_older_owner_can_store_nothing(database: str) -> None:
    store = Store(database)
    try:
        store.create_table(live_table_row("t1"))
        assert store.table_fence("t1") == 0
        first = store.claim_fence("t1")
        assert first == 1
        store.append_action("t1", 1, _discard(0), 0.1, "player", first)
        second = store.claim_fence("t1")
        assert second == 2
        with pytest.raises(Fenced):  # the old owner's next action
            store.append_action("t1", 2, _discard(1), 0.2, "player", first)
        with pytest.raises(Fenced):
            store.update_table("t1", fence=first, seats=[{"name": "x"}])
        with pytest.raises(Fenced):
            store.finish_game("t1", False, {}, [], [], first)
        assert [a.seq for a in store.actions("t1")] == [1]  # nothing of the refused writes
        assert store.table("t1").seats == []  # type: ignore[union-attr]
        assert store.game("t1") is None
        store.append_action("t1", 2, _discard(1), 0.2, "player", second)
        assert [a.seq for a in store.actions("t1")] == [1, 2]
        # one process alone (no fencing number): written as before
        store.append_action("t1", 3, _discard(2), 0.3, "bot")
        assert [a.seq for a in store.actions("t1")] == [1, 2, 3]
    finally:
        store.close()


def test_only_playable_tables_are_claimed(database: str) -> None:
    store = Store(database)
    try:
        store.create_table(live_table_row("t2"))
        store.update_table("t2", status="finished")
        assert store.claim_fence("t2") is None
        assert store.claim_fence("nope") is None
    finally:
        store.close()


def test_a_table_whose_write_is_refused_stops_at_once(tmp_path: Path) -> None:
    """A table driven with fencing number 1 after another process claimed it (number 2): its
    next action is refused by the database, the table stops (``moved``), tells its owner, and
    nothing more is stored or applied."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    gone: list[str] = []
    lobby.claim = _fence_one
    lobby.on_lost = lambda table: gone.append(table.id)
    table = lobby.create("practice", "quick")
    user = store.add_user("alice", "-", guest=False)
    seat = table.sit(user.id, user.name)
    table.fill_with_bots()
    table.start()
    assert table.fence == 1 and store.table_fence(table.id) == 1
    assert store.claim_fence(table.id) == 2  # another process took the table over
    engine = table.engine
    assert engine is not None
    logged = len(engine.log)
    first = engine.to_act()[0]
    with pytest.raises(TableError) as refused:
        if first == seat:
            table.submit(user.id, engine.legal_actions(seat)[-1].to_json(), None)
        else:
            table._commit(engine.legal_actions(first)[0], "bot")
    assert refused.value.code == "moved"
    assert table.status == "moved" and gone == [table.id]
    assert store.actions(table.id) == [] and table.seq == 0
    assert len(engine.log) == logged  # nothing applied either
    store.close()


def _fence_one(_table_id: str, done: Callable[[BaseException | None], None]) -> int:
    """A group's claim of a new table, as the lobby sees it: its lease held at once,
    fencing number 1."""
    done(None)
    return 1
