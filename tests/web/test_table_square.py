"""The square table: the own hand at the bottom, the right seat on the right, across at the top,
the left seat on the left, each river on its side of the centre; the table fits a desktop screen
without scrolling and keeps a phone's hand tiles big enough to tap. Riichi and called tiles
lie turned toward their owner's giver; the newest discard and meld light up for a moment."""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.burst import HOLD
from tests.web.helpers import login_guest
from tests.web.layout import layout_problems
from tests.web.square_board import (
    READING,
    TOWARD_OWNER,
    along,
    draw_made_up_board,
    lies_across,
    rows,
)
from tests.web.table_driver import STATE, discard_drawn_by_key, step

CONTROLS = "button, a, input, select, [data-testid=hand-tile]"
SIZES = [(1440, 900), (390, 844)]

_BOXES = """() => {
  const box = (s) => { const n = document.querySelector(s); if (!n) return null;
    const r = n.getBoundingClientRect(); return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const out = {centre: box('[data-testid=centre]'), hand: box('[data-testid=hand]'),
    prompt: box('[data-testid=prompt-bar]'), board: box('[data-testid=board]')};
  for (const p of ['self', 'right', 'across', 'left']) {
    out[p] = box(`[data-testid=seat-${p}]`);
    out['river-' + p] = box(`[data-testid=river-${p}]`);
  }
  out.tiles = [...document.querySelectorAll('[data-testid=hand-tile] .tile')].map((n) => {
    const r = n.getBoundingClientRect();
    return {x: r.left, r: r.right, w: r.width, b: r.bottom}; });
  out.riverTiles = [...document.querySelectorAll('.river .tile')].map((n) => {
    const r = n.getBoundingClientRect(); return Math.min(r.width, r.height); });
  out.scroll = [document.documentElement.scrollWidth, document.documentElement.scrollHeight,
                window.innerWidth, window.innerHeight];
  return out;
}"""

# Every node that comes into the page with the highlight of the newest discard, as it came.
_WATCH = """() => {
  window.__fresh = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const c of [n, ...n.querySelectorAll('.river-cell--new')]) {
        if (!c.classList.contains('river-cell--new')) continue;
        window.__fresh.push({seat: c.closest('[data-seat]').dataset.testid,
          tile: c.querySelector('.tile').dataset.tile,
          last: c === c.parentElement.lastElementChild,
          animation: getComputedStyle(c).animationName,
          duration: getComputedStyle(c).animationDuration,
          all: document.querySelectorAll('.river-cell--new').length});
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


def _start(page: Page, server: str, family: str) -> None:
    page.add_init_script(HOLD)
    login_guest(page, server)
    if family == "riichi":
        page.get_by_test_id("practice-start").click()
    else:
        page.goto(f"{server}/#/table/new?kind=classical")
        page.get_by_test_id("start-bots").click()
    expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
    assert page.get_by_test_id("table-page").get_attribute("data-family") == family


def _play_until_every_river_has_tiles(page: Page) -> dict[str, Any]:
    """Click (throwing the drawn tile) until each seat has discarded and the own turn is back."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        s = page.evaluate(STATE)
        counts = page.evaluate(
            "['self','right','across','left'].map((p) => "
            "document.querySelectorAll(`[data-testid=river-${p}] .tile`).length)"
        )
        own_turn = s["drawn"] and not s["pass"] and not s["handEnd"] and not s["danger"]
        if own_turn and all(counts):
            return s
        if own_turn:
            discard_drawn_by_key(page)
            page.wait_for_function(
                "(seq) => Number(document.querySelector('[data-testid=table-page]')"
                ".dataset.seq) > seq",
                arg=s["seq"],
            )
        else:
            step(page, s)
    raise AssertionError("the own turn did not come back with four rivers")


