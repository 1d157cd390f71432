"""The centre of the table keeps each count on one line: in German "Riichi-Stäbchen 0" broke at
its hyphen ("Honba 0 · Riichi-" above "Stäbchen 0") at 1366x768 and on a phone, in English
"Riichi sticks 0" on a phone; the line now breaks between the counts, never inside one."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import login_guest
from tests.web.snippets import script

_LINES = script("""
  return [...document.querySelectorAll('.table-page .sticks > span')].map((s) => {
    const words = document.createRange();
    words.selectNodeContents(s);
    const tops = new Set([...words.getClientRects()].map((r) => Math.round(r.top)));
    return [s.textContent, tops.size];
  });
""")


_COUNTS = {"de": ["Honba 0", "Riichi-Stäbchen 0"], "en": ["Honba 0", "Riichi sticks 0"]}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_each_count_in_the_centre_stays_on_one_line(
    server: str, new_page, artifacts: Path, width: int, height: int, lang: str
) -> None:
    page = new_page(width, height)
    page.goto(f"{server}/#/login")
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.reload()  # the language is read when the page loads
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*")
    expect(page.get_by_test_id("wall")).to_contain_text(
        "Mauer" if lang == "de" else "Wall", timeout=20000
    )
    got = page.evaluate(_LINES, None)
    page.screenshot(path=str(artifacts / f"table-centre-{lang}-{width}x{height}.png"))
    assert [text for text, _ in got] == _COUNTS[lang], got
    assert all(lines == 1 for _, lines in got), got
