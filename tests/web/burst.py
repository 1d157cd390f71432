"""A burst of messages for the table page: the messages the server sends are held in the page
and then handed to its handler one after another in one task, as a busy phone or a reconnect
meets them (all before the next frame); the page's redraws are counted meanwhile. Shared by
the browser tests and ``benchmarks/table_redraws.py``."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# An init script: while window.__hold is set, every message of the page's WebSockets is kept
# (its handler, socket and event); window.__release() hands them over in one task, and
# window.__handOver(n) the first n of them (the rest stay held).
HOLD = """(() => {
  const Native = window.WebSocket;
  window.__hold = false;
  window.__held = [];
  const take = (fn, ws) => (ev) => {
    if (window.__hold) window.__held.push([fn, ws, ev]);
    else fn.call(ws, ev);
  };
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = take(fn, this);
    }
  };
  window.__handOver = (n) => {
    for (const [fn, ws, ev] of window.__held.splice(0, n)) fn.call(ws, ev);
  };
  window.__release = () => {
    const held = window.__held;
    window.__hold = false;
    window.__held = [];
    for (const [fn, ws, ev] of held) fn.call(ws, ev);
    return held.map(([, , ev]) => JSON.parse(ev.data));
  };
})();"""

# Counts the page's redraws from now on: each writes the step it shows (data-seq) once.
COUNT_DRAWS = """() => {
  window.__draws = 0;
  const page = document.querySelector('[data-testid=table-page]');
  if (window.__drawsOf === page) return;
  window.__drawsOf = page;
  new MutationObserver((records) => {
    window.__draws += records.length;
    // the redraws until the first that shows the step a release waits for (release())
    const until = window.__drawsUntil;
    if (until && until.draws === null && Number(page.dataset.seq) >= until.seq) {
      until.draws = window.__draws - until.before;
    }
  }).observe(page, { attributes: true, attributeFilter: ['data-seq'] });
}"""


def hold(page: Page) -> None:
    """From now on the page keeps the messages it receives."""
    page.evaluate("window.__hold = true")


def held(page: Page) -> list[dict[str, Any]]:
    """The messages held so far."""
    return list(page.evaluate("window.__held.map(([, , ev]) => JSON.parse(ev.data))"))


def hand_over(page: Page, n: int) -> None:
    """Hand the first ``n`` held messages to the page (in one task); the rest stay held, and
    so does what comes after."""
    page.evaluate("(n) => window.__handOver(n)", n)


def release(page: Page) -> tuple[list[dict[str, Any]], int]:
    """Hand the held messages to the page in one task; returns them and the redraws counted
    from then until the first that shows the last step they name (a draw by the next frame, or
    by the timer of a tab without frames). Call ``COUNT_DRAWS`` first."""
    messages = held(page)
    last = max(int(m["seq"]) for m in messages if "seq" in m)
    # counted in the page, up to the drawing that first shows the last step: what the page
    # does after it (an automatic answer and its reply) is not the burst's
    page.evaluate(
        "(seq) => { window.__drawsUntil = { seq, before: window.__draws, draws: null };"
        " window.__release(); }",
        last,
    )
    draws = page.wait_for_function("() => window.__drawsUntil.draws", polling=20).json_value()
    return messages, int(draws)
