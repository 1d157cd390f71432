"""The result dialogs of the results a live game seldom reaches, drawn by the table's own code
in a real page (fed the events and results the server sends): nagashi mangan and each abortive
draw, a match ended by the clock, with leftover sticks and a withdrawal; English and German."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.snippets import script

SIZES = [(1440, 900), (390, 844)]


_RENDER_DRAW = script("""
  const [kind, lang, deltas] = args;
  const end = { draw: kind, deltas, scores: deltas.map((d) => 25000 + d),
                tenpai: [false, false, false, false], hands: [null, null, null, null] };
  const shown = { wins: [], end, before: null, family: 'riichi' };
  const dialog = mountDialog('draw-box', await handEnd(shown, lang));
  return dialog.querySelector('[data-testid=draw-explain]').textContent;
""")

_DRAWS = {
    "nagashi_mangan": (
        "Nagashi mangan: Anna discarded only terminals and honours",
        "Nagashi Mangan: Anna hat nur Rand- und Trumpfsteine abgeworfen",
    ),
    "four_riichi": ("all four players declared riichi", "alle vier Spieler haben Riichi angesagt"),
    "four_winds": ("discarded the same wind", "denselben Wind abgeworfen"),
    "four_kans": ("four kans were declared", "vier Kans angesagt"),
    "nine_terminals": ("nine different terminals and honours", "neun verschiedene Rand-"),
    "triple_ron": ("three players called ron", "drei Spieler haben auf denselben Stein Ron"),
}


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_nagashi_mangan_and_abortive_draws_say_what_happened(
    server: str, new_page, artifacts: Path, width: int, height: int
) -> None:
    """The end-of-hand screen of each draw without a win (the table's own dialog, fed the
    deal_ended event each draw sends) in both languages."""
    page = new_page(width, height)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    for kind, (english, german) in _DRAWS.items():
        deltas = [12000, -4000, -4000, -4000] if kind == "nagashi_mangan" else [0, 0, 0, 0]
        for lang, text in (("en", english), ("de", german)):
            shown = page.evaluate(_RENDER_DRAW, [kind, lang, deltas])
            assert text in shown, (kind, lang, shown)
        if kind in ("nagashi_mangan", "four_riichi"):
            page.evaluate(_RENDER_DRAW, [kind, "en", deltas])
            dialog = page.locator("#draw-box [data-testid=hand-end]")
            expect(dialog.get_by_test_id("draw")).to_be_visible()
            if kind == "nagashi_mangan":  # a draw at the wall's end: hands not ready stay hidden
                expect(dialog.get_by_test_id("hidden-hand")).to_contain_text(
                    "hands stay hidden: Anna, Bert, Cora, Dirk"
                )
            else:  # an abortive draw shows no hands and claims nobody is noten
                expect(dialog.get_by_test_id("hidden-hand")).to_have_count(0)
                expect(dialog.get_by_test_id("payments")).not_to_contain_text("noten")
            page.screenshot(path=str(artifacts / f"draw-{kind}-{width}x{height}.png"))
    page.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('en'))")


_RENDER_END = script("""
  const [result, lang] = args;
  const { matchEndEl } = await import('/static/js/table/results.js');
  const i18n = await import('/static/js/i18n.js');
  i18n.setLang(lang);
  const names = ['Anna', 'Bert', 'Cora', 'Dirk'];
  return mountDialog('end-box', matchEndEl(result, 'x', names, i18n.t, 'riichi')).innerText;
