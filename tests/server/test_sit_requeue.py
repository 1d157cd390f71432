"""A client waiting in the ranked queue when its server restarts queues again: a server
without Redis forgets its open queue tables at a restart (their players queue again), and the
client used to stop there with "closed before its match finished (expired)"."""

from __future__ import annotations

import threading
import time
from typing import Any

from jantaku.client import TableRequest, sit
from tests.server.accounts import registered
from tests.server.harness import Client, ServerProcess, play_all
from tests.server.test_sit_client import Watched


def _queued(server: ServerProcess, token: str) -> str | None:
    """The open table the token's player waits at, if any."""
    r = server.get("/api/me/tables", token=token)
    tables = r.json().get("tables") if r.status_code == 200 else None
    return next((t["id"] for t in tables or [] if t["status"] == "open"), None)


def test_a_client_in_the_queue_queues_again_after_a_restart(tmp_path: Any) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'jantaku.sqlite3'}").start()
    try:
        tokens = [registered(server) for _ in range(4)]
        results: list[Any] = []
        errors: list[BaseException] = []

        def run() -> None:
            try:
                request = TableRequest("novice", "quick", queue=True)
                bot = Watched("riichi")
                results.append(sit(bot, server.base, request, token=tokens[0], timeout=60))
            except BaseException as error:
                errors.append(error)

        first = threading.Thread(target=run, daemon=True)
        first.start()
        deadline = time.monotonic() + 60
        while (before := _queued(server, tokens[0])) is None:
            assert time.monotonic() < deadline, "the first client never waited in the queue"
            time.sleep(0.1)
        server.kill()  # the queue table is forgotten: expired at the restart
        server.start()
        deadline = time.monotonic() + 60
        while _queued(server, tokens[0]) in (None, before) and not errors:
            assert time.monotonic() < deadline, "the first client did not queue again"
            time.sleep(0.1)
        assert not errors, errors
        others = [Client(server, t) for t in tokens[1:]]  # each from an address of its own
        for c in others:
            c.send({"type": "queue", "kind": "novice", "length": "quick"})
            c.expect("snapshot")
        started = {c.expect("snapshot", timeout=60)["table"]["id"] for c in others}
        assert len(started) == 1
        table = started.pop()
        play_all(others, table)
        first.join(300)
        assert not errors, errors
        assert results and results[0].table == table != before and results[0].recorded
        for c in others:
            c.close()
    finally:
        server.stop()
