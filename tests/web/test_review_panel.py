"""The review panel beside the replay on a laptop (1366x768): the tiles that improve each
candidate are drawn as pictures with the copies left (not a list of codes like "6m×3 4p×3"),
and the board beside the panel keeps its own height (the panel, often far taller, stretched
the seats' boxes to its length, most of them empty)."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest, play_practice_game, session

# the board's height with the panel beside it, and with the panel taken out of the layout
_HEIGHTS = """() => {
  const board = document.querySelector('.replay-board');
  const panel = document.querySelector('.review-panel');
  const beside = board.getBoundingClientRect().height;
  const tall = panel.getBoundingClientRect().height;
  panel.style.display = 'none';
  const alone = board.getBoundingClientRect().height;
  panel.style.display = '';
  return { beside, alone, panel: tall };
}"""


def test_the_review_panel_draws_improving_tiles_and_leaves_the_board_its_height(
    server: str, server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page(1366, 768)
    login_guest(page, server)
    me = session(page)
    game_id = play_practice_game(server_proc, me["token"])
    headers = {"Authorization": f"Bearer {me['token']}"}
    review = httpx.get(
        f"{server}/api/games/{game_id}/review?seat=0",
        headers=headers,
        trust_env=False,
        timeout=120,  # a review not kept yet is computed first: long on a loaded machine
    ).json()
    page.goto(f"{server}/#/replay/{game_id}?review=0")
    expect(page.get_by_test_id("review-summary")).to_be_visible(timeout=60_000)
    page.get_by_test_id("review-next-diff").click()
    index = int(page.get_by_test_id("review-decision").get_attribute("data-index") or -1)
    decision = review["decisions"][index]
    shown = [c for c in decision["candidates"] if c.get("improving")]
    assert shown, "the decision's candidates have improving tiles"
    rows = page.locator(".review-detail-row")
    for i, c in enumerate(decision["candidates"]):
        if not c.get("improving"):
            continue
        kinds = rows.nth(i).locator(".review-kind")
        expect(kinds).to_have_count(len(c["improving"]))
        for j, (kind, left) in enumerate(c["improving"].items()):
            expect(kinds.nth(j).locator(".tile")).to_have_attribute("data-tile", kind)
            expect(kinds.nth(j).locator(".review-left")).to_have_text(f"×{left}")
        assert f"{kind}×" not in rows.nth(i).inner_text(), "no codes beside the pictures"
    heights = page.evaluate(_HEIGHTS)
    assert heights["panel"] > heights["alone"] + 50, "the panel is the taller one here"
    assert abs(heights["beside"] - heights["alone"]) < 1, heights