def _assert_square(b: dict[str, Any], width: int) -> None:
    c = b["centre"]
    # each seat's area on its side of the centre, overlapping it along that side
    assert b["right"]["x"] >= c["r"] - 1, (b["right"], c)
    assert b["left"]["r"] <= c["x"] + 1, (b["left"], c)
    assert b["across"]["b"] <= c["y"] + 1, (b["across"], c)
    assert b["self"]["y"] >= c["b"] - 1, (b["self"], c)
    assert b["hand"]["y"] >= c["b"], (b["hand"], c)
    for side in ("right", "left"):
        assert b[side]["y"] < c["y"] and b[side]["b"] > c["b"], (side, b[side], c)
    for side in ("across", "self"):
        assert b[side]["x"] < c["x"] and b[side]["r"] > c["r"], (side, b[side], c)
    # the rivers touch the centre on their side and run along its whole length
    rr, rl, ra, rs = (b[f"river-{p}"] for p in ("right", "left", "across", "self"))
    assert abs(rr["x"] - c["r"]) <= 3 and abs(rl["r"] - c["x"]) <= 3, (rr, rl, c)
    assert abs(ra["b"] - c["y"]) <= 3 and abs(rs["y"] - c["b"]) <= 3, (ra, rs, c)
    for r in (rr, rl):
        assert abs(r["y"] - c["y"]) <= 3 and abs(r["b"] - c["b"]) <= 3, (r, c)
    for r in (ra, rs):
        assert abs(r["x"] - c["x"]) <= 3 and abs(r["r"] - c["r"]) <= 3, (r, c)
    # the own hand inside the viewport, tiles big enough to tap on a phone
    assert len(b["tiles"]) == 14
    for t in b["tiles"]:
        assert t["x"] >= 0 and t["r"] <= width, t
        assert t["w"] >= 32, t
    assert min(b["riverTiles"]) >= 17, b["riverTiles"]  # rivers readable on a phone too


