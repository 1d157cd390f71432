"""A hand the server refuses is explained in the reader's language: the server's message is
English ("Ben's hand is not a win: no yaku" stood in the middle of a German sheet), so the page
words the refusal from its code and parameters (docs/sheet.md), both when a hand is saved and
for a stored entry with an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.test_sheet import choose, start_sheet

NO_YAKU = {"hand": "123m456p789s234s1z", "win_tile": "1z", "win": "ron"}
"""Ben's concealed ron on the pair of East: complete, but without a yaku (no riichi)."""

SAVED = {
    "en": "This hand was not saved: Ben's hand is not a win: no yaku.",
    "de": "Diese Hand wurde nicht gespeichert: Die Hand von Ben ist kein Gewinn: kein Yaku.",
}
STORED = {
    "en": "This entry has an error: Ben's hand is not a win: no yaku.",
    "de": "Dieser Eintrag ist fehlerhaft: Die Hand von Ben ist kein Gewinn: kein Yaku.",
}


def _set_lang(page: Page, server: str, lang: str) -> None:
    page.goto(f"{server}/#/login")
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.reload()  # the language is read when the page loads


def _typed(page: Page, player: int, part: str, text: str) -> None:
    box = page.locator(f"#part-{player}-{part}")
    box.fill(text)
    box.press("Enter")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (390, 844)])
def test_a_refused_hand_is_explained_in_the_readers_language(
    server: str, new_page, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    _set_lang(page, server, lang)
    start_sheet(page, server, "doman", "east_only")
    choose(page, "outcome", "win")
    choose(page, "winner", 1)
    choose(page, "how", "ron")
    choose(page, "from", 3)
    _typed(page, 1, "hand", NO_YAKU["hand"])
    _typed(page, 1, "win", NO_YAKU["win_tile"])
    page.get_by_test_id("save-hand").click()
    expect(page.get_by_test_id("sheet-error")).to_have_text(SAVED[lang])
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"sheet-refused-{lang}-{size[0]}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_stored_entry_with_an_error_is_explained_in_the_readers_language(
    server: str, new_page, lang: str
) -> None:
    win = {"kind": "win", "winners": [{"player": 1, "hand": NO_YAKU}], "discarder": 3}
    doc = {
        "version": 1,
        "preset": "doman",
        "players": ["Anna", "Ben", "Cleo", "Dirk"],
        "hands": [win],
    }
    page = new_page(390, 844)
    _set_lang(page, server, lang)
    page.evaluate(
        "(doc) => localStorage.setItem('jantaku.sheet', JSON.stringify({doc, id: null}))", doc
    )
    page.goto(f"{server}/#/sheet")
    page.reload()
    expect(page.get_by_test_id("hand-error")).to_have_text(STORED[lang])