""")


def test_match_ends_by_the_clock_with_sticks_and_a_withdrawal_say_so(
    server: str, new_page, artifacts: Path
) -> None:
    """The end screen of the results a live test seldom reaches (the table's own dialog, fed
    the result the server sends): sticks to the leader, a withdrawal at a ranked table, the
    120-minute stop that keeps the sticks on the table, in English and German."""
    page = new_page(1440, 900)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    seats = [{"name": n} for n in ("Anna", "Bert", "Cora", "Dirk")]
    seats[3]["withdrawn"] = True  # type: ignore[assignment]
    rank = {
        "place": 4,
        "rank_before": "1st Dan",
        "rank": "1st Kyu",
        "rank_points_before": 10,
        "rank_points": 0,
        "rank_delta": -30,
        "rating_before": 1600,
        "rating": 1570.4,
        "rating_delta": -29.6,
    }
    timed = {
        "scores": [33000, 27000, 22000, 17000],
        "ranking": [0, 1, 2, 3],
        "recorded": True,
        "reason_code": "time_80",
        "leftover": {"sticks": 2, "points": 2000, "to": 0},
        "ranked": True,
        "rated": True,
        "ranks": [None, None, None, rank],
        "seats": seats,
    }
    text = page.evaluate(_RENDER_END, [timed, "en"])
    assert "after 80 minutes the next hand was the last" in text
    assert "2 riichi sticks left on the table (2,000 points) went to Anna, the leader." in text
    assert "Dirk (withdrew: 4th for the ranking)" in text
    assert "−30 · 1st Dan 10 → 1st Kyu 0" in text and "1600 → 1570 (−30)" in text
    page.screenshot(path=str(artifacts / "match-end-time80-withdrawn.png"))
    text = page.evaluate(_RENDER_END, [timed, "de"])
    assert "nach 80 Minuten war das nächste Spiel das letzte" in text
    assert "gingen an Anna, den Führenden" in text
    stopped = dict(timed, recorded=False, reason_code="time_120", ranked=False, rated=False)
    stopped.update(leftover={"sticks": 1, "points": 1000, "to": None}, ranks=None)
    seats[3]["withdrawn"] = True  # type: ignore[assignment]
    text = page.evaluate(_RENDER_END, [stopped, "en"])
    assert "stopped by the 120-minute limit" in text
    assert "1 riichi stick (1,000 points) stayed on the table" in text
    assert "Dirk (withdrew)" in text and "Rank points" not in text
    assert "This match is not recorded: no rank, rating or statistics change." in text
    page.screenshot(path=str(artifacts / "match-end-time120.png"))
    page.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('en'))")


# Each payments row's cells against the header's, and the table against its dialog.
_PAYMENT_COLUMNS = """() => {
  const table = document.querySelector('#draw-box [data-testid=payments]');
  const dialog = table.closest('[data-testid=hand-end]').getBoundingClientRect();
  const left = (row) => [...row.cells].map((c) => Math.round(c.getBoundingClientRect().left));
  const cells = [...table.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect());
  return {head: left(table.tHead.rows[0]), rows: [...table.tBodies[0].rows].map(left),
          inside: cells.every((c) => c.left >= dialog.left && c.right <= dialog.right + 0.5)};
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_the_payments_table_lines_up_under_its_header(
    server: str, new_page, artifacts: Path, width: int, height: int
) -> None:
    """The end-of-hand payments stay a table on every page (the score sheet's own payments list
    has the same class name): each row's seat, ready or not, change and score stand under their
    heading, inside the dialog."""
    page = new_page(width, height)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    page.evaluate(_RENDER_DRAW, ["exhaustive", "en", [1500, -1500, 1500, -1500]])
    got = page.evaluate(_PAYMENT_COLUMNS)
    page.screenshot(path=str(artifacts / f"draw-payments-{width}x{height}.png"))
    assert len(got["head"]) == 4 and len(got["rows"]) == 4, got
    for row in got["rows"]:
        assert all(abs(a - b) <= 1 for a, b in zip(row, got["head"], strict=True)), got
    assert got["inside"], got
    # every heading starts with a capital, the ready column too ("Tenpai" in both languages)
    heads = "[...document.querySelectorAll('#draw-box [data-testid=payments] th')]" + (
        ".map((h) => h.textContent)"
    )
    assert page.evaluate(heads) == ["Seat", "Tenpai", "Change", "Now"]
    page.evaluate(_RENDER_DRAW, ["exhaustive", "de", [1500, -1500, 1500, -1500]])
    german = page.evaluate(heads)
    assert german[1] == "Tenpai" and all(h[:1].isupper() for h in german), german
    page.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('en'))")
