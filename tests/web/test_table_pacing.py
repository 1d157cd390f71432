"""Nothing happens behind the player's back: Space and Enter never throw a tile after a mouse
discard (Space passes a call, as its key label says), the clock shows the turn time and the
bank apart ("5 + 10"), a player can leave a running match (a computer player takes the seat;
a match of computer players alone is abandoned),
and the optional sound clicks for discards without ever raising an error."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.accounts import registered
from tests.server.clocked import ClockedServer
from tests.server.harness import REPLY_LIMIT, Client, ServerProcess
from tests.web.helpers import login_guest, register
from tests.web.table_driver import STATE, step

SIZES = [(1440, 900), (390, 844)]
_TURN = 8  # seconds: a turn time a page late by a few seconds still sees counting down
_WAIT_MS = int(REPLY_LIMIT * 1000)


def _table_id(page: Page) -> str:
    return page.url.split("#/table/")[1].split("?")[0]


def _seq(page: Page) -> int:
    """The step the page shows (its prompt's, when it has one)."""
    return int(page.get_by_test_id("table-page").get_attribute("data-seq") or 0)


def _practice(page: Page, server: str) -> str:
    """A public practice table against computer players (so a spectator may watch it)."""
    page.goto(f"{server}/#/table/new?kind=practice&length=quick")
    page.wait_for_url(re.compile(r".*#/table/[0-9a-f]+$"))
    page.get_by_test_id("start-bots").click()
    expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
    return _table_id(page)


def _settle(page: Page, ms: int = 400) -> dict[str, Any]:
    page.wait_for_timeout(ms)
    return dict(page.evaluate(STATE))


class _Sent:
    """The messages the page sends over its WebSocket (``actions``: its ``act`` messages)."""

    def __init__(self, page: Page) -> None:
        self.messages: list[dict[str, Any]] = []
        self.actions: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on("framesent", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        self.messages.append(msg)
        if msg.get("type") == "act":
            self.actions.append(msg)

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("type") == kind]

    def wait_for(self, page: Page, seq: int, kind: str, seconds: float = 60) -> None:
        """Until the page has sent a ``kind`` at step ``seq`` (a busy browser sends it late;
        only one never sent costs the whole wait)."""
        deadline = time.monotonic() + seconds
        while not any(a["seq"] == seq and a["action"]["type"] == kind for a in self.actions):
            assert time.monotonic() < deadline, f"no {kind} sent at step {seq}: {self.actions[-3:]}"
            page.wait_for_timeout(50)


def _check_keys_on_turn(page: Page, sent: _Sent) -> None:
    """Our turn after a mouse discard: Enter and Space throw nothing, neither with the focus
    where the click left it nor on a hand tile."""
    count = len(sent.actions)
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.get_by_test_id("hand-tile").first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    s = _settle(page)
    assert sent.actions[count:] == [], "a key sent an action"
    assert s["tiles"] and not s["handEnd"], s  # still asked to discard


def _check_space_passes(page: Page, sent: _Sent) -> None:
    """A call is offered after a mouse discard: Space passes it, even with a tile focused.
    (The page is not checked for the pass button to go: the computer players act at once and
    may offer the next call before the page is looked at.)"""
    count, seq = len(sent.actions), _seq(page)
    # a stray click focuses a (disabled) tile
    page.get_by_test_id("hand-tile").first.click(force=True)
    page.keyboard.press("Space")
    sent.wait_for(page, seq, "pass")
    assert [a["action"]["type"] for a in sent.actions[count:]] == ["pass"], "Space threw a tile"


@pytest.mark.parametrize("size", SIZES, ids=["1440x900", "390x844"])
def test_space_and_enter_never_discard_after_a_mouse_discard(
    server: str, new_page: Any, artifacts: Path, size: tuple[int, int]
) -> None:
    page = new_page(width=size[0], height=size[1])
    sent = _Sent(page)
    login_guest(page, server)
    _practice(page, server)
    turns = calls = 0
    clicked = False
    deadline = time.monotonic() + 400
    while turns < 3 or calls < 1:
        assert time.monotonic() < deadline, f"{turns} turns and {calls} call prompts seen"
        s = page.evaluate(STATE)
        if s["handEnd"]:
            page.get_by_test_id("continue").click()
        elif s["matchEnd"]:
            break
        elif s["pass"] and clicked:
            if calls == 0:
                page.screenshot(path=str(artifacts / f"pacing-call-{size[0]}.png"))
            _check_space_passes(page, sent)
            calls += 1
        elif s["pass"]:
            page.get_by_test_id("act-pass").click()
        elif s["tiles"]:
            if clicked:
                _check_keys_on_turn(page, sent)
                turns += 1
            # the click threw a tile: the page sent the discard (on the board it may be gone
            # at once: called, or the hand drawn and the next one dealt behind its result)
            seq = _seq(page)
            page.locator("[data-testid=hand-tile]:not([aria-disabled]) >> nth=-1").click()
            sent.wait_for(page, seq, "discard")
            clicked = True
        else:
            page.wait_for_timeout(50)
    assert turns >= 3 and calls >= 1, f"the match ended first: {turns} turns, {calls} calls"


@pytest.mark.parametrize("size", SIZES, ids=["1440x900", "390x844"])
def test_the_own_timer_shows_turn_time_plus_bank(
    tmp_path: Path, new_page: Any, artifacts: Path, size: tuple[int, int]
) -> None:
    # the server's turn clock stands still (clocked.py): the prompt gives the whole turn time
    # and bank, and the server never acts for the seat, however slowly it answers; the page
    # counts them down on its own clock, each step waited for within the harness's limit
    proc = ClockedServer(
        f"sqlite:///{tmp_path / 'timed.sqlite3'}",
        tmp_path / "clock",
        *("--turn-seconds", str(_TURN), "--bank-seconds", "40"),
    ).start()
    page = new_page(width=size[0], height=size[1])
    try:
        login_guest(page, proc.base)
        _practice(page, proc.base)
        timer = page.get_by_test_id("own-timer")
        # the turn time first, the bank whole beside it (a page late by less than the turn
        # time still sees it)
        expect(timer).to_have_text(re.compile(rf"^[1-{_TURN}] \+ 40$"), timeout=_WAIT_MS)
        seat_timer = page.locator("[data-testid=seat-self] [data-testid=seat-timer]")
        expect(seat_timer).to_have_text(re.compile(rf"^[0-{_TURN}] \+ 40$"), timeout=_WAIT_MS)
        page.screenshot(path=str(artifacts / f"pacing-timer-{size[0]}.png"))
        # the turn time runs out first; then the bank counts down
        expect(timer).to_have_text(re.compile(r"^0 \+ (3\d|40)$"), timeout=_WAIT_MS)
        expect(timer).to_have_text(re.compile(r"^0 \+ ([12]?\d|3[0-8])$"), timeout=_WAIT_MS)
        assert "bank" in (timer.get_attribute("aria-label") or "")
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()


@pytest.mark.parametrize("size", SIZES, ids=["1440x900", "390x844"])
def test_leaving_a_match_of_computer_players_abandons_it(
    server: str, new_page: Any, artifacts: Path, size: tuple[int, int]
) -> None:
    """The only person leaves a practice match: the dialog says that it ends unrecorded, and a
    spectator sees it end as abandoned (no computer player plays it on)."""
    page = new_page(width=size[0], height=size[1])
    name = login_guest(page, server)
    table = _practice(page, server)
    watcher = new_page(width=size[0], height=size[1])
    login_guest(watcher, server)
    watcher.goto(f"{server}/#/table/{table}?watch=1")
    expect(watcher.get_by_test_id("board")).to_be_visible()
    leave = page.get_by_test_id("leave-match")
    expect(leave).to_be_visible()
    leave.click()
    dialog = page.get_by_test_id("leave-dialog")
    expect(dialog.get_by_test_id("leave-abandons")).to_contain_text("ends as abandoned")
    expect(page.get_by_test_id("leave-ranked")).to_have_count(0)  # a practice table
    page.screenshot(path=str(artifacts / f"pacing-leave-{size[0]}.png"))
    page.keyboard.press("Escape")  # changed one's mind: still at the table
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("hand")).to_be_visible()
    leave.click()
    page.get_by_test_id("leave-confirm").click()
    page.wait_for_url("**/#/lobby")
    expect(page.get_by_test_id("open-tables")).to_be_visible()
    ended = watcher.get_by_test_id("match-end")
    expect(ended.get_by_test_id("end-reason")).to_have_text(
        "The match was abandoned: nobody was left to play it.", timeout=30000
    )
    expect(ended.get_by_test_id("unrecorded")).to_be_visible()
    summary = page.evaluate(f"fetch('/api/games/{table}').then((r) => r.json())")
    mine = next(s for s in summary["result"]["seats"] if s["name"] == name)
    assert mine["withdrawn"], mine
    watcher.screenshot(path=str(artifacts / f"pacing-left-watch-{size[0]}.png"))


