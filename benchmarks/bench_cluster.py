"""Load benchmark of several table server processes on one PostgreSQL and one Redis.

Starts ``--processes`` servers (``jantaku serve --redis``) on loopback, opens ``--tables``
tables with computer players on every seat spread over them (each player thinks
``--bot-delay`` seconds, like a person), lets them warm up, then measures for ``--seconds``:
actions stored per second (counted in the database) and, per process, the latency of an action
(``commit``: store, apply, send) and a computer player's lag from its due time until its action
was sent (``lag``, event-loop delay included) from ``GET /api/metrics``. The reported p99 is
the worst process's. Bounded; the throwaway database is dropped afterwards.

    export JANTAKU_TEST_POSTGRES="$(bash ci/postgres.sh start)"
    export JANTAKU_TEST_REDIS="$(bash ci/redis.sh start)"
    python benchmarks/bench_cluster.py --processes 1 2 3 --tables 500 --seconds 30
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg
from tests.server.harness import Client, ServerProcess


def _database(base: str) -> str:
    name = f"jantaku_bench_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{base.rpartition('/')[0]}/{name}"


def _drop(base: str, url: str) -> None:
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {url.rpartition('/')[2]} WITH (FORCE)")


def _actions(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM actions").fetchone()
    return int(row[0]) if row else 0


def _open_tables(servers: list[ServerProcess], tables: int) -> None:
    """Practice tables filled with computer players; the creator leaves at once, so a
    computer player takes that seat too (grace period 0)."""
    per = [tables // len(servers) + (i < tables % len(servers)) for i in range(len(servers))]
    for server, count in zip(servers, per, strict=True):
        c = Client(server, server.guest())
        for _ in range(count):
            c.send({"type": "create", "kind": "practice", "length": "full"})
            table = c.expect("created", timeout=60)["table"]["id"]
            c.send({"type": "join", "table": table, "fill_bots": True})
            c.expect("snapshot", timeout=60)
            c.send({"type": "leave", "table": table})
            c.expect("ok", timeout=60)
            time.sleep(0.04)  # well under the 100 messages a second of one connection
        c.close()


def run(processes: int, tables: int, seconds: float, bot_delay: float) -> dict[str, Any]:
    base, redis_url = os.environ["JANTAKU_TEST_POSTGRES"], os.environ["JANTAKU_TEST_REDIS"]
    url = _database(base)
    flags = ("--redis", redis_url, "--bot-delay", str(bot_delay), "--grace-seconds", "0")
    servers = [ServerProcess(url, *flags).start() for _ in range(processes)]
    try:
        _open_tables(servers, tables)
        time.sleep(2 * bot_delay + 2)  # warm-up: every table dealt and moving
        for s in servers:
            s.get("/api/metrics?reset=1")
        before, started = _actions(url), time.monotonic()
        time.sleep(seconds)
        after, elapsed = _actions(url), time.monotonic() - started
        metrics = [s.get("/api/metrics").json() for s in servers]
    finally:
        for s in servers:
            s.stop()
        _drop(base, url)

    def worst(kind: str, q: str) -> float | None:
        found = [m[kind][q] for m in metrics if m[kind][q] is not None]
        return max(found) if found else None

    return {
        "processes": processes,
        "tables": tables,
        "tables_live": [m["tables"] for m in metrics],
        "actions_per_second": round((after - before) / elapsed, 1),
        "commit_ms_p50": worst("commit", "p50"),
        "commit_ms_p99": worst("commit", "p99"),
        "lag_ms_p50": worst("lag", "p50"),
        "lag_ms_p99": worst("lag", "p99"),
        "seconds": round(elapsed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--tables", type=int, nargs="+", default=[500])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=float, default=1.0)
    args = parser.parse_args()
    for tables in args.tables:
        for processes in args.processes:
            try:
                report = run(processes, tables, min(args.seconds, 600.0), args.bot_delay)
            except Exception as e:  # a saturated process stops answering: say so, go on
                report = {"processes": processes, "tables": tables, "failed": repr(e)[:200]}
            print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
