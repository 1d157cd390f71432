"""A riichi win is shown with the deal's dora indicators, and a winner in riichi also with the
ura dora indicators, as a real table turns them over beside the winning hand. The table's own
end-of-hand dialog is fed a ``won`` event as the server sends it (the ura indicators only for a
winner in riichi) and the deal's view at its end."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.snippets import script

_RENDER_WIN = script("""
  const [lang, ura] = args;
  const won = { type: 'won', seat: 1, from_seat: 3, tile: '2s', hand: '234m45666p34678s',
                han: 3, fu: 30, points: 3900, yakuman: 0, limit: null,
                yaku: [['riichi', 1], ['pinfu', 1], ['tanyao', 1]],
                deltas: [0, 3900, 0, -3900], ura_indicators: ura };
  const seat = { meld_info: [] };
  const before = { dora_indicators: '1z7p', seats: [seat, seat, seat, seat] };
  const end = { deltas: [0, 3900, 0, -3900], scores: [25000, 28900, 25000, 21100] };
  mountDialog('win-box', await handEnd({ wins: [won], end, before, family: 'riichi' }, lang));
""")

_LABELS = {
    "en": ("Dora indicators", "Ura dora indicators"),
    "de": ("Dora-Anzeiger", "Ura-Dora-Anzeiger"),
}


def _tiles(row) -> list[str]:
    return row.locator("[data-tile]").evaluate_all("(ts) => ts.map((t) => t.dataset.tile)")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (390, 844)])
def test_a_win_shows_the_dora_and_for_a_riichi_winner_the_ura_indicators(
    server: str, new_page, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    dora_label, ura_label = _LABELS[lang]
    win = page.locator("#win-box [data-testid=win]")

    page.evaluate(_RENDER_WIN, [lang, "9m3s"])  # Bert was in riichi
    dora = win.get_by_test_id("dora-indicators")
    ura = win.get_by_test_id("ura-indicators")
    expect(dora).to_be_visible()
    expect(dora).to_contain_text(dora_label)
    assert _tiles(dora) == ["1z", "7p"]
    expect(ura).to_be_visible()
    expect(ura).to_contain_text(ura_label)
    assert _tiles(ura) == ["9m", "3s"]
    box = page.locator("#win-box [data-testid=hand-end]").bounding_box()
    assert box is not None and box["width"] <= size[0]
    page.screenshot(path=str(artifacts / f"win-indicators-{lang}-{size[0]}.png"))

    page.evaluate(_RENDER_WIN, [lang, ""])  # not in riichi: no ura indicators are turned over
    expect(win.get_by_test_id("dora-indicators")).to_be_visible()
    expect(win.get_by_test_id("ura-indicators")).to_have_count(0)
    page.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('en'))")


_RENDER_DOUBLE_RON = script("""
  const [lang] = args;
  const won = (seat, ura) => ({ type: 'won', seat, from_seat: 3, tile: '2s',
    hand: '234m45666p34678s', han: 2, fu: 30, points: 2000, yakuman: 0, limit: null,
    yaku: [['pinfu', 1], ['tanyao', 1]], deltas: [0, 0, 0, 0], ura_indicators: ura });
  const seat = { meld_info: [] };
  const before = { dora_indicators: '1z7p', seats: [seat, seat, seat, seat] };
  const end = { deltas: [0, 2000, 2000, -4000], scores: [25000, 27000, 27000, 21000] };
  const wins = [won(1, '9m3s'), won(2, '')];  // Bert was in riichi, Cora was not
  mountDialog('win-box', await handEnd({ wins, end, before, family: 'riichi' }, lang));
""")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_double_ron_shows_the_dora_indicators_once(
    server: str, new_page, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    """Both winners win in the same deal, so its dora indicators are shown once (they stood
    under each winner); the ura indicators stand under the winner in riichi alone."""
    page = new_page(*size)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    page.evaluate(_RENDER_DOUBLE_RON, [lang])
    dialog = page.locator("#win-box [data-testid=hand-end]")
    wins = dialog.get_by_test_id("win")
    expect(wins).to_have_count(2)
    dora = dialog.get_by_test_id("dora-indicators")
    expect(dora).to_have_count(1)
    expect(dora).to_contain_text(_LABELS[lang][0])
    assert _tiles(dora) == ["1z", "7p"]
    assert _tiles(wins.nth(0).get_by_test_id("ura-indicators")) == ["9m", "3s"]
    expect(wins.nth(1).get_by_test_id("ura-indicators")).to_have_count(0)
    box = dialog.bounding_box()
    assert box is not None and box["width"] <= size[0]
    # the indicators stand apart from the first winner's heading below them (they touched)
    above, first = dora.bounding_box(), wins.nth(0).bounding_box()
    assert above is not None and first is not None
    assert first["y"] - (above["y"] + above["height"]) >= 8, (above, first)
    page.screenshot(path=str(artifacts / f"double-ron-indicators-{lang}-{size[0]}.png"))
    page.evaluate("import('/static/js/i18n.js').then((m) => m.setLang('en'))")
