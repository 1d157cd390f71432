"""A new table whose lease cannot be had (several processes: Redis is away, or another process
holds that id) is gone again, and leaves no row behind: an open row nobody drives would be
taken for an orphan and claimed by the next scan of a process of the group, a table nobody
created. One whose row cannot be stored gives its lease up at once."""

from __future__ import annotations

import asyncio
import os

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store
from jantaku.server.tables import TableError
from jantaku.server.writer import Done
from tests.server.cluster_env import joined_cluster
from tests.server.rows import quick_table_row

_BUSY = TableError("busy", "that table id is taken; try again")


def _refused_lease(store: Store, at_once: bool) -> tuple[str, list[str]]:
    """Create a table whose lease claim is refused: once its row is stored, or ``at_once``
    (before the claim returns); the table's id and what the lobby told."""
    told: list[str] = []

    async def scenario() -> str:
        lobby = Lobby(store, ServerSettings())
        answers: list[Done] = []

        def claim(_table_id: str, done: Done) -> int:
            if at_once:
                done(_BUSY)
            else:
                answers.append(done)
            return 1

        lobby.claim = claim
        lobby.run_all()
        table = lobby.create("party", "quick", failed=lambda: told.append("failed"))
        await lobby.flush()
        if not at_once:
            assert store.table(table.id) is not None  # stored before the claim's answer
            answers[0](_BUSY)
        await lobby.flush()
        told.extend(lobby.tables)  # found by nobody
        await lobby.stop_all()
        return table.id

    return asyncio.run(scenario()), told


@pytest.mark.parametrize("at_once", [False, True])
def test_a_new_table_whose_lease_is_refused_leaves_no_row(database: str, at_once: bool) -> None:
    store = Store(database)
    try:
        table_id, told = _refused_lease(store, at_once)
        assert told == ["failed"]
        assert store.table(table_id) is None
        assert store.table_ids("open", "live") == []
    finally:
        store.close()


def test_a_refused_lease_never_removes_another_tables_row(database: str) -> None:
    """Another process's open table of the same id (its lease is why this one's claim was
    refused) keeps its row."""
    store = Store(database)
    try:
        theirs = Lobby(store, ServerSettings()).create("party", "quick")
        assert store.table(theirs.id) is not None
        assert not store.drop_new_table(theirs.id, "another seed")
        assert store.table(theirs.id) is not None
        assert store.drop_new_table(theirs.id, theirs.seed)
        assert store.table(theirs.id) is None
    finally:
        store.close()


@pytest.mark.skipif(not os.environ.get("JANTAKU_TEST_REDIS"), reason="needs Redis")
def test_a_table_id_leased_elsewhere_leaves_no_row(database: str) -> None:
    """The group's own claim (cluster.py): another process holds the lease of the id the new
    table was given; the creator is told, and nothing is stored."""
    if not database.startswith("postgresql"):
        pytest.skip("several processes share PostgreSQL")
    from jantaku.server.hub import Hub

    hub = Hub(database, ServerSettings())
    hub.open(recover=False)
    told: list[str] = []

    async def scenario() -> str:
        cluster = await joined_cluster(hub)
        lobby = hub.lobby
        table_id = "leased" + os.urandom(3).hex()
        await cluster.leases.aio.set(cluster.leases.lease_prefix + table_id, "another", px=60000)
        done = asyncio.get_running_loop().create_future()

        def failed() -> None:
            told.append("failed")
            done.set_result(None)

        lobby.create("party", "quick", table_id=table_id, failed=failed)
        await asyncio.wait_for(done, 30)
        await lobby.flush()
        await cluster.leases.aio.delete(cluster.leases.lease_prefix + table_id)
        await cluster.close()
        await lobby.stop_all()
        return table_id

    try:
        table_id = asyncio.run(scenario())
        assert told == ["failed"]
        assert hub.store.table(table_id) is None
    finally:
        hub.store.close()


@pytest.mark.parametrize("lease_first", [True, False])
def test_a_lease_had_for_a_table_whose_row_failed_is_given_up(
    database: str, lease_first: bool
) -> None:
    """The new table's id has a row already, so its insert fails; its lease was had before
    that failure was known, or after: either way the lobby gives the lease up at once."""
    store = Store(database)
    taken = quick_table_row("party", status="expired")
    store.create_table(taken)
    told: list[str] = []

    async def scenario() -> None:
        lobby = Lobby(store, ServerSettings())
        answers: list[Done] = []

        def claim(_table_id: str, done: Done) -> int:
            if lease_first:
                done(None)
            else:
                answers.append(done)
            return 1

        lobby.claim, lobby.unclaim = claim, told.append
        lobby.run_all()
        lobby.create("party", "quick", table_id=taken.id, failed=lambda: told.append("failed"))
        await lobby.flush()
        if not lease_first:
            answers[0](None)
        await lobby.stop_all()

    try:
        asyncio.run(scenario())
        assert sorted(told) == sorted(["failed", taken.id])  # told, and the lease given up
        row = store.table(taken.id)
        assert row is not None and row.status == "expired"  # the other row is kept
    finally:
        store.close()


@pytest.mark.skipif(not os.environ.get("JANTAKU_TEST_REDIS"), reason="needs Redis")
def test_a_new_table_whose_row_cannot_be_stored_gives_its_lease_up(database: str) -> None:
    """The new table's id has a row already (its insert fails), its lease was had: the lease
    is released at once, not held by nobody's table until it runs out (a minute here)."""
    if not database.startswith("postgresql"):
        pytest.skip("several processes share PostgreSQL")
    from jantaku.server.hub import Hub

    hub = Hub(database, ServerSettings())
    hub.open(recover=False)
    taken = quick_table_row("party", status="expired")  # no scan claims it
    hub.store.create_table(taken)
    told: list[str] = []

    async def scenario() -> str | None:
        cluster = await joined_cluster(hub, lease_seconds=60.0)
        lobby = hub.lobby
        done = asyncio.get_running_loop().create_future()

        def failed() -> None:
            told.append("failed")
            done.set_result(None)

        lobby.create("party", "quick", table_id=taken.id, failed=failed)
        await asyncio.wait_for(done, 30)
        owner = (await cluster.leases.owners([taken.id]))[0]
        for _ in range(400):  # released by a task of its own: until it ran (20 s at most)
            if owner is None:
                break
            await asyncio.sleep(0.05)
            owner = (await cluster.leases.owners([taken.id]))[0]
        await cluster.leases.aio.delete(cluster.leases.lease_prefix + taken.id)
        await cluster.close()
        await lobby.stop_all()
        return owner

    try:
        assert asyncio.run(scenario()) is None
        assert told == ["failed"]
        row = hub.store.table(taken.id)
        assert row is not None and row.status == "expired"  # the other row is kept
    finally:
        hub.store.close()
