"""The table on a phone (390x844): each seat's wind and score read apart in the centre
("N 25000", not "N25000"), and the names on the plates get the room there is (the whole name
where it fits, else a title and a tap that shows it), without overlapping anything."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest
from tests.web.layout import layout_problems
from tests.web.test_table_results import _seat

POSITIONS = ["self", "right", "across", "left"]

# the gap between each centre side's wind letter and its score, along the side's text
_GAPS = """() => ['self', 'right', 'across', 'left'].map((pos) => {
  const side = document.querySelector(`[data-testid=score-${pos}]`);
  const w = side.querySelector('.centre-wind').getBoundingClientRect();
  const s = side.querySelector('.score-value').getBoundingClientRect();
  const vertical = pos === 'left' || pos === 'right';
  const gap = vertical ? Math.max(s.top - w.bottom, w.top - s.bottom)
                       : Math.max(s.left - w.right, w.left - s.right);
  return {pos, gap, text: side.innerText.replace(/\\s+/g, ' ')};
})"""

# each plate's name: the text shown, whether it is cut, its title
_NAMES = """() => [...document.querySelectorAll('[data-testid=board] .seat-name')].map((n) => ({
  text: n.textContent, title: n.getAttribute('title'),
  cut: n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1}))"""


def test_a_phone_shows_winds_apart_from_scores_and_the_names(
    server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    page = new_page(390, 844)
    login_guest(page, server_proc.base)
    client, _table = _seat(server_proc, page, "practice", "quick", "defensive")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "phone-table-390x844.png"))
    for side in page.evaluate(_GAPS):
        assert side["gap"] >= 4, side  # the wind letter stands apart from the score
    names = page.evaluate(_NAMES)
    assert len(names) == 4
    for n in names:
        assert n["title"] == n["text"], n  # the whole name on hover, where it might be cut
        assert not n["cut"], n  # these names (a guest's, "defensive-2") fit on the plate
    assert layout_problems(page, "button, a, [data-testid=hand-tile], .plate, .river-cell") == []
    client.close()
