"""The table on the narrowest phones (320 px wide, the width pages must reflow to) in German,
whose words are the longest: the board stays inside the page, the centre's counts inside the
centre, and a draw's payments (four columns) inside the result dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest
from tests.web.snippets import script
from tests.web.test_table_results import _seat

# how far the board reaches past the page's content box, and the centre's texts wider than it
_FIT = """() => {
  const page = document.querySelector('.table-page').getBoundingClientRect();
  const board = document.querySelector('[data-testid=board]').getBoundingClientRect();
  const centre = document.querySelector('.centre-info');
  return {past: Math.max(board.right - page.right, page.left - board.left),
          centre: centre.scrollWidth - centre.clientWidth, text: centre.innerText};
}"""

# a draw at the wall's end (the payments with the ready column) of four long names, in German
_DRAW = script("""
  const { handEndEl } = await import('/static/js/table/results.js');
  const i18n = await import('/static/js/i18n.js');
  i18n.setLang('de');
  const end = { draw: 'exhaustive', deltas: [-1000, 3000, -1000, -1000],
                scores: [24000, 28000, 24000, 24000], tenpai: [false, true, false, false],
                hands: [null, null, null, null] };
  const names = ['guest-61ca314b', 'defensive-1', 'defensive-2', 'defensive-3'];
  const shown = { wins: [], end, before: null, family: 'riichi' };
  const dialog = mountDialog('narrow-box', handEndEl(shown, names, i18n.t, () => {}));
  const table = dialog.querySelector('[data-testid=payments]');
  return {dialog: dialog.scrollWidth - dialog.clientWidth,
          table: table.getBoundingClientRect().right - dialog.getBoundingClientRect().right,
          scroller: table.parentElement.scrollWidth - table.parentElement.clientWidth};
""")


@pytest.mark.parametrize("family", ["riichi", "classical"])
@pytest.mark.parametrize("width", [320, 390])
def test_the_board_and_the_centre_fit_a_narrow_phone(
    server_proc: ServerProcess, new_page, artifacts: Path, family: str, width: int
) -> None:
    page = new_page(width, 640)
    login_guest(page, server_proc.base)
    page.locator("[data-lang=de]").click()
    kind = "practice" if family == "riichi" else "classical"
    client, _table = _seat(server_proc, page, kind, "quick", "efficiency")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"narrow-{family}-{width}.png"))
    fit = page.evaluate(_FIT)
    assert fit["past"] <= 0.5, fit  # the board stays in the page's content box
    assert fit["centre"] <= 1, fit  # "Riichi-Stäbchen 0" is not cut by the centre
    client.close()


def test_a_draws_payments_fit_the_result_dialog_of_a_narrow_phone(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page(320, 640)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    shown = page.evaluate(_DRAW)
    page.screenshot(path=str(artifacts / "narrow-draw-320.png"))
    assert shown["dialog"] <= 1, shown  # nothing in the dialog reaches past its side
    assert shown["table"] <= 0.5, shown  # the payments end inside the dialog, not cut off
    assert shown["scroller"] <= 1, shown  # and need no scrolling there
