"""The waiting room keeps its buttons while players come and go: every seat taken or given up
redraws the page (a ``table_update``), and a button replaced between mouse down and mouse up
would lose the click. After other players sat down and one left, the room's buttons are the
very elements they were; a press begun before a player sits down and released after it still
sends what the button says (exactly once)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest
from tests.web.test_table_keep import COUNT_RECEIVED

BUTTONS = "[data-testid=waiting] button"


class _Frames:
    """The messages of ``types`` the page sends over its WebSocket."""

    def __init__(self, page: Page, types: set[str]) -> None:
        self.types = types
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on("framesent", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") in self.types:
            self.sent.append(msg)


def _updates(page: Page) -> int:
    return int(page.evaluate("window.__received.table_update || 0"))


def _sit(proc: ServerProcess, page: Page, table: str) -> Client:
    """Another player (a guest of its own) sits down; the page has drawn the new seat."""
    before = _updates(page)
    other = Client(proc, proc.guest())
    other.send({"type": "join", "table": table})
    other.expect("snapshot")
    page.wait_for_function("(n) => (window.__received.table_update || 0) > n", arg=before)
    assert other.user is not None
    expect(page.get_by_test_id("waiting")).to_contain_text(str(other.user["name"]))
    return other


def _stand_up(page: Page, other: Client, table: str) -> None:
    """The other player gives the seat up again; the page has drawn the empty seat."""
    before = _updates(page)
    other.send({"type": "leave", "table": table})
    page.wait_for_function("(n) => (window.__received.table_update || 0) > n", arg=before)
    assert other.user is not None
    expect(page.get_by_test_id("waiting")).not_to_contain_text(str(other.user["name"]))


def _still_marked(page: Page) -> dict[str, int]:
    return dict(
        page.evaluate(
            "(sel) => ({ all: window.__marked.length,"
            " connected: window.__marked.filter((e) => e.isConnected).length,"
            " now: [...document.querySelectorAll(sel)].filter((e) => e.marked).length })",
            BUTTONS,
        )
    )


@pytest.mark.parametrize(("button", "sends"), [("start-bots", "start"), ("leave", "leave")])
def test_the_waiting_rooms_buttons_stay_and_a_press_across_a_redraw_clicks(
    server_proc: ServerProcess, new_page: Any, artifacts: Path, button: str, sends: str
) -> None:
    page = new_page(1440, 900)
    page.add_init_script(COUNT_RECEIVED)
    frames = _Frames(page, {"start", "leave"})
    login_guest(page, server_proc.base)
    page.goto(f"{server_proc.base}/#/table/new?kind=party&length=quick")
    page.wait_for_url(re.compile(r".*#/table/[0-9a-f]+$"))
    table = page.url.split("#/table/")[1]
    expect(page.get_by_test_id(button)).to_be_visible()
    marked = page.evaluate(
        "(sel) => { const els = [...document.querySelectorAll(sel)];"
        " els.forEach((e) => { e.marked = true; }); window.__marked = els; return els.length; }",
        BUTTONS,
    )
    assert marked == 2, "the room offers start and leave"

    first = _sit(server_proc, page, table)
    second = _sit(server_proc, page, table)
    _stand_up(page, first, table)
    kept = _still_marked(page)
    assert kept == {"all": 2, "connected": 2, "now": 2}, f"buttons replaced: {kept}"
    page.screenshot(path=str(artifacts / f"waiting-room-kept-{button}.png"))

    box = page.get_by_test_id(button).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    third = _sit(server_proc, page, table)  # the page redraws while the button is held
    assert frames.sent == [], "sent before the button was released"
    page.mouse.up()
    if sends == "start":
        expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
    else:
        page.wait_for_url("**/#/lobby")
    assert [m["type"] for m in frames.sent] == [sends], frames.sent
    assert frames.sent[0]["table"] == table
    for other in (first, second, third):
        other.close()
