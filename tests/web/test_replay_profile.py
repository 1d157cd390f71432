"""A finished game: the profile shows rank and statistics, and its replay opens and steps.

The game is played over the WebSocket by a scripted client holding the browser user's token
(three puppets at a practice table), then the browser opens the profile and the replay. What
the replay shows is checked against the raw event log read independently here."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from jantaku.rules.riichi.names import yaku_label
from jantaku.server.ranks import RANKS
from jantaku.tiles import parse_tiles
from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest, play_practice_game, session
from tests.web.layout import layout_problems, unnamed_controls
from tests.web.test_sheet import grouped


def _tiles(text: str) -> list[str]:
    """Notations of a hand string; classical hands have no red fives and may hold all four
    plain fives, which the red-five reading rejects."""
    return [t.notation for t in parse_tiles(text, red_fives="0" in text)]


def _shown(page: Page, testid: str) -> list[str]:
    return list(
        page.get_by_test_id(testid)
        .locator(".tile")
        .evaluate_all("(els) => els.map((e) => e.dataset.tile)")
    )


def _expected(
    events: list[dict[str, Any]], upto: int
) -> tuple[list[Counter[str]], list[list[str]], list[Counter[str]]]:
    """Concealed hands and meld tiles (multisets) and rivers after events[0..upto]. A called
    discard stays in the discarder's river (shown as taken) and also joins the caller's meld."""
    hands: list[Counter[str]] = []
    melds: list[Counter[str]] = []
    rivers: list[list[str]] = []
    for e in events[: upto + 1]:
        if e["type"] in ("deal_started", "classical_deal_started"):
            hands = [Counter(_tiles(h)) for h in e["hands"]]
            melds = [Counter() for _ in range(4)]
            rivers = [[], [], [], []]
        elif e["type"] == "drew":
            hands[e["seat"]][e["tile"]] += 1
        elif e["type"] == "discarded":
            hands[e["seat"]][e["tile"]] -= 1
            rivers[e["seat"]].append(e["tile"])
        elif e["type"] == "bonus_laid_out":
            hands[e["seat"]][e["tile"]] -= 1
        elif e["type"] in ("called", "kan_declared", "kong_declared"):
            own = Counter(_tiles(e["tiles"]))
            hands[e["seat"]] -= own
            melds[e["seat"]] += own
            if e["type"] == "called":
                melds[e["seat"]][e["tile"]] += 1
    return [+h for h in hands], rivers, melds


def _check_board(page: Page, events: list[dict[str, Any]], upto: int) -> None:
    hands, rivers, melds = _expected(events, upto)
    for seat in range(4):
        assert Counter(_shown(page, f"hand-{seat}")) == hands[seat], f"hand of seat {seat}"
        assert _shown(page, f"river-{seat}") == rivers[seat], f"river of seat {seat}"
        shown = Counter(_shown(page, f"melds-{seat}"))
        hidden = shown.pop("", 0)  # the outer tiles of a concealed kan are shown face down
        assert hidden % 2 == 0 and sum((melds[seat] - shown).values()) == hidden


def test_profile_and_replay_after_a_practice_game(
    server: str, server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    page = new_page()
    login_guest(page, server)
    me = session(page)
    game_id = play_practice_game(server_proc, me["token"])
    game = httpx.get(f"{server}/api/games/{game_id}", trust_env=False).json()
    events = game["events"]
    player = httpx.get(f"{server}/api/players/{me['user']['id']}", trust_env=False).json()

    # --- the profile: rank and statistics as the API states them, and the game listed
    page.get_by_role("link", name="Profile").click()
    page.wait_for_url(f"**/#/profile/{me['user']['id']}")
    expect(page.get_by_test_id("rank")).to_contain_text(player["user"]["rank"])
    needed = RANKS[player["user"]["rank_index"]].needed
    expect(page.get_by_test_id("rank-points")).to_contain_text(
        f"{player['user']['rank_points']} / {needed}"
    )
    expect(page.get_by_test_id("games")).to_contain_text("1")
    place = game["result"]["ranking"].index(0) + 1  # the browser user sat in seat 0
    expect(page.get_by_test_id(f"place-{place}")).to_contain_text("1")
    expect(page.get_by_test_id("hands")).to_contain_text(str(player["stats"]["hands"]))
    expect(page.get_by_test_id("recent-games").locator("tbody tr")).to_have_count(1)
    page.screenshot(path=str(artifacts / "profile-1280.png"), full_page=True)
    page.locator("[data-lang=de]").click()
    expect(page.get_by_test_id("rank")).to_contain_text(
        {"Novice": "Anfänger"}.get(player["user"]["rank"], player["user"]["rank"][0])
    )
    page.locator("[data-lang=en]").click()
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/#/replay/{game_id}")

    # --- the replay: first hand dealt, all four hands open
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 1 of {len(events)}")
    for seat in range(4):
        expect(page.get_by_test_id(f"hand-{seat}").locator(".tile")).to_have_count(13)
    _check_board(page, events, 0)
    # step forward with the button and the arrow keys, and back once
    for _ in range(5):
        page.get_by_test_id("replay-next").click()
    _check_board(page, events, 5)
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 9 of {len(events)}")
    _check_board(page, events, 8)
    # the address follows the step, so a language switch keeps the position
    assert page.url.endswith(f"#/replay/{game_id}?step=9")
    page.locator("[data-lang=de]").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Schritt 9 von {len(events)}")
    page.locator("[data-lang=en]").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 9 of {len(events)}")
    assert any(_shown(page, f"river-{s}") for s in range(4))
    page.screenshot(path=str(artifacts / "replay-1280.png"), full_page=True)

    # --- jump to the second hand: a fresh deal
    starts = [i for i, e in enumerate(events) if e["type"] == "deal_started"]
    assert len(starts) >= 2
    page.get_by_test_id("hand-jump-1").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(
        f"Step {starts[1] + 1} of {len(events)}"
    )
    _check_board(page, events, starts[1])
    assert all(_shown(page, f"river-{s}") == [] for s in range(4))
    second = events[starts[1]]
    expect(page.get_by_test_id("replay-center")).to_contain_text(
        f"{['East', 'South'][second['round_wind']]} {second['deal'] + 1}"
    )
    for seat in range(4):
        expect(page.get_by_test_id(f"score-{seat}")).to_have_text(grouped(second["scores"][seat]))

    # --- the end of every hand (calls, kans and wins included) matches the log
    ends = [i for i, e in enumerate(events) if e["type"] == "deal_ended"]
    for end in ends:
        page.goto(f"{server}/#/replay/{game_id}?step={end + 1}")
        expect(page.get_by_test_id("replay-position")).to_have_text(
            f"Step {end + 1} of {len(events)}"
        )
        _check_board(page, events, end)
        for seat in range(4):
            expect(page.get_by_test_id(f"score-{seat}")).to_have_text(
                grouped(events[end]["scores"][seat])  # grouped as the UI language writes it
            )

    # --- a won hand shows its yaku and figures; the end shows the final ranking
    wins = [i for i, e in enumerate(events) if e["type"] == "won"]
    if wins:
        won = events[wins[0]]
        page.goto(f"{server}/#/replay/{game_id}?step={wins[0] + 1}")
        box = page.get_by_test_id("replay-result")
        expect(box).to_contain_text(f"{won['han']} han {won['fu']} fu")
        expect(box).to_contain_text(yaku_label(won["yaku"][0][0]))  # as the table names it
        expect(page.get_by_test_id("replay-last")).to_contain_text("wins")
    page.screenshot(path=str(artifacts / "replay-classical-1280.png"), full_page=True)
    page.keyboard.press("End")
    expect(page.get_by_test_id("final-ranking").locator("li")).to_have_count(4)
    final = game["result"]
    first = final["seats"][final["ranking"][0]]["name"]
    expect(page.get_by_test_id("final-ranking").locator("li").first).to_contain_text(first)

    # --- phone width: the same replay fits
    phone = new_page(width=390, height=800)
    phone.goto(f"{server}/#/login")
    phone.evaluate(
        "([t, u]) => { localStorage.setItem('jantaku.token', t);"
        " localStorage.setItem('jantaku.user', JSON.stringify(u)); }",
        [me["token"], me["user"]],
    )
    phone.goto(f"{server}/#/replay/{game_id}?step=12")
    expect(phone.get_by_test_id("replay-position")).to_have_text(f"Step 12 of {len(events)}")
    _check_board(phone, events, 11)
    phone.screenshot(path=str(artifacts / "replay-390.png"), full_page=True)
    assert layout_problems(phone) == []
    assert unnamed_controls(phone) == []
    phone.goto(f"{server}/#/profile/{me['user']['id']}")
    expect(phone.get_by_test_id("stats")).to_be_visible()
    phone.screenshot(path=str(artifacts / "profile-390.png"), full_page=True)
    assert layout_problems(phone) == []
    assert unnamed_controls(phone) == []


def test_replay_of_an_unknown_game_says_so(server: str, new_page) -> None:
    page = new_page(allow=(r"status of 404",))
    login_guest(page, server)
    page.goto(f"{server}/#/replay/nosuchgame")
    expect(page.get_by_test_id("replay-error")).to_contain_text("no finished game")


def test_classical_replay_shows_bonus_tiles_and_figures(
    server: str, server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    page = new_page()
    login_guest(page, server)
    me = session(page)
    table = play_practice_game(server_proc, me["token"], "full", bot=None, kind="classical")
    events = httpx.get(f"{server}/api/games/{table}", trust_env=False).json()["events"]
    ends = [i for i, e in enumerate(events) if e["type"] == "deal_ended"]
    starts = [i for i, e in enumerate(events) if e["type"] == "classical_deal_started"]
    page.goto(f"{server}/#/replay/{table}")
    expect(page.get_by_test_id("replay-center")).to_contain_text("East wind · hand 1")
    expect(page.locator("[data-testid^=hand-jump-]")).to_have_count(len(starts))
    for end in ends[:6]:
        page.goto(f"{server}/#/replay/{table}?step={end + 1}")
        expect(page.get_by_test_id("replay-position")).to_have_text(
            f"Step {end + 1} of {len(events)}"
        )
        _check_board(page, events, end)
        start = max(i for i in starts if i < end)
        bonus = [Counter() for _ in range(4)]
        for e in events[start : end + 1]:
            if e["type"] == "bonus_laid_out":
                bonus[e["seat"]][e["tile"]] += 1
        for seat in range(4):
            assert Counter(_shown(page, f"bonus-{seat}")) == bonus[seat]
        figures = page.get_by_test_id("figures").locator(".seat-result")
        expect(figures).to_have_count(4)
        for seat in range(4):
            expect(page.get_by_test_id(f"score-{seat}")).to_have_text(
                grouped(events[end]["balances"][seat])
            )
    page.screenshot(path=str(artifacts / "replay-classical-1280.png"), full_page=True)
    page.keyboard.press("End")
    expect(page.get_by_test_id("final-ranking").locator("li")).to_have_count(4)
