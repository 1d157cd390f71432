"""A classical hand's result shows the winner's figures first (the hand everybody looks at),
then the other seats in the order of play after the winner; a Remis from East. The seats
came in seat order, so the winner's hand could be the fourth, below three losers' screens.
The replay shows a classical hand's end as the table does (figures with their tiles as
pictures, not a table of tile names in words), and says who discarded the winning tile in
the family's words, not riichi's "ron"."""

from __future__ import annotations

from typing import Any

import pytest

# the end-of-hand body of the classical family drawn for a deal_ended of `winner`, seat by seat
_ORDER = """async ([winner, dealer]) => {
  const { familyOf } = await import('/static/js/families/index.js');
  const { t } = await import('/static/js/i18n.js');
  const result = (seat) => ({ seat, seat_wind: (seat - dealer + 4) % 4, hand: '1m2m3m',
    base: 2, doubles: 0, value: 2, items: [], special_hand: null });
  const end = { type: 'deal_ended', outcome: winner === null ? 'remis' : 'mah_jongg', winner,
    results: [0, 1, 2, 3].map(result), deltas: [0, 0, 0, 0], balances: [0, 0, 0, 0],
    stoerspiel: null, violator: null };
  const names = ['Anna', 'Ben', 'Cleo', 'Dirk'];
  const box = document.createElement('div');
  box.append(...familyOf('classical').table.handEndBody({ wins: [], end, before: null }, names, t));
  return [...box.querySelectorAll('.seat-result h4')].map((h) => h.textContent.split(': ')[1]);
}"""


@pytest.mark.parametrize(
    ("winner", "dealer", "order"),
    [
        (2, 0, ["Cleo", "Dirk", "Anna", "Ben"]),
        (3, 1, ["Dirk", "Anna", "Ben", "Cleo"]),
        (None, 1, ["Ben", "Cleo", "Dirk", "Anna"]),  # Remis: East (the dealer) first
    ],
)
def test_the_winners_figures_come_first(
    server: str, new_page, winner: int | None, dealer: int, order: list[str]
) -> None:
    page = new_page()
    page.goto(server)
    shown: Any = page.evaluate(_ORDER, [winner, dealer])
    assert shown == order


# the replay's classical win and deal end, drawn by the family's replay hooks
_REPLAY = """async (lang) => {
  const { familyOf } = await import('/static/js/families/index.js');
  const { t, setLang } = await import('/static/js/i18n.js');
  setLang(lang);
  const names = ['Anna', 'Ben', 'Cleo', 'Dirk'];
  const result = (seat) => ({ seat, seat_wind: seat, hand: '1m2m3m', base: 8, doubles: 1,
    value: 16, items: seat === 1 ? [['Drachenpung (777z)', 4, 1]] : [], special_hand: null });
  const end = { type: 'deal_ended', outcome: 'mah_jongg', winner: 1,
    results: [0, 1, 2, 3].map(result), deltas: [-16, 48, -16, -16], balances: [-16, 48, -16, -16],
    stoerspiel: null, violator: null };
  const win = { type: 'mah_jongg', seat: 1, from_seat: 3, hand: '1m2m3m', tile: '1m' };
  const box = document.createElement('div');
  const hooks = familyOf('classical').replay;
  box.append(hooks.win(win, names, t), ...hooks.ended(end, names, t));
  setLang('en');
  return { head: box.querySelector('h3').textContent,
           first: box.querySelector('.seat-result h4').textContent,
           pictures: box.querySelectorAll('.seat-result .item-tiles .tile').length,
           payments: box.querySelectorAll('[data-testid=payments] tbody tr').length };
}"""


@pytest.mark.parametrize(
    ("lang", "how"), [("en", "on Dirk's discard"), ("de", "mit dem Abwurf von Dirk")]
)
def test_the_replay_shows_a_classical_end_as_the_table_does(
    server: str, new_page, lang: str, how: str
) -> None:
    page = new_page()
    page.goto(server)
    shown: Any = page.evaluate(_REPLAY, lang)
    assert shown["head"].endswith(how) and "ron" not in shown["head"].lower()
    assert shown["first"].endswith("Ben")  # the winner's figures first
    assert shown["pictures"] == 3  # the dragon pung's three tiles as pictures
    assert shown["payments"] == 4
