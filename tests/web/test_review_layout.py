"""The review's layout: each candidate's action stays one line in its column ("Discard", its
tile and "9p" wrapped under each other at 1366x768) and the table fits the panel without
scrolling sideways, on a phone too (it scrolled there; its headings are abbreviated now); on
a phone (390x844) the board comes first and the review after it, as a player reads a position
and then its analysis (the panel stood above the board). The panel is the replay's own
(replay/review.js) fed a review as the server sends it, in the replay's layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.snippets import script

_RENDER = script("""
  const review = args;
  const { renderReview } = await import('/static/js/replay/review.js');
  document.querySelector('#review-box')?.remove();
  const main = document.createElement('div');
  main.id = 'review-box';
  main.className = 'replay-main reviewing';
  const panel = document.createElement('aside');
  panel.className = 'review-panel';
  const board = document.createElement('div');
  board.className = 'replay-board';
  board.textContent = 'board';
  main.append(panel, board);  // the order pages/replay.js builds
  document.querySelector('.app-main').replaceChildren(main);
  const rp = { review: { seat: 0, data: review }, reviewPanel: panel, names: ['Anna', 'Bert',
    'Cora', 'Dirk'], family: 'riichi', pos: 0, main };
  renderReview(rp);
  const cells = [...panel.querySelectorAll('[data-testid=review-candidate] td:first-child')];
  return {
    // how far each candidate's tile stands below the top of its cell (0 on the first line)
    lines: cells.map(belowFirstLine),
    tileHeight: cells[0].querySelector('.tile').getBoundingClientRect().height,
    sideways: sideways(panel.querySelector('.table-scroll')),
    boardTop: board.getBoundingClientRect().top,
    panelTop: panel.getBoundingClientRect().top,
  };
""")


def _candidate(tile: str, value: float, score: float) -> dict[str, object]:
    return {
        "label": f"discard {tile}",
        "action": {"type": "discard", "tile": tile},
        "shanten": 1,
        "improving_total": 24,
        "value": value,
        "score": score,
        "improving": {"3m": 3, "6m": 4, "4p": 2},
        "danger": {"1": 2.5},
    }


REVIEW = {
    "level": "efficiency",
    "summary": {
        "agreement": 0.8,
        "decisions": 1,
        "marked": 1,
        "push_fold": {"decisions": 0},
        "calls": {"chances": 0},
    },
    "decisions": [
        {
            "index": 0,
            "event": 1,
            "agree": False,
            "marked": True,
            "player": _candidate("5m", 1180.5, 0.8),
            "puppet": _candidate("9p", 1234.5, 0.9),
            "loss": 54.0,
            "stance": "free",
            "shanten": 1,
            "safest": None,
            "threats": {},
            "candidates": [
                _candidate("9p", 1234.5, 0.9),
                _candidate("1s", 1200.0, 0.85),
                _candidate("5m", 1180.5, 0.8),
            ],
        }
    ],
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (390, 844)])
def test_the_review_keeps_each_candidate_on_a_line_and_follows_the_board_on_a_phone(
    server: str, new_page, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    page.goto(f"{server}/#/login")
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.reload()  # the language is read when the page loads
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    got = page.evaluate(_RENDER, REVIEW)
    page.screenshot(path=str(artifacts / f"review-layout-{lang}-{size[0]}.png"), full_page=True)
    # the action and its tile stand on one line ("Discard" above the tile, above "9p" before)
    assert all(abs(d) < got["tileHeight"] / 2 for d in got["lines"]), got
    # the table fits its panel, on a phone too (German headings made it scroll sideways)
    assert not got["sideways"], got
    if size[0] <= 720:  # a phone: the board first, the review after it
        assert got["boardTop"] < got["panelTop"], got
