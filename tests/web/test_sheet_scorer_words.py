"""The score sheet words the scorer's own refusals (a hand written wrongly: a tile count, a flag
that needs another, unreadable notation, a meld that is none, a fifth copy) and the notices of
a failed call to the server in the reader's language: they stood in English on a German page
("This hand ... : Ben's hand: ippatsu needs riichi"). The server gives each a code with its
parameters (docs/sheet.md); the page words it (static/js/i18n)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.test_sheet_refusals import _set_lang


def _win(hand: dict[str, object]) -> dict[str, object]:
    full = {"win_tile": "1z", "win": "ron", **hand}
    return {"kind": "win", "winners": [{"player": 1, "hand": full}], "discarder": 3}


GOOD = _win({"hand": "123m456p789s234s1z", "win_tile": "1z", "riichi": True})
GOOD["riichi"] = [1]
BAD = [
    (_win({"hand": "123m456p789s234s"}), "12 verdeckte Steine bei 0 Figuren; nötig sind 13"),
    (_win({"hand": "123m456p789s234s1z", "ippatsu": True}), "Ippatsu setzt Riichi voraus"),
    (_win({"hand": "123m456p789s234s1z", "haitei": True}), "Haitei setzt einen Gewinn durch"),
    (_win({"hand": "123m456p789s23x4s1z"}), "Steinschreibweise „123m456p789s23x4s1z“"),
    (
        _win({"hand": "123m456p789s1z", "melds": [{"type": "pon", "tiles": "123s"}]}),
        "123s ist kein Pon",
    ),
    (
        _win({"hand": "123m456p789s234s1z", "dora_indicators": "1z1z1z"}),
        "von Ostwind (1z) hat der Satz keine weiteren",
    ),
]
ENGLISH = ("needs", "tiles with", "bad tile notation", "is not a", "five copies", "'s hand")


def _load(page: Page, server: str, hands: list[dict[str, object]]) -> None:
    doc = {"version": 1, "preset": "doman", "players": ["Anna", "Ben", "Cleo", "Dirk"]}
    doc["hands"] = hands  # type: ignore[assignment]
    page.evaluate(
        "(doc) => localStorage.setItem('jantaku.sheet', JSON.stringify({doc, id: null}))", doc
    )
    page.goto(f"{server}/#/sheet")
    page.reload()


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_scorers_refusals_are_worded_in_german(
    server: str, new_page, artifacts: Path, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    _set_lang(page, server, "de")
    _load(page, server, [entry for entry, _ in BAD])
    errors = page.get_by_test_id("hand-error")
    expect(errors).to_have_count(len(BAD))
    for i, (_, german) in enumerate(BAD):
        text = errors.nth(i).inner_text()
        assert text.startswith("Dieser Eintrag ist fehlerhaft: Die Hand von Ben"), text
        assert german in text, text
        assert not any(word in text for word in ENGLISH), text
    page.screenshot(path=str(artifacts / f"sheet-scorer-words-de-{size[0]}.png"), full_page=True)


@pytest.mark.parametrize(
    ("lang", "notice"),
    [
        ("de", "Der Block konnte nicht berechnet werden: der Server ist ausgelastet"),
        ("en", "The sheet could not be computed: the server is busy; try again shortly"),
    ],
)
def test_a_failed_computation_says_why_in_the_readers_language(
    server: str, new_page, lang: str, notice: str
) -> None:
    page = new_page(390, 844, allow=("status of 503",))
    _set_lang(page, server, lang)
    _load(page, server, [GOOD, GOOD])
    expect(page.get_by_test_id("hand-card")).to_have_count(2)

    def busy(route: Route) -> None:
        route.fulfill(
            status=503,
            content_type="application/json",
            body='{"error": "the server is busy, try again", "code": "busy"}',
        )

    page.route("**/api/sheets/compute", busy)
    page.get_by_test_id("delete-hand").first.click()
    expect(page.get_by_test_id("notice")).to_contain_text(notice)
    expect(page.get_by_test_id("hand-card")).to_have_count(2)
