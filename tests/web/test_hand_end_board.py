"""Behind an open end-of-hand result the board keeps the deal that ended, as a real table does
until everybody has seen the result: its rivers, its round and honba, its seat winds (the
server has already dealt the next hand, and sends its view with the result). Closing the
result shows the new deal at once; a prompt of the new deal that came while the result was
open is then answerable at once, its clock visible. A spectator sees the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess, choose
from tests.web.helpers import login_guest
from tests.web.test_table_results import _between_hands, _play, _seat

WINDS = ["East", "South", "West", "North"]
SHORT = ["E", "S", "W", "N"]


def _wind(view: dict[str, Any], seat: int) -> int:
    own = view["seats"][seat].get("seat_wind")
    return int(own) if own is not None else (seat - int(view["dealer"]) + 4) % 4


def _shows(page: Page, view: dict[str, Any], more: list[int] | None = None) -> None:
    """The board shows ``view``'s deal: round, honba, every seat's wind and river (``more``:
    the seats of discards that came after the view, with the deal's end)."""
    centre = page.get_by_test_id("centre")
    round_text = f"{WINDS[int(view['round_wind'])]} {int(view['dealer']) + 1}"
    expect(centre.locator(".round")).to_have_text(round_text)
    expect(centre.locator(".sticks")).to_contain_text(f"Honba {view['honba']}")
    for seat in range(4):
        box = page.locator(f"[data-testid=board] section[data-seat='{seat}']")
        expect(box.locator(".plate .wind")).to_have_text(SHORT[_wind(view, seat)])
        river = [r for r in view["seats"][seat].get("river") or [] if not r.get("called")]
        extra = (more or []).count(seat)
        expect(box.locator(".river .river-cell")).to_have_count(len(river) + extra)


def _views(messages: list[dict[str, Any]], end: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The last view of the deal that ended (before the message with its end) and the next
    deal's first view (in that message)."""
    at = next(i for i, m in enumerate(messages) if m is end)
    before = next(m for m in reversed(messages[:at]) if m["type"] == "events" and m.get("view"))
    return before["view"], end["view"]


def test_an_open_result_keeps_the_ended_deal_on_the_board(
    tmp_path: Path, new_page, artifacts: Path
) -> None:
    proc = ServerProcess(f"sqlite:///{tmp_path / 'held.sqlite3'}", solo_pause=None).start()
    try:
        page = new_page(1366, 768)
        login_guest(page, proc.base)
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        watcher = new_page(390, 844)
        login_guest(watcher, proc.base)
        watcher.goto(f"{proc.base}/#/table/{table}?watch=1")
        expect(watcher.get_by_test_id("board")).to_be_visible(timeout=20000)
        end = _play(client, table, choose, _between_hands)
        client.close()  # from now on only the page is at the table
        ended, new = _views(client.messages, end)
        assert any(s.get("river") for s in ended["seats"])  # the ended deal had discards
        last = []  # discards in the message with the deal's end (the last tile before a draw)
        for e in end["events"]:
            if e["type"] == "deal_ended":
                break
            if e["type"] == "discarded":
                last.append(int(e["seat"]))
        for p in (page, watcher):
            expect(p.get_by_test_id("hand-end")).to_be_visible(timeout=20000)
            _shows(p, ended, last)
        page.screenshot(path=str(artifacts / "hand-end-held-1366x768.png"))
        watcher.screenshot(path=str(artifacts / "hand-end-held-watch-390x844.png"))
        watcher.get_by_test_id("continue").click()
        expect(watcher.get_by_test_id("hand-end")).to_have_count(0)
        centre = f"{WINDS[int(new['round_wind'])]} {int(new['dealer']) + 1}"
        expect(watcher.locator("[data-testid=centre] .round")).to_have_text(centre)
        expect(watcher.locator("[data-testid=centre] .sticks")).to_contain_text(
            f"Honba {new['honba']}"
        )
        page.get_by_test_id("continue").click()
        expect(page.get_by_test_id("hand-end")).to_have_count(0)
        expect(page.locator("[data-testid=centre] .round")).to_have_text(centre)
        me = next(int(m["seat"]) for m in client.messages if m["type"] == "snapshot")
        own = page.locator("[data-testid=seat-self] .plate .wind")
        expect(own).to_have_text(SHORT[_wind(new, me)])
        page.close()  # before its server stops (no failed reconnections logged)
        watcher.close()
    finally:
        proc.stop()


def test_a_prompt_that_came_behind_the_result_is_shown_with_its_clock_on_closing(
    tmp_path: Path, new_page
) -> None:
    """The result of a table with a timed turn left open past the pause (2 s here): the next
    deal goes on behind it up to the page's own prompt; closing the result shows that prompt
    at once, with its clock running."""
    timed = ("--turn-seconds", "20", "--bank-seconds", "20")
    proc = ServerProcess(f"sqlite:///{tmp_path / 'timed.sqlite3'}", *timed).start()
    try:
        page = new_page(1366, 768)
        prompts: list[int] = []

        def frame(payload: str | bytes) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "prompt":
                prompts.append(int(msg["seq"]))

        page.on("websocket", lambda ws: ws.on("framereceived", frame))
        login_guest(page, proc.base)
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        end = _play(client, table, choose, _between_hands)
        client.close()
        expect(page.get_by_test_id("hand-end")).to_be_visible(timeout=20000)
        page.wait_for_function(
            "(seq) => Number(document.querySelector('[data-testid=table-page]').dataset.seq) > seq",
            arg=int(end["seq"]),
            timeout=20000,
        )
        deadline = 200
        while not [s for s in prompts if s > int(end["seq"])]:
            deadline -= 1
            assert deadline > 0, "no prompt of the next deal came"
            page.wait_for_timeout(100)
        expect(page.get_by_test_id("hand-end")).to_be_visible()  # still open
        page.get_by_test_id("continue").click()
        expect(page.get_by_test_id("hand-end")).to_have_count(0)
        expect(page.get_by_test_id("own-timer")).to_be_visible(timeout=1000)
        enabled = page.locator("[data-testid=hand-tile]:not([aria-disabled])")
        buttons = page.locator("[data-testid=prompt-bar] button")
        assert enabled.count() + buttons.count() > 0, "the prompt is not answerable"
        page.close()
    finally:
        proc.stop()


# The state model fed a deal's last view, then one message with the last discard, the deal's
# end and the next deal (as the server sends an exhaustive draw when nobody may call the tile).
_SAME_MESSAGE = """async () => {
  const { createState, applyEvents } = await import('/static/js/table/state.js');
  const seat = (river, n) => ({ score: 25000, river, riichi: false, concealed_count: n });
  const old = { dealer: 0, round_wind: 0, honba: 0, hand: '11123456789999m', drawn: '9m',
    seats: [seat([{ tile: '1z' }], 14), seat([], 13), seat([], 13), seat([], 13)] };
  const next = { dealer: 1, round_wind: 0, honba: 1, hand: '123456789p1234s', drawn: null,
    seats: [seat([], 13), seat([], 14), seat([], 13), seat([], 13)] };
  let s = { ...createState(), seat: 0, table: { id: 't', seq: 1 }, view: old };
  s = applyEvents(s, { table: 't', seq: 2, view: next, events: [
    { type: 'discarded', seat: 0, tile: '9m', tsumogiri: true },
    { type: 'deal_ended', draw: 'exhaustive' }, { type: 'deal_started', dealer: 1 }] });
  const v = s.handEnd.board.view;
  return { river: v.seats[0].river.map((r) => r.tile), count: v.seats[0].concealed_count,
           hand: v.hand, drawn: v.drawn, dealer: v.dealer, now: s.view.dealer };
}"""


def test_a_discard_that_came_with_the_end_lies_in_the_ended_deals_river(
    server: str, new_page
) -> None:
    page = new_page()
    page.goto(server)
    got = page.evaluate(_SAME_MESSAGE)
    assert got == {
        "river": ["1z", "9m"],
        "count": 13,
        "hand": "1m1m1m2m3m4m5m6m7m8m9m9m9m",
        "drawn": None,
        "dealer": 0,
        "now": 1,
    }
