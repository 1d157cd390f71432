"""The HTTP budget per client address (http_budget.py) in the browser: the client's own use
(log in, the lobby polling, a profile, a replay and its review, the lobby again) never meets
it with the server's defaults; when an address has spent it, the pages say so in the page's
language (``too_many_requests``) instead of a bare 429, and the lobby clears the message once
its refresh works again."""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.sync_api import Page, Response, expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest, play_practice_game, session


def _statuses(page: Page) -> list[tuple[int, str]]:
    seen: list[tuple[int, str]] = []

    def on_response(response: Response) -> None:
        seen.append((response.status, response.url))

    page.on("response", on_response)
    return seen


def test_the_clients_own_use_stays_under_the_default_budget(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    pages = [new_page(), new_page()]  # two players behind one address (all pages: 127.0.0.1)
    seen = [_statuses(p) for p in pages]
    for page in pages:
        login_guest(page, server)
    me = session(pages[0])
    game = play_practice_game(server_proc, me["token"])
    time.sleep(7)  # the lobbies poll twice meanwhile
    for page in pages:
        page.goto(f"{server}/#/profile/{me['user']['id']}")
        expect(page.get_by_test_id("profile")).to_be_visible()
        page.goto(f"{server}/#/replay/{game}?review=0")
        expect(page.get_by_test_id("review-summary")).to_be_visible(timeout=120_000)
        page.goto(f"{server}/#/lobby")
        expect(page.get_by_test_id("open-tables")).to_be_visible()
    time.sleep(4)
    asked = [s for statuses in seen for s in statuses]
    assert len(asked) > 100  # the pages' files and calls were all seen
    assert [s for s in asked if s[0] >= 400] == []


def _spend(base: str) -> None:
    """Spend the rest of the address's budget elsewhere (the page speaks from 127.0.0.1 too):
    game records (10 tokens each), then a file (1) until refused: under one token is left."""
    with httpx.Client(base_url=base, timeout=30, trust_env=False) as http:
        for path in ("/api/games/nothing", "/static/js/api.js"):
            while http.get(path).status_code != 429:
                pass


@pytest.mark.parametrize(
    "server_proc",
    [("--http-token-burst", "200", "--http-tokens-per-second", "0.01")],
    indirect=True,
)
def test_a_spent_budget_is_said_in_the_pages_language(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    page = new_page(allow=(r"status of 429",))
    login_guest(page, server)
    _spend(server)
    error = page.get_by_test_id("lobby-error")
    expect(error).to_contain_text("Too many requests from your address just now", timeout=10_000)
    expect(error).to_contain_text("the lobby is updated again in")
    page.locator("[data-lang=de]").click()
    expect(error).to_contain_text("Gerade zu viele Anfragen von deiner Adresse", timeout=10_000)
    # a page not loaded yet cannot load its files: the shell says so (not a blank page)
    page.goto(f"{server}/#/replay/nothing")
    expect(page.locator("main")).to_contain_text("Diese Seite konnte nicht geladen werden.")


@pytest.mark.parametrize(
    "server_proc",
    [("--http-token-burst", "200", "--http-tokens-per-second", "0.25")],
    indirect=True,
)
def test_the_lobby_clears_the_refusal_once_its_refresh_works(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    """A lobby page takes 3 tokens: the next refresh (3 s on) finds less than 2, and one of
    the refreshes after it finds enough again."""
    page = new_page(allow=(r"status of 429",))
    login_guest(page, server)
    _spend(server)
    error = page.get_by_test_id("lobby-error")
    expect(error).to_contain_text("Too many requests from your address just now", timeout=10_000)
    expect(error).to_be_hidden(timeout=60_000)  # the budget came back: the refresh works
