"""Login, registration, guests, logout and the language switch, through the real pages."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.helpers import login_guest, register, session
from tests.web.layout import layout_problems, unnamed_controls


def _me(server: str, token: str) -> httpx.Response:
    return httpx.get(
        f"{server}/api/me", headers={"Authorization": f"Bearer {token}"}, trust_env=False
    )


def test_guest_login_then_logout_invalidates_the_token(server: str, new_page) -> None:
    page = new_page()
    name = login_guest(page, server)
    assert name.startswith("guest-")
    expect(page.get_by_test_id("user-name")).to_contain_text(name)
    token = session(page)["token"]
    me = _me(server, token)
    assert me.status_code == 200 and me.json()["user"]["name"] == name
    page.get_by_test_id("logout").click()
    page.wait_for_url("**/#/login*")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    assert session(page)["token"] is None
    me = _me(server, token)
    assert me.status_code == 401 and me.json()["code"] == "bad_token"
    # a protected page sends a logged-out visitor to the login page
    page.goto(f"{server}/#/lobby")
    page.wait_for_url("**/#/login*")


def test_register_log_out_and_log_in_again(server: str, new_page) -> None:
    page = new_page(allow=(r"status of 401",))
    register(page, server, "alice", "correct horse")
    page.get_by_test_id("logout").click()
    page.wait_for_url("**/#/login*")
    # a wrong password shows an error and keeps the visitor on the login page
    page.locator("#login-name").fill("alice")
    page.locator("#login-password").fill("wrong password")
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_test_id("login-error")).to_be_visible()
    expect(page.get_by_test_id("login-error")).to_contain_text("wrong password")
    assert "#/login" in page.url
    page.locator("#login-password").fill("correct horse")
    page.get_by_test_id("login-submit").click()
    page.wait_for_url("**/#/lobby")
    expect(page.get_by_test_id("user-name")).to_contain_text("alice")


@pytest.mark.parametrize("name", ["Müller", "山田たろう", "Иван"])
def test_names_of_any_one_script_register_from_the_page(server: str, new_page, name: str) -> None:
    """The server accepts the letters of any one script (auth.py check_name); the form must
    not refuse them before they reach it."""
    page = new_page()
    register(page, server, name, "long enough")


def test_registration_errors_are_shown(server: str, new_page) -> None:
    page = new_page(allow=(r"status of 400",))
    register(page, server, "bob", "long enough")
    page.get_by_test_id("logout").click()
    page.wait_for_url("**/#/login*")
    page.get_by_test_id("login-switch").click()
    page.locator("#login-name").fill("bob")
    page.locator("#login-password").fill("another one")
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_test_id("login-error")).to_contain_text("taken")


def test_language_switch_shows_german_labels_and_is_remembered(server: str, new_page) -> None:
    page = new_page()
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_have_text("Play as guest")
    page.locator("[data-lang=de]").click()
    expect(page.get_by_test_id("login-guest")).to_have_text("Als Gast spielen")
    assert page.evaluate("document.documentElement.lang") == "de"
    login_guest(page, server)
    expect(page.get_by_test_id("logout")).to_have_text("Abmelden")
    page.reload()
    expect(page.get_by_test_id("logout")).to_have_text("Abmelden")
    page.locator("[data-lang=en]").click()
    expect(page.get_by_test_id("logout")).to_have_text("Log out")


@pytest.mark.parametrize("width", [390, 1280])
def test_login_page_layout(server: str, new_page, artifacts: Path, width: int) -> None:
    page = new_page(width=width, height=800)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    page.screenshot(path=str(artifacts / f"login-{width}.png"), full_page=True)
    assert layout_problems(page) == []
    assert unnamed_controls(page) == []
    page.locator("[data-lang=de]").click()
    page.get_by_test_id("login-switch").click()
    expect(page.get_by_test_id("login-submit")).to_have_text("Registrieren")
    assert layout_problems(page) == []


def test_a_visitor_returns_to_the_page_asked_for_after_logging_in(server: str, new_page) -> None:
    page = new_page(allow=(r"status of 404",))  # there is no game "abc"
    page.goto(f"{server}/#/replay/abc?step=3")
    page.wait_for_url("**/#/login?next=*")
    page.get_by_test_id("login-guest").click()
    page.wait_for_url("**/#/replay/abc?step=3")
    expect(page.get_by_test_id("replay-error")).to_be_visible()
