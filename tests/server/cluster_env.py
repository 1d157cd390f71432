"""What the multi-process tests share: the PostgreSQL and Redis they need, skipped (saying how
to start them) when absent; each test's own database is conftest.py's ``pg_database``."""

from __future__ import annotations

import os

import pytest

PG = os.environ.get("JANTAKU_TEST_POSTGRES")
REDIS = os.environ.get("JANTAKU_TEST_REDIS")

needs_cluster = pytest.mark.skipif(
    not (PG and REDIS),
    reason="several processes need PostgreSQL and Redis: export JANTAKU_TEST_POSTGRES and "
    "JANTAKU_TEST_REDIS (bash ci/postgres.sh start; bash ci/redis.sh start)",
)
