"""Errors never break the table: a stale or illegal action (made so on the wire) is answered by
the server with an error, the page joins again for a snapshot, and play goes on by clicking."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import WebSocketRoute, expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest
from tests.web.table_driver import STATE, step


def test_stale_and_illegal_actions_resync_the_table(server: str, new_page) -> None:
    page = new_page()
    received: list[dict[str, Any]] = []
    tampered: list[str] = []
    prompts: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "act" and msg["action"].get("type") == "discard":
                if not tampered:
                    msg["seq"] -= 1  # an answer to a step the table has left behind
                    tampered.append("stale")
                elif len(tampered) == 1:
                    offered = {a.get("tile_index") for a in prompts[-1]["legal_actions"]}
                    # a real tile this seat may not discard now (999 would not be a tile at all)
                    msg["action"]["tile_index"] = next(i for i in range(136) if i not in offered)
                    tampered.append("illegal_action")
            upstream.send(json.dumps(msg))

        def to_page(message: str | bytes) -> None:
            received.append(json.loads(message))
            if received[-1]["type"] == "prompt":
                prompts.append(received[-1])
            ws.send(message)

        ws.on_message(to_server)
        upstream.on_message(to_page)

    page.route_web_socket("**/ws", route)
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)

    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline, "no end of the hand"
        s = page.evaluate(STATE)
        if s["handEnd"] and len(tampered) == 2:
            break
        step(page, s)
    errors = [m for m in received if m["type"] == "error"]
    assert [e["code"] for e in errors] == ["stale", "illegal_action"]
    # each error was followed by a fresh snapshot of the table (the page joined again)
    for e in errors:
        after = received[received.index(e) + 1 :]
        assert any(m["type"] == "snapshot" and m.get("view") for m in after)
    expect(page.get_by_test_id("board")).to_be_visible()


def test_an_unknown_table_says_so(server: str, new_page) -> None:
    # the page asks whether a table that is no more was an abandoned game: here it was not
    page = new_page(allow=(r"status of 404 \(Not Found\)",))
    login_guest(page, server)
    page.goto(f"{server}/#/table/nosuchtable?watch=1")
    expect(page.get_by_test_id("table-notice")).to_contain_text("no such table")
    page.goto(f"{server}/#/table/nosuchtable")
    expect(page.get_by_test_id("table-notice")).to_contain_text("no such table")


def test_the_table_comes_back_after_a_server_crash(tmp_path: Path, new_page) -> None:
    # its own server: absent players keep their seats for a minute (no computer takeover)
    proc = ServerProcess(
        f"sqlite:///{tmp_path / 'crash.sqlite3'}", "--bot-delay", "0", "--grace-seconds", "60"
    ).start()
    try:
        _crash_and_come_back(proc, new_page)
    finally:
        proc.stop()


def _own_river(page: Any) -> list[str]:
    """The own river's tiles, read in one look (the page redraws on every message)."""
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('[data-testid=seat-self] .river .tile')]"
            ".map((t) => t.dataset.tile)"
        )
    )


def _crash_and_come_back(proc: ServerProcess, new_page: Any) -> None:
    server = proc.base
    # while the server is down the browser itself logs the refused connection attempts
    page = new_page(allow=(r"WebSocket connection to .* failed", r"ERR_CONNECTION_REFUSED"))
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
    deadline = time.monotonic() + 120
    while len(_own_river(page)) < 3:
        assert time.monotonic() < deadline, "three own discards did not happen"
        step(page)
    # all but the last discard are settled: only the newest may still be called away
    before = _own_river(page)[:-1]
    proc.kill()  # SIGKILL: the stored actions are all the server keeps
    # the page does not look live while the table is away
    reconnecting = page.get_by_test_id("table-reconnecting")
    expect(reconnecting).to_contain_text("reconnecting")
    proc.start()  # same port, same database
    # the page reconnects, joins again and shows the same deal: the own discards are still there
    deadline = time.monotonic() + 60
    while True:
        shown = _own_river(page)
        assert time.monotonic() < deadline, (
            f"the table did not come back: {before} -> {shown}, {page.evaluate(STATE)}, "
            f"{page.get_by_test_id('table-page').inner_text()[:300]!r}"
        )
        s = page.evaluate(STATE)
        if shown[: len(before)] == before and (s["tiles"] or s["pass"] or s["win"]):
            break  # asked again: a discard or a call
        page.wait_for_timeout(200)
    expect(reconnecting).to_have_count(0)  # its snapshot came: live again
    # and play goes on by clicking
    deadline = time.monotonic() + 300
    while not page.evaluate(STATE)["handEnd"]:
        assert time.monotonic() < deadline, "no end of the hand after the restart"
        step(page)
