"""The classical table (sontag rules) played by clicking: flowers and seasons, running balances,
the figures at the end of a hand, the Störspiel warning whenever a forbidden discard comes up."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import expect

from tests.web.helpers import login_guest
from tests.web.layout import layout_problems
from tests.web.table_driver import STATE, step

DANGER = ".hand-tile--danger:not([aria-disabled])"


def test_classical_table_plays_a_hand_with_flowers_balances_and_figures(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page()
    login_guest(page, server)
    page.goto(f"{server}/#/table/new?kind=classical")
    page.wait_for_url("**/#/table/*")
    expect(page.get_by_test_id("waiting")).to_be_visible()
    page.get_by_test_id("start-bots").click()
    expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
    assert page.get_by_test_id("table-page").get_attribute("data-family") == "classical"
    # balances instead of riichi scores; the wall and the dead wall; no dora in this family
    expect(page.locator("[data-testid=score-self] .score")).to_have_attribute(
        "aria-label", "Balance 0"
    )
    expect(page.get_by_test_id("centre")).to_contain_text("Dead wall")
    assert page.get_by_test_id("dora").count() == 0

    warned = 0
    bonus_seen = False
    hands = 0
    deadline = time.monotonic() + 300
    while not (hands and bonus_seen):  # (a deal without any bonus tile laid out is rare)
        assert time.monotonic() < deadline, f"hands {hands}, bonus tiles seen: {bonus_seen}"
        bonus_seen = bonus_seen or page.locator(".bonus .tile").count() > 0
        s = page.evaluate(STATE)
        if s["handEnd"]:
            hands += 1
            end = page.get_by_test_id("hand-end")
            expect(end.get_by_test_id("figures")).to_be_visible()
            expect(end.get_by_test_id("payments").locator("tbody tr")).to_have_count(4)
            if hands == 1:
                page.screenshot(path=str(artifacts / "classical-hand-end.png"), full_page=True)
        if not s["danger"] and not s["handEnd"] and page.locator(DANGER).count():
            # throw a tile the Störspiel rule forbids when one comes up: the page must ask first
            # (test_table_stoerspiel.py makes sure one does)
            tile = page.locator(DANGER).first.get_attribute("data-tile")
            page.locator(DANGER).first.click()
            dialog = page.get_by_test_id("danger-dialog")
            expect(dialog).to_be_visible()
            expect(dialog).to_contain_text("Störspiel")
            if warned == 0:
                page.screenshot(path=str(artifacts / "classical-stoerspiel.png"))
                # keeping the tile closes the dialog and discards nothing
                seq = page.get_by_test_id("table-page").get_attribute("data-seq")
                page.get_by_test_id("danger-cancel").click()
                expect(dialog).to_have_count(0)
                assert page.get_by_test_id("table-page").get_attribute("data-seq") == seq
                page.locator(f'{DANGER}[data-tile="{tile}"]').first.click()
                # the safe answer has the focus: Enter would keep the tile
                expect(page.get_by_test_id("danger-cancel")).to_be_focused()
            page.get_by_test_id("danger-confirm").click()
            warned += 1
            continue
        step(page, s)
    if page.evaluate(STATE)["handEnd"]:
        page.get_by_test_id("continue").click()
    assert bonus_seen  # flowers and seasons are laid out in front of their owners
    assert layout_problems(page, "button, a, input, select, [data-testid=hand-tile]") == []


# A classical hand's result as the server sends it (the figures of sontag-rules: a dragon pung
# is 4 points and 1 double, Mah Jongg 20 points, "Mah Jongg ohne Rufe" 3 doubles): the body the
# end-of-hand screen shows, drawn in the page by the family's own code.
RESULT = """async (lang) => {
  const i18n = await import('/static/js/i18n.js');
  const { familyOf } = await import('/static/js/families/index.js');
  i18n.setLang(lang);
  const r = (seat, items, base, doubles) => ({ seat, seat_wind: seat, hand: '', items, base,
    doubles, value: base * 2 ** doubles });
  const end = { outcome: 'mah_jongg', winner: 0, deltas: [0, 0, 0, 0], balances: [0, 0, 0, 0],
    results: [r(0, [['Mah Jongg', 20, 0], ['Drachenpung (777z)', 4, 1],
                    ['Mah Jongg ohne Rufe', 0, 3]], 24, 4),
              r(1, [['Drachenpung (666z)', 4, 1]], 4, 1), r(2, [], 0, 0), r(3, [], 2, 0)] };
  const body = familyOf('classical').table.handEndBody({ wins: [], end, before: null },
    ['a', 'b', 'c', 'd'], i18n.t);
  const box = document.createElement('div');
  box.append(...body);
  return { han: [...box.querySelectorAll('.han')].map((e) => e.textContent),
           sums: [...box.querySelectorAll('.result-summary')].map((e) => e.textContent) };
}"""


def test_a_classical_result_counts_doubles_in_words_and_as_a_factor(server: str, new_page) -> None:
    page = new_page()
    page.goto(server)
    en = page.evaluate(RESULT, "en")
    assert en["han"] == ["20", "4 · 1 double (×2)", "3 doubles (×8)", "4 · 1 double (×2)"]
    assert en["sums"] == [
        "base 24 · 4 doubles (×16) = 384",
        "base 4 · 1 double (×2) = 8",
        "base 0 · no doubles = 0",
        "base 2 · no doubles = 2",
    ]
    de = page.evaluate(RESULT, "de")
    assert de["han"] == [
        "20",
        "4 · 1 Verdopplung (×2)",
        "3 Verdopplungen (×8)",
        "4 · 1 Verdopplung (×2)",
    ]
    assert de["sums"][:3] == [
        "Grundwert 24 · 4 Verdopplungen (×16) = 384",
        "Grundwert 4 · 1 Verdopplung (×2) = 8",
        "Grundwert 0 · keine Verdopplung = 0",
    ]
