"""What each HTTP endpoint costs the server: CPU time and bytes per request.

Starts a real server (a subprocess on loopback, as the server tests do, SQLite), plays
``--games`` practice games (``--length``, full by default) against computer players so there
are finished games, a profile and a lobby (``--open-tables``: that many more open tables in
it), then asks every route of the web app ``--requests`` times (the dear ones fewer) and
prints, per request: its route's weight in the HTTP budget per address
(server/http_budget.py), the CPU time of the server's processes (the process and its review
worker, from /proc, so a request's hashing and database threads count too), the bytes of the
answer's body and the client's wall time. Every request comes from an address of its own
(``X-Forwarded-For``, which uvicorn trusts from 127.0.0.1), so no limit
per address refuses the measurement. The figures are in docs/deploy.md ("What an HTTP
request costs").

    PYTHONPATH=src python benchmarks/http_costs.py
    PYTHONPATH=src python benchmarks/http_costs.py --games 4 --requests 300
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from tests.server.harness import Client, ServerProcess
from tests.server.test_abuse import _seed_tables
from tests.sheet import riichi_evening

from jantaku.server.http_budget import weight

_TICK = os.sysconf("SC_CLK_TCK")
_ADDRESSES = itertools.count(1)


def _address() -> str:
    n = next(_ADDRESSES)
    return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


def _cpu_seconds(root: int) -> float:
    """User and system time of ``root`` and every process below it (the review worker)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / _TICK
    tree, total = {root}, 0.0
    grown = True
    while grown:
        grown = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grown = True
    for pid in tree:
        total += times.get(pid, 0.0)
    return total


def _finished_game(server: ServerProcess, token: str, length: str) -> str:
    client = Client(server, token)
    try:
        client.send({"type": "create", "kind": "practice", "length": length, "id": 1})
        table = str(client.expect("created")["table"]["id"])
        client.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
        if client.play(table) is None:
            raise SystemExit("a practice game did not end")
        return table
    finally:
        client.close()


Ask = Callable[[httpx.Client, int], httpx.Response]


def _measure(server: ServerProcess, ask: Ask, n: int) -> tuple[float, float, float, list[int]]:
    """CPU ms, body bytes and wall ms per request (means over ``n``), and the statuses."""
    assert server.proc is not None
    statuses: list[int] = []
    size = 0
    with httpx.Client(base_url=server.base, timeout=120, trust_env=False) as http:
        ask(http, -1)  # a first request warms what it imports
        time.sleep(0.2)
        cpu, wall = _cpu_seconds(server.proc.pid), time.monotonic()
        for i in range(n):
            r = ask(http, i)
            statuses.append(r.status_code)
            size += len(r.content)
        wall = time.monotonic() - wall
        time.sleep(0.2)  # the worker's and threads' times settle
        cpu = _cpu_seconds(server.proc.pid) - cpu
    return 1000 * cpu / n, size / n, 1000 * wall / n, statuses


def _get(path: str | Callable[[int], str], token: str | None = None) -> Ask:
    def ask(http: httpx.Client, i: int) -> httpx.Response:
        headers = {"X-Forwarded-For": _address()}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return http.get(path(i) if callable(path) else path, headers=headers)

    return ask


def _send(method: str, path: str, body: Any, token: str | None = None) -> Ask:
    def ask(http: httpx.Client, i: int) -> httpx.Response:
        headers = {"X-Forwarded-For": _address()}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return http.request(method, path, json=body(i) if callable(body) else body, headers=headers)

    return ask


