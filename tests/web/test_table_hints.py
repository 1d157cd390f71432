"""The "Hints" toggle at a practice table: on, the page marks the tile (or button) the server's
hint recommends, named for screen readers; off, it marks nothing; the setting is kept; both
danger levels show, in words (English and German) and with enough contrast."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.a11y import low_contrast, unnamed_controls
from tests.web.helpers import login_guest

MARKED = "[data-hint=recommended]"


def _prompted(page: Page) -> None:
    """Wait for an own turn: a hand tile that may be thrown."""
    expect(page.locator("[data-testid=hand-tile]:not([aria-disabled])").first).to_be_visible(
        timeout=30000
    )


def test_hints_mark_the_servers_recommendation_and_nothing_when_off(
    server: str, new_page: Any
) -> None:
    page = new_page()
    hints: list[dict[str, Any]] = []

    def frame(payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "hint":
            hints.append(msg)

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    login_guest(page, server)
    page.get_by_test_id("practice-length").select_option("quick")
    page.get_by_test_id("practice-bot").select_option("efficiency")
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*?fill=1*")
    _prompted(page)
    toggle = page.get_by_test_id("toggle-hints")
    expect(toggle).not_to_be_checked()
    assert page.locator(MARKED).count() == 0 and not hints  # off: nothing asked, nothing marked

    toggle.check()
    marked = page.locator(MARKED)
    expect(marked).to_have_count(1)
    assert page.evaluate("localStorage.getItem('jantaku.hints')") == "true"
    assert hints, "the page asked the server"
    hint = hints[-1]
    action = hint["action"]
    if action["type"] in ("discard", "riichi"):
        tile = page.locator(f"[data-testid=hand-tile]{MARKED}")
        expect(tile).to_have_attribute("data-tile", action["tile"])
        assert "recommended" in (tile.get_attribute("aria-label") or "")
    else:  # a win, a kan: the prompt's button is marked
        button = page.locator(f"[data-testid=prompt-bar] {MARKED}")
        expect(button).to_have_count(1)
    for d in hint["danger"]:  # a marked danger names its level
        tiles = page.locator(f"[data-testid=hand-tile][data-danger={d['level']}]")
        assert tiles.count() >= 1
        assert d["level"] in (tiles.first.get_attribute("aria-label") or "")
    assert unnamed_controls(page) == []

    toggle.uncheck()
    expect(page.locator(MARKED)).to_have_count(0)
    expect(page.locator("[data-danger]")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('jantaku.hints')") == "false"


def test_both_danger_levels_are_shown_in_words_and_with_contrast(
    server: str, new_page: Any
) -> None:
    """The server's hints pass through a relay that marks two own tiles (as a threat would):
    each shows its level (a bar and "!" or "!!"), says it in words in English and German, and
    its text passes the contrast check."""
    page = new_page()
    legal: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "prompt":
                legal[:] = msg["legal_actions"]
            if msg.get("type") == "hint":
                kinds: dict[str, dict[str, Any]] = {}
                for a in legal:
                    if a["type"] == "discard" and a["tile"][0] != "0":
                        kinds.setdefault(a["tile"], a)
                first, second = list(kinds.values())[:2]
                msg["danger"] = [
                    {"tile": first["tile"], "tile_index": first["tile_index"], "level": "risky"},
                    {
                        "tile": second["tile"],
                        "tile_index": second["tile_index"],
                        "level": "dangerous",
                    },
                ]
                message = json.dumps(msg)
            ws.send(message)

        ws.on_message(lambda message: upstream.send(message))
        upstream.on_message(to_page)

    page.route_web_socket("**/ws", route)
    login_guest(page, server)
    page.evaluate("localStorage.setItem('jantaku.hints', 'true')")  # the setting kept
    page.get_by_test_id("practice-length").select_option("quick")
    page.get_by_test_id("practice-bot").select_option("efficiency")
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*?fill=1*")
    _prompted(page)
    expect(page.get_by_test_id("toggle-hints")).to_be_checked()
    for level, mark in (("risky", "!"), ("dangerous", "!!")):
        tile = page.locator(f"[data-testid=hand-tile][data-danger={level}]").first
        expect(tile).to_be_visible()
        expect(tile.locator(".tile-mark")).to_have_text(mark)
        assert level in (tile.get_attribute("aria-label") or "")
        assert level in (tile.get_attribute("title") or "")
    assert low_contrast(page) == []
    page.locator("[data-lang=de]").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("toggle-hints")).to_be_checked()
    for level, word in (("risky", "riskant"), ("dangerous", "gefährlich")):
        tile = page.locator(f"[data-testid=hand-tile][data-danger={level}]").first
        expect(tile).to_have_attribute("aria-label", re.compile(word))
    expect(page.locator("label", has=page.get_by_test_id("toggle-hints"))).to_contain_text("Tipps")
