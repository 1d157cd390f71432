"""What the multi-process tests share: the PostgreSQL and Redis they need, skipped (saying how
to start them) when absent; each test's own database is conftest.py's ``pg_database``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.server.harness import ServerProcess

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


def two_doors(database: str, *options: str) -> Iterator[list[ServerProcess]]:
    """Two processes of one group on ``database`` and the test Redis, started with
    ``options`` (a fixture's body: stopped when it ends)."""
    assert REDIS is not None
    procs: list[ServerProcess] = []
    try:
        for _ in range(2):
            procs.append(ServerProcess(database, "--redis", REDIS, *options).start())
        yield procs
    finally:
        for p in procs:
            p.stop()


class UnreachableRedis:
    """A Redis that cannot be reached: every script fails (and is counted)."""

    def __init__(self) -> None:
        self.calls = 0

    async def eval(self, *args: Any) -> Any:
        self.calls += 1
        raise ConnectionError("Redis is away")
