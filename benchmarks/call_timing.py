"""What the pace of a table tells about who may call: run a real server, let one person (or
``--persons 2`` at a party table) play against computer players while a spectator watches, and
print the gap between each discard's ``events`` message and the next one, grouped by who could
have called it (read afterwards from the stored actions: a call window's answers, passes too,
are stored rows). Equal groups mean the gap tells nothing; the persons' answers are instant
here, so a group where a person could call shows the server's pace alone.

    .venv/bin/python benchmarks/call_timing.py --kind practice --bot strongest --discards 300
    .venv/bin/python benchmarks/call_timing.py --kind classical -- --solo-call-window 0
    .venv/bin/python benchmarks/call_timing.py --kind party --persons 2 -- --call-window 0.3

Options after ``--`` go to ``jantaku serve`` (for instance ``--solo-call-window 0`` to see the
table without its hold). The first person's turn gaps are printed too: from its discard to the
message that shows it, grouped the same way (the work a discard starts differs with the hands
it may complete)."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

HOST = "127.0.0.1"
_ANSWERS = {"pass", "chi", "pon", "open_kan", "ron", "added_kan"}
_TURN = {"discard", "riichi"}


def _port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _serve(database: str, port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "jantaku", "serve", "--host", HOST, "--port", str(port)]
    args += ["--database", database, "--bot-delay", "0", "--log-level", "error", *extra]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://{HOST}:{port}/api/health", trust_env=False).is_success:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _socket(port: int, token: str) -> ClientConnection:
    ws = connect(f"ws://{HOST}:{port}/ws", max_size=None, proxy=None, legacy=True)
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def _person(port: int, token: str, table: str, fill: str, joined: Any, stop: Any, out: Any) -> None:
    """A person, in a process of its own (so that its work never delays the spectator's
    reading): join (and ``fill`` the empty seats with that level, if given), discard the first
    tile offered, pass every call, confirm every result, at once; its messages with the time
    each was read go to ``out``."""
    log: list[tuple[float, dict[str, Any]]] = []
    ws = _socket(port, token)
    json.loads(ws.recv())
    join = {"type": "join", "table": table, "fill_bots": bool(fill), "bot": fill or "filler"}
    ws.send(json.dumps(join))
    while not stop.is_set():
        try:
            msg = json.loads(ws.recv(timeout=1))
        except TimeoutError:
            continue
        log.append((time.perf_counter(), msg))
        if msg["type"] == "snapshot":
            joined.set()
        if msg["type"] in ("match_ended", "error"):
            break
        if msg["type"] == "events" and msg.get("between_hands"):
            ws.send(json.dumps({"type": "continue", "table": table}))
        if msg["type"] == "prompt":
            legal = msg["legal_actions"]
            act = next((a for a in legal if a["type"] == "pass"), None) or next(
                (a for a in legal if a["type"] == "discard"), legal[0]
            )
            log.append((time.perf_counter(), {"type": "sent", "action": act}))
            ws.send(json.dumps({"type": "act", "table": table, "seq": msg["seq"], "action": act}))
    ws.close()
    out.put(log)


def _callers(rows: list[dict[str, Any]]) -> list[set[int]]:
    """For each discard among the stored actions, the seats that answered its call window."""
    out: list[set[int]] = []
    for i, row in enumerate(rows):
        if row["type"] not in _TURN:
            continue
        seats: set[int] = set()
        for later in rows[i + 1 :]:
            if later["type"] not in _ANSWERS or later["seat"] == row["seat"]:
                break
            seats.add(later["seat"])
        out.append(seats)
    return out


def _gaps(log: list[tuple[float, dict[str, Any]]]) -> list[float]:
    """Seconds from each message with a discard to the next events message."""
    gaps: list[float] = []
    pending: float | None = None
    for t, msg in log:
        if msg["type"] != "events":
            continue
        if pending is not None:
            gaps.append(t - pending)
            pending = None
        if any(e["type"] == "discarded" for e in msg["events"]):
            pending = t
    return gaps


def _own_gaps(log: list[tuple[float, dict[str, Any]]]) -> list[float]:
    """Seconds from each discard the person sent to the message that shows it."""
    gaps: list[float] = []
    sent: float | None = None
    for t, msg in log:
        if msg["type"] == "sent" and msg["action"]["type"] in _TURN:
            sent = t
        elif (
            sent is not None
            and msg["type"] == "events"
            and any(e["type"] == "discarded" for e in msg["events"])
        ):
            gaps.append(t - sent)
            sent = None
    return gaps


def _print(title: str, groups: dict[str, list[float]]) -> None:
    print(title)
    for name, values in groups.items():
        if not values:
            print(f"  {name:28} n=0")
            continue
        q = statistics.quantiles(values, n=10) if len(values) > 1 else values * 9
        print(
            f"  {name:28} n={len(values):4}  min {min(values) * 1e3:7.2f}  p10 {q[0] * 1e3:7.2f}"
            f"  median {statistics.median(values) * 1e3:7.2f}  p90 {q[-1] * 1e3:7.2f}"
            f"  max {max(values) * 1e3:7.2f} ms"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", default="practice", help="practice, party or classical")
    ap.add_argument("--bot", default="defensive", help="the computer players' level")
    ap.add_argument("--discards", type=int, default=300)
    ap.add_argument("--persons", type=int, default=1, choices=(1, 2, 3), help="persons seated")
    ap.add_argument("--dump", help="write every message seen and the stored actions here (JSON)")
    ap.add_argument("serve", nargs="*", help="options for jantaku serve (after --)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "timing.sqlite3"
        port = _port()
        proc = _serve(f"sqlite:///{path}", port, args.serve)
        try:
            base = f"http://{HOST}:{port}"
            tokens = [
                httpx.post(base + "/api/guest", trust_env=False).json()["token"]
                for _ in range(args.persons + 1)
            ]
            watcher = tokens.pop()
            person = _socket(port, tokens[0])
            json.loads(person.recv())
            person.send(json.dumps({"type": "create", "kind": args.kind, "length": "full"}))
            table = ""
            while not table:
                msg = json.loads(person.recv())
                table = msg["table"]["id"] if msg["type"] == "created" else ""
            person.close()
            spectator = _socket(port, watcher)
            json.loads(spectator.recv())
            spectator.send(json.dumps({"type": "watch", "table": table}))
            stop = multiprocessing.Event()
            outs, players = [], []
            for n, token in enumerate(tokens):  # the last one fills the table
                fill = args.bot if n == len(tokens) - 1 else ""
                joined, out = multiprocessing.Event(), multiprocessing.Queue()
                player = multiprocessing.Process(
                    target=_person, args=(port, token, table, fill, joined, stop, out)
                )
                player.start()
                joined.wait(30)
                outs.append(out)
                players.append(player)
            seen: list[tuple[float, dict[str, Any]]] = []
            discards = 0
            while discards < args.discards:
                msg = json.loads(spectator.recv(timeout=60))
                seen.append((time.perf_counter(), msg))
                if msg["type"] == "match_ended" or not all(p.is_alive() for p in players):
                    break
                if msg["type"] == "events":
                    discards += sum(e["type"] == "discarded" for e in msg["events"])
            spectator.close()
            stop.set()
            logs: list[list[tuple[float, dict[str, Any]]]] = [o.get(timeout=30) for o in outs]
            for player in players:
                player.join(10)
            mine = logs[0]
            persons = {next(m["seat"] for _, m in log if m["type"] == "snapshot") for log in logs}
            me = next(m["seat"] for _, m in mine if m["type"] == "snapshot")
        finally:
            proc.terminate()
            proc.wait(20)
        with sqlite3.connect(path) as db:
            stored = db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY seq", (table,)
            ).fetchall()
    callers = _callers([json.loads(r[0]) for r in stored])
    if args.dump:
        rows = [json.loads(r[0]) for r in stored]
        Path(args.dump).write_text(json.dumps({"spectator": seen, "person": mine, "stored": rows}))

    def grouped(gaps: list[float], who: list[set[int]]) -> dict[str, list[float]]:
        out: dict[str, list[float]] = {"nobody could call": [], "a puppet could call": []}
        out["a person could call"] = []
        for gap, seats in zip(gaps, who, strict=False):
            key = (
                "a person could call"
                if persons & seats
                else "a puppet could call"
                if seats
                else "nobody could call"
            )
            out[key].append(gap)
        return out

    options = " ".join(args.serve) or "(defaults)"
    print(f"{args.kind} table, {args.persons} person(s), puppets {args.bot}, serve {options}")
    _print("spectator: discard -> next events message", grouped(_gaps(seen), callers))
    _print("first person: discard -> next events message", grouped(_gaps(mine), callers))
    turns = [r for r in (json.loads(row[0]) for row in stored) if r["type"] in _TURN]
    mine_discards = [c for r, c in zip(turns, callers, strict=True) if r["seat"] == me]
    _print("first person: own discard sent -> shown", grouped(_own_gaps(mine), mine_discards))


if __name__ == "__main__":
    main()
