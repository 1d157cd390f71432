"""A classical hand's result shows the winner's figures first (the hand everybody looks at),
then the other seats in the order of play after the winner; a Remis from East. The seats
came in seat order, so the winner's hand could be the fourth, below three losers' screens."""

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
