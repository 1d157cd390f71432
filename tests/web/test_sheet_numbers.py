"""The score sheet writes its numbers as the reader's language does: every total, change,
payment, standing and hand value grouped by thousands (English 25,000 and −10,000, German
25.000 and −10.000). The sheets are the evenings of tests/sheet, whose expected payments and
totals were written by hand; the grouping here is Python's own."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.sheet import classical_evening, riichi_evening
from tests.web.test_sheet import grouped


def _signed(value: int, lang: str) -> str:
    """A change as the sheet writes it: +1,000 / −1,000 (a true minus sign) / ±0."""
    if value == 0:
        return "±0"
    return ("+" if value > 0 else "−") + grouped(abs(value), lang)


def _open(page: Page, server: str, doc: dict[str, Any], lang: str) -> None:
    page.goto(f"{server}/#/login")
    page.evaluate(
        "([doc, lang]) => { localStorage.setItem('jantaku.sheet', JSON.stringify({doc, id: null}));"
        " localStorage.setItem('jantaku.lang', JSON.stringify(lang)); }",
        [doc, lang],
    )
    page.goto(f"{server}/#/sheet")
    page.reload()  # the language is read when the page loads
    expect(page.get_by_test_id("hand-card")).to_have_count(len(doc["hands"]))


def _check_rows(page: Page, rows: list[tuple[list[int], list[int]]], lang: str) -> None:
    totals = page.get_by_test_id("totals")
    for index, (payments, after) in enumerate(rows):
        row = totals.locator(f'tr[data-hand="{index}"]')
        card = page.get_by_test_id("hand-card").nth(index).get_by_test_id("payments")
        for p in range(4):
            cell = row.locator(f'[data-player="{p}"]')
            expect(cell.locator(".change")).to_have_text(_signed(payments[p], lang))
            expect(cell.locator(".total")).to_have_text(grouped(after[p], lang))
            expect(card.locator(f'[data-player="{p}"] .num')).to_have_text(
                _signed(payments[p], lang)
            )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_riichi_sheet_groups_its_numbers(server: str, new_page, lang: str) -> None:
    page = new_page(1366, 768)
    _open(page, server, riichi_evening.evening(), lang)
    start = page.get_by_test_id("totals").locator(".start-row td.num")
    expect(start).to_have_text([grouped(25000, lang)] * 4)
    _check_rows(page, [(pay, after) for *_, pay, after in riichi_evening.EXPECTED], lang)
    final = riichi_evening.EXPECTED[-1][-1]
    first = max(range(4), key=lambda p: final[p])
    standings = page.get_by_test_id("standings").locator("li").first
    expect(standings).to_contain_text(grouped(final[first], lang))
    # hand 2: 2 han 30 fu, 2,000 points
    points = "2,000 points" if lang == "en" else "2.000 Punkte"
    expect(page.get_by_test_id("hand-card").nth(1).get_by_test_id("hand-value")).to_contain_text(
        points
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_classical_sheet_groups_its_numbers(server: str, new_page, lang: str) -> None:
    page = new_page(1366, 768)
    _open(page, server, classical_evening.evening(), lang)
    _check_rows(page, [(pay, after) for _, pay, after in classical_evening.EXPECTED], lang)
    # hand 3, the limit hand: 70 x 2^9 = 35,840, capped at 5,000
    limit = page.get_by_test_id("hand-card").nth(2).locator('[data-player="2"]')
    value = limit.get_by_test_id("player-value")
    expect(value).to_contain_text(f"= {grouped(35840, lang)} → ")
    expect(value).to_contain_text(grouped(5000, lang))
    expect(page.get_by_test_id("totals").locator('tr[data-hand="2"] .desc')).to_contain_text(
        grouped(5000, lang)
    )
