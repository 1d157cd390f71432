"""The own area keeps its elements while the game goes on: a hand tile or prompt button that
still shows the same thing is the same element after every message (a button replaced between
mouse down and mouse up would lose the click), and a click on it still sends what it shows.

The page is redrawn after every message (at the next frame); here the messages come from the
other seats' play, and at the own turn and at a call offer (where the game waits for the seat)
from other devices of the same account joining the table (each gets the prompt again, and so
does the page). The
tests that need a call offer play a deal known to give one (seeded.py): without it they would
wait on luck."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess, choose
from tests.web.helpers import login_guest, session
from tests.web.seeded import SKIP, STOP, Answer, SeededServer, first_seed
from tests.web.table_driver import STATE, close_result, drawn, step
from tests.web.test_table_pacing import _Sent
from tests.web.test_table_results import _play, _seat

# In the page, after every redraw (a mutation batch): each group of own-area and river elements
# whose HTML did not change must consist of the very same elements as before.
RECORDER = """() => {
  const page = document.querySelector('[data-testid=table-page]');
  const groups = {
    hand: '[data-testid=hand-tile]',
    prompt: '[data-testid=prompt-bar] button',
    melds: '.own-melds .meld',
  };
  for (const pos of ['self', 'right', 'across', 'left']) {
    groups[`river-${pos}`] = `[data-testid=river-${pos}] .river-cell`;
  }
  const look = () => {
    const now = { seq: page.dataset.seq };
    for (const [name, sel] of Object.entries(groups)) {
      const els = [...page.querySelectorAll(sel)];
      now[name] = { els, html: els.map((e) => e.outerHTML).join('\\n') };
    }
    return now;
  };
  const rec = { same: {}, lost: {} };
  for (const name of Object.keys(groups)) { rec.same[name] = 0; rec.lost[name] = 0; }
  let last = look();
  new MutationObserver(() => {
    const now = look();
    for (const name of Object.keys(groups)) {
      const [a, b] = [last[name], now[name]];
      if (!b.els.length || a.html !== b.html) continue;
      if (now.seq !== last.seq) rec.same[name] += 1; // a new step that left this group alone
      if (b.els.some((e, i) => e !== a.els[i])) rec.lost[name] += 1;
    }
    last = now;
  }).observe(page, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__keep = rec;
}"""

# Counts the messages the page receives, by type (its listener runs before the page's own, in
# the same task: once a message is counted, the page has taken it in; it draws it at the next
# frame, ``drawn``).
COUNT_RECEIVED = """(() => {
  const Native = window.WebSocket;
  window.__received = {};
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const type = JSON.parse(e.data).type;
        window.__received[type] = (window.__received[type] || 0) + 1;
      });
    }
  };
})();"""


def test_the_hand_and_the_rivers_stay_the_same_elements_while_others_play(
    tmp_path: Path, new_page: Any
) -> None:
    """The page plays by clicking; every discard of another seat redraws the page while the own
    hand stays as it was: its buttons (and every river the discard did not touch) must be the
    same elements afterwards."""
    proc = ServerProcess(f"sqlite:///{tmp_path / 'keep.sqlite3'}").start()
    page = new_page(1440, 900)
    try:
        login_guest(page, proc.base)
        page.goto(f"{proc.base}/#/table/new?kind=practice&length=quick")
        page.wait_for_url(re.compile(r".*#/table/[0-9a-f]+$"))
        page.get_by_test_id("start-bots").click()
        expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
        page.evaluate(RECORDER)
        deadline = time.monotonic() + 300
        rec: dict[str, Any] = page.evaluate("window.__keep")
        rivers = 0
        while rec["same"]["hand"] < 6 or rivers < 6:
            assert time.monotonic() < deadline, rec
            s = step(page)
            if s["matchEnd"]:
                break
            rec = page.evaluate("window.__keep")
            rivers = sum(n for name, n in rec["same"].items() if name.startswith("river"))
        assert rec["same"]["hand"] >= 6 and rivers >= 6, f"too few redraws seen: {rec}"
        assert all(n == 0 for n in rec["lost"].values()), f"unchanged elements replaced: {rec}"
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()


def _own_prompt(page: Page, msg: dict[str, Any], ready: str) -> None:
    """Wait until the page shows the prompt ``msg`` (``ready``: a selector of it), closing the
    results of hands that ended before (the game waits for the seat meanwhile)."""
    page.wait_for_function(
        "(seq) => Number(document.querySelector('[data-testid=table-page]').dataset.seq) === seq",
        arg=msg["seq"],
    )
    while close_result(page):
        pass
    expect(page.locator(ready).first).to_be_visible()


OWN_BUTTONS = "[data-testid=hand-tile], [data-testid=prompt-bar] button"


def _mark(page: Page) -> int:
    """Mark the hand's and the prompt's buttons with a property (the HTML stays as it was)."""
    return int(
        page.evaluate(
            "(sel) => { const els = [...document.querySelectorAll(sel)];"
            " els.forEach((e) => { e.marked = true; }); window.__marked = els;"
            " return els.length; }",
            OWN_BUTTONS,
        )
    )


def _other_devices_join(page: Page, proc: ServerProcess, table: str, n: int = 3) -> None:
    """``n`` other devices of the account take the seat too: the server sends the open prompt to
    every device of the seat again, the page included, which redraws."""
    token = session(page)["token"]
    before = int(page.evaluate("window.__received.prompt || 0"))
    for _ in range(n):
        other = Client(proc, token)
        other.send({"type": "join", "table": table})
        other.expect("snapshot")
        other.close()
    page.wait_for_function(
        "(n) => (window.__received.prompt || 0) >= n", arg=before + n, timeout=10000
    )
    drawn(page)


def _still_marked(page: Page) -> None:
    kept = page.evaluate(
        "(sel) => ({ all: window.__marked.length,"
        " connected: window.__marked.filter((e) => e.isConnected).length,"
        " now: [...document.querySelectorAll(sel)].filter((e) => e.marked).length })",
        OWN_BUTTONS,
    )
    assert kept["connected"] == kept["all"] == kept["now"], f"elements replaced: {kept}"


def _calls(msg: dict[str, Any]) -> bool:
    kinds = {a["type"] for a in msg.get("legal_actions", [])} if msg["type"] == "prompt" else set()
    return bool(kinds & {"chi", "pon"})


def _turn(msg: dict[str, Any]) -> bool:
    kinds = {a["type"] for a in msg.get("legal_actions", [])} if msg["type"] == "prompt" else set()
    return "discard" in kinds


def _chi_ways(msg: dict[str, Any]) -> list[dict[str, Any]]:
    legal = msg.get("legal_actions", []) if msg["type"] == "prompt" else []
    return [a for a in legal if a["type"] == "chi"]


def _until(client: Client, table: str, wanted: Callable[[dict[str, Any]], bool], what: str) -> Any:
    """The scripted player plays on (``choose``) until the seeded game offers ``what``; the end
    of the match instead fails at once, naming why (the seeded deal went otherwise here)."""
    msg = _play(client, table, choose, lambda m: wanted(m) or m["type"] == "match_ended")
    assert msg["type"] == "prompt", (
        f"the seeded match ended without {what}: the deal went otherwise"
    )
    return msg


def _offer_after_a_tsumogiri() -> Answer:
    """The second test's way through a game: pass until the first own turn, throw the drawn
    tile there (as the page does), then stop at the first chi or pon offer."""
    turned = False

    def answer(prompt: dict[str, Any]) -> dict[str, Any] | str:
        nonlocal turned
        if turned and _calls(prompt):
            return STOP
        if turned or not _turn(prompt):
            return choose(prompt)
        turned = True
        legal = prompt["legal_actions"]
        drawn = [
            a
            for a in legal
            if a["type"] == "discard" and a.get("tile_index") == prompt.get("drawn_index")
        ]
        return drawn[0] if drawn else SKIP

    return answer


def _kinds(group: str) -> list[str]:
    """The tiles of a group of one suit as the page names them: "30p" -> ["3p", "0p"]."""
    return [digit + group[-1] for digit in group[:-1]]


def _several_chi_ways() -> Answer:
    return lambda prompt: STOP if len(_chi_ways(prompt)) > 1 else choose(prompt)


def test_a_marked_tile_or_call_button_survives_messages_and_its_click_sends_its_action(
    tmp_path: Path, new_page: Any
) -> None:
    """At the own turn and at a call offer the game waits for the seat; other devices of the
    account joining make the page redraw with nothing changed. The marked hand tiles and prompt
    buttons are still the elements in the page, and clicking one sends what it shows: the drawn
    tile's own copy (tsumogiri), then "pass" for the call offer. The deal is one known (played
    through in process first) to offer a call soon after the own first turn."""
    seed = first_seed(tmp_path, "keep-offer", range(40), _offer_after_a_tsumogiri)
    proc = SeededServer(f"sqlite:///{tmp_path / 'marked.sqlite3'}", seed).start()
    page = new_page(1440, 900)
    try:
        page.add_init_script(COUNT_RECEIVED)
        sent = _Sent(page)
        login_guest(page, proc.base)
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        turn = _until(client, table, _turn, "an own turn")
        _own_prompt(page, turn, "[data-testid=hand-tile]:not([aria-disabled])")
        assert _mark(page) > 13
        _other_devices_join(page, proc, table)
        _still_marked(page)
        assert page.evaluate(STATE)["drawn"], "the seeded turn shows a drawn tile"
        tile = page.locator(".hand-tile--drawn")
        assert tile.evaluate("(b) => b.marked === true")
        shown = tile.get_attribute("data-tile")
        tile.click()
        sent.wait_for(page, turn["seq"], "discard")
        action = sent.actions[-1]["action"]
        assert action["tile"] == shown, (action, shown)
        assert action["tile_index"] == turn["drawn_index"], (action, turn)

        offer = _until(client, table, _calls, "a chi or pon offer")
        _own_prompt(page, offer, "[data-testid=act-pass]")
        _mark(page)
        _other_devices_join(page, proc, table)
        _still_marked(page)
        button = page.get_by_test_id("act-pass")
        assert button.evaluate("(b) => b.marked === true")
        button.click()
        sent.wait_for(page, offer["seq"], "pass")
        assert [a["action"]["type"] for a in sent.actions if a["seq"] == offer["seq"]] == ["pass"]
        client.close()
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()


def test_a_call_choice_pressed_across_a_redraw_sends_that_chi_once(
    tmp_path: Path, new_page: Any
) -> None:
    """A chi that can be made in two ways asks which: the page shows a button for each way. The
    second way's button is pressed, another device of the account joins (the page redraws with
    the choice still open), and the button is released: it is still the same element, and the
    page sends that chi (its two tiles from the hand) exactly once. The deal is one known
    (played through in process first) to offer such a chi."""
    seed = first_seed(tmp_path, "keep-chi", range(40), _several_chi_ways)
    proc = SeededServer(f"sqlite:///{tmp_path / 'chi.sqlite3'}", seed).start()
    page = new_page(1440, 900)
    try:
        page.add_init_script(COUNT_RECEIVED)
        sent = _Sent(page)
        login_guest(page, proc.base)
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        offer = _until(client, table, lambda m: len(_chi_ways(m)) > 1, "a chi of several ways")
        ways = _chi_ways(offer)
        _own_prompt(page, offer, "[data-testid=act-chi]")
        page.get_by_test_id("act-chi").click()
        choice = page.get_by_test_id("choice-1")
        expect(page.get_by_test_id(f"choice-{len(ways) - 1}")).to_be_visible()
        shown = choice.locator(".tile").evaluate_all("(els) => els.map((e) => e.dataset.tile)")
        assert shown == [*_kinds(ways[1]["tiles"]), ways[1]["tile"]], (shown, ways[1])
        _mark(page)
        box = choice.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        _other_devices_join(page, proc, table, n=1)
        _still_marked(page)
        assert [a for a in sent.actions if a["seq"] == offer["seq"]] == [], "sent on the press"
        page.mouse.up()
        sent.wait_for(page, offer["seq"], "chi")
        # the chi is made (the page has the next step): nothing else was sent for the offer
        page.wait_for_function(
            "(seq) => Number(document.querySelector('[data-testid=table-page]').dataset.seq) > seq",
            arg=offer["seq"],
        )
        answers = [a["action"] for a in sent.actions if a["seq"] == offer["seq"]]
        want = {k: v for k, v in ways[1].items() if k != "seat"}
        assert answers == [want], (answers, ways)
        client.close()
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()
