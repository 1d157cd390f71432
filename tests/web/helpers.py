"""Steps through the real pages, shared by the browser tests (also exposed as fixtures)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.server.harness import HOST, Client, ServerProcess


def login_guest(page: Page, base: str) -> str:
    """Open the login page, play as a guest, wait for the lobby; returns the guest's name."""
    page.goto(f"{base}/#/login")
    page.get_by_test_id("login-guest").click()
    page.wait_for_url("**/#/lobby")
    expect(page.get_by_test_id("user-name")).to_be_visible()
    expect(page.get_by_test_id("open-tables")).to_be_visible()  # the lobby is mounted
    return str(page.evaluate("JSON.parse(localStorage.getItem('jantaku.user')).name"))


def register(page: Page, base: str, name: str, password: str) -> str:
    """Register a new account through the login page (switching it to registration)."""
    page.goto(f"{base}/#/login?mode=register")
    page.locator("#login-name").fill(name)
    page.locator("#login-password").fill(password)
    page.get_by_test_id("login-submit").click()
    page.wait_for_url("**/#/lobby")
    expect(page.get_by_test_id("user-name")).to_contain_text(name)
    expect(page.get_by_test_id("open-tables")).to_be_visible()  # the lobby is mounted
    return name


def session(page: Page) -> dict[str, Any]:
    """The token and user the page keeps in localStorage."""
    return dict(
        page.evaluate(
            "({token: localStorage.getItem('jantaku.token'),"
            " user: JSON.parse(localStorage.getItem('jantaku.user'))})"
        )
    )


def play_practice_game(
    proc: ServerProcess,
    token: str,
    length: str = "quick",
    bot: str | None = "efficiency",
    kind: str = "practice",
) -> str:
    """Play a whole match of ``kind`` over the WebSocket (three puppets of level ``bot``, None:
    the server's default; the scripted player wins when it can, else passes, else discards its
    first tile); returns the game id."""
    client = Client(proc, token)
    try:
        client.send({"type": "create", "kind": kind, "length": length, "id": 1})
        table = client.expect("created")["table"]["id"]
        join = {"type": "join", "table": table, "fill_bots": True}
        client.send(join if bot is None else {**join, "bot": bot})
        result = client.play(table)
        assert result is not None
        return str(table)
    finally:
        client.close()


__all__ = ["HOST", "login_guest", "play_practice_game", "register", "session"]
