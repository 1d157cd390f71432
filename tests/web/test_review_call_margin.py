"""The review at a call: the puppet decides calls by rule and scores none, so its margin over
the player's choice (the loss of a discard) says so, in English and German, and the table of
candidates has no column of scores that are all "–"; a discard keeps both. The panel is the
replay's own (replay/review.js) fed a review as the server sends it."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import expect

from tests.web.snippets import script
from tests.web.test_review_layout import REVIEW

_RENDER = script("""
  const review = args;
  const { renderReview } = await import('/static/js/replay/review.js');
  const panel = document.createElement('aside');
  panel.className = 'review-panel';
  document.querySelector('.app-main').replaceChildren(panel);
  const rp = { review: { seat: 0, data: review }, reviewPanel: panel, names: ['Anna', 'Bert',
    'Cora', 'Dirk'], family: 'riichi', pos: 0, main: document.createElement('div') };
  renderReview(rp);
  const puppet = panel.querySelector('[data-testid=review-puppet]').parentElement;
  return {
    puppet: puppet.textContent,
    heads: [...panel.querySelectorAll('.review-table thead th')].length,
    cells: [...panel.querySelectorAll('[data-testid=review-candidate]')]
      .map((r) => r.children.length),
  };
""")

_PASS = {
    "action": {"type": "pass", "seat": 0},
    "label": "pass",
    "score": None,
    "shanten": 4,
    "improving": {"3m": 3, "4m": 4},
    "improving_total": 7,
    "value": 0.0,
    "danger": {},
}
_CHI = {
    "action": {"type": "chi", "seat": 0, "tile": "3m", "tiles": "12m"},
    "label": "chi 3m (12m)",
    "score": None,
    "shanten": 3,
    "improving": None,
    "improving_total": None,
    "value": 1.0,
    "danger": {},
}


def _call_review() -> dict[str, object]:
    review = copy.deepcopy(REVIEW)
    decision = review["decisions"][0]  # type: ignore[index]
    decision.update(
        situation="call",
        agree=False,
        marked=False,
        loss=None,
        stance=None,
        shanten=4,
        player=_CHI,
        puppet=_PASS,
        candidates=[_PASS, _CHI],
    )
    return review


_NOTE = {
    "en": "a call is decided by rule, not scored",
    "de": "einen Ruf entscheidet sie nach Regeln, ohne Bewertung",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_call_says_it_is_not_scored_and_has_no_score_column(
    server: str, new_page, lang: str
) -> None:
    page = new_page(1366, 768)
    page.goto(f"{server}/#/login")
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.reload()
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    got = page.evaluate(_RENDER, _call_review())
    assert _NOTE[lang] in got["puppet"], got
    assert got["heads"] == 4 and got["cells"] == [4, 4], got  # choice, shanten, improving, value
    discard = page.evaluate(_RENDER, REVIEW)  # a discard: its loss and the score column
    assert _NOTE[lang] not in discard["puppet"] and "54" in discard["puppet"], discard
    assert discard["heads"] == 5 and set(discard["cells"]) == {5}, discard
