"""Registration and login refusals are shown in the page's language, by the server's code:
no English words of the server's message inside a German sentence."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

PASSWORD = "correct horse"
TEXTS = {
    "en": ("The name Auditorin is taken.", "Unknown name or wrong password."),
    "de": ("Der Name Auditorin ist schon vergeben.", "Unbekannter Name oder falsches Passwort."),
}
# the words of the server's English messages that are not German words too
ENGLISH = re.compile(r"\b(the|is|taken|unknown|or|wrong|password|went)\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_taken_name_and_a_wrong_password_are_shown_in_the_page_language(
    server: str, new_page, lang: str
) -> None:
    r = httpx.post(
        f"{server}/api/register",
        json={"name": "Auditorin", "password": PASSWORD},
        trust_env=False,
    )
    assert r.status_code == 200, r.text
    taken, bad_login = TEXTS[lang]
    page = new_page(allow=(r"status of 400", r"status of 401"))
    page.goto(f"{server}/#/login?mode=register")
    page.locator(f"[data-lang={lang}]").click()
    error = page.get_by_test_id("login-error")

    page.locator("#login-name").fill("Auditorin")
    page.locator("#login-password").fill("another password")
    page.get_by_test_id("login-submit").click()
    expect(error).to_have_text(taken)

    page.get_by_test_id("login-switch").click()
    page.locator("#login-name").fill("Auditorin")
    page.locator("#login-password").fill("wrong guess")
    page.get_by_test_id("login-submit").click()
    expect(error).to_have_text(bad_login)
    if lang == "de":
        assert not ENGLISH.search(error.inner_text()), error.inner_text()


def test_a_code_without_a_text_shows_the_server_message_alone(server: str, new_page) -> None:
    """An unknown code (a newer server's) shows the server's own words, not wrapped in a
    sentence of the page's language."""
    page = new_page(allow=(r"status of 400",))
    page.route(
        "**/api/login",
        lambda route: route.fulfill(
            status=400,
            content_type="application/json",
            body='{"error": "a refusal this page does not know", "code": "brand_new"}',
        ),
    )
    page.goto(f"{server}/#/login")
    page.locator("[data-lang=de]").click()
    page.locator("#login-name").fill("Auditorin")
    page.locator("#login-password").fill("any password")
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_test_id("login-error")).to_have_text("a refusal this page does not know")
