"""A table page whose connection drops says it is reconnecting, and keeps saying so until the
table's snapshot comes again: a table resumed in a call window after a restart holds a join
back for up to the call-prompt time (docs/protocol.md, *Calls: what nobody learns*), and the
page must not look live meanwhile. The socket is routed through the test, which drops it and
then holds the snapshot of the join that follows, as such a table does. Meanwhile the old
board acts on no click or key."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from playwright.sync_api import WebSocketRoute, expect

from tests.web.helpers import login_guest

SAID = {
    "en": "Connection lost: reconnecting to the table",
    "de": "Verbindung unterbrochen: verbinde wieder mit dem Tisch",
}


class _Relay:
    """The page's sockets, relayed to the server; once ``hold`` is set, the first snapshot to
    the page and everything after it wait in ``held`` until ``release``."""

    def __init__(self) -> None:
        self.routes: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        self.hold = False
        self.held: list[str | bytes] = []
        self.sent: list[dict[str, Any]] = []  # what the page sent, in order
        self.lock = threading.Lock()

    def route(self, ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            with self.lock:
                if self.held or (self.hold and json.loads(message)["type"] == "snapshot"):
                    self.held.append(message)
                    return
            ws.send(message)

        def to_server(message: str | bytes) -> None:
            self.sent.append(json.loads(message))
            upstream.send(message)

        ws.on_message(to_server)
        upstream.on_message(to_page)
        self.routes.append((ws, upstream))

    def drop(self) -> None:
        """Close the newest connection on both sides (the page then reconnects)."""
        page_side, server_side = self.routes[-1]
        server_side.close()
        page_side.close()

    def release(self) -> None:
        with self.lock:
            self.hold = False
            held, self.held = self.held, []
        page_side, _ = self.routes[-1]
        for message in held:
            page_side.send(message)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dropped_table_says_it_is_reconnecting_until_its_snapshot_comes(
    server: str, new_page: Any, lang: str
) -> None:
    page = new_page()
    page.clock.install()  # the page's timers, moved on below past a request's usual wait
    relay = _Relay()
    page.route_web_socket("**/ws", relay.route)
    login_guest(page, server)
    if lang == "de":
        page.get_by_role("button", name="DE").click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*")
    # the own turn (the practice table waits for it), so that the old board offers a discard
    turn = page.locator("[data-testid=hand-tile]:not([aria-disabled])").first
    expect(turn).to_be_visible(timeout=20000)
    reconnecting = page.get_by_test_id("table-reconnecting")
    expect(reconnecting).to_have_count(0)
    relay.hold = True
    connections = len(relay.routes)
    relay.drop()
    expect(reconnecting).to_contain_text(SAID[lang])
    expect(reconnecting).to_have_attribute("role", "status")  # a screen reader hears it too
    # connected again, its join answered but the snapshot held back: still not live
    page.wait_for_function("(n) => window.jantaku.socket.ready", arg=connections, timeout=20000)
    for _ in range(100):
        with relay.lock:
            if relay.held:
                break
        page.wait_for_timeout(50)
    assert relay.held, "no snapshot came after the reconnect"
    assert len(relay.routes) == connections + 1
    expect(reconnecting).to_contain_text(SAID[lang])
    # the old board takes no click nor key meanwhile
    turn.click()
    page.keyboard.press("d")
    page.wait_for_timeout(300)
    assert not [m for m in relay.sent if m["type"] == "act"], relay.sent
    page.clock.run_for(20_000)  # the hold outlasts a request's usual 15 s: the join still waits
    expect(reconnecting).to_contain_text(SAID[lang])
    expect(page.get_by_test_id("table-notice")).to_have_count(0)
    relay.release()
    expect(reconnecting).to_have_count(0)
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
