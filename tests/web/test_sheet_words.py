"""The score sheet says in the reader's language why the match ended (the server's reason is
English: "the last hand is over" stood in the middle of a German sheet)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.sheet import riichi_evening
from tests.web.test_sheet_numbers import _open

ENDED = {
    "en": "The match ended: the last hand was played.",
    "de": "Die Partie ist zu Ende: das letzte Spiel ist gespielt.",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_sheet_says_why_the_match_ended_in_the_readers_language(
    server: str, new_page, lang: str
) -> None:
    page = new_page(1366, 768)
    doc = riichi_evening.evening()  # its last hand ends the East round
    _open(page, server, doc, lang)
    last = page.get_by_test_id("hand-card").nth(len(doc["hands"]) - 1)
    expect(last).to_contain_text(ENDED[lang])
    expect(last).not_to_contain_text("the last hand is over")


@pytest.mark.parametrize(
    ("lang", "places"), [("en", ["E1", "E1", "E2"]), ("de", ["O1", "O1", "O2"])]
)
def test_the_totals_name_each_hands_round_in_the_readers_language(
    server: str, new_page, lang: str, places: list[str]
) -> None:
    """The totals' short round names: German "O1" (Ost) as the cards say "Ost 1", not "E1"."""
    page = new_page(1366, 768)
    _open(page, server, riichi_evening.evening(), lang)
    rounds = page.get_by_test_id("totals").locator("tbody .row-round")
    expect(rounds.nth(0)).to_have_text(places[0])
    expect(rounds.nth(1)).to_have_text(places[1])
    expect(rounds.nth(2)).to_have_text(places[2])
