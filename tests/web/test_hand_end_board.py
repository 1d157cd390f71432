"""Behind an open end-of-hand result the board keeps the deal that ended, as a real table does
until everybody has seen the result: its rivers, its round and honba, its seat winds (the
server has already dealt the next hand, and sends its view with the result). Closing the
result shows the new deal at once; a prompt of the new deal that came while the result was
open is then answerable at once, its clock visible. A spectator sees the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess, choose
from tests.web.helpers import login_guest
from tests.web.table_driver import close_result
from tests.web.test_sheet import grouped
from tests.web.test_table_results import _between_hands, _play, _seat

WINDS = ["East", "South", "West", "North"]
SHORT = ["E", "S", "W", "N"]


def _wind(view: dict[str, Any], seat: int) -> int:
    own = view["seats"][seat].get("seat_wind")
    return int(own) if own is not None else (seat - int(view["dealer"]) + 4) % 4


def _shows(page: Page, view: dict[str, Any]) -> None:
    """The board shows ``view``'s deal: round, honba, every seat's wind and river."""
    centre = page.get_by_test_id("centre")
    round_text = f"{WINDS[int(view['round_wind'])]} {int(view['dealer']) + 1}"
    expect(centre.locator(".round")).to_have_text(round_text)
    expect(centre.locator(".sticks")).to_contain_text(f"Honba {view['honba']}")
    for seat in range(4):
        box = page.locator(f"[data-testid=board] section[data-seat='{seat}']")
        expect(box.locator(".plate .wind")).to_have_text(SHORT[_wind(view, seat)])
        river = [r for r in view["seats"][seat].get("river") or [] if not r.get("called")]
        expect(box.locator(".river .river-cell")).to_have_count(len(river))


def _close(page: Page, end: dict[str, Any]) -> None:
    """Close the result of the deal ``end`` ended. Rarely the next deal ends too before the
    page's first turn (a computer player's nine-terminal draw or an early win), and its result
    opens at once: so the test looks for the closed result by its message, not for none."""
    shown = page.locator(f".overlay[data-key='hand-{end['seq']}']")
    expect(shown).to_have_count(1)
    page.get_by_test_id("continue").click()
    expect(shown).to_have_count(0)


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
        _, new = _views(client.messages, end)
        ended = end["ended_view"]  # the deal at its end, its last discard included
        assert any(s.get("river") for s in ended["seats"])  # the ended deal had discards
        for p in (page, watcher):
            expect(p.get_by_test_id("hand-end")).to_be_visible(timeout=20000)
            _shows(p, ended)
        page.screenshot(path=str(artifacts / "hand-end-held-1366x768.png"))
        watcher.screenshot(path=str(artifacts / "hand-end-held-watch-390x844.png"))
        watcher.get_by_test_id("continue").click()
        expect(watcher.get_by_test_id("hand-end")).to_have_count(0)
        centre = f"{WINDS[int(new['round_wind'])]} {int(new['dealer']) + 1}"
        expect(watcher.locator("[data-testid=centre] .round")).to_have_text(centre)
        expect(watcher.locator("[data-testid=centre] .sticks")).to_contain_text(
            f"Honba {new['honba']}"
        )
        _close(page, end)  # the board: the new deal, or (rarely) that deal at its early end
        expect(page.locator("[data-testid=centre] .round")).to_have_text(centre)
        me = next(int(m["seat"]) for m in client.messages if m["type"] == "snapshot")
        own = page.locator("[data-testid=seat-self] .plate .wind")
        expect(own).to_have_text(SHORT[_wind(new, me)])
        page.close()  # before its server stops (no failed reconnections logged)
        watcher.close()
    finally:
        proc.stop()


def _after_payments(end: dict[str, Any]) -> list[int]:
    """The scores (riichi) or balances (classical) after the deal's payments, by seat."""
    e = next(e for e in end["events"] if e["type"] == "deal_ended")
    return [int(x) for x in e.get("scores") or e["balances"]]


