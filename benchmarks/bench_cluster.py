"""Load benchmark of several table server processes on one PostgreSQL and one Redis.

Starts ``--processes`` servers (``jantaku serve --redis``) on loopback, opens ``--tables``
tables with computer players on every seat spread over them (each player thinks
``--bot-delay`` seconds, like a person; 0: at once, which saturates the processes), lets them
warm up, then measures for ``--seconds``: actions stored per second (counted in the database)
and, per process, from ``GET /api/metrics``: ``commit`` (an action stored, applied and sent),
``lag`` (a computer player's due time until its action was sent; paced players only),
``loop`` (how late the event loop wakes a 10 ms sleeper), ``transaction`` (one database
transaction storing actions) and the actions per transaction. Percentiles are the worst
process's. The machine's load average is printed with each run (other work on the machine
shows there). Bounded; the throwaway database is dropped afterwards.

    export JANTAKU_TEST_POSTGRES="$(bash ci/postgres.sh start)"
    export JANTAKU_TEST_REDIS="$(bash ci/redis.sh start)"
    python benchmarks/bench_cluster.py --processes 1 2 3 --tables 500 --seconds 30
    python benchmarks/bench_cluster.py --processes 1 2 3 --tables 1000 --bot-delay 0

The servers run the ``jantaku`` package found on ``PYTHONPATH`` (set it to compare trees).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import threading
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


def _open_on(server: ServerProcess, count: int) -> None:
    """Practice tables filled with computer players; the creator leaves at once, so a
    computer player takes that seat too (grace period 0)."""
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


def _spread(total: int, parts: int) -> list[int]:
    return [total // parts + (i < total % parts) for i in range(parts)]


def _open_tables(servers: list[ServerProcess], tables: int, connections: int = 3) -> None:
    """The tables spread evenly, opened at every process at once (over ``connections``
    connections each: one connection may send 100 messages a second)."""
    threads = [
        threading.Thread(target=_open_on, args=(server, count))
        for server, share in zip(servers, _spread(tables, len(servers)), strict=True)
        for count in _spread(share, connections)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _cpu_seconds(server: ServerProcess) -> float:
    """The CPU time (user and system) the server process has used so far."""
    assert server.proc is not None
    fields = Path(f"/proc/{server.proc.pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _worst(metrics: list[dict[str, Any]], kind: str, q: str) -> float | None:
    found = [m[kind][q] for m in metrics if kind in m and m[kind][q] is not None]
    return max(found) if found else None


def run(processes: int, tables: int, seconds: float, bot_delay: float) -> dict[str, Any]:
    base, redis_url = os.environ["JANTAKU_TEST_POSTGRES"], os.environ["JANTAKU_TEST_REDIS"]
    url = _database(base)
    flags = ("--redis", redis_url, "--bot-delay", str(bot_delay), "--grace-seconds", "0")
    servers = [ServerProcess(url, *flags).start() for _ in range(processes)]
    load = os.getloadavg()[0]
    try:
        _open_tables(servers, tables)
        time.sleep(2 * bot_delay + 2)  # warm-up: every table dealt and moving
        for s in servers:
            s.get("/api/metrics?reset=1")
        before, started = _actions(url), time.monotonic()
        cpu = [_cpu_seconds(s) for s in servers]
        time.sleep(seconds)
        after, elapsed = _actions(url), time.monotonic() - started
        cpu = [_cpu_seconds(s) - c for s, c in zip(servers, cpu, strict=True)]
        metrics = [s.get("/api/metrics").json() for s in servers]
    finally:
        for s in servers:
            s.stop()
        _drop(base, url)
    report: dict[str, Any] = {
        "processes": processes,
        "tables": tables,
        "bot_delay": bot_delay,
        "tables_live": [m["tables"] for m in metrics],
        "actions_per_second": round((after - before) / elapsed, 1),
        # the cores each server process got: below 1 while its event loop lags, the machine
        # was busy with other work (the CPU time per action is the process's own cost)
        "cores_used": [round(c / elapsed, 2) for c in cpu],
        "cpu_ms_per_action": round(1000 * sum(cpu) / max(1, after - before), 3),
    }
    for kind in ("commit", "lag", "loop", "transaction"):
        report[f"{kind}_ms_p50"] = _worst(metrics, kind, "p50")
        report[f"{kind}_ms_p99"] = _worst(metrics, kind, "p99")
    pauses = [m["gc"] for m in metrics if "gc" in m]
    if pauses:  # full garbage collections: how many, the longest
        report["gc_full"] = [sum(p["n"] for p in pauses), max(p["max"] for p in pauses)]
    batches = [m["batch"] for m in metrics if "batch" in m]
    if batches:
        done = sum(b["n"] for b in batches)
        report["actions_per_transaction"] = round(sum(b["actions"] for b in batches) / done, 1)
    report["load_before_after"] = [round(load, 2), round(os.getloadavg()[0], 2)]
    report["seconds"] = round(elapsed, 1)
    return report


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
