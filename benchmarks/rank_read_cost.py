"""What reading an account's rank at a ranked queue's entry costs
(``queue_rank.stored_rank``, one read by the primary key; docs/protocol.md *Ranks at the
queue*), beside the read every ``hello`` already makes (``Store.user_by_token``: the
session, then its account).

Fills a fresh database (SQLite in a temporary file, or a new PostgreSQL database on the server
of ``JANTAKU_TEST_POSTGRES``, dropped afterwards) with ``--accounts`` accounts and a session
each, prints the query plan of the read, then times ``--reads`` reads of random accounts by
``--threads`` threads at once (each thread one connection of the pool, as the server's
database threads have), first the rank reads, then the hello's, while one more thread writes ranks
as finished matches do (four accounts per transaction). Prints per read: median and 99th
percentile wall time, reads per second over all threads, and the ratio to the hello's read.

    PYTHONPATH=src python benchmarks/rank_read_cost.py --backend sqlite
    PYTHONPATH=src python benchmarks/rank_read_cost.py --backend postgresql --threads 1 4 16
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import random
import secrets
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from sqlalchemy import insert, text, update

from jantaku.server.models import SessionRow, UserRow
from jantaku.server.queue_rank import stored_rank
from jantaku.server.storage import Store


@contextlib.contextmanager
def _database(backend: str) -> Iterator[str]:
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{Path(tmp) / 'ranks.sqlite3'}"
        return
    import psycopg

    base = os.environ["JANTAKU_TEST_POSTGRES"]
    name = f"jantaku_bench_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"{base.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _fill(store: Store, accounts: int) -> list[tuple[int, str]]:
    """``accounts`` accounts with a session each: (account id, the session's token hash)."""
    now = time.time()
    users = [
        {
            "name": f"p{i}",
            "name_key": f"p{i}",
            "password_hash": None,
            "guest": False,
            "created_at": now,
            "rank_index": i % 20,
            "rank_points": 0,
            "rating": 1500.0,
            "rating_max": 1500.0,
            "rated_games": 0,
            "skill_mu": 25.0,
            "skill_sigma": 25.0 / 3,
        }
        for i in range(accounts)
    ]
    with store.sessions.begin() as s:
        s.execute(insert(UserRow), users)
        ids = [int(i) for i in s.scalars(text("SELECT id FROM users ORDER BY id"))]
        hashes = [hashlib.sha256(str(i).encode()).hexdigest() for i in ids]
        s.execute(
            insert(SessionRow),
            [
                {"token_hash": h, "user_id": i, "created_at": now}
                for i, h in zip(ids, hashes, strict=True)
            ],
        )
    return list(zip(ids, hashes, strict=True))


def _settle(store: Store, ids: list[int], stop: threading.Event) -> None:
    """Write four accounts' ranks per transaction until ``stop``, as finished matches do."""
    rng = random.Random(1)
    while not stop.is_set():
        with store.sessions.begin() as s:
            for user_id in rng.sample(ids, 4):
                s.execute(
                    update(UserRow)
                    .where(UserRow.id == user_id)
                    .values(rank_points=rng.randrange(400))
                )


def _timed(
    threads: int, reads: int, read: Callable[[random.Random], object]
) -> tuple[list[float], float]:
    """Each read's seconds and the wall time of all, ``reads`` split over ``threads``."""
    times: list[float] = []
    lock = threading.Lock()

    def run(seed: int) -> None:
        rng = random.Random(seed)
        mine = []
        for _ in range(reads // threads):
            start = time.perf_counter()
            read(rng)
            mine.append(time.perf_counter() - start)
        with lock:
            times.extend(mine)

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    start = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return times, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--accounts", type=int, default=20000)
    parser.add_argument("--reads", type=int, default=4000)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 4])
    args = parser.parse_args()
    with _database(args.backend) as url:
        store = Store(url)
        accounts = _fill(store, args.accounts)
        ids = [a[0] for a in accounts]
        with store.engine.connect() as conn:
            explain = "EXPLAIN QUERY PLAN" if args.backend == "sqlite" else "EXPLAIN"
            query = f"{explain} SELECT rank_index FROM users WHERE id = {ids[0]}"
            plan = conn.execute(text(query))
            print(args.backend, "plan:", " | ".join(str(r[-1]) for r in plan))
        stop = threading.Event()
        writer = threading.Thread(target=_settle, args=(store, ids, stop))
        writer.start()
        try:
            for threads in args.threads:
                stored_rank(store, ids[0])  # the pool's connections opened before timing
                figures = {}
                for name, read in (
                    ("rank", lambda rng: stored_rank(store, rng.choice(ids))),
                    ("hello", lambda rng: store.user_by_token(rng.choice(accounts)[1])),
                ):
                    times, wall = _timed(threads, args.reads, read)
                    figures[name] = statistics.median(times)
                    p99 = sorted(times)[int(len(times) * 0.99)]
                    print(
                        f"{args.backend} threads={threads} {name:5}: median "
                        f"{figures[name] * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
                        f"{len(times) / wall:,.0f} reads/s"
                    )
                print(
                    f"  rank read / hello read (median): {figures['rank'] / figures['hello']:.2f}"
                )
        finally:
            stop.set()
            writer.join()
            store.close()


if __name__ == "__main__":
    main()