@pytest.mark.parametrize("kind", ["practice", "classical"])
def test_the_board_behind_a_result_shows_the_scores_after_its_payments(
    tmp_path: Path, new_page, kind: str
) -> None:
    """The result says who paid what; the board behind it agrees: every seat's score (balance)
    after the payments, and the rivers of the ended deal exactly as the server has them."""
    proc = ServerProcess(f"sqlite:///{tmp_path / 'paid.sqlite3'}", solo_pause=None).start()
    try:
        page = new_page(1366, 768)
        login_guest(page, proc.base)
        client, table = _seat(proc, page, kind, "quick", "efficiency")
        me = next(int(m["seat"]) for m in client.messages if m["type"] == "snapshot")
        for _ in range(12):  # the first hand whose payments move a score
            end = _play(client, table, choose, _between_hands)
            expect(page.get_by_test_id("hand-end")).to_be_visible(timeout=20000)
            e = next(e for e in end["events"] if e["type"] == "deal_ended")
            if any(e["deltas"]):
                break
            page.get_by_test_id("continue").click()
        else:
            raise AssertionError("no hand moved a score")
        client.close()
        after = _after_payments(end)
        ended = end["ended_view"]
        shown = [s.get("score", s.get("balance")) for s in ended["seats"]]
        assert shown == after  # the server's view of the ended deal is after the payments
        for seat in range(4):
            pos = ["self", "right", "across", "left"][(seat - me) % 4]
            score = page.locator(f"[data-testid=score-{pos}] .score-value")
            expect(score).to_have_text(grouped(after[seat]))
        if kind == "practice":
            _shows(page, ended)
        page.close()
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
        came = len(prompts)
        _close(page, end)
        for _ in range(3):  # rarely the next deal ended before the page's turn: its result too
            if not page.get_by_test_id("hand-end").count():
                break
            came = len(prompts)
            close_result(page)
        expect(page.get_by_test_id("hand-end")).to_have_count(0)
        expect(page.get_by_test_id("own-timer")).to_be_visible(timeout=30000)
        # at once: drawn from the prompt that had come behind the result (the table waits for
        # the page's answer, so nothing newer came to draw it from), however slowly it drew
        assert len(prompts) == came, prompts[came:]
        enabled = page.locator("[data-testid=hand-tile]:not([aria-disabled])")
        buttons = page.locator("[data-testid=prompt-bar] button")
        assert enabled.count() + buttons.count() > 0, "the prompt is not answerable"
        page.close()
    finally:
        proc.stop()


# The state model fed a message that ends a deal: the board behind the result is the server's
# view of the ended deal (``ended_view``), not the next deal's view nor the last one before.
_ENDED_VIEW = """async () => {
  const { createState, applyEvents } = await import('/static/js/table/state.js');
  const seat = (score, river, n) => ({ score, river, riichi: false, concealed_count: n });
  const old = { dealer: 0, round_wind: 0, honba: 0, hand: '11123456789999m', drawn: '9m',
    seats: [seat(25000, [{ tile: '1z' }], 14), seat(25000, [], 13), seat(25000, [], 13),
            seat(25000, [], 13)] };
  const ended = { ...old, hand: '1112345678999m', drawn: null,
    seats: [seat(26500, [{ tile: '1z' }, { tile: '9m' }], 13), seat(24500, [], 13),
            seat(24500, [], 13), seat(24500, [], 13)] };
  const next = { dealer: 0, round_wind: 0, honba: 1, hand: '123456789p1234s', drawn: null,
    seats: [seat(26500, [], 14), seat(24500, [], 13), seat(24500, [], 13), seat(24500, [], 13)] };
  let s = { ...createState(), seat: 0, table: { id: 't', seq: 1 }, view: old };
  s = applyEvents(s, { table: 't', seq: 2, view: next, ended_view: ended, events: [
    { type: 'discarded', seat: 0, tile: '9m', tsumogiri: true },
    { type: 'deal_ended', draw: 'exhaustive' }, { type: 'deal_started', dealer: 0 }] });
  const v = s.handEnd.board.view;
  return { same: v === ended, before: s.handEnd.before === ended, now: s.view.honba };
}"""


def test_the_board_behind_a_result_is_the_servers_view_of_the_ended_deal(
    server: str, new_page
) -> None:
    page = new_page()
    page.goto(server)
    assert page.evaluate(_ENDED_VIEW) == {"same": True, "before": True, "now": 1}