def _routes(server: ServerProcess, games: list[str], token: str, n: int) -> list[Any]:
    """(label, ask, requests) for every route."""
    http = httpx.Client(base_url=server.base, timeout=60, trust_env=False)
    user_id = http.get("/api/me", headers={"Authorization": f"Bearer {token}"}).json()["user"]["id"]
    name, password = f"bench{os.getpid()}", "a long enough password"
    account = {"name": name, "password": password}
    registered = http.post("/api/register", json={"name": name, "password": password}).json()
    member = registered["token"]
    sheet = riichi_evening.evening()
    saved = http.post(
        "/api/sheets", json=sheet, headers={"Authorization": f"Bearer {member}"}
    ).json()
    sheet_id = saved["id"]
    shared = http.post(
        f"/api/sheets/{sheet_id}/share", headers={"Authorization": f"Bearer {member}"}
    ).json()
    share = shared["token"]
    http.close()
    game = games[0]
    exports = [(g, f) for g in games[1:] for f in ("tenhou6", "mjai")]
    few = max(1, min(len(games) - 1, 4))
    logins = max(4, n // 50)
    return [
        ("GET / (index.html)", _get("/"), n),
        ("GET /static/js/app.js", _get("/static/js/app.js"), n),
        ("GET /static/css (a stylesheet)", _get("/static/css/table.css"), n),
        ("GET /api/health", _get("/api/health"), n),
        ("GET /api/ready", _get("/api/ready"), n),
        ("GET /api/nothing (404)", _get("/api/nothing"), n),
        ("GET /api/bots", _get("/api/bots"), n),
        ("GET /api/lobby", _get("/api/lobby"), n),
        ("GET /api/me", _get("/api/me", token), n),
        ("GET /api/me/tables", _get("/api/me/tables", token), n),
        ("GET /api/tables/{id} (finished, database)", _get(f"/api/tables/{game}"), n),
        ("GET /api/games/{id}", _get(f"/api/games/{game}"), n),
        ("GET /api/games/{id}/{fmt} (kept)", _get(f"/api/games/{game}/tenhou6"), n),
        (
            "GET /api/games/{id}/{fmt} (not yet kept)",
            _get(lambda i: "/api/games/{}/{}".format(*(exports[i] if i >= 0 else (game, "mjai")))),
            len(exports),
        ),
        (
            "GET /api/games/{id}/review (not yet kept)",
            _get(lambda i: f"/api/games/{games[1 + i]}/review?seat=0"),
            few,
        ),
        ("GET /api/games/{id}/review (kept)", _get(f"/api/games/{games[1]}/review?seat=0"), n),
        ("GET /api/players/{id}", _get(f"/api/players/{user_id}"), n),
        ("GET /api/players/{id}/games", _get(f"/api/players/{user_id}/games"), n),
        ("POST /api/guest", _send("POST", "/api/guest", {}), n // 4),
        ("POST /api/logout (unknown token)", _send("POST", "/api/logout", {"token": "x"}), n),
        ("POST /api/login", _send("POST", "/api/login", account), logins),
        (
            "POST /api/register",
            _send(
                "POST",
                "/api/register",
                lambda i: {"name": f"b{os.getpid()}x{i + 1}", "password": password},
            ),
            logins,
        ),
        ("POST /api/sheets/compute (8 hands)", _send("POST", "/api/sheets/compute", sheet), n // 4),
        (
            "POST /api/sheets/compute.csv (8 hands)",
            _send("POST", "/api/sheets/compute.csv", sheet),
            n // 4,
        ),
        ("GET /api/me/sheets", _get("/api/me/sheets", member), 15),
        ("GET /api/sheets/{id} (8 hands)", _get(f"/api/sheets/{sheet_id}", member), 15),
        (
            "PUT /api/sheets/{id} (8 hands)",
            _send("PUT", f"/api/sheets/{sheet_id}", sheet, member),
            15,
        ),
        ("GET /api/shared-sheets/{token} (8 hands)", _get(f"/api/shared-sheets/{share}"), n // 4),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="finished games to play first")
    parser.add_argument("--length", choices=("quick", "full"), default="full")
    parser.add_argument(
        "--open-tables", type=int, default=0, help="open public tables in the lobby (seeded)"
    )
    parser.add_argument("--requests", type=int, default=200, help="requests per cheap route")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'j.sqlite3'}"
        if args.open_tables:
            from jantaku.server.storage import Store

            Store(database).close()  # the schema first
            _seed_tables(database, args.open_tables)
        server = ServerProcess(database).start()
        try:
            token = server.guest()
            games: list[str] = []
            lock = threading.Lock()

            def play() -> None:
                game = _finished_game(server, token, args.length)
                with lock:
                    games.append(game)

            threads = [threading.Thread(target=play) for _ in range(max(2, args.games))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            print(f"{len(games)} finished games; load average {os.getloadavg()[0]:.1f}")
            print("| request | weight | CPU ms | body bytes | wall ms | statuses |")
            print("|---|---:|---:|---:|---:|---|")
            for label, ask, n in _routes(server, games, token, args.requests):
                cpu, size, wall, statuses = _measure(server, ask, n)
                seen = ", ".join(f"{s}×{statuses.count(s)}" for s in sorted(set(statuses)))
                cost = weight(label.split()[1])
                print(f"| {label} | {cost:g} | {cpu:.2f} | {size:,.0f} | {wall:.2f} | {seen} |")
                sys.stdout.flush()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
