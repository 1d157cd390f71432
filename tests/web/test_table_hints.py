"""The "Hints" toggle at a practice table: on, the page marks the tile (or button) the server's
hint recommends, named for screen readers; off, it marks nothing; the setting is kept."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.a11y import unnamed_controls
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
