"""Playing at the browser table by clicking, shared by the table tests."""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

# What the page shows, checked in one round trip (the page redraws after every message).
STATE = """() => {
  const q = (s) => document.querySelector(s);
  const visible = (el) => Boolean(el && el.getClientRects().length);
  const tiles = [...document.querySelectorAll('[data-testid=hand-tile]:not([aria-disabled])')];
  return {
    matchEnd: visible(q('[data-testid=match-end]')) && !visible(q('[data-testid=hand-end]')),
    handEnd: visible(q('[data-testid=hand-end]')),
    danger: visible(q('[data-testid=danger-dialog]')),
    win: visible(q('[data-testid=act-win]')),
    pass: visible(q('[data-testid=act-pass]')),
    choice: visible(q('[data-testid=choice-0]')),
    tiles: tiles.length,
    drawn: visible(q('.hand-tile--drawn:not([aria-disabled])')),
    waiting: visible(q('[data-testid=start-bots]')),
    seq: Number(document.querySelector('[data-testid=table-page]')?.dataset.seq || -1),
  };
}"""


def _click(page: Page, selector: str) -> bool:
    try:
        page.locator(selector).first.click(timeout=2000)
        return True
    except PlaywrightError:
        return False  # redrawn under the pointer: look again


def step(page: Page, *, confirm_danger: bool = True) -> dict[str, object]:
    """One decision by clicking: win when offered, else pass on calls, else throw the drawn tile
    (or the last tile of the hand); close the end-of-hand screen. Returns what the page showed."""
    s: dict[str, object] = page.evaluate(STATE)
    if s["danger"]:
        answer = "danger-confirm" if confirm_danger else "danger-cancel"
        _click(page, f"[data-testid={answer}]")
    elif s["handEnd"]:
        _click(page, "[data-testid=continue]")
    elif s["matchEnd"]:
        pass
    elif s["win"]:
        _click(page, "[data-testid=act-win]")
    elif s["choice"]:
        _click(page, "[data-testid=act-cancel]")
    elif s["pass"]:
        _click(page, "[data-testid=act-pass]")
    elif s["drawn"]:
        _click(page, ".hand-tile--drawn:not([aria-disabled])")
    elif s["tiles"]:
        _click(page, "[data-testid=hand-tile]:not([aria-disabled]) >> nth=-1")
    else:
        page.wait_for_timeout(50)
    return s


def play_until(page: Page, done: str, timeout: float = 600) -> int:
    """Click through the game until ``done`` (``match_end`` or ``hand_end``) shows; returns the
    number of steps taken."""
    key = {"match_end": "matchEnd", "hand_end": "handEnd"}[done]
    deadline = time.monotonic() + timeout
    steps = 0
    while time.monotonic() < deadline:
        s = page.evaluate(STATE)
        if s[key]:
            return steps
        step(page)
        steps += 1
    raise AssertionError(f"no {done} screen within {timeout} s ({steps} steps)")
