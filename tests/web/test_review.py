"""A finished game reviewed in the browser: the profile's Review link opens the replay with the
puppet's review beside it; "next / previous difference" step the replay to the decisions where
the player chose otherwise, and at each the board shows the very hand the review weighed (the
review's JSON and the stored events read independently here); English and German; a wide and
a phone screen."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from jantaku.tiles import parse_tiles
from tests.web.helpers import login_guest, play_practice_game, session
from tests.web.layout import layout_problems, unnamed_controls

_ACT = {"discard": "Discard", "riichi": "Riichi", "pass": "Pass", "ron": "Ron", "tsumo": "Tsumo"}


def _hand_shown(page: Page, seat: int) -> Counter[str]:
    tiles = (
        page.get_by_test_id(f"hand-{seat}")
        .locator(".tile")
        .evaluate_all("(els) => els.map((e) => e.dataset.tile)")
    )
    return Counter(tiles)


def _at_difference(page: Page, d: dict[str, Any], total: int, seat: int) -> None:
    """The replay shows the step of decision ``d`` and the panel that decision."""
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step {d['event']} of {total}")
    panel = page.get_by_test_id("review-decision")
    expect(panel).to_have_attribute("data-index", str(d["index"]))
    expect(panel).to_have_attribute("data-agree", "false")
    action = d["player"]["action"]
    expect(page.get_by_test_id("review-player")).to_contain_text(_ACT.get(action["type"], ""))
    if action.get("tile"):
        expect(page.get_by_test_id("review-player")).to_contain_text(action["tile"])
    # the choices point at real tiles: each tile is drawn as on the board, not left as "3z"
    for testid, choice in (("review-player", action), ("review-puppet", d["puppet"]["action"])):
        if choice.get("tile"):
            picture = page.get_by_test_id(testid).locator(".tile[role=img]").first
            expect(picture).to_have_attribute("data-tile", choice["tile"])
    expect(page.get_by_test_id("review-candidate").first).to_contain_text(
        _ACT.get(d["puppet"]["action"]["type"], "")
    )
    held = Counter(t.notation for t in parse_tiles(d["hand_tiles"]))
    assert _hand_shown(page, seat) == held, "the board shows the hand the review weighed"
    if d["marked"]:
        expect(page.get_by_test_id("review-marked")).to_be_visible()


def test_a_finished_game_is_reviewed_beside_its_replay(
    server: str, server_proc: Any, new_page: Any, artifacts: Path
) -> None:
    page = new_page(width=1440, height=900)
    login_guest(page, server)
    me = session(page)
    game_id = play_practice_game(server_proc, me["token"])
    events = httpx.get(f"{server}/api/games/{game_id}", trust_env=False).json()["events"]

    page.get_by_role("link", name="Profile").click()
    page.wait_for_url(f"**/#/profile/{me['user']['id']}")
    page.get_by_test_id("review-link").click()
    page.wait_for_url(f"**/#/replay/{game_id}?review=0")
    expect(page.get_by_test_id("review-summary")).to_contain_text("Agreement", timeout=60_000)

    headers = {"Authorization": f"Bearer {me['token']}"}
    review = httpx.get(
        f"{server}/api/games/{game_id}/review?seat=0",
        headers=headers,
        trust_env=False,
        timeout=120,  # a review not kept yet is computed first: long on a loaded machine
    ).json()  # the answer the browser got, kept by the server
    differences = [d for d in review["decisions"] if not d["agree"]]
    assert len(differences) >= 3, "the scripted player (first tile, never a call) differs often"
    summary = review["summary"]
    expect(page.get_by_test_id("review-summary")).to_contain_text(
        f"over {summary['decisions']} decisions · {summary['marked']} marked"
    )

    for d in differences[:3]:
        page.get_by_test_id("review-next-diff").click()
        _at_difference(page, d, len(events), 0)
    page.screenshot(path=str(artifacts / "review-1440.png"), full_page=True)
    page.get_by_test_id("review-prev-diff").click()
    _at_difference(page, differences[1], len(events), 0)
    # a step on with the replay's own button: the panel keeps the decision until the next one
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("review-decision")).to_be_visible()
    assert layout_problems(page) == []

    # German: the panel's labels change, the review and the step stay
    page.locator("[data-lang=de]").click()
    expect(page.get_by_test_id("review-next-diff")).to_contain_text("Nächste Abweichung")
    expect(page.get_by_test_id("review-summary")).to_contain_text("Übereinstimmung")
    page.screenshot(path=str(artifacts / "review-de-1440.png"), full_page=True)
    page.locator("[data-lang=en]").click()

    # a phone: the board, then the panel below it, the same stepping
    phone = new_page(width=390, height=844)
    phone.goto(f"{server}/#/login")
    phone.evaluate(
        "([t, u]) => { localStorage.setItem('jantaku.token', t);"
        " localStorage.setItem('jantaku.user', JSON.stringify(u)); }",
        [me["token"], me["user"]],
    )
    phone.goto(f"{server}/#/replay/{game_id}")
    phone.get_by_test_id("review-button").click()  # the seat picker starts at the own seat
    expect(phone.get_by_test_id("review-summary")).to_contain_text("Agreement", timeout=60_000)
    for d in differences[:2]:
        phone.get_by_test_id("review-next-diff").click()
        _at_difference(phone, d, len(events), 0)
    phone.screenshot(path=str(artifacts / "review-390.png"), full_page=True)
    assert layout_problems(phone) == []
    assert unnamed_controls(phone) == []
