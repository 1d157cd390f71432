"""The chat panel of a party table (docs/table.md): two players' pages see each other's lines
and who sits there, markup shows as text, the toggle hides the panel and is kept over a
reload (which brings the last lines back), a spectator has no panel, and typing in the chat
line never plays: "d" there sends a line, not the drawn tile, which "d" elsewhere throws."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.helpers import login_guest
from tests.web.test_table_pacing import _Sent

MARKUP = "hello <img src=x onerror=window.__xss=1> <b>bold</b>"


def _new_party_table(page: Page, server: str) -> str:
    """The page creates a party table and sits at it (the waiting room); the table's id."""
    page.goto(f"{server}/#/table/new?kind=party")
    page.wait_for_url(re.compile(r"#/table/[0-9a-f]+"))
    expect(page.get_by_test_id("waiting")).to_be_visible()
    return page.url.split("#/table/", 1)[1].split("?", 1)[0]


def test_two_players_chat_and_the_panel_hides(server: str, new_page: Any) -> None:
    alice = new_page(1280, 900)
    alice_name = login_guest(alice, server)
    table = _new_party_table(alice, server)
    expect(alice.get_by_test_id("chat")).to_be_visible()
    bob = new_page(1280, 900)
    bob_name = login_guest(bob, server)
    bob.goto(f"{server}/#/table/{table}")
    expect(bob.get_by_test_id("chat")).to_be_visible()
    # who sits there, on both pages
    expect(alice.get_by_test_id("chat-who")).to_contain_text(bob_name)
    expect(bob.get_by_test_id("chat-who")).to_contain_text(alice_name)

    # Enter sends; the line shows as typed on both pages, markup as text
    line = alice.get_by_test_id("chat-input")
    line.fill(MARKUP)
    line.press("Enter")
    for page in (alice, bob):
        expect(page.get_by_test_id("chat-line")).to_have_text(f"{alice_name}: {MARKUP}")
        assert page.locator("[data-testid=chat-log] img, [data-testid=chat-log] b").count() == 0
        assert page.evaluate("window.__xss") is None
    expect(line).to_have_value("")
    expect(alice.get_by_test_id("chat-log")).to_have_attribute("role", "log")
    # the button sends too
    bob.get_by_test_id("chat-input").fill("hi alice")
    bob.get_by_test_id("chat-send").click()
    expect(alice.get_by_test_id("chat-line")).to_have_text(
        [f"{alice_name}: {MARKUP}", f"{bob_name}: hi alice"]
    )

    # bob hides the chat; a reload keeps it hidden, and showing it brings the lines back
    bob.get_by_test_id("toggle-chat").uncheck()
    expect(bob.get_by_test_id("chat-input")).to_be_hidden()
    expect(bob.get_by_test_id("chat-log")).to_be_hidden()
    bob.reload()
    expect(bob.get_by_test_id("waiting")).to_be_visible()
    expect(bob.get_by_test_id("toggle-chat")).not_to_be_checked()
    expect(bob.get_by_test_id("chat-input")).to_be_hidden()
    bob.get_by_test_id("toggle-chat").check()
    expect(bob.get_by_test_id("chat-line")).to_have_count(2)
    expect(bob.get_by_test_id("chat-line").last).to_have_text(f"{bob_name}: hi alice")

    # a spectator's page has no chat
    carol = new_page(1280, 900)
    login_guest(carol, server)
    carol.goto(f"{server}/#/table/{table}?watch=1")
    expect(carol.get_by_test_id("waiting")).to_be_visible()
    expect(carol.get_by_test_id("chat")).to_be_hidden()


def _own_turn(page: Page) -> None:
    """Until the page offers its drawn tile (passing any call offered meanwhile)."""
    drawn = page.locator(".hand-tile--drawn:not([aria-disabled])")
    for _ in range(600):
        if drawn.count():
            return
        passing = page.get_by_test_id("act-pass")
        if passing.count() and passing.is_visible():
            passing.click()
        page.wait_for_timeout(50)
    raise AssertionError("the own turn never came")


def test_typing_d_in_the_chat_line_does_not_discard(server: str, new_page: Any) -> None:
    page = new_page(1280, 900)
    sent = _Sent(page)
    name = login_guest(page, server)
    _new_party_table(page, server)
    page.get_by_test_id("start-bots").click()
    _own_turn(page)
    acts = len(sent.of("act"))

    line = page.get_by_test_id("chat-input")
    line.click()
    page.keyboard.type("d")
    for key in ("1", "t", "r", "p", "c", "k", "n", "l", "h", "s", "w", " "):
        page.keyboard.press(key)
    page.keyboard.press("Escape")
    line.fill("d")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("chat-line")).to_have_text(f"{name}: d")
    assert [m["text"] for m in sent.of("chat")] == ["d"]
    assert len(sent.of("act")) == acts  # nothing was played
    expect(page.locator(".hand-tile--drawn:not([aria-disabled])")).to_have_count(1)

    # out of the chat line, "d" throws the drawn tile
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("d")
    for _ in range(200):
        if len(sent.of("act")) > acts:
            break
        page.wait_for_timeout(50)
    assert sent.of("act")[-1]["action"]["type"] == "discard"