COUNT_SOUNDS = """
window.__sounds = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.__sounds += 1; return super.createOscillator(); }
};
"""


def _play_until(page: Page, condition: str, timeout: float = 60) -> None:
    """Click through the game until the page's ``condition`` (a JS expression) holds."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(condition):
        assert time.monotonic() < deadline, f"never: {condition}"
        step(page)


def test_the_sound_is_off_by_default_remembered_and_silent_without_audio(
    server: str, new_page: Any
) -> None:
    page = new_page(width=1440, height=900)
    page.add_init_script(COUNT_SOUNDS)
    login_guest(page, server)
    _practice(page, server)
    box = page.get_by_test_id("toggle-sound")
    expect(box).not_to_be_checked()
    _play_until(page, "document.querySelectorAll('.river .tile').length >= 4")
    assert page.evaluate("window.__sounds") == 0  # discards happened, no sound
    box.check()
    assert page.evaluate("localStorage.getItem('jantaku.sound')") == "true"
    _play_until(page, "window.__sounds > 0")  # the next discard clicks
    page.reload()
    expect(page.get_by_test_id("toggle-sound")).to_be_checked(timeout=20000)
    # a browser without Web Audio: the sound is on, and nothing complains
    mute = new_page(width=390, height=844)
    mute.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    login_guest(mute, server)
    mute.evaluate("localStorage.setItem('jantaku.sound', 'true')")
    _practice(mute, server)
    expect(mute.get_by_test_id("toggle-sound")).to_be_checked()
    _play_until(mute, "document.querySelectorAll('.river .tile').length >= 4")


def test_leaving_a_ranked_match_says_it_counts_as_last_place(
    server_proc: ServerProcess, new_page: Any, artifacts: Path
) -> None:
    page = new_page(width=390, height=844)
    name = register(page, server_proc.base, "ranked-leaver", "a long password")
    page.get_by_test_id("queue-novice-quick").click()
    page.wait_for_url("**/#/table/*")
    table = _table_id(page)
    others = [Client(server_proc, registered(server_proc)) for _ in range(3)]
    try:
        for c in others:  # three more people: the ranked match starts
            c.send({"type": "queue", "kind": "novice", "length": "quick"})
            assert c.expect("snapshot")["table"]["id"] == table
        expect(page.get_by_test_id("hand")).to_be_visible(timeout=20000)
        page.get_by_test_id("leave-match").click()
        expect(page.get_by_test_id("leave-ranked")).to_contain_text("4th place")
        page.screenshot(path=str(artifacts / "pacing-leave-ranked-390.png"))
        page.get_by_test_id("leave-confirm").click()
        page.wait_for_url("**/#/lobby")
        summary = server_proc.get(f"/api/tables/{table}").json()
        mine = next(s for s in summary["seats"] if s["name"] == name)
        assert mine["withdrawn"] and mine["takeover"], mine
    finally:
        for c in others:
            c.close()
