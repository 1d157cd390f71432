"""A real server on a loopback port (a subprocess, so tests can kill it) and scripted clients."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

HOST = "127.0.0.1"
#: seconds a server may take to answer its health check after it was started: on a loaded
#: machine, importing and opening the database alone can take half a minute; a server that
#: never comes up only costs this wait
START_LIMIT = 180.0
#: seconds a scripted client waits for an answer before taking it for lost (unless the test
#: says its own): a loaded machine answers a login or a table's first message slowly, and only
#: an answer that never comes costs this wait
REPLY_LIMIT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class ServerProcess:
    #: what follows the interpreter in the command line (a test may run the server otherwise)
    launcher: tuple[str, ...] = ("-m", "jantaku")

    def __init__(self, database: str, *extra: str, solo_pause: str | None = "2") -> None:
        """``solo_pause``: ``--solo-hand-pause`` (None: the server's own, until confirmed)."""
        self.database = database
        self.extra = extra
        self.solo = () if solo_pause is None else ("--solo-hand-pause", solo_pause)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> ServerProcess:
        args = [
            sys.executable,
            *self.launcher,
            "serve",
            "--host",
            HOST,
            "--port",
            str(self.port),
            "--database",
            self.database,
            # short pauses keep whole matches quick; a test that measures them says its own
            "--call-window",
            "0.02",
            "--solo-call-window",
            "0",
            "--hand-pause",
            "2",
            # computer players act at once (``jantaku serve`` gives them a moment by default)
            "--bot-delay",
            "0",
            *self.solo,
            *self.extra,
        ]
        # its log goes to a file (the server keeps it open): a pipe nobody reads fills up,
        # and the server then blocks on its next log line
        with tempfile.TemporaryFile() as errors:
            self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errors)
            deadline = time.monotonic() + START_LIMIT
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    errors.seek(0)
                    err = errors.read().decode(errors="replace")
                    raise RuntimeError(f"server exited: {err[-2000:]}")
                try:
                    health = httpx.get(self.base + "/api/health", timeout=1, trust_env=False)
                    if health.status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
        self.kill()  # else it lives on after the test, and loads every later one
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def terminate(self) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(20)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        r = httpx.post(self.base + path, json=body or {}, timeout=REPLY_LIMIT, trust_env=False)
        return r.status_code, r.json()

    def get(self, path: str, token: str | None = None) -> httpx.Response:
        """GET ``path``, as the player of ``token`` when given (private records need it)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.get(self.base + path, headers=headers, timeout=REPLY_LIMIT, trust_env=False)

    def guest(self) -> str:
        return str(self.post("/api/guest")[1]["token"])


def choose(prompt: dict[str, Any]) -> dict[str, Any]:
    """A scripted player: win when offered, else pass, else the first discard."""
    legal = prompt["legal_actions"]
    for kind in ("tsumo", "ron", "pass", "discard"):
        for a in legal:
            if a["type"] == kind:
                return a
    return dict(legal[0])


def poll(c: Client) -> dict[str, Any] | None:
    """The client's next message, or None when none comes at once."""
    try:
        return c.recv(timeout=0.05)
    except TimeoutError:
        return None


def own_turn(prompt: dict[str, Any]) -> bool:
    """Whether a prompt is the seat's own turn (it may discard), not a call offer."""
    return any(a["type"] == "discard" for a in prompt["legal_actions"])


def until_own_turn(a: Client, b: Client, table: str, tries: int = 2000) -> dict[str, Any]:
    """Both persons answer their prompts (``choose``) until ``a`` is on turn: its prompt."""
    for _ in range(tries):
        msg = poll(a)
        if msg is not None and msg["type"] == "prompt":
            if own_turn(msg):
                return msg
            a.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
        other = poll(b)
        if other is not None and other["type"] == "prompt":
            b.send({"type": "act", "table": table, "seq": other["seq"], "action": choose(other)})
    raise AssertionError("a was never on turn")


