"""German "Platz" is a seat and a placement at once: the ranking's column said "Platz" for
1st-4th and the payments' column said "Platz" for the players. Placements are "Platzierung",
a column of names is "Spieler", and no German label is the bare word."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.test_result_dialogs import _RENDER_DRAW, _RENDER_END

_HEADS = """(box) => [...document.querySelectorAll(`#${box} thead th`)].map((h) => h.textContent)"""
_BARE = """async () => {
  const i18n = await import('/static/js/i18n.js');
  i18n.setLang('de');
  const keys = ['profile.place', 'table.place', 'table.seat', 'review.seat', 'replay.seat'];
  const bare = keys.filter((k) => /^Platz( \\{n\\})?$/.test(i18n.t(k)));
  i18n.setLang('en');
  return bare;
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (390, 844)])
def test_german_says_placement_for_a_place_and_player_for_a_seat(
    server: str, new_page, artifacts: Path, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    result = {
        "scores": [33000, 27000, 22000, 17000],
        "ranking": [0, 1, 2, 3],
        "recorded": True,
        "reason_code": "last_hand",
        "ranked": False,
        "rated": False,
    }
    page.evaluate(_RENDER_END, [result, "de"])
    assert page.evaluate(_HEADS, "end-box")[:2] == ["Platzierung", "Spieler"]
    page.screenshot(path=str(artifacts / f"german-placement-{size[0]}.png"))
    page.evaluate(_RENDER_DRAW, ["exhaustive", "de", [1500, -1500, 1500, -1500]])
    assert page.evaluate(_HEADS, "draw-box")[0] == "Spieler"
    page.screenshot(path=str(artifacts / f"german-payments-seat-{size[0]}.png"))
    assert page.evaluate(_BARE) == []
    page.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('en'))")
