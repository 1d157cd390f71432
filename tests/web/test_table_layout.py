"""The table at phone and desktop widths: screenshots, the hand inside the viewport, no
overlapping controls, German labels, keyboard play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.burst import HOLD
from tests.web.helpers import login_guest
from tests.web.layout import layout_problems
from tests.web.table_driver import discard_drawn_by_key, step

CONTROLS = "button, a, input, select, [data-testid=hand-tile]"

_HAND = """() => [...document.querySelectorAll('[data-testid=hand-tile]')].map((b) => {
  const r = b.getBoundingClientRect();
  const tile = b.querySelector('.tile');
  return {x: r.left, y: r.top, w: r.width, h: r.height,
          svg: Boolean(tile && tile.querySelector('svg')),
          name: b.getAttribute('aria-label') || '', tile: b.dataset.tile};
})"""


_WATCH_FIRST_DISCARD = """() => {
  window.firstDiscard = null;
  const look = () => {
    const cell = document.querySelector('[data-testid=seat-self] .river .river-cell');
    if (!cell || window.firstDiscard !== null) return;
    const tile = cell.querySelector('.tile')?.dataset.tile;
    window.firstDiscard = {classes: cell.className.split(' '), tile};
  };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_table_screenshot_shows_the_hand_without_overlaps(
    server: str, new_page, artifacts: Path, width: int
) -> None:
    page = new_page(width=width, height=800)
    page.add_init_script(HOLD)
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*")
    hand = page.get_by_test_id("hand").get_by_test_id("hand-tile")
    # the guest's first turn: 13 tiles and the drawn one
    expect(hand).to_have_count(14, timeout=20000)
    expect(page.get_by_test_id("own-timer")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / f"table-{width}.png"), full_page=True)

    tiles: list[dict[str, Any]] = page.evaluate(_HAND)
    assert len(tiles) == 14
    for t in tiles:
        assert t["svg"] and t["w"] > 10 and t["h"] > 10, t
        assert t["x"] >= 0 and t["x"] + t["w"] <= width, t  # inside the viewport
        assert t["y"] >= 0 and t["y"] + t["h"] <= 800, t
        assert t["name"], t  # an accessible name
    assert layout_problems(page, CONTROLS) == []
    assert page.locator(".hand-tile--drawn").count() == 1

    # German labels, the table stays joined (no second snapshot needed); switched while it is
    # the guest's turn, before any computer player can win and cover the page with a result
    page.locator(".lang-btn[data-lang=de]").click()
    expect(page.get_by_test_id("wall")).to_contain_text("Mauer")
    expect(page.get_by_test_id("toggle-auto-win").locator("xpath=..")).to_contain_text(
        "Automatisch gewinnen"
    )
    assert layout_problems(page, CONTROLS) == []
    page.screenshot(path=str(artifacts / f"table-{width}-de.png"), full_page=True)

    # the keyboard: D throws the drawn tile, which lands dimmed (tsumogiri) in the own river
    # (read as it first shows: a computer player may call it away from the river right after)
    drawn = page.locator(".hand-tile--drawn").get_attribute("data-tile")
    page.evaluate(_WATCH_FIRST_DISCARD)
    discard_drawn_by_key(page)
    page.wait_for_function("() => window.firstDiscard !== null")
    first = page.evaluate("window.firstDiscard")
    assert first["tile"] == drawn, first
    assert "river-cell--tsumogiri" in first["classes"], first
    assert "river-cell--riichi" not in first["classes"], first


def test_dora_display_setting_switches_to_the_indicator(server: str, new_page) -> None:
    page = new_page()
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    expect(page.get_by_test_id("dora").locator(".tile")).to_have_count(1, timeout=20000)
    dora = page.get_by_test_id("dora").locator(".tile").first.get_attribute("data-tile")
    page.get_by_test_id("toggle-dora").check()
    shown = page.get_by_test_id("dora").locator(".tile").first
    expect(shown).not_to_have_attribute("data-tile", dora or "")  # redrawn on the next frame
    indicator = shown.get_attribute("data-tile")
    # Doman shows the dora itself: the tile after the indicator in its cycle
    assert indicator != dora
    order = {"z": ["1", "2", "3", "4", "1", "5", "6", "7", "5"]}
    num, suit = (indicator or "??")[0], (indicator or "??")[1]
    if suit == "z":
        seq = order["z"]
        expected = seq[seq.index(num) + 1] + "z"
    else:
        n = 5 if num == "0" else int(num)
        expected = f"{n % 9 + 1}{suit}"
    assert dora == expected
    assert page.evaluate("JSON.parse(localStorage.getItem('jantaku.doraDisplay'))") == "indicator"


