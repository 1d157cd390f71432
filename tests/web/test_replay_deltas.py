"""The replay writes a deal's score changes as the table's payments do: a sign on every change,
a true minus, ±0 for none, grouped for the language ("A +4,200 · B −3,200 · C ±0"; the replay
wrote "0" and "-3,200")."""

from __future__ import annotations

import pytest

_LINE = """async ([lang, deltas]) => {
  const { familyOf } = await import('/static/js/families/index.js');
  const { t, setLang } = await import('/static/js/i18n.js');
  setLang(lang);
  const end = { type: 'deal_ended', draw: null, deltas, scores: deltas.map((d) => 25000 + d),
    tenpai: [false, false, false, false], hands: [null, null, null, null], deposits: 0, honba: 0 };
  const box = document.createElement('div');
  box.append(...familyOf('riichi').replay.ended(end, ['A', 'B', 'C', 'D'], t));
  setLang('en');
  return box.querySelector('[data-testid=deltas]').textContent;
}"""


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "A +4,200 · B −3,200 · C ±0 · D −1,000"),
        ("de", "A +4.200 · B −3.200 · C ±0 · D −1.000"),
    ],
)
def test_the_replay_signs_every_change(server: str, new_page, lang: str, line: str) -> None:
    page = new_page()
    page.goto(server)
    assert page.evaluate(_LINE, [lang, [4200, -3200, 0, -1000]]) == line
