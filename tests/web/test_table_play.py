"""The table page played by clicking: a whole quick match against puppets, and a party hand
played by two browsers together."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.helpers import login_guest, register
from tests.web.table_driver import STATE, SmartPlayer, step


def _table_id(page: Page) -> str:
    return page.url.split("#/table/")[1].split("?")[0]


def test_quick_match_against_puppets_played_to_the_end_by_clicking(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page()
    register(page, server, "carla", "mahjong at noon")  # a person with an account logs in
    page.get_by_test_id("logout").click()
    page.wait_for_url("**/#/login*")
    page.locator("#login-name").fill("carla")
    page.locator("#login-password").fill("mahjong at noon")
    page.get_by_test_id("login-submit").click()
    page.wait_for_url("**/#/lobby")
    expect(page.get_by_test_id("open-tables")).to_be_visible()
    page.get_by_test_id("practice-length").select_option("quick")
    page.get_by_test_id("practice-bot").select_option("efficiency")  # puppets that win hands
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*?fill=1*")
    table = _table_id(page)
    expect(page.get_by_test_id("hand").get_by_test_id("hand-tile")).to_have_count(14, timeout=20000)
    player = SmartPlayer(page)
    hand_ends = 0
    wins_shown: list[str] = []
    steps = 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        s = page.evaluate(STATE)
        if s["handEnd"]:
            hand_ends += 1
            end = page.get_by_test_id("hand-end")
            expect(end.get_by_test_id("payments").locator("tbody tr")).to_have_count(4)
            for i in range(end.get_by_test_id("win").count()):
                win = end.get_by_test_id("win").nth(i)
                assert win.get_by_test_id("yaku").locator("li").count() >= 1
                wins_shown.append(win.get_by_test_id("result-summary").inner_text())
                if len(wins_shown) == 1:
                    page.screenshot(path=str(artifacts / "hand-end-win.png"), full_page=True)
        if s["matchEnd"]:
            break
        player.step(s)
        steps += 1
    else:
        raise AssertionError(f"the match did not end in time ({steps} steps)")
    assert hand_ends >= 1  # every hand ends with its screen (the quick match has at least one)
    ranking = page.get_by_test_id("ranking").locator("tbody tr")
    expect(ranking).to_have_count(4)
    link = page.get_by_test_id("replay-link")
    assert link.get_attribute("href") == f"#/replay/{table}"
    # the ranking agrees with the server's record of the game
    game = page.evaluate(  # a practice game is private: its record is for its player
        f"fetch('/api/games/{table}', {{headers: {{Authorization: "
        f"'Bearer ' + localStorage.getItem('jantaku.token')}}}}).then((r) => r.json())"
    )
    shown = [int(ranking.nth(i).get_attribute("data-seat") or -1) for i in range(4)]
    assert shown == game["result"]["ranking"]
    # every own discard in the record was made by a click: the game has the guest's actions
    assert any(e["type"] == "discarded" and e["seat"] == 0 for e in game["events"])
    # each win of the record was shown with its points
    won = [e for e in game["events"] if e["type"] == "won"]
    assert len(wins_shown) == len(won)
    for shown_text, e in zip(wins_shown, won, strict=True):
        assert f"{e['points']:,} points" in shown_text  # grouped: 1,000
    # riichi declared by clicking shows in the record; calls likewise
    accepted = [e for e in game["events"] if e["type"] == "riichi_accepted" and e["seat"] == 0]
    assert len(accepted) <= player.riichi_declared
    calls = [e for e in game["events"] if e["type"] == "called" and e["seat"] == 0]
    assert len(calls) == player.calls_made
    # after riichi the page threw every drawn tile by itself: SmartPlayer clicks nothing then
    # (but the drawn tile when a kan is offered) and fails when nothing happens for 8 s, so
    # every own discard of the record after the riichi beyond its clicks was the page's. (The
    # driver may not see a riichi turn at all: puppets and the page can finish the deal
    # between two of its looks.)
    after_riichi = 0
    in_riichi = False
    for e in game["events"]:
        if e["type"] == "deal_started":
            in_riichi = False
        elif e["type"] == "riichi_accepted" and e["seat"] == 0:
            in_riichi = True
        elif e["type"] == "discarded" and e["seat"] == 0 and in_riichi:
            after_riichi += 1
    if after_riichi:
        assert after_riichi > player.riichi_clicks


def test_two_browsers_play_a_party_hand_together(server: str, new_page) -> None:
    host = new_page()
    login_guest(host, server)
    host.get_by_test_id("create-kind").select_option("party")
    host.get_by_test_id("create-private").check()
    host.get_by_test_id("create-submit").click()
    code = host.get_by_test_id("invite-code").inner_text()
    host.get_by_test_id("invite-go").click()
    expect(host.get_by_test_id("waiting")).to_be_visible()

    guest = new_page(width=390, height=800)
    login_guest(guest, server)
    guest.get_by_test_id("invite-input").fill(code)
    guest.get_by_test_id("invite-join").click()
    guest.wait_for_url(f"**/#/table/*?invite={code}")
    assert _table_id(guest) == _table_id(host)
    expect(guest.get_by_test_id("waiting")).to_be_visible()
    # the host sees the guest sit down, then starts with two computer players
    expect(host.get_by_test_id("waiting").locator("li")).to_contain_text(
        [r"guest-", r"guest-", r"empty", r"empty"]
    )
    host.get_by_test_id("start-bots").click()
    for page in (host, guest):
        expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)

    done = {"host": False, "guest": False}
    deadline = time.monotonic() + 300
    while not all(done.values()):
        assert time.monotonic() < deadline, f"no end-of-hand screen in time: {done}"
        for name, page in (("host", host), ("guest", guest)):
            if done[name]:
                continue
            s = page.evaluate(STATE)
            if s["handEnd"]:
                done[name] = True
            else:
                step(page, s)
    for page in (host, guest):
        end = page.get_by_test_id("hand-end")
        expect(end.get_by_test_id("payments").locator("tbody tr")).to_have_count(4)
    # both show the same hand result
    shown = [p.get_by_test_id("payments").inner_text() for p in (host, guest)]
    assert shown[0] == shown[1]
    # the screen has the keyboard: Enter closes it and the table is back
    expect(host.get_by_test_id("continue")).to_be_focused()
    host.keyboard.press("Enter")
    expect(host.get_by_test_id("hand-end")).to_have_count(0)
    expect(host.get_by_test_id("board")).to_be_visible()


def test_spectator_sees_the_public_table(server: str, new_page) -> None:
    player = new_page()
    login_guest(player, server)
    # a public practice table (the lobby's practice button makes a private one, which only
    # its invite code lets anyone watch)
    player.goto(f"{server}/#/table/new?kind=practice&length=quick")
    player.wait_for_url(re.compile(r".*#/table/[0-9a-f]+$"))
    player.get_by_test_id("start-bots").click()
    table = _table_id(player)
    expect(player.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
    watcher = new_page(width=390, height=800)
    login_guest(watcher, server)
    watcher.goto(f"{server}/#/table/{table}?watch=1")
    expect(watcher.get_by_test_id("board")).to_be_visible()
    expect(watcher.get_by_test_id("table-notice")).to_be_visible()
    assert watcher.get_by_test_id("hand-tile").count() == 0  # no concealed tile is shown
    # the player's discards reach the watcher, face up (read in one look: a computer player
    # may call a discard out of the river at any moment)
    first = "document.querySelector('[data-testid=seat-self] .river .tile')?.dataset.tile"
    deadline = time.monotonic() + 60
    while watcher.evaluate(f"() => {first} ?? null") is None:
        assert time.monotonic() < deadline, "the watcher saw no discard of the player"
        step(player)


def test_a_ranked_queue_waits_for_four_people_and_can_be_left(server: str, new_page) -> None:
    page = new_page(width=390, height=800)
    register(page, server, "ranked-queuer", "a long password")  # ranked tables seat no guests
    page.get_by_test_id("queue-novice-quick").click()
    page.wait_for_url("**/#/table/*")
    table = _table_id(page)
    waiting = page.get_by_test_id("waiting")
    expect(waiting).to_contain_text("four players")
    # no filling a ranked table with computer players
    assert page.get_by_test_id("start-bots").count() == 0
    page.get_by_test_id("leave").click()
    page.wait_for_url("**/#/lobby")
    summary = page.evaluate(f"fetch('/api/tables/{table}').then((r) => r.json())")
    assert summary["status"] == "open"
    assert all(s["user_id"] is None and not s.get("anonymous") for s in summary["seats"])
