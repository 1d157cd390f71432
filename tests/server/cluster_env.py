"""What the multi-process tests share: the PostgreSQL and Redis they need, skipped (saying how
to start them) when absent; each test's own database is conftest.py's ``pg_database``."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from jantaku.server.cluster import Cluster
    from jantaku.server.hub import Hub

PG = os.environ.get("JANTAKU_TEST_POSTGRES")
REDIS = os.environ.get("JANTAKU_TEST_REDIS")

needs_cluster = pytest.mark.skipif(
    not (PG and REDIS),
    reason="several processes need PostgreSQL and Redis: export JANTAKU_TEST_POSTGRES and "
    "JANTAKU_TEST_REDIS (bash ci/postgres.sh start; bash ci/redis.sh start)",
)


async def joined_cluster(hub: Hub, lease_seconds: float = 5.0) -> Cluster:
    """``hub`` (opened) as one process of a group on the test Redis, its tables run (an
    in-process server without sockets: nothing is relayed to it)."""
    from jantaku.server.cluster import Cluster

    assert REDIS is not None
    cluster = Cluster(hub, REDIS, lease_seconds)
    await cluster.start(lambda _client, _raw: None)
    hub.cluster = cluster
    hub.lobby.run_all()
    return cluster
