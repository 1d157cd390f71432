"""The call toggles last one hand (doman-rules.md §6.1: "Display Calls" back on, "Auto-declare
Winning Hand" back off at each new hand) unless the player keeps them across hands; a
right-click on the table's empty space passes a call offer (§2.4), and only then keeps the
browser's menu away (docs/table.md, *Toggles*)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess, choose
from tests.web.helpers import login_guest, session
from tests.web.test_table_pacing import _Sent
from tests.web.test_table_results import _play, _seat, _seats

TOGGLES = ("toggle-auto-win", "toggle-no-calls")


def _dealt(msg: dict[str, Any]) -> bool:
    events = msg.get("events", []) if msg["type"] == "events" else []
    return any(e["type"] in ("deal_started", "classical_deal_started") for e in events)


def _turn(msg: dict[str, Any]) -> bool:
    kinds = {a["type"] for a in msg.get("legal_actions", [])} if msg["type"] == "prompt" else set()
    return "discard" in kinds


def _page_at(page: Page, seq: int) -> None:
    """Until the page has taken in the step ``seq`` (or a later one)."""
    page.wait_for_function(
        "(seq) => Number(document.querySelector('[data-testid=table-page]').dataset.seq) >= seq",
        arg=seq,
    )


def _next_deal(client: Client, table: str, after: int) -> dict[str, Any]:
    """The scripted player (a second device of the page's account) plays on until a hand is
    dealt after the step ``after``; the match ending first fails at once."""

    def stop(m: dict[str, Any]) -> bool:
        return (_dealt(m) and m["seq"] > after) or m["type"] == "match_ended"

    msg = _play(client, table, choose, stop)
    assert msg["type"] == "events", "the match ended before a second hand"
    return msg


@pytest.mark.parametrize("keep", [False, True], ids=["for-the-hand", "kept"])
def test_the_call_toggles_reset_at_the_next_hand_unless_kept(
    server_proc: ServerProcess, new_page: Any, keep: bool
) -> None:
    page = new_page(1440, 900)
    login_guest(page, server_proc.base)
    client, table = _seat(server_proc, page, "practice", "quick", "efficiency")
    try:
        keeper = page.get_by_test_id("toggle-keep-toggles")
        expect(keeper).not_to_be_checked()  # the spec's behaviour by default
        if keep:
            keeper.check()
        for toggle in TOGGLES:
            page.get_by_test_id(toggle).check()
        # within the hand they stay on (the own turn of the first hand)
        turn = _play(client, table, choose, _turn)
        _page_at(page, turn["seq"])
        for toggle in TOGGLES:
            expect(page.get_by_test_id(toggle)).to_be_checked()
        dealt = _next_deal(client, table, turn["seq"])
        _page_at(page, dealt["seq"])
        for toggle in TOGGLES:
            if keep:
                expect(page.get_by_test_id(toggle)).to_be_checked()
            else:
                expect(page.get_by_test_id(toggle)).not_to_be_checked()
        # kept: stored for the next tables too; for the hand: nothing stored
        stored = page.evaluate(
            "['keepCallToggles', 'autoWin', 'noCalls']"
            ".map((k) => JSON.parse(localStorage.getItem('jantaku.' + k) || 'false'))"
        )
        assert stored == ([True, True, True] if keep else [False, False, False])
        page.reload()
        expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
        for toggle in TOGGLES:
            if keep:
                expect(page.get_by_test_id(toggle)).to_be_checked()
            else:
                expect(page.get_by_test_id(toggle)).not_to_be_checked()
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        client.close()


# A made-up prompt for the page's own seat, a step ahead of the server's (which refuses its
# answer as stale; the page then joins again).
OFFER = """([table, seat, seq, kinds]) => {
  const legal = kinds.map(
    (type) => (type === 'pass' ? { type } : { type, tiles: '11z', tile: '1z' }));
  window.jantaku.socket._dispatch({ type: 'prompt', table, seat, seq, legal_actions: legal });
}"""

# Whether the browser's own menu was kept away: noted by a listener after the page's own.
MENUS = (
    "window.menus = [];"
    " window.addEventListener('contextmenu', (e) => window.menus.push(e.defaultPrevented));"
)

# A point of the table where nothing is (no tile, no control, no dialog): the empty space.
EMPTY = """() => {
  const page = document.querySelector('[data-testid=table-page]');
  const box = page.getBoundingClientRect();
  const notEmpty = 'button, a, input, select, textarea, label, [role=img], .tile, .overlay, '
    + '[role=dialog], [role=alertdialog]';
  const text = 'p, h1, h2, h3, li, dd, dt, td, th';
  for (let y = box.top + 4; y < Math.min(box.bottom, innerHeight); y += 7) {
    for (let x = box.left + 4; x < Math.min(box.right, innerWidth); x += 7) {
      const at = document.elementFromPoint(x, y);
      if (at && page.contains(at) && !at.closest(notEmpty) && !at.closest(text)) return [x, y];
    }
  }
  return null;
}"""


# A context menu as a touch screen's long press opens it (a pointer of type "touch"), at (x, y)
# of the table's empty space: whether the page kept the browser's menu away.
LONG_PRESS = """([x, y]) => {
  const at = document.elementFromPoint(x, y);
  const ev = new PointerEvent('contextmenu',
    { bubbles: true, cancelable: true, pointerType: 'touch', clientX: x, clientY: y });
  return !at.dispatchEvent(ev);
}"""


def _right_click(page: Page, where: tuple[float, float]) -> bool:
    """A right-click at ``where``; whether the page kept the browser's menu away."""
    before = int(page.evaluate("window.menus.length"))
    page.mouse.click(where[0], where[1], button="right")
    page.wait_for_function("(n) => window.menus.length > n", arg=before)
    return bool(page.evaluate("window.menus[window.menus.length - 1]"))


def _centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_right_click_on_empty_space_passes_a_call_offer_only(server: str, new_page: Any) -> None:
    page = new_page(1440, 900)
    page.add_init_script(MENUS)
    sent = _Sent(page)
    login_guest(page, server)
    page.goto(f"{server}/#/table/new?kind=practice&length=quick")
    page.get_by_test_id("start-bots").click()
    # the own turn (the practice table waits for it): no call offer shows
    expect(page.locator("[data-testid=hand-tile]:not([aria-disabled])").first).to_be_visible(
        timeout=20000
    )
    table = page.url.split("#/table/")[1].split("?")[0]
    name = session(page)["user"]["name"]
    seat = next(i for i, s in enumerate(_seats(page)) if s["name"] == name)
    seq = int(page.get_by_test_id("table-page").get_attribute("data-seq") or 0)
    empty = page.evaluate(EMPTY)
    assert empty is not None, "no empty space found on the table"
    # without an offer: nothing is sent, the browser's menu opens
    assert _right_click(page, empty) is False
    assert _right_click(page, _centre(page, "[data-testid=hand-tile]")) is False

    # a ron offer: a win is never let go by a right-click
    page.evaluate(OFFER, [table, seat, seq + 1, ["ron", "pass"]])
    expect(page.get_by_test_id("act-win")).to_be_visible()
    assert _right_click(page, empty) is False

    # a call offer: not on a tile nor on a button; on empty space it is passed
    page.evaluate(OFFER, [table, seat, seq + 2, ["pon", "pass"]])
    expect(page.get_by_test_id("act-pon")).to_be_visible()
    assert _right_click(page, _centre(page, "[data-testid=hand-tile]")) is False
    assert _right_click(page, _centre(page, "[data-testid=act-pon]")) is False
    assert page.evaluate(LONG_PRESS, empty) is False  # a touch screen's long press: its own
    page.wait_for_timeout(300)  # time for an answer, were one to go out
    assert [a for a in sent.actions if a["seq"] > seq] == []
    assert _right_click(page, empty) is True
    sent.wait_for(page, seq + 2, "pass", seconds=10)
    answers = [(a["seq"], a["action"]["type"]) for a in sent.actions if a["seq"] > seq]
    assert answers == [(seq + 2, "pass")], answers
