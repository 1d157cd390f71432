"""The replay writes a deal's score changes as the table's payments do: a sign on every change,
a true minus, ±0 for none, grouped for the language ("A +4,200 · B −3,200 · C ±0"; the replay
wrote "0" and "-3,200"). Its centre names the honba once (in the hand's label), the riichi
sticks as the table's centre does."""

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


_CENTRE = """async (lang) => {
  const { familyOf } = await import('/static/js/families/index.js');
  const { t, setLang } = await import('/static/js/i18n.js');
  const { centreEl } = await import('/static/js/replay/view.js');
  setLang(lang);
  const hooks = familyOf('riichi').replay;
  const state = { family: 'riichi', roundWind: 0, deal: 1, honba: 2, deposits: 1, dora: ['3p'],
    ura: [], warning: null };
  const box = centreEl(state, hooks.handLabel(state, t), { doraToggle: null }, 'dora');
  setLang('en');
  return box.textContent;
}"""


@pytest.mark.parametrize(
    ("lang", "honba", "sticks"),
    [("en", "2 honba", "Riichi sticks 1"), ("de", "2 Honba", "Riichi-Stäbchen 1")],
)
def test_the_replay_centre_names_the_honba_once(
    server: str, new_page, lang: str, honba: str, sticks: str
) -> None:
    page = new_page()
    page.goto(server)
    text = str(page.evaluate(_CENTRE, lang))
    assert text.count(honba) == 1, text
    assert sticks in text, text
