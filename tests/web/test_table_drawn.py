"""The table page acts on what it shows. It is drawn at the next frame after a message, so for
a moment the screen may show a step the page has left: a click on a hand tile still drawn
disabled, or a key, then meets a prompt the player has not seen. It must do nothing; once the
prompt is drawn, the same click or key acts. Likewise a result's Continue pressed twice before
the redraw closes it once.

The test holds what the server sends (tests/web/burst.py) after the own discard, so the page
stays at the drawing with every tile disabled; then, in one task (before any frame), it hands
the page a prompt for a step ahead of the server's and clicks the tile or presses the key. What
the page sends is recorded in the page itself, in that same task."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess, choose
from tests.web.burst import HOLD, hold
from tests.web.helpers import login_guest, session
from tests.web.table_driver import STATE, step
from tests.web.test_table_pacing import _practice
from tests.web.test_table_results import _between_hands, _play, _seat, _seats

# A prompt for the next step handed to the page, then the input, all in one task; returns the
# actions the page sent meanwhile. ``offer``: "discard" (the first hand tile may go) or "call"
# (pass or pon); ``input``: "click" (the first hand tile's button) or a key.
PROMPT_THEN_INPUT = """([table, seat, offer, input]) => {
  const page = document.querySelector('[data-testid=table-page]');
  const button = document.querySelector('[data-testid=hand-tile]');
  const tile = button.dataset.tile;
  const socket = window.jantaku.socket;
  const sent = [];
  const send = socket.send;
  socket.send = (msg) => { if (msg.type === 'act') sent.push(msg.action); };
  try {
    const seq = Number(page.dataset.seq) + 1;
    const legal = offer === 'discard'
      ? [{ type: 'discard', tile, tile_index: 0 }]
      : [{ type: 'pass' }, { type: 'pon', tiles: '11z', tile: '1z' }];
    socket._dispatch({ type: 'prompt', table, seat, seq, legal_actions: legal });
    const drawnDisabled = button.hasAttribute('aria-disabled') && button.isConnected;
    if (input === 'click') button.click();
    else document.body.dispatchEvent(new KeyboardEvent('keydown', { key: input, bubbles: true }));
    return { sent, drawnDisabled };
  } finally {
    socket.send = send;
  }
}"""

# The same input once the page has drawn the prompt (the next frame): it acts now.
INPUT_AGAIN = """([input]) => new Promise((done) => requestAnimationFrame(() => {
 requestAnimationFrame(() => {
  const socket = window.jantaku.socket;
  const sent = [];
  const send = socket.send;
  socket.send = (msg) => { if (msg.type === 'act') sent.push(msg.action); };
  try {
    const button = document.querySelector('[data-testid=hand-tile]');
    if (input === 'click') button.click();
    else document.body.dispatchEvent(new KeyboardEvent('keydown', { key: input, bubbles: true }));
    done({ sent, drawnDisabled: button.hasAttribute('aria-disabled') });
  } finally {
    socket.send = send;
  }
 });
}))"""


def _own_turn(page: Page) -> None:
    """Play by clicking until the page shows the own turn with a drawn tile."""
    deadline = time.monotonic() + 60
    while True:
        s = page.evaluate(STATE)
        if s["drawn"] and not s["pass"] and not s["handEnd"] and not s["danger"]:
            return
        assert time.monotonic() < deadline and not s["matchEnd"], "no own turn came"
        step(page, s)


@pytest.mark.parametrize(
    ("offer", "key"),
    [("discard", "click"), ("discard", "1"), ("call", " ")],
    ids=["tile-click", "tile-key", "space"],
)
def test_an_input_before_the_frame_that_draws_a_prompt_does_nothing(
    server: str, new_page: Any, offer: str, key: str
) -> None:
    page = new_page(width=1440, height=900)
    page.add_init_script(HOLD)
    login_guest(page, server)
    table = _practice(page, server)
    name = session(page)["user"]["name"]
    seat = next(i for i, s in enumerate(_seats(page)) if s["name"] == name)
    _own_turn(page)
    hold(page)  # nothing the server sends reaches the page from now on
    page.locator(".hand-tile--drawn").click()
    # the discard is drawn: no tile may go, no prompt is shown
    expect(page.locator("[data-testid=hand-tile]:not([aria-disabled])")).to_have_count(0)
    expect(page.get_by_test_id("prompt-bar").locator("button")).to_have_count(0)

    early = page.evaluate(PROMPT_THEN_INPUT, [table, seat, offer, key])
    assert early["drawnDisabled"], early  # the input met the old drawing
    assert early["sent"] == [], f"an input sent {early['sent']} for a prompt not yet drawn"

    later = page.evaluate(INPUT_AGAIN, [key])
    assert not later["drawnDisabled"] or offer == "call", later
    want = "discard" if offer == "discard" else "pass"
    assert [a["type"] for a in later["sent"]] == [want], later


# Two clicks on the result's Continue in one task (a double click before the redraw); returns
# the messages the page sent meanwhile.
CONTINUE_TWICE = """() => {
  const socket = window.jantaku.socket;
  const sent = [];
  const send = socket.send;
  socket.send = (msg) => { sent.push(msg.type); };
  try {
    const button = document.querySelector('[data-testid=continue]');
    button.click();
    button.click();
    return { sent, still: button.isConnected };
  } finally {
    socket.send = send;
  }
}"""


def test_a_result_pressed_twice_before_the_redraw_is_closed_once(
    server_proc: ServerProcess, new_page: Any
) -> None:
    """The end-of-hand screen stays drawn until the next frame: a second press of its Continue
    meanwhile closes nothing more and tells the server nothing more (one ``continue``)."""
    page = new_page(1440, 900)
    login_guest(page, server_proc.base)
    client, table = _seat(server_proc, page, "practice", "quick", "efficiency")
    try:
        _play(client, table, choose, _between_hands)  # the seat has not confirmed the result
        expect(page.get_by_test_id("hand-end")).to_be_visible(timeout=20000)
        got = page.evaluate(CONTINUE_TWICE)
        assert got["still"], got  # both presses met the drawn result
        assert got["sent"] == ["continue"], got
        expect(page.get_by_test_id("hand-end")).to_have_count(0)
    finally:
        client.close()
