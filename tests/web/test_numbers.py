"""Numbers in the UI language: the profile and the review write scores with the language's
grouping and decimals (English 25,000 and 2.50, German 25.000 and 2,50; the expected text is
made here by Python's own formatting, not by the client); a classical review names calls in the
family's words (Chow, Pung, Kong); ``?review=7`` says that seat does not exist."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest, play_practice_game, session


def _en(x: float | Decimal, digits: int = 0) -> str:
    """English grouping; a negative number with a true minus sign (−1,000). Rounded as the
    browser's Intl.NumberFormat rounds: the exact value of the number, a half away from zero
    (Python's formatting rounds a half to even)."""
    exact = Decimal(x).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP)
    return f"{exact:,.{digits}f}".replace("-", "\u2212")


def _de(x: float | Decimal, digits: int = 0) -> str:
    """German: a dot groups thousands, a comma marks the decimals."""
    return _en(x, digits).translate(str.maketrans(",.", ".,"))


def _percent(number: str, lang: str) -> str:
    """A percentage as the language writes it: 28.0% / 28,0 % (a no-break space in German)."""
    return f"{number}\u00a0%" if lang == "de" else f"{number}%"


def _decision_shown(page: Page, review: dict[str, Any]) -> dict[str, Any]:
    index = page.get_by_test_id("review-decision").get_attribute("data-index")
    return dict(review["decisions"][int(index or -1)])


def test_profile_and_review_write_numbers_in_the_ui_language(
    server: str, server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page()
    login_guest(page, server)
    me = session(page)
    uid = me["user"]["id"]
    for _ in range(4):  # a final score with thousands to group (rarely one ends near zero)
        game_id = play_practice_game(server_proc, me["token"])
        games = httpx.get(f"{server}/api/players/{uid}/games", trust_env=False).json()["games"]
        score = games[0]["score"]
        if abs(score) >= 1000:
            break
    assert abs(score) >= 1000, "a riichi score has thousands to group"
    stats = httpx.get(f"{server}/api/players/{uid}", trust_env=False).json()["stats"]

    page.get_by_role("link", name="Profile").click()
    page.wait_for_url(f"**/#/profile/{uid}")
    row = page.get_by_test_id("recent-games").locator("tbody tr").first
    for lang, fmt in (("en", _en), ("de", _de)):
        page.locator(f"[data-lang={lang}]").click()
        expect(row.locator("td").nth(3)).to_have_text(fmt(score))
        expect(page.get_by_test_id("average-place")).to_contain_text(fmt(stats["average_place"], 2))
        expect(page.get_by_test_id("win-rate")).to_contain_text(
            _percent(fmt(100 * Decimal(stats["win_rate"]), 1), lang)
        )
    assert "," in (page.get_by_test_id("average-place").inner_text()), "German: 2,50"

    # the review: each candidate's score with one decimal, written as the language writes it
    headers = {"Authorization": f"Bearer {me['token']}"}
    review = httpx.get(
        f"{server}/api/games/{game_id}/review?seat=0",
        headers=headers,
        trust_env=False,
        timeout=120,  # a review not kept yet is computed first: long on a loaded machine
    ).json()
    # the newest game, the one reviewed above, is the list's first row (more than one game
    # was played when the first had no thousands to group)
    row.get_by_test_id("review-link").click()
    expect(page.get_by_test_id("review-summary")).to_contain_text("Übereinstimmung", timeout=60_000)
    # the agreement is a percentage written as the profile writes its rates
    agreement = _de(100 * Decimal(review["summary"]["agreement"]))
    expect(page.get_by_test_id("review-summary")).to_contain_text(
        f"Übereinstimmung {_percent(agreement, 'de')} bei"
    )
    page.get_by_test_id("review-next-diff").click()
    d = _decision_shown(page, review)
    scored = [c for c in d["candidates"] if c["score"] is not None]
    assert scored
    cells = page.get_by_test_id("review-candidate").locator("td:nth-child(5)")
    expect(cells.first).to_have_text(_de(scored[0]["score"], 1))
    page.locator("[data-lang=en]").click()
    expect(cells.first).to_have_text(_en(scored[0]["score"], 1))


def test_a_review_of_a_seat_that_does_not_exist_says_so(
    server: str, server_proc: ServerProcess, new_page: Any
) -> None:
    """``?review=7``: an error naming the seat, not seat 0's review."""
    page = new_page()
    login_guest(page, server)
    game_id = play_practice_game(server_proc, session(page)["token"])
    page.goto(f"{server}/#/replay/{game_id}?review=7")
    expect(page.get_by_test_id("review-error")).to_contain_text("There is no seat 7")
    expect(page.get_by_test_id("review-summary")).to_have_count(0)


_CLASSICAL = {"chi": "Chow", "pon": "Pung", "open_kan": "Kong", "added_kan": "Kong"}


def test_a_classical_review_names_calls_in_classical_words(
    server: str, server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page()
    login_guest(page, server)
    me = session(page)
    table = play_practice_game(server_proc, me["token"], bot=None, kind="classical")
    headers = {"Authorization": f"Bearer {me['token']}"}
    review = httpx.get(
        f"{server}/api/games/{table}/review?seat=0",
        headers=headers,
        trust_env=False,
        timeout=120,  # a review not kept yet is computed first: long on a loaded machine
    ).json()
    calls = [
        d
        for d in review["decisions"]
        if any(c["action"]["type"] in _CLASSICAL for c in d["candidates"])
    ]
    assert calls, "the puppet weighed a call somewhere in a whole classical match"
    d = calls[0]
    page.goto(f"{server}/#/replay/{table}?step={max(1, d['event'])}&review=0")
    expect(page.get_by_test_id("review-summary")).to_contain_text("Agreement", timeout=60_000)
    shown = _decision_shown(page, review)
    words = {
        _CLASSICAL[c["action"]["type"]]
        for c in shown["candidates"]
        if c["action"]["type"] in _CLASSICAL
    }
    assert words, shown
    text = page.get_by_test_id("review-candidates").inner_text()
    for word in words:
        assert word in text, (word, text)
    assert not re.search(r"\b(Chi|Pon|Kan)\b", text), text


_WRITTEN = """async (lang) => {
  const i18n = await import('/static/js/i18n.js');
  i18n.setLang(lang);
  const got = [i18n.formatNumber(-10416), i18n.signedNumber(-10416),
               i18n.formatNumber(-2.5, { digits: 2 }), i18n.formatPercent(-0.125, { digits: 1 })];
  i18n.setLang('en');
  return got;
}"""


def test_a_negative_number_has_the_minus_sign_of_a_change_in_both_languages(
    server: str, new_page: Any
) -> None:
    """A negative total (a classical balance, −10,416) and a change of the same amount are
    written with one sign: the true minus (U+2212) the payments use, never a hyphen-minus."""
    page = new_page()
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    assert page.evaluate(_WRITTEN, "en") == ["−10,416", "−10,416", "−2.50", "−12.5%"]
    assert page.evaluate(_WRITTEN, "de") == ["−10.416", "−10.416", "−2,50", "−12,5\u00a0%"]
