"""Server tests run against SQLite always, and against PostgreSQL too when
``JANTAKU_TEST_POSTGRES`` holds a URL of a server where the test user may create databases
(each test gets a fresh database, dropped afterwards)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import ServerProcess

_BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("JANTAKU_TEST_POSTGRES") else [])


@pytest.fixture(params=_BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'jantaku.sqlite3'}"
        return
    import psycopg

    base = os.environ["JANTAKU_TEST_POSTGRES"]
    name = f"jantaku_test_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    head, _, _db = base.rpartition("/")
    try:
        yield f"{head}/{name}"
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def server(database: str) -> Iterator[ServerProcess]:
    proc = ServerProcess(database, "--grace-seconds", "30").start()
    try:
        yield proc
    finally:
        proc.stop()
