"""Login flood: does a storm of wrong-password logins slow everyone else down?

Starts a real server (a subprocess on loopback, as the server tests do), then for ``--seconds``
runs ``--logins`` concurrent clients, each posting wrong-password logins back to back, while a
logged-in WebSocket client sends a ping every 20 ms and measures its round trip. Prints the
p50/p95/p99 of that round trip and how the logins were answered: 401 (hashed and refused),
429 (refused by the back-off, no hash), 503 (too many hashes waiting).

Two modes: ``one`` (every login from one address, as one attacker) and ``spread`` (each login
from another address via the ``X-Forwarded-For`` uvicorn trusts from 127.0.0.1, as a botnet:
nothing is refused by the address back-off, so every login costs a hash). Target: p95 < 250 ms.

    python benchmarks/login_flood.py --rounds 3
    python benchmarks/login_flood.py --mode spread --logins 60 --seconds 5
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
from websockets.sync.client import connect

HOST = "127.0.0.1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _start(database: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jantaku",
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--database",
            database,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/health", timeout=1, trust_env=False).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _flood(
    base: str,
    mode: str,
    name: str,
    logins: int,
    seconds: float,
    n: int,
    results: multiprocessing.Queue[dict[int, int]],
) -> None:
    """``logins`` threads posting wrong-password logins back to back for ``seconds``."""
    answers: Counter[int] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def flood(i: int) -> None:
        with httpx.Client(trust_env=False, timeout=60) as http:
            k = 0
            while time.monotonic() < stop:
                address = f"10.{100 + n}.{i}.{k % 250}" if mode == "spread" else "10.99.0.1"
                k += 1
                # a name per client: the per-name back-off alone would refuse most of the flood
                body = {"name": name if i == 0 else f"ghost{i}", "password": "guess"}
                try:
                    status = http.post(
                        base + "/api/login", json=body, headers={"X-Forwarded-For": address}
                    ).status_code
                except httpx.HTTPError:
                    status = 0
                with lock:
                    answers[status] += 1

    threads = [threading.Thread(target=flood, args=(i,)) for i in range(logins)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results.put(dict(answers))


def _round(base: str, mode: str, logins: int, seconds: float, n: int) -> dict[str, object]:
    name = f"target{n}"
    with httpx.Client(trust_env=False, timeout=30) as http:
        r = http.post(
            base + "/api/register",
            json={"name": name, "password": "right password"},
            headers={"X-Forwarded-For": f"10.200.{n}.1"},
        )
        r.raise_for_status()
        token = r.json()["token"]
    ws = connect(
        f"ws://{base.removeprefix('http://')}/ws", proxy=None, open_timeout=10, legacy=True
    )
    ws.send(json.dumps({"type": "hello", "token": token}))
    assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    # the flood runs in a process of its own: its threads must not hold the measuring
    # client's interpreter lock
    results: multiprocessing.Queue[dict[int, int]] = multiprocessing.Queue()
    flooder = multiprocessing.Process(
        target=_flood, args=(base, mode, name, logins, seconds, n, results)
    )
    flooder.start()
    stop = time.monotonic() + seconds
    rtts: list[float] = []
    while time.monotonic() < stop:
        t0 = time.perf_counter()
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(timeout=60))["type"] != "pong":
            pass
        rtts.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.02)
    answers = results.get(timeout=120)
    flooder.join(30)
    ws.close()
    return {
        "mode": mode,
        "pings": len(rtts),
        "p50": _percentile(rtts, 0.50),
        "p95": _percentile(rtts, 0.95),
        "p99": _percentile(rtts, 0.99),
        "max": max(rtts),
        "mean": statistics.fmean(rtts),
        "answers": dict(sorted(answers.items())),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logins", type=int, default=60, help="concurrent login clients")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--mode", choices=["one", "spread", "both"], default="both")
    parser.add_argument("--database", default=None, help="default: a fresh SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{Path(tmp) / 'flood.sqlite3'}"
        proc, base = _start(database)
        try:
            modes = ["one", "spread"] if args.mode == "both" else [args.mode]
            n = 0
            for _ in range(args.rounds):
                for mode in modes:
                    n += 1
                    res = _round(base, mode, args.logins, args.seconds, n)
                    verdict = "ok" if float(res["p95"]) < 250 else "OVER TARGET"  # type: ignore[arg-type]
                    print(
                        f"{res['mode']:>6}: ping p50 {res['p50']:.1f} ms  p95 {res['p95']:.1f} ms"
                        f"  p99 {res['p99']:.1f} ms  max {res['max']:.1f} ms"
                        f" ({res['pings']} pings, {verdict})  logins by status {res['answers']}"
                    )
                    time.sleep(1.0)
        finally:
            proc.terminate()
            proc.wait(20)


if __name__ == "__main__":
    main()
