"""Playing at the browser table by clicking, shared by the table tests."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.burst import hand_over, held, hold

# Waits for the page's next drawing: the table page draws at the next animation frame after a
# message or a click (pace.js; a tab without frames by a timer within 200 ms, hence the 250 ms).
NEXT_FRAME = """new Promise((done) => {
    const timer = setTimeout(done, 250);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(timer); done(); }));
  })"""

# What the page shows, checked in one round trip once it has drawn what it received.
STATE = f"""async () => {{
  await {NEXT_FRAME};
  const q = (s) => document.querySelector(s);
  const visible = (el) => Boolean(el && el.getClientRects().length);
  const tiles = [...document.querySelectorAll('[data-testid=hand-tile]:not([aria-disabled])')];
  return {{
    matchEnd: visible(q('[data-testid=match-end]')) && !visible(q('[data-testid=hand-end]')),
    handEnd: visible(q('[data-testid=hand-end]')),
    danger: visible(q('[data-testid=danger-dialog]')),
    win: visible(q('[data-testid=act-win]')),
    pass: visible(q('[data-testid=act-pass]')),
    choice: visible(q('[data-testid=choice-0]')),
    tiles: tiles.length,
    drawn: visible(q('.hand-tile--drawn:not([aria-disabled])')),
    waiting: visible(q('[data-testid=start-bots]')),
    riichi: visible(q('[data-testid=act-riichi]')),
    call: visible(q('[data-testid=act-pon]')) || visible(q('[data-testid=act-chi]')),
    inRiichi: visible(q('[data-testid=seat-self] .badge--riichi')),
    kan: visible(q('[data-testid=act-kan]')),
    waits: document.querySelectorAll('[data-testid=waits] .tile').length,
    hand: [...document.querySelectorAll('[data-testid=hand-tile]')].map((b) => ({{
      tile: b.dataset.tile, enabled: !b.hasAttribute('aria-disabled'),
      riichi: b.classList.contains('hand-tile--riichi')}})),
    melds: document.querySelectorAll('.own-melds .meld').length,
    seq: Number(document.querySelector('[data-testid=table-page]')?.dataset.seq || -1),
  }};
}}"""


def drawn(page: Page) -> None:
    """Until the page has drawn what it received and what was clicked (its next frame)."""
    page.evaluate(f"async () => {{ await {NEXT_FRAME}; }}")


def close_result(page: Page) -> bool:
    """Close the end-of-hand screen the page shows, if any (False: none), and wait for the
    drawing that takes it away: the page redraws at the next frame, and until then the closed
    screen is still on it (a second press of its button does nothing)."""
    key = page.evaluate(
        "() => document.querySelector('[data-testid=hand-end]')?.closest('.overlay')"
        "?.dataset.key ?? null"
    )
    if key is None:
        return False
    shown = page.locator(f".overlay[data-key='{key}']")
    shown.get_by_test_id("continue").click()
    expect(shown).to_have_count(0)
    return True


def discard_drawn_by_key(page: Page) -> None:
    """Throw the drawn tile by the keyboard (D) and let the page draw the own discard before
    what the computer players do next reaches it: they answer at once (a call too), and the
    page draws once per frame, so without the wait the own discard could first be drawn after
    the next play came (no longer the newest, or called away). The page needs the init script
    ``burst.HOLD``."""
    hold(page)
    page.keyboard.press("d")  # the keyboard's drawn-tile discard
    deadline = time.monotonic() + 30
    while True:
        messages = held(page)
        mine = [i for i, m in enumerate(messages) if _discards(m)]
        if mine:
            break
        assert time.monotonic() < deadline, f"the own discard never came back: {messages}"
        if page.get_by_test_id("danger-dialog").count():  # a tile the Störspiel rule warns of
            page.get_by_test_id("danger-confirm").click()
        page.wait_for_timeout(20)
    hand_over(page, mine[0] + 1)
    drawn(page)
    page.evaluate("window.__release()")


def _discards(msg: dict[str, Any]) -> bool:
    """Whether a message tells a discard (the first held after the own turn is the own)."""
    return msg.get("type") == "events" and any(
        e.get("type") == "discarded" for e in msg.get("events", [])
    )


def _click(page: Page, selector: str) -> bool:
    try:
        page.locator(selector).first.click(timeout=2000)
        return True
    except PlaywrightError:
        return False  # redrawn under the pointer: look again


def step(
    page: Page, seen: dict[str, object] | None = None, *, confirm_danger: bool = True
) -> dict[str, object]:
    """One decision by clicking: win when offered, else pass on calls, else throw the drawn tile
    (or the last tile of the hand); close the end-of-hand screen. ``seen``: what the caller
    already read of the page (so a screen it has not looked at is never closed). Returns what
    the page showed."""
    s: dict[str, object] = seen if seen is not None else page.evaluate(STATE)
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
        step(page, s)
        steps += 1
    raise AssertionError(f"no {done} screen within {timeout} s ({steps} steps)")


def _best(hand: list[dict[str, object]], melds: int, flag: str) -> int | None:
    """The index of the tile (among those with ``flag``) whose loss leaves the best shanten."""
    from jantaku.hand import shanten
    from jantaku.tiles import counts_of, parse_kinds

    kinds = [parse_kinds(str(t["tile"]))[0] for t in hand]
    best: tuple[int, int] | None = None
    for i, t in enumerate(hand):
        if not t[flag]:
            continue
        rest = kinds[:i] + kinds[i + 1 :]
        score = shanten(counts_of(rest), melds)
        if best is None or score < best[0]:
            best = (score, i)
    return None if best is None else best[1]


class SmartPlayer:
    """Plays like a person who wants to win: wins when offered, declares riichi when it can
    (choosing the tile in riichi mode), makes the first call offered once (then passes), and
    throws the tile that keeps the hand closest to ready. After riichi it clicks nothing and
    expects the page to throw each drawn tile by itself."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.riichi_declared = 0
        self.calls_made = 0
        self.riichi_clicks = 0  # tiles clicked while the own riichi badge shows (kan offers)
        self._riichi_wait: float | None = None
        self._riichi_seq = -1

    def step(self, seen: dict[str, object] | None = None) -> dict[str, object]:
        page = self.page
        s: dict[str, object] = seen if seen is not None else page.evaluate(STATE)
        hand = s["hand"]
        assert isinstance(hand, list)
        if s["handEnd"] or s["matchEnd"] or s["danger"] or s["win"]:
            return step(page, s)
        if s["choice"]:
            _click(page, "[data-testid=choice-0]")
            return s
        if s["call"] and not self.calls_made:
            if _click(page, "[data-testid=act-pon], [data-testid=act-chi]"):
                self.calls_made += 1
            return s
        if s["pass"]:
            return step(page, s)
        if s["inRiichi"] and s["kan"] and s["drawn"]:
            # a kan is offered after riichi: the page leaves that choice to the player
            if _click(page, ".hand-tile--drawn:not([aria-disabled])"):
                self.riichi_clicks += 1
            return s
        if s["inRiichi"]:
            # ready after riichi: the page shows the waits, and throws each drawn tile by itself
            assert int(str(s["waits"])) >= 1, "no waits shown after riichi"
            seq = int(str(s["seq"]))
            if seq != self._riichi_seq:
                self._riichi_seq = seq
                self._riichi_wait = time.monotonic()
            elif self._riichi_wait and time.monotonic() - self._riichi_wait > 8:
                raise AssertionError("the page did not discard by itself after riichi")
            page.wait_for_timeout(50)
            return s
        self._riichi_wait = None
        if s["riichi"]:
            if _click(page, "[data-testid=act-riichi]"):
                s2 = page.evaluate(STATE)
                i = _best(s2["hand"], int(str(s2["melds"])), "riichi")
                if i is not None and _click(page, f"[data-testid=hand-tile] >> nth={i}"):
                    self.riichi_declared += 1
            return s
        i = _best(hand, int(str(s["melds"])), "enabled")
        if i is None:
            page.wait_for_timeout(50)
        else:
            _click(page, f"[data-testid=hand-tile] >> nth={i}")
        return s
