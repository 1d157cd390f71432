"""A table taken over from a process that died is played again on a thread (recovery.py); a
process stopped (drained) meanwhile does not drive it once the replay ends: it hands it back
at once, as it hands back its other tables."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.hub import Hub
from jantaku.server.tables import Table
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.rows import stored_live_table


@needs_cluster
def test_a_drain_during_a_claimed_tables_replay_hands_it_back(
    pg_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert REDIS is not None
    entered, release = threading.Event(), threading.Event()
    replay = Table.replay

    def held(self: Table, *args: Any) -> None:
        entered.set()
        release.wait(30)
        replay(self, *args)

    monkeypatch.setattr(Table, "replay", held)
    hub = Hub(pg_database, ServerSettings(bot_delay=0.0))
    hub.open(recover=False)
    table_id = stored_live_table(hub.store, 1)

    async def scenario() -> tuple[Any, list[str | None]]:
        from jantaku.server.cluster import Cluster

        cluster = Cluster(hub, REDIS)
        hub.cluster = cluster
        hub.lobby.run_all()
        claim = asyncio.ensure_future(cluster.claim(table_id))
        while not entered.is_set():
            await asyncio.sleep(0.01)
        await cluster.drain()
        release.set()
        claimed = await asyncio.wait_for(claim, 30)
        owners = await cluster.leases.owners([table_id])
        await cluster.close()
        await hub.lobby.stop_all()
        return claimed, owners

    try:
        claimed, owners = asyncio.run(scenario())
        assert claimed is None and table_id not in hub.lobby.tables
        assert owners == [None]  # its lease released: another process claims it at once
    finally:
        release.set()
        hub.store.close()