_ADDRESSES = itertools.count(1)


def fresh_address() -> str:
    """A network address nobody else in this test run speaks from (10.0.0.0/8)."""
    n = next(_ADDRESSES)
    return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


class Client:
    """A scripted WebSocket client. Each speaks from an ``address`` of its own (as players on
    their own machines do; uvicorn trusts ``X-Forwarded-For`` from 127.0.0.1) unless the test
    names one: a ranked queue table seats one account per address."""

    def __init__(
        self, server: ServerProcess, token: str | None = None, address: str | None = None
    ) -> None:
        self.server = server
        self.address = address or fresh_address()
        self.ws: ClientConnection = connect(
            f"ws://{HOST}:{server.port}/ws",
            max_size=None,
            legacy=True,
            proxy=None,
            open_timeout=REPLY_LIMIT,
            additional_headers={"X-Forwarded-For": self.address},
        )
        self.messages: list[dict[str, Any]] = []
        self.user: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        if token is not None:
            self.send({"type": "hello", "token": token})
            self.user = self.expect("welcome")["user"]

    def send(self, msg: dict[str, Any] | str) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = REPLY_LIMIT) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        return msg  # type: ignore[no-any-return]

    def expect(self, kind: str, timeout: float = REPLY_LIMIT, limit: int = 10000) -> dict[str, Any]:
        for _ in range(limit):
            msg = self.recv(timeout)
            if msg["type"] == kind:
                return msg
            if msg["type"] == "prompt":
                # kept for play(): a prompt that arrives before an awaited error (the server
                # moved on between two sends) is the one the seat must answer next
                self.pending = msg
        raise AssertionError(f"no {kind} message")

    def play(
        self, table: str, limit: int = 200000, stop_after: int | None = None, policy: Any = choose
    ) -> dict[str, Any] | None:
        """Answer prompts until the match ends (returns the result) or ``stop_after`` own
        actions have been sent (returns None)."""
        sent = 0
        last: dict[str, Any] | None = None
        for _ in range(limit):
            msg = self.pending or self.recv()
            self.pending = None
            if msg["type"] == "match_ended":
                return msg["result"]  # type: ignore[no-any-return]
            if msg["type"] == "events" and msg.get("table") == table and msg.get("between_hands"):
                self.send({"type": "continue", "table": table})  # the result has been seen
            if msg["type"] == "error" and msg.get("code") == "rate_limited" and last:
                time.sleep(0.5)  # a well-behaved client slows down and says it again
                self.send(last)
            if msg["type"] == "prompt" and msg["table"] == table:
                if stop_after is not None and sent >= stop_after:
                    self.pending = msg
                    return None
                last = {"type": "act", "table": table, "seq": msg["seq"], "action": policy(msg)}
                time.sleep(0.012)  # stay under the server's 100 messages a second
                self.send(last)
                sent += 1
        raise AssertionError("the match did not end")

    def until_closed(self, deadline: float = 30) -> list[dict[str, Any]]:
        """Every message until the server closes the connection, which it must within
        ``deadline`` seconds."""
        seen: list[dict[str, Any]] = []
        end = time.monotonic() + deadline
        with contextlib.suppress(ConnectionClosed):
            while time.monotonic() < end:
                with contextlib.suppress(TimeoutError):
                    seen.append(self.recv(timeout=1))
            raise AssertionError(f"the connection stayed open: {[m['type'] for m in seen[-5:]]}")
        return seen

    def close(self) -> None:
        self.ws.close()


def serve_env() -> dict[str, str]:
    return dict(os.environ)


def play_all(clients: list[Client], table: str) -> list[dict[str, Any] | None]:
    """Every client plays the table to its end at once (one thread each); their results."""
    import threading

    results: list[dict[str, Any] | None] = [None] * len(clients)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            results[i] = clients[i].play(table)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors, errors
    return results
