"""Load benchmark of the table server (bounded, in one process, no network beyond loopback).

Starts N tables with computer players on every seat (each waits ``--bot-delay`` seconds before
acting, like a player thinking), runs them for ``--seconds`` and reports how many tables were
held at once and the latency per action: the time to store, apply and send it, and the time
from when a computer player's action was due until it was stored and sent (event-loop lag
included). Every seat has a listener that serialises each message to JSON as a WebSocket
connection would. Finished tables are replaced so N stay live. Target: 500 tables, p99 < 25 ms.

    python benchmarks/bench_server.py --tables 500 --seconds 30
    python benchmarks/bench_server.py --database postgresql://…/throwaway_db   # leaves rows behind
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store
from jantaku.server.tables import Table


class _Sink:
    """A listener that pays the serialisation cost of a real connection."""

    user_id = None

    def __init__(self) -> None:
        self.bytes = 0

    def send(self, message: dict[str, Any]) -> None:
        self.bytes += len(json.dumps(message, separators=(",", ":")))


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    settings = ServerSettings(bot_delay=args.bot_delay)
    store = Store(url)
    lobby = Lobby(store, settings)
    done: list[Table] = []
    live: list[Table] = []
    sink = _Sink()

    def open_table() -> Table:
        table = lobby.create("practice", "full")
        table.fill_with_bots()
        table.watchers.add(sink)
        table.start()
        table.run()
        return table

    for i in range(args.tables):
        live.append(open_table())
        if i % 50 == 49:
            await asyncio.sleep(args.bot_delay / max(1, args.tables // 50))  # stagger starts
    held_min = args.tables
    await asyncio.sleep(args.bot_delay * 2)  # warm-up: all tables dealt and moving
    for t in live:  # measure the steady state only
        t.latencies.clear()
        t.lags.clear()
    started = time.monotonic()
    while time.monotonic() - started < args.seconds:
        await asyncio.sleep(0.5)
        for j, t in enumerate(live):
            if t.status != "live":
                done.append(t)
                live[j] = open_table()
        held_min = min(held_min, sum(1 for t in live if t.status == "live"))
    for t in live:
        await t.stop()
    elapsed = time.monotonic() - started
    tables = done + live
    lat = [x for t in tables for x in t.latencies]
    lag = [x for t in tables for x in t.lags]
    store.close()
    ms = 1000.0
    return {
        "tables_target": args.tables,
        "tables_held_min": held_min,
        "tables_finished": len(done),
        "actions": len(lat),
        "actions_per_second": round(len(lat) / elapsed, 1),
        "commit_ms_p50": round(statistics.median(lat) * ms, 3) if lat else None,
        "commit_ms_p99": round(_pct(lat, 0.99) * ms, 3),
        "action_latency_ms_p50": round(statistics.median(lag) * ms, 3) if lag else None,
        "action_latency_ms_p99": round(_pct(lag, 0.99) * ms, 3),
        "seconds": round(elapsed, 1),
        "database": url.split(":", 1)[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: temp SQLite)")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 600.0)  # bounded
    try:
        import uvloop  # the event loop uvicorn uses when installed

        loop_factory: Any = uvloop.new_event_loop
    except ImportError:
        loop_factory = None
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            report = runner.run(_run(args, url))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
