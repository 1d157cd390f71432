"""Server tests run against SQLite always, and against PostgreSQL too when
``JANTAKU_TEST_POSTGRES`` holds a URL of a server where the test user may create databases
(each test gets a fresh database, dropped afterwards); ``pg_database`` is such a database
alone, for the tests of several processes, and ``servers`` three processes on it;
``clocked`` is a server whose limiters and table clocks wait on a clock the test moves."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.clocked import ClockedServer
from tests.server.harness import ServerProcess

_BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("JANTAKU_TEST_POSTGRES") else [])


@contextlib.contextmanager
def _fresh_postgres(base: str) -> Iterator[str]:
    """The URL of a new database on the PostgreSQL server of ``base``, dropped afterwards."""
    import psycopg

    name = f"jantaku_test_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    head, _, _db = base.rpartition("/")
    try:
        yield f"{head}/{name}"
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=_BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'jantaku.sqlite3'}"
        return
    with _fresh_postgres(os.environ["JANTAKU_TEST_POSTGRES"]) as url:
        yield url


@pytest.fixture
def pg_database() -> Iterator[str]:
    """A fresh PostgreSQL database alone (the multi-process tests: cluster_env.py)."""
    base = os.environ.get("JANTAKU_TEST_POSTGRES")
    if not base:
        pytest.skip("needs PostgreSQL: export JANTAKU_TEST_POSTGRES (bash ci/postgres.sh start)")
    with _fresh_postgres(base) as url:
        yield url


@pytest.fixture
def server(database: str) -> Iterator[ServerProcess]:
    proc = ServerProcess(database, "--grace-seconds", "30").start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture
def clocked(database: str, tmp_path: Path) -> Iterator[ClockedServer]:
    """A server whose login back-offs and sign-up, metrics and export buckets, table idle
    times, turn times, banks and queue waits run on a clock the test moves (clocked.py)."""
    proc = ClockedServer(database, tmp_path / "clock", "--grace-seconds", "30").start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture
def servers(pg_database: str) -> Iterator[list[ServerProcess]]:
    """Three server processes of one group (one PostgreSQL database, Redis: cluster_env.py)."""
    redis = os.environ.get("JANTAKU_TEST_REDIS")
    if not redis:
        pytest.skip("needs Redis: export JANTAKU_TEST_REDIS (bash ci/redis.sh start)")
    procs: list[ServerProcess] = []
    try:
        for _ in range(3):
            procs.append(
                ServerProcess(pg_database, "--redis", redis, "--grace-seconds", "30").start()
            )
        yield procs
    finally:
        for p in procs:
            p.stop()
