"""The table page draws once per frame, however many messages came before it, and the answers
it sends by itself (here "No calls" passing a call offer) do not wait for a drawing: each goes
out once, for its own step, also in a tab that gets no frames (a hidden one) and also when a
step passes before its answer went out.

A burst is made in the page (tests/web/burst.py): the messages the server sends are held and
then handed to the page in one task, all before the next frame; every redraw writes the step
the page shows (``data-seq``) once, which counts them. The auto-pass test plays a deal known to
offer a call right after the own first discard (seeded.py)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess, choose
from tests.web.burst import COUNT_DRAWS, HOLD, held, hold, release
from tests.web.helpers import login_guest, session
from tests.web.seeded import SKIP, STOP, Answer, SeededServer, first_seed
from tests.web.test_table_keep import _calls, _own_prompt, _turn, _until
from tests.web.test_table_pacing import _Sent
from tests.web.test_table_results import _seat, _seats

# From now on the tab gets no animation frames, as a hidden one (the browser fires none there).
NO_FRAMES = (
    "() => { window.requestAnimationFrame = () => 0; window.cancelAnimationFrame = () => {}; }"
)

AUTO_PASSED = {"pass", "chi", "pon", "open_kan", "added_kan"}


def test_a_burst_of_messages_is_drawn_once(server_proc: ServerProcess, new_page: Any) -> None:
    """The scripted client plays the seat (a second device of the page's account) for a few
    steps while the page holds what the server sends it; the page, handed the whole burst at
    once, draws it once (the last step, not each on the way), also behind an open result."""
    page = new_page(390, 844)
    page.add_init_script(HOLD)
    login_guest(page, server_proc.base)
    client, table = _seat(server_proc, page, "practice", "quick", "efficiency")
    bursts: list[tuple[int, int]] = []
    try:
        for _ in range(3):
            page.evaluate(COUNT_DRAWS)
            hold(page)
            assert client.play(table, stop_after=6) is None, "the match ended"
            want = int(client.messages[-1]["seq"])
            deadline = time.monotonic() + 10
            while not any(m.get("seq") == want for m in held(page)):
                assert time.monotonic() < deadline, "the page never got the burst"
                page.wait_for_timeout(50)
            messages, draws = release(page)
            bursts.append((len(messages), draws))
            expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(want))
        assert all(n >= 8 for n, _ in bursts), f"bursts too small to tell: {bursts}"
        assert all(draws <= 2 for _, draws in bursts), f"(messages, redraws): {bursts}"
    finally:
        client.close()


def _offer_right_after_a_tsumogiri() -> Answer:
    """Pass (or win) until the own first turn, throw the drawn tile there, and stop at once if
    the very next prompt is a call offer "No calls" passes (no win among its choices)."""
    turned = False

    def answer(prompt: dict[str, Any]) -> dict[str, Any] | str:
        nonlocal turned
        if turned:
            kinds = {a["type"] for a in prompt["legal_actions"]}
            return STOP if _calls(prompt) and kinds <= AUTO_PASSED else SKIP
        if not _turn(prompt):
            return choose(prompt)
        turned = True
        drawn = [
            a
            for a in prompt["legal_actions"]
            if a["type"] == "discard" and a.get("tile_index") == prompt.get("drawn_index")
        ]
        return drawn[0] if drawn else SKIP

    return answer


def _offer_in_a_burst(page: Page, proc: ServerProcess, sent: _Sent, frames: bool) -> dict[str, Any]:
    """At the seeded table: the client plays to the own first turn; the page turns "No calls"
    on, holds its messages (``frames`` false: and gets no frames any more) and throws the drawn
    tile; the call offer that follows arrives in the held burst. Returns the offer (the page
    has it, held)."""
    client, table = _seat(proc, page, "practice", "quick", "efficiency")
    try:
        turn = _until(client, table, _turn, "an own turn")
        _own_prompt(page, turn, ".hand-tile--drawn:not([aria-disabled])")
        page.get_by_test_id("toggle-no-calls").check()
        page.evaluate(COUNT_DRAWS)
        if not frames:
            page.evaluate(NO_FRAMES)
        hold(page)
        page.locator(".hand-tile--drawn").click()
        sent.wait_for(page, turn["seq"], "discard")
        offer = _until(client, table, _calls, "a call offer")
        deadline = time.monotonic() + 10
        while not any(m.get("seq") == offer["seq"] and m["type"] == "prompt" for m in held(page)):
            assert time.monotonic() < deadline, "the page never got the offer"
            page.wait_for_timeout(50)
        return offer
    finally:
        client.close()


@pytest.mark.parametrize("frames", [True, False], ids=["visible", "no-frames"])
def test_no_calls_passes_an_offer_in_a_burst_once(
    tmp_path: Path, new_page: Any, frames: bool
) -> None:
    """The call offer comes in a burst with the other seats' play: the page draws the burst
    once and passes the offer exactly once, at its step; in a tab without frames (hidden) the
    pass goes out all the same and the page is drawn by its timer."""
    seed = first_seed(tmp_path, "redraw-offer", range(60), _offer_right_after_a_tsumogiri)
    proc = SeededServer(f"sqlite:///{tmp_path / 'burst.sqlite3'}", seed).start()
    page = new_page(390, 844)
    try:
        page.add_init_script(HOLD)
        sent = _Sent(page)
        login_guest(page, proc.base)
        offer = _offer_in_a_burst(page, proc, sent, frames)
        messages, draws = release(page)
        assert len(messages) >= 4, messages
        assert draws <= 2, f"{draws} redraws for a burst of {len(messages)} messages"
        sent.wait_for(page, offer["seq"], "pass")
        # the game went on past the offer: nothing else was sent for it, nor after it
        page.wait_for_function(
            "(seq) => Number(document.querySelector('[data-testid=table-page]').dataset.seq) > seq",
            arg=offer["seq"],
            polling=50,
        )
        after = [a for a in sent.actions if a["seq"] >= offer["seq"]]
        assert [(a["seq"], a["action"]["type"]) for a in after] == [(offer["seq"], "pass")]
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()


# Two call offers the page is handed 100 ms apart (as when the first was answered on another
# device and the next came at once): made up from the page's own table and seat, of steps ahead
# of the server's (which refuses the answers as stale; the page then joins again).
OFFERS = """async ([table, seat, seq]) => {
  const offer = (step) => ({ type: 'prompt', table, seat, seq: step,
    legal_actions: [{ type: 'pass' }, { type: 'pon', tiles: '11z', tile: '1z' }] });
  const socket = window.jantaku.socket;
  socket._dispatch(offer(seq + 1));
  await new Promise((r) => setTimeout(r, 100));
  socket._dispatch(offer(seq + 2));
}"""


def test_an_automatic_pass_follows_a_step_that_passed_before_its_own(
    server: str, new_page: Any
) -> None:
    """ "No calls" is on; a call offer arrives and, before its pass goes out, the next one: the
    first step's pass is dropped and the second's is sent, once (a pass still waiting for the
    first step kept the second from ever being answered)."""
    page = new_page(1440, 900)
    sent = _Sent(page)
    login_guest(page, server)
    page.goto(f"{server}/#/table/new?kind=practice&length=quick")
    page.get_by_test_id("start-bots").click()
    expect(page.locator("[data-testid=hand-tile]:not([aria-disabled])").first).to_be_visible(
        timeout=20000
    )
    page.get_by_test_id("toggle-no-calls").check()
    table = page.url.split("#/table/")[1].split("?")[0]
    name = session(page)["user"]["name"]
    seat = next(i for i, s in enumerate(_seats(page)) if s["name"] == name)
    seq = int(page.get_by_test_id("table-page").get_attribute("data-seq") or 0)
    page.evaluate(OFFERS, [table, seat, seq])
    sent.wait_for(page, seq + 2, "pass", seconds=10)
    page.wait_for_timeout(500)  # time for a second answer, were one to go out
    answers = [(a["seq"], a["action"]["type"]) for a in sent.actions if a["seq"] > seq]
    assert answers == [(seq + 2, "pass")], answers