@pytest.mark.parametrize("family", ["riichi", "classical"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_table_is_square_with_the_seats_around_the_centre(
    server: str, new_page, artifacts: Path, family: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    _start(page, server, family)
    page.evaluate(_WATCH)
    s = _play_until_every_river_has_tiles(page)
    assert s["tiles"] and s["drawn"]
    page.evaluate("window.scrollTo(0, 0)")
    name = (
        f"table-square-{width}.png" if family == "riichi" else f"table-square-{family}-{width}.png"
    )
    page.screenshot(path=str(artifacts / name))

    b = page.evaluate(_BOXES)
    _assert_square(b, width)
    scroll_w, scroll_h, inner_w, inner_h = b["scroll"]
    assert scroll_w <= inner_w, b["scroll"]  # never sideways
    # the own hand and the prompt on the first screen, on a phone too
    assert b["hand"]["b"] <= inner_h and b["prompt"]["b"] <= inner_h, (b["hand"], b["prompt"])
    if width >= 1000:
        # the whole table, the own hand and the prompt's buttons without scrolling
        assert scroll_h <= inner_h, b["scroll"]
        assert b["board"]["b"] <= inner_h and b["prompt"]["b"] <= inner_h, (b["board"], b["prompt"])
    assert layout_problems(page, CONTROLS) == []

    # the discards lit up as they came, each the newest tile of its river, one at a time
    fresh = page.evaluate("window.__fresh")
    assert fresh, "no discard was highlighted"
    assert all(f["last"] and f["all"] == 1 for f in fresh), fresh
    assert any(f["seat"] == "seat-self" for f in fresh), fresh  # the own discard too
    assert {f["animation"] for f in fresh} == {"jt-fresh"} and {f["duration"] for f in fresh} == {
        "1s"
    }
    last = page.locator(".river-cell--last")
    expect(last).to_have_count(1)
    assert last.evaluate("(c) => c === c.parentElement.lastElementChild")


def _check_river(pos: str, cells: list[dict[str, Any]], centre: dict[str, float]) -> None:
    # 14 discards, one called away (and at the seat across the called one was the riichi tile)
    assert len(cells) == 13 if pos != "across" else 12, (pos, len(cells))
    assert "4m" not in [c["tile"] for c in cells]
    turned = [c for c in cells if c["turned"]]
    assert len(turned) == 1, (pos, turned)
    assert turned[0]["tile"] == ("8m" if pos != "across" else "2p"), (pos, turned)
    for c in cells:
        assert lies_across(c, pos) == c["turned"], (pos, c)
    found = rows(cells, pos)
    assert [len(r) for r in found] == ([6, 6, 1] if pos != "across" else [6, 6]), (pos, found)
    for r in found:  # each row in the owner's reading order
        assert [along(c, READING[pos]) for c in r] == sorted(along(c, READING[pos]) for c in r)
    # the first row lies next to the centre, the next rows toward the owner
    toward = TOWARD_OWNER[pos]
    assert along(found[0][0], toward) < along(found[1][0], toward)
    near = {"self": centre["y"] + centre["h"], "right": centre["x"] + centre["w"]}
    near.update(across=-centre["y"], left=-centre["x"])
    first = found[0][0]
    edge = {
        "self": first["y"],
        "right": first["x"],
        "across": -(first["y"] + first["h"]),
        "left": -(first["x"] + first["w"]),
    }[pos]
    assert 0 <= edge - near[pos] <= 6, (pos, edge, near[pos])


def _check_melds(pos: str, melds: list[dict[str, Any]], stacked: bool) -> None:
    assert [m["from"] for m in melds] == ["1", "2", "3", "2"], melds
    axis = READING[pos]
    for m in melds[:3]:
        tiles = sorted(m["tiles"], key=lambda t: along(t, axis))  # as the owner reads them
        turned = [i for i, t in enumerate(tiles) if t["turned"]]
        assert len(turned) == 1, (pos, m)
        assert lies_across(tiles[turned[0]], pos), (pos, m)
        assert not any(lies_across(t, pos) for i, t in enumerate(tiles) if i != turned[0])
        # toward the giver: from the right the last, from across the middle, from the left first
        assert turned[0] == {"1": 2, "2": 1, "3": 0}[m["from"]], (pos, m["from"], turned)
    kong = melds[3]
    assert len(kong["tiles"]) == 4
    turned = [t for t in kong["tiles"] if t["turned"]]
    if stacked:
        # the added tile lies on the called one, both sideways, the added one further out
        assert len(turned) == 2 and all(lies_across(t, pos) for t in turned), kong
        added = next(t for t in turned if t["added"])
        called = next(t for t in turned if not t["added"])
        assert abs(along(added, axis) - along(called, axis)) < 2
        assert along(added, TOWARD_OWNER[pos]) < along(called, TOWARD_OWNER[pos]) - 5
    else:
        assert len(turned) == 1 and not any(t["added"] for t in kong["tiles"]), kong
        line = sorted(along(t, axis) for t in kong["tiles"])
        assert all(b - a > 5 for a, b in pairwise(line)), line  # in a row


@pytest.mark.parametrize("family", ["riichi", "classical"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_riichi_and_called_tiles_lie_turned_toward_their_owner(
    server: str, new_page, artifacts: Path, family: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    login_guest(page, server)
    board = draw_made_up_board(page, family)
    page.screenshot(path=str(artifacts / f"table-square-melds-{family}-{width}.png"))
    centre, felt = board["centre"], board["board"]
    for t in board["all"]:  # every tile on the felt
        assert felt["x"] <= t["x"] and t["x"] + t["w"] <= felt["x"] + felt["w"], (t, felt)
        assert felt["y"] <= t["y"] and t["y"] + t["h"] <= felt["y"] + felt["h"], (t, felt)
    for pos, seat in board["seats"].items():
        _check_river(pos, seat["cells"], centre)
        _check_melds(pos, seat["melds"], stacked=family == "riichi")
    # the newest discard (at the right seat) and the newest meld (the kong across) light up
    fresh = [
        (pos, c["tile"])
        for pos, s in board["seats"].items()
        for c in s["cells"]
        if "river-cell--new" in c["classes"]
    ]
    assert fresh == [("right", "5p")], fresh
    assert [
        (pos, m["kong"]) for pos, s in board["seats"].items() for m in s["melds"] if m["fresh"]
    ] == [("across", "added")]
    # ...for a moment only: drawn again two seconds later, nothing is lit, the newest stays marked
    later = draw_made_up_board(page, family, ago_ms=2000)
    assert not any(
        "river-cell--new" in c["classes"] for s in later["seats"].values() for c in s["cells"]
    )
    assert not any(m["fresh"] for s in later["seats"].values() for m in s["melds"])
    marked = [
        (pos, c["tile"])
        for pos, s in later["seats"].items()
        for c in s["cells"]
        if "river-cell--last" in c["classes"]
    ]
    assert marked == [("right", "5p")]


def test_the_highlight_keeps_still_for_reduced_motion(server: str, new_page) -> None:
    page = new_page(width=1440, height=900)
    login_guest(page, server)
    page.emulate_media(reduced_motion="reduce")
    draw_made_up_board(page, "riichi")
    names = page.evaluate(
        "[...document.querySelectorAll('.river-cell--new, .meld--new')]"
        ".map((n) => getComputedStyle(n).animationName)"
    )
    assert names == ["jt-fresh-still", "jt-fresh-still"], names
