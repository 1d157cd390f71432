"""The profile's records in the browser, English and German: the rating achievements as badges
with their condition (reached ones marked in words, not by colour alone), the wins against
computer players per level, and the recent yakuman with a link to the replay at that hand;
every text readable, every control named, one h1 (tests/web/a11y.py). The games are stored
through the storage API the server stores matches with (the heavenly hand is a real scored
hand: tests/server/limit_hands.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from jantaku.server.storage import Store
from tests.server.harness import ServerProcess
from tests.server.limit_hands import heavenly_match, store_match
from tests.web.a11y import low_contrast, structure, unnamed_controls, weak_boundaries
from tests.web.helpers import login_guest, session
from tests.web.layout import layout_problems

WORDS = {
    "en": {
        "achievements": "Achievements",
        "badge": ["Tile and Error I", "Tile and Error II", "Tile and Error III"],
        "condition": "Best rating above 1,800",
        "states": ["Reached", "Reached", "Not yet reached"],
        "practice": "Wins against computer players",
        "level": "Efficient · Doman Mahjong (riichi)",
        "limits": "Recent yakuman and limit hands",
        "yakuman": "Tenhou",
        "watch": "Watch hand 1",
    },
    "de": {
        "achievements": "Errungenschaften",
        "badge": ["„Tile and Error“ I", "„Tile and Error“ II", "„Tile and Error“ III"],
        "condition": "Beste Wertung über 1.800",
        "states": ["Erreicht", "Erreicht", "Noch nicht erreicht"],
        "practice": "Siege gegen Computerspieler",
        "level": "Effizient · Doman-Mahjong (Riichi)",
        "limits": "Letzte Yakuman und Limithände",
        "yakuman": "Tenhou",
        "watch": "Hand 1 ansehen",
    },
}


def _stored(proc: ServerProcess, user_id: int) -> None:
    """A party game with the player's heavenly hand, a practice game against the efficient
    computer players, and a best rating of 1,850 (I and II reached, III not)."""
    store = Store(proc.database)
    try:
        store_match(store, "heaven", [user_id, None, None, None], heavenly_match())
        store_match(store, "drill", [None, user_id, None, None], heavenly_match(), kind="practice")
        user = store.user(user_id)
        assert user is not None
        user.rating_max = 1850.0
        store.save_user(user)
    finally:
        store.close()


def _problems(page: Page) -> tuple[list[str], list[str], list[str], int]:
    return unnamed_controls(page), low_contrast(page), weak_boundaries(page), structure(page)["h1"]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_profile_shows_achievements_practice_wins_and_recent_yakuman(
    server_proc: ServerProcess, new_page: Any, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    base = server_proc.base
    page = new_page(*size)
    login_guest(page, base)
    user = session(page)["user"]
    _stored(server_proc, int(user["id"]))
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.goto(f"{base}/#/profile/{user['id']}")
    page.reload()  # the language is read when the page loads
    words = WORDS[lang]

    badges = page.get_by_test_id("achievements-card")
    expect(badges.locator("h2")).to_have_text(words["achievements"])
    items = badges.locator("li[data-achievement]")
    expect(items.locator(".achievement-name")).to_have_text(words["badge"])
    expect(items.locator(".achievement-state")).to_have_text(words["states"])
    expect(items.nth(1)).to_contain_text(words["condition"])
    expect(items.nth(2)).to_have_attribute("data-reached", "false")

    practice = page.get_by_test_id("practice-card")
    expect(practice.locator("h2")).to_have_text(words["practice"])
    row = practice.locator('tr[data-level="efficiency"]')
    expect(row.locator("th")).to_have_text(words["level"])
    place = 1 + heavenly_match().result.ranking.index(1)  # type: ignore[union-attr]
    expect(row.locator("td").nth(0)).to_have_text("1")
    expect(row.locator("td").nth(1)).to_have_text("1" if place == 1 else "0")

    limits = page.get_by_test_id("limits-card")
    expect(limits.locator("h2")).to_have_text(words["limits"])
    rows = limits.locator("tbody tr")
    expect(rows).to_have_count(1)  # the practice game's yakuman is the first seat's, not mine
    expect(rows.first.locator("th")).to_contain_text(words["yakuman"])
    link = rows.first.get_by_test_id("limit-replay-link")
    expect(link).to_have_text(words["watch"])
    expect(link).to_have_attribute("href", "#/replay/heaven?hand=1")
    page.screenshot(path=str(artifacts / f"profile-records-{lang}-{size[0]}.png"), full_page=True)
    assert _problems(page) == ([], [], [], 1)
    # nothing to scroll sideways, on a phone too (each record a small card there)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    for card in ("practice-card", "limits-card"):
        scroller = page.get_by_test_id(card).locator(".table-scroll")
        assert scroller.evaluate("(e) => e.scrollWidth <= e.clientWidth"), card
    assert layout_problems(page) == []

    link.click()  # the replay opens at that hand
    page.wait_for_url("**/#/replay/heaven?hand=1")
    expect(page.get_by_test_id("replay-position")).to_be_visible()