_EDGES = """() => {
  const box = (n) => n.getBoundingClientRect();
  const edge = box(document.querySelector('[data-testid=seat-self] .edge'));
  const right = box(document.querySelector('[data-testid=seat-right] .edge'));
  const tiles = [...document.querySelectorAll('[data-testid=hand-tile]')].map(box);
  return {edge: [edge.left, edge.right], rightEdge: right.left,
          tiles: tiles.map((t) => [Math.round(t.left), Math.round(t.right)])};
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1280, 720), (1100, 700), (721, 900)])
def test_the_whole_hand_lies_on_its_own_edge_of_the_table(
    server: str, new_page, artifacts: Path, width: int, height: int
) -> None:
    """On a laptop's short screen the board is small, yet the fourteen tiles (the drawn one set
    apart) stay on the own edge: the drawn tile never slides under the right seat's tiles."""
    page = new_page(width=width, height=height)
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    expect(page.get_by_test_id("hand").get_by_test_id("hand-tile")).to_have_count(14, timeout=20000)
    page.screenshot(path=str(artifacts / f"table-hand-edge-{width}x{height}.png"))
    got = page.evaluate(_EDGES)
    left, right = got["edge"]
    assert right <= got["rightEdge"] + 0.5, got
    for x, r in got["tiles"]:
        assert left - 0.5 <= x and r <= right + 0.5, got


_FIRST_SCREEN = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const hand = [...document.querySelectorAll('[data-testid=hand-tile]')]
    .map((b) => b.getBoundingClientRect());
  return {board: box('[data-testid=board]').bottom, prompt: box('[data-testid=prompt-bar]').bottom,
          hand: Math.max(...hand.map((r) => r.bottom)),
          width: Math.min(...hand.map((r) => r.width)),
          innerH: window.innerHeight, scrollW: document.documentElement.scrollWidth,
          innerW: window.innerWidth};
}"""


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (900, 700)])
def test_a_landscape_tablet_sees_the_whole_table_and_the_prompt(
    server: str, new_page, artifacts: Path, width: int, height: int
) -> None:
    """A tablet held sideways or a small window: the whole table, the own hand and the prompt on
    the first screen, as on a desktop (never scrolling down for every turn)."""
    page = new_page(width=width, height=height)
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    expect(page.get_by_test_id("hand").get_by_test_id("hand-tile")).to_have_count(14, timeout=20000)
    page.screenshot(path=str(artifacts / f"table-landscape-{width}x{height}.png"))
    got = page.evaluate(_FIRST_SCREEN)
    assert max(got["board"], got["prompt"], got["hand"]) <= got["innerH"], got
    assert got["scrollW"] <= got["innerW"], got
    assert got["width"] >= 28, got  # the hand's tiles still big enough to click
    assert layout_problems(page, CONTROLS) == []
    page.locator(".lang-btn[data-lang=de]").click()  # the longer German labels beside the board
    expect(page.get_by_test_id("wall")).to_contain_text("Mauer")
    assert layout_problems(page, CONTROLS) == []
    got = page.evaluate(_FIRST_SCREEN)
    assert max(got["board"], got["prompt"], got["hand"]) <= got["innerH"], got


# every redraw: whether the prompt bar is empty, its height, and where the board lies
_WATCH_PROMPT = """() => {
  window.promptSamples = [];
  const look = () => {
    const bar = document.querySelector('[data-testid=prompt-bar]');
    const board = document.querySelector('[data-testid=board]');
    if (!bar || !board || document.querySelector('.overlay')) return;
    const b = board.getBoundingClientRect();
    window.promptSamples.push({empty: bar.childElementCount === 0,
      h: bar.getBoundingClientRect().height,
      board: [b.left, b.top, b.width, b.height].map(Math.round).join(',')});
  };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
}"""


def test_no_empty_prompt_box_and_the_board_stays_put_when_a_prompt_comes(
    server: str, new_page, artifacts: Path
) -> None:
    """At a desktop, with nothing to do the own area shows no empty prompt box; a prompt coming
    and going never moves the board."""
    page = new_page(width=1366, height=768)
    login_guest(page, server)
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*")
    expect(page.get_by_test_id("hand").get_by_test_id("hand-tile")).to_have_count(14, timeout=20000)
    page.evaluate(_WATCH_PROMPT)
    for _ in range(12):  # some turns: each discard leaves the page without a prompt a moment
        step(page)
        page.wait_for_timeout(100)
    samples: list[dict[str, Any]] = page.evaluate("window.promptSamples")
    assert any(s["empty"] for s in samples) and not all(s["empty"] for s in samples), samples
    assert [s for s in samples if s["empty"] and s["h"] > 0] == []  # no empty box
    assert len({s["board"] for s in samples}) == 1, samples  # the board never moved
    page.screenshot(path=str(artifacts / "table-prompt-1366x768.png"))
