"""The profile's game list on a phone (390x844): each game's place, score and its Watch and
Review links are on screen without scrolling the list sideways, in English and German (the
longer labels), and the links lead to the game's replay and its review."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.helpers import login_guest, play_practice_game, session
from tests.web.layout import layout_problems

_SEEN = """(row) => [...row.cells].map((c) => {
  const before = getComputedStyle(c, "::before").content;
  return (before === "none" ? "" : JSON.parse(before)) + c.textContent;
})"""


def _inside(page: Page, testid: str, width: int) -> None:
    """The link lies within the screen and within the list's visible (scrolled) box."""
    box = page.get_by_test_id(testid).first.bounding_box()
    frame = page.locator(".table-scroll:has([data-testid=recent-games])").bounding_box()
    assert box is not None and frame is not None
    right = min(width, frame["x"] + frame["width"])
    assert box["x"] >= frame["x"] and box["x"] + box["width"] <= right, (testid, box, frame)


def test_the_game_list_fits_a_phone(
    server: str, server_proc: Any, new_page: Any, artifacts: Path
) -> None:
    page = new_page(width=390, height=844)
    login_guest(page, server)
    me = session(page)
    game_id = play_practice_game(server_proc, me["token"])
    page.goto(f"{server}/#/profile/{me['user']['id']}")
    games = page.get_by_test_id("recent-games")
    expect(games.locator("tbody tr")).to_have_count(1)
    for lang, place, score in (("en", "Place", "Score"), ("de", "Platz", "Punkte")):
        page.locator(f"[data-lang={lang}]").click()
        row = page.get_by_test_id("recent-games").locator("tbody tr").first
        seen = row.evaluate(_SEEN)  # each cell as drawn, with any label the page puts before it
        assert any(c.startswith(place) for c in seen), seen  # named: the column heads are hidden
        assert any(c.startswith(score) for c in seen), seen
        for testid in ("replay-link", "review-link"):
            expect(page.get_by_test_id(testid)).to_be_visible()
            _inside(page, testid, 390)
        scroller = page.locator(".table-scroll:has([data-testid=recent-games])")
        assert scroller.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "no sideways scroll"
        assert layout_problems(page) == []
        page.screenshot(path=str(artifacts / f"profile-games-390-{lang}.png"), full_page=True)
    page.locator("[data-lang=en]").click()
    page.get_by_test_id("review-link").click()
    page.wait_for_url(f"**/#/replay/{game_id}?review=0")
    page.go_back()
    page.wait_for_url(f"**/#/profile/{me['user']['id']}")
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/#/replay/{game_id}")
    expect(page.get_by_test_id("replay-position")).to_contain_text("Step")
