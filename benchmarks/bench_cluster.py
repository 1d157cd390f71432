"""Load benchmark of several table server processes on one PostgreSQL and one Redis.

Starts ``--processes`` servers (``jantaku serve --redis``) on loopback, opens ``--tables``
tables spread over them, each with one person (a guest of an address of its own, at most four
tables each, as the server allows) who plays its seat at once and opens another table when a
match ends, and computer players in the other seats (each thinks ``--bot-delay`` seconds, like
a person; 0: at once, which saturates the processes); a table nobody sits at would be
abandoned, and one account may not keep more tables busy. It lets them
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

import httpx
import psycopg
from tests.server.harness import Client, ServerProcess, choose, fresh_address
from websockets.exceptions import ConnectionClosed


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


TABLES_PER_PERSON = 4  # ServerSettings.tables_per_user: tables one sits at that are under way


class _Person(threading.Thread):
    """A guest of an address of its own who sits at ``count`` practice tables with computer
    players in the other seats and plays its seat in every one (at once, the first legal
    answer), confirms each hand's result, and opens another table when a match ends. The
    server plays no match on for nobody (a match whose every person left is abandoned), so a
    person stays at each table the benchmark keeps busy."""

    def __init__(self, server: ServerProcess, count: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.server, self.count, self.stop = server, count, stop
        self.seated = 0  # tables whose match started with this person in it
        self.live: set[str] = set()
        self.refused: str | None = None

    def _send(self, c: Client, msg: dict[str, Any]) -> None:
        time.sleep(0.012)  # stay under the server's 100 messages a second of one connection
        c.send(msg)

    def _open(self, c: Client) -> None:
        """Create the next table (one at a time: a person may hold few open tables)."""
        if len(self.live) < self.count:
            self._send(c, {"type": "create", "kind": "practice", "length": "full"})

    def _answer(self, c: Client, msg: dict[str, Any], last: dict[str, Any] | None) -> Any:
        kind, table = msg["type"], msg.get("table")
        if kind == "prompt" and table in self.live:
            last = {"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)}
            self._send(c, last)
        elif kind == "events" and msg.get("between_hands") and table in self.live:
            self._send(c, {"type": "continue", "table": table})
        elif kind == "created":
            self._send(c, {"type": "join", "table": msg["table"]["id"], "fill_bots": True})
        elif kind == "snapshot" and msg.get("seat") is not None:
            self.live.add(msg["table"]["id"])
            self.seated += 1
            self._open(c)
        elif kind == "match_ended":
            self.live.discard(str(table))
            self._open(c)
        elif kind == "error" and msg.get("code") == "rate_limited" and last is not None:
            time.sleep(0.5)  # a well-behaved client slows down and says it again
            self._send(c, last)
        elif kind == "error" and self.seated < self.count:
            self.refused = str(msg.get("message") or msg)[:200]
        return last

    def run(self) -> None:
        address = fresh_address()
        token = httpx.post(
            f"{self.server.base}/api/guest",
            headers={"X-Forwarded-For": address},
            timeout=30,
            trust_env=False,
        ).json()["token"]
        c = Client(self.server, token, address)
        last: dict[str, Any] | None = None
        try:
            self._open(c)
            while not self.stop.is_set():
                try:
                    msg = c.recv(timeout=1)
                except TimeoutError:
                    continue
                c.messages.clear()  # nothing is looked at again
                last = self._answer(c, msg, last)
        except ConnectionClosed:
            pass
        finally:
            c.close()


def _spread(total: int, parts: int) -> list[int]:
    return [total // parts + (i < total % parts) for i in range(parts)]


def _open_tables(servers: list[ServerProcess], tables: int, stop: threading.Event) -> list[_Person]:
    """The tables spread evenly over the processes, each with a person who plays it; returns
    once every one has started (or a minute has passed)."""
    people = [
        _Person(server, count, stop)
        for server, share in zip(servers, _spread(tables, len(servers)), strict=True)
        for count in _spread(share, -(-share // TABLES_PER_PERSON))
        if count
    ]
    for p in people:
        p.start()
    deadline = time.monotonic() + 60
    while sum(p.seated for p in people) < tables and time.monotonic() < deadline:
        time.sleep(0.2)
    refused = [p.refused for p in people if p.refused]
    if refused:
        raise RuntimeError(f"tables refused: {refused[0]}")
    return people


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
    flags = ("--redis", redis_url, "--bot-delay", str(bot_delay))
    servers = [ServerProcess(url, *flags).start() for _ in range(processes)]
    load = os.getloadavg()[0]
    stop = threading.Event()
    people: list[_Person] = []
    try:
        people = _open_tables(servers, tables, stop)
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
        stop.set()
        for p in people:
            p.join(10)
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
