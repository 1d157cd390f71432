"""Reset rank and rating on one's own profile (docs/protocol.md, *Resetting rank and rating*):
a button, a confirmation that keeps the focus inside and gives it back, then the new rank."""

from __future__ import annotations

import json
import secrets

import pytest
from playwright.sync_api import Page, Route, expect

from jantaku.server.ranks import RANKS
from jantaku.server.storage import Store
from tests.server.harness import ServerProcess
from tests.web.a11y import low_contrast, structure, unnamed_controls, weak_boundaries
from tests.web.helpers import login_guest, register, session

WORDS = {
    "en": {
        "button": "Reset rank and rating",
        "keep": "Keep my rank",
        "novice": "Novice",
        "dan": "3rd Dan",
        "seated": "You have a seat at a ranked table",
        "said": "Rank and rating reset on",
    },
    "de": {
        "button": "Rang und Wertung zurücksetzen",
        "keep": "Rang behalten",
        "novice": "Anfänger",
        "dan": "3. Dan",
        "seated": "Du hast einen Platz an einem Ranglistentisch",
        "said": "Rang und Wertung zurückgesetzt am",
    },
}


def _climbed(proc: ServerProcess, user_id: int) -> None:
    """3rd Dan, 700 points, rating 1,720 (best 1,800), as ranked matches would leave it."""
    store = Store(proc.database)
    user = store.user(user_id)
    assert user is not None
    user.rank_index = [r.name for r in RANKS].index("3rd Dan")
    user.rank_points, user.rating, user.rating_max = 700, 1720.0, 1800.0
    store.save_user(user)
    store.close()


def _own_profile(page: Page, server: str, proc: ServerProcess, lang: str) -> int:
    register(page, server, f"reset-{secrets.token_hex(3)}", "a long password")
    user_id = int(session(page)["user"]["id"])
    _climbed(proc, user_id)
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.goto(f"{server}/#/profile/{user_id}")
    page.reload()  # the language is read when the page loads
    return user_id


def _focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement?.dataset?.testid || ''"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_reset_with_confirmation(
    server: str, server_proc: ServerProcess, new_page, lang: str
) -> None:
    words = WORDS[lang]
    page = new_page(1024, 768)
    _own_profile(page, server, server_proc, lang)
    expect(page.get_by_test_id("rank")).to_contain_text(words["dan"])
    button = page.get_by_test_id("reset-rank")
    expect(button).to_have_text(words["button"])
    expect(page.get_by_test_id("rank-reset-at")).to_have_count(0)

    # opened, the safe answer has the focus; Tab and Shift+Tab stay in the dialog
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_test_id("reset-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("role", "alertdialog")
    assert _focused(page) == "reset-cancel"
    expect(page.get_by_test_id("reset-cancel")).to_have_text(words["keep"])
    # named, readable, its buttons' edges seen, one h1 still (the dialog's title is an h2)
    assert (unnamed_controls(page), low_contrast(page), weak_boundaries(page)) == ([], [], [])
    assert structure(page)["h1"] == 1
    page.keyboard.press("Tab")
    assert _focused(page) == "reset-confirm"
    page.keyboard.press("Tab")
    assert _focused(page) == "reset-cancel"
    page.keyboard.press("Shift+Tab")
    assert _focused(page) == "reset-confirm"
    # Escape keeps the rank and gives the focus back to the button
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert _focused(page) == "reset-rank"
    expect(page.get_by_test_id("rank")).to_contain_text(words["dan"])
    # "keep my rank" likewise
    button.click()
    page.get_by_test_id("reset-cancel").click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("rank")).to_contain_text(words["dan"])

    button.click()
    page.get_by_test_id("reset-confirm").click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("rank")).to_contain_text(words["novice"])
    expect(page.get_by_test_id("rating")).to_contain_text("1")  # 1,500 / 1.500
    expect(page.get_by_test_id("rating")).to_contain_text("500")
    expect(page.get_by_test_id("rank-reset-at")).to_contain_text(words["said"])
    expect(page.get_by_test_id("rank-status")).not_to_be_empty()
    assert _focused(page) == "reset-rank"
    page.reload()  # stored: the server says so too
    expect(page.get_by_test_id("rank")).to_contain_text(words["novice"])
    expect(page.get_by_test_id("rank-reset-at")).to_contain_text(words["said"])


def test_a_refused_reset_says_why_in_the_dialog(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    page = new_page(1024, 768, allow=("status of 409",))
    _own_profile(page, server, server_proc, "en")

    def seated(route: Route) -> None:
        body = {"error": "seated", "code": "ranked_seat", "table": "abc"}
        route.fulfill(status=409, content_type="application/json", body=json.dumps(body))

    page.route("**/api/account/reset-rank", seated)
    page.get_by_test_id("reset-rank").click()
    page.get_by_test_id("reset-confirm").click()
    expect(page.get_by_test_id("reset-error")).to_contain_text(WORDS["en"]["seated"])
    expect(page.get_by_test_id("reset-dialog")).to_be_visible()  # the player may close it
    expect(page.get_by_test_id("rank")).to_contain_text(WORDS["en"]["dan"])


def test_no_button_on_someone_elses_profile_or_a_guests(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    page = new_page(1024, 768)
    other = _own_profile(page, server, server_proc, "en")
    expect(page.get_by_test_id("reset-rank")).to_be_visible()  # one's own: the button
    page.evaluate("localStorage.clear()")
    login_guest(page, server)
    page.goto(f"{server}/#/profile/{other}")
    expect(page.get_by_test_id("rank")).to_contain_text(WORDS["en"]["dan"])
    expect(page.get_by_test_id("reset-rank")).to_have_count(0)
    me = session(page)["user"]["id"]
    page.goto(f"{server}/#/profile/{me}")
    expect(page.get_by_test_id("profile-name")).to_be_visible()
    expect(page.get_by_test_id("rank")).to_be_visible()
    expect(page.get_by_test_id("reset-rank")).to_have_count(0)
