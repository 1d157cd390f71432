"""The browser client for a player who uses the keyboard alone, a screen reader, or needs
contrast: every control of a live table (both families) and of the pages around it has a name
in the page's language and an edge that stands out (3:1); a hand is played with keys alone (a
tile thrown by Tab and Enter, a call answered by its key, the result closed by Enter) while a
live region says the turn, the call offered and the result; a dialog takes the focus, keeps Tab
inside, and gives the focus back when it closes; the text of every page has WCAG AA contrast;
each page has one h1."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.a11y import low_contrast, names_of, structure, unnamed_controls, weak_boundaries
from tests.web.helpers import login_guest, play_practice_game, session
from tests.web.seeded import SKIP, STOP, Answer, SeededServer, first_seed
from tests.web.table_driver import STATE, play_until
from tests.web.test_table_results import _seat, _seats
from tests.web.test_table_stoerspiel import acts_sent, open_recorded_turn

# the words of each suit and of the honours in the tiles' names, by language
TILE_WORDS = {
    "en": ("characters", "dots", "bamboo", "wind", "dragon", "Flower", "Season"),
    "de": ("Man", "Pin", "Sou", "wind", "Drache", "Blume", "Jahreszeit"),
}
ANNOUNCE = "[data-testid=table-announce]"


def _start(page: Page, server: str, kind: str) -> None:
    page.goto(f"{server}/#/table/new?kind={kind}")
    page.wait_for_url("**/#/table/*")
    page.get_by_test_id("start-bots").click()
    expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)


def _checked(page: Page, lang: str) -> None:
    """No nameless control, the hand tiles named in ``lang``, one h1, the language set, and
    every text readable."""
    assert unnamed_controls(page) == []
    shape = structure(page)
    assert shape["lang"] == lang and shape["h1"] == 1 and shape["main"] == 1, shape
    tiles = page.locator("[data-testid=hand] [data-testid=hand-tile]")
    names = [str(tiles.nth(i).get_attribute("aria-label")) for i in range(tiles.count())]
    assert names, "no hand tiles"
    for name in names:
        assert any(word in name for word in TILE_WORDS[lang]), (lang, name)
    assert low_contrast(page) == []
    assert weak_boundaries(page) == []


@pytest.mark.parametrize("kind", ["practice", "classical"])
def test_every_control_of_a_live_table_is_named_in_english_and_german(
    server: str, new_page: Any, kind: str
) -> None:
    page = new_page()
    login_guest(page, server)
    _start(page, server, kind)
    _checked(page, "en")
    page.get_by_role("button", name="DE").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("toggle-sound").locator("xpath=..")).to_contain_text("Ton")
    _checked(page, "de")
    # the prompt's buttons speak German too (the first turn is the own: East deals)
    buttons = [name for role, name in names_of(page, {"button"}) if name]
    assert "Partie verlassen" in buttons, buttons
    # the end of the hand: its dialog, named and readable
    play_until(page, "hand_end", timeout=300)
    assert unnamed_controls(page) == []
    assert low_contrast(page) == []


def _problems(page: Page) -> tuple[list[str], list[str], list[str], int]:
    """What a page lacks: names, text contrast, control edges; and its number of h1."""
    return unnamed_controls(page), low_contrast(page), weak_boundaries(page), structure(page)["h1"]


def test_the_pages_around_the_table_have_readable_named_and_headed_content(
    server_proc: Any, new_page: Any
) -> None:
    page = new_page()
    page.goto(f"{server_proc.base}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    pages = ["login"]
    problems = {"login": _problems(page)}
    # the brand's tile is decoration (the link says "jantaku"): hidden from screen readers
    expect(page.locator(".brand .tile")).to_have_attribute("aria-hidden", "true")
    login_guest(page, server_proc.base)
    user = session(page)["user"]
    game = play_practice_game(server_proc, session(page)["token"])
    for name, address, ready in [
        ("lobby", "#/lobby", "open-tables"),
        ("profile", f"#/profile/{user['id']}", "profile-name"),
        ("replay", f"#/replay/{game}", "replay-position"),
        ("sheet", "#/sheet", "nav-sheet"),
    ]:
        page.goto(f"{server_proc.base}/{address}")
        expect(page.get_by_test_id(ready)).to_be_visible()
        page.wait_for_timeout(300)  # the page's data (the profile's games, the replay's record)
        pages.append(name)
        problems[name] = _problems(page)
        if name != "replay":  # the navigation says which of its pages is shown
            current = page.locator("nav [aria-current=page]")
            expect(current).to_have_attribute("data-nav", name)
    assert problems == {name: ([], [], [], 1) for name in pages}


def _announced(page: Page) -> str:
    return str(page.locator(ANNOUNCE).inner_text())


def test_a_dialog_takes_the_focus_keeps_tab_inside_and_gives_it_back(
    server: str, new_page: Any
) -> None:
    page = new_page()
    login_guest(page, server)
    _start(page, server, "practice")
    leave = page.get_by_test_id("leave-match")
    leave.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_test_id("leave-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("leave-stay")).to_be_focused()
    for _ in range(3):  # Stay, Leave, Stay, Leave: never the page behind
        page.keyboard.press("Tab")
        assert page.evaluate(
            "document.activeElement.closest('[data-testid=leave-dialog]') !== null"
        )
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_test_id("leave-stay")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(leave).to_be_focused()


def _tsumogiri_to_a_call() -> Answer:
    """The seed search's way through a game, as the keyboard test plays it: throw each drawn
    tile, pass whatever else is offered, and stop at the first chi or pon offer."""

    def answer(prompt: dict[str, Any]) -> dict[str, Any] | str:
        legal = prompt["legal_actions"]
        kinds = {a["type"] for a in legal}
        if kinds & {"chi", "pon"}:
            return STOP
        if "discard" in kinds:
            drawn = [
                a
                for a in legal
                if a["type"] == "discard" and a.get("tile_index") == prompt.get("drawn_index")
            ]
            return drawn[0] if drawn else SKIP
        passes = [a for a in legal if a["type"] == "pass"]
        return passes[0] if passes else SKIP

    return answer


def _into_the_hand(page: Page) -> None:
    """Tab from the top of the page until a hand tile has the focus."""
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset.testid === 'hand-tile'"):
            return
    raise AssertionError("Tab never reached the hand")


def test_a_hand_is_played_with_the_keyboard_alone_and_its_moments_are_announced(
    tmp_path: Path, new_page: Any
) -> None:
    """A game known (played through in process first) to offer a call: the player tabs into the
    hand, throws each drawn tile with End and Enter, answers each offer with Space, and closes
    each result with Enter, until a call was answered and its hand ended; the live region says
    each turn, the call and the result."""
    seed = first_seed(tmp_path, "keys", range(40), _tsumogiri_to_a_call)
    proc = SeededServer(f"sqlite:///{tmp_path / 'keys.sqlite3'}", seed).start()
    page = new_page()
    try:
        login_guest(page, proc.base)
        client, _table = _seat(proc, page, "practice", "quick", "efficiency")
        expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
        _into_the_hand(page)
        expect(page.locator("[data-testid=hand-tile]:focus")).to_be_visible()  # a ring shows
        ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert ring != "none"
        heard: set[str] = set()
        turns = calls = results = 0
        deadline = time.monotonic() + 300
        while True:
            assert time.monotonic() < deadline, f"{turns} turns, {calls} calls, heard {heard}"
            s = page.evaluate(STATE)
            said = _announced(page)
            assert not s["matchEnd"], f"the match ended: {turns} turns, {calls} calls"
            if s["handEnd"]:
                expect(page.locator(ANNOUNCE)).to_contain_text("End of the hand")
                expect(page.get_by_test_id("continue")).to_be_focused()
                page.keyboard.press("Enter")
                expect(page.get_by_test_id("hand-end")).to_have_count(0)
                results += 1
                if calls:
                    break
            if s["pass"]:
                expect(page.locator(ANNOUNCE)).to_contain_text("Pass (Space)")
                heard.add(said)
                calls += "A call is possible" in said
                seq = s["seq"]
                page.keyboard.press("Space")
                expect(page.get_by_test_id("table-page")).not_to_have_attribute(
                    "data-seq", str(seq)
                )
            elif s["drawn"]:
                expect(page.locator(ANNOUNCE)).to_contain_text("Your turn")
                expect(page.locator(ANNOUNCE)).to_contain_text("You drew")
                heard.add(said)
                turns += 1
                seq = s["seq"]
                page.keyboard.press("End")  # the drawn tile: the hand's last
                expect(page.locator(".hand-tile--drawn")).to_be_focused()
                page.keyboard.press("Enter")
                expect(page.get_by_test_id("table-page")).not_to_have_attribute(
                    "data-seq", str(seq)
                )
                # the focus stays in the hand for the next turn (or the result took it)
                focused = page.evaluate("document.activeElement?.dataset.testid")
                assert focused in ("hand-tile", "continue"), focused
            else:
                page.wait_for_timeout(50)
        assert turns >= 1 and calls >= 1 and results >= 1, (turns, calls, heard)
        client.close()
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()


def test_a_warned_discard_is_answered_by_keys_and_the_focus_comes_back(
    server: str, tmp_path: Path, new_page: Any
) -> None:
    """A recorded classical turn with a tile the Störspiel rule forbids: the player tabs into
    the hand and goes to the marked tile with the arrow keys; Enter opens the warning with
    "Keep it" focused, Escape keeps the tile and gives the focus back to it; Enter again, Tab to
    "Discard anyway" and Enter send that tile."""
    page = new_page()
    _messages, sent = open_recorded_turn(page, server, tmp_path)
    marked = page.locator(".hand-tile--danger:not([aria-disabled])").first
    expect(marked).to_be_visible(timeout=20000)
    tile = marked.get_attribute("data-tile")
    _into_the_hand(page)
    page.keyboard.press("Home")  # Tab lands on the drawn tile: the marked one lies before it
    for _ in range(20):
        if marked.evaluate("(b) => b === document.activeElement"):
            break
        page.keyboard.press("ArrowRight")
    expect(marked).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.get_by_test_id("danger-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("danger-cancel")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").first).to_be_focused()
    assert not [m for m in sent if m["type"] == "act"]  # nothing sent: the tile was kept
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("danger-cancel")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("danger-confirm")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    acts = acts_sent(page, sent)
    assert [(a["action"]["type"], a["action"]["tile"]) for a in acts] == [("discard", tile)]


def _tsumogiri() -> Answer:
    """The seed search's way through a game, as the test's player plays it: throw each drawn
    tile, pass every call offered."""

    def answer(prompt: dict[str, Any]) -> dict[str, Any] | str:
        legal = prompt["legal_actions"]
        drawn = [
            a
            for a in legal
            if a["type"] == "discard" and a.get("tile_index") == prompt.get("drawn_index")
        ]
        passes = [a for a in legal if a["type"] == "pass"]
        return (drawn or passes or [SKIP])[0]

    return answer


def _others_call_or_riichi(message: dict[str, Any]) -> bool:
    """An events message where a computer player (not seat 0) calls, declares a kan or riichi."""
    if message["type"] != "events":
        return False
    return any(
        e.get("seat", 0) != 0
        and (e["type"] in ("called", "kan_declared") or (e["type"] == "discarded" and e["riichi"]))
        for e in message["events"]
    )


# what the live region says when another seat calls or declares riichi, by language
HEARD = {
    "en": r"\S+ (declares riichi, discarding|calls (Chi|Pon|Kan):|declares Kan:) \S",
    "de": r"\S+ (erklärt Riichi und wirft|ruft (Chi|Pon|Kan):|meldet Kan:) \S",
}
# the words of the reading keys, by language: last discard, hand, scores, wall and dora
READ = {
    "en": ("Last discard: ", "Your hand: ", "Score: ", "Wall "),
    "de": ("Letzter Abwurf: ", "Deine Hand: ", "Punkte: ", "Mauer "),
}
# every text the live region says, kept in the page (window.heard)
LISTEN = """(sel) => {
  window.heard = [];
  const region = document.querySelector(sel);
  new MutationObserver(() => {
    const text = region.innerText.trim();
    if (text) window.heard.push(text);
  }).observe(region, { childList: true, subtree: true, characterData: true });
}"""


def _heard(page: Page) -> list[str]:
    return list(page.evaluate("window.heard"))


def _read(page: Page, key: str, start: str) -> str:
    """Press a reading key until the live region says what starts with ``start`` (a key the
    page takes while it has not drawn the newest message yet does nothing)."""
    for _ in range(20):
        page.keyboard.press(key)
        said = _announced(page)
        if said.startswith(start):
            return said
        page.wait_for_timeout(100)
    raise AssertionError(f"{key} said {_announced(page)!r}, not {start!r}…")


def _hand_words(page: Page, lang: str) -> tuple[list[str], str | None]:
    """The hand tiles' names in order (without their notes) and the drawn tile's."""
    drawn_note = {"en": ", drawn tile", "de": ", gezogener Stein"}[lang]
    labels = page.eval_on_selector_all(
        "[data-testid=hand] [data-testid=hand-tile]",
        "(bs) => bs.map((b) => [b.getAttribute('aria-label'),"
        " b.classList.contains('hand-tile--drawn')])",
    )
    tiles = [str(label).split(drawn_note)[0] for label, drawn in labels if not drawn]
    drawn = [str(label).split(drawn_note)[0] for label, d in labels if d]
    return tiles, drawn[0] if drawn else None


# the page went on from the message numbered seq: a newer one, a warning, or the match's end
MOVED = """(seq) => {
  const q = (s) => document.querySelector(s);
  return q('[data-testid=table-page]').dataset.seq !== seq || q('[data-testid=danger-dialog]')
    || (q('[data-testid=match-end]') && !q('[data-testid=hand-end]'));
}"""


def play_until_heard(page: Page, wanted: Callable[[str], bool]) -> None:
    """Play by keys (D throws the drawn tile, a Störspiel warning is answered "Discard anyway",
    Space passes, Enter closes a result) until the live region has said something ``wanted``
    accepts."""
    deadline = time.monotonic() + 240
    while not any(wanted(said) for said in _heard(page)):
        assert time.monotonic() < deadline, _heard(page)
        s = page.evaluate(STATE)
        assert not s["matchEnd"], _heard(page)
        if s["danger"]:
            page.get_by_test_id("danger-confirm").click()
        elif s["handEnd"]:
            page.keyboard.press("Enter")
        elif s["pass"]:
            page.keyboard.press("Space")
        elif s["drawn"]:
            page.keyboard.press("d")
        else:
            page.wait_for_timeout(50)
            continue
        page.wait_for_function(MOVED, arg=str(s["seq"]))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_others_calls_and_riichi_are_called_out_and_keys_read_the_table(
    tmp_path: Path, new_page: Any, lang: str
) -> None:
    """A game known (played through in process first) where a computer player calls or
    declares riichi while the person throws each drawn tile: the live region says it, in the
    page's language, to the player and to a spectator, not the plain discards; the hand is one
    Tab stop; L, H, S and W read the last discard, the hand in order, the scores, the wall and
    dora; with "Announce every discard" on, the plain discards are said too."""
    seed = first_seed(tmp_path, "news", range(40), _tsumogiri, seen=_others_call_or_riichi)
    proc = SeededServer(f"sqlite:///{tmp_path / 'news.sqlite3'}", seed).start()
    page = new_page()
    watcher = new_page()
    try:
        for p in (page, watcher):
            login_guest(p, proc.base)
            if lang == "de":
                p.get_by_role("button", name="DE").click()
                expect(p.locator("html")).to_have_attribute("lang", "de")
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        watcher.goto(f"{proc.base}/#/table/{table}?watch=1")
        expect(watcher.get_by_test_id("board")).to_be_visible(timeout=20000)
        for p in (page, watcher):
            p.evaluate(LISTEN, ANNOUNCE)
        expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
        # the hand is one Tab stop: Tab goes on to the prompt, Shift+Tab comes back to the tile
        _into_the_hand(page)
        tile = page.evaluate("document.activeElement.dataset.tile")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement?.dataset.testid") != "hand-tile"
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement?.dataset.tile") == tile
        pattern = re.compile(HEARD[lang])
        play_until_heard(page, lambda said: bool(pattern.search(said)))
        # the spectator hears the same (closing any result that stands in the way)
        for _ in range(200):
            if any(pattern.search(said) for said in _heard(watcher)):
                break
            if watcher.get_by_test_id("continue").count():
                watcher.get_by_test_id("continue").click()
            watcher.wait_for_timeout(100)
        assert any(pattern.search(said) for said in _heard(watcher)), _heard(watcher)
        # the others' plain discards are not said (the toggle is off)
        names = tuple(f"{seat['name']} " for seat in _seats(page) if seat.get("name"))
        plain = {"en": " discarded ", "de": " abgeworfen"}[lang]
        assert not [x for x in _heard(page) if x.startswith(names) and plain in x.split(".")[0]]
        last, hand, score, wall = READ[lang]
        said = _read(page, "l", last)
        assert any(word in said for word in TILE_WORDS[lang]), said
        said = _read(page, "h", hand)
        tiles, drawn = _hand_words(page, lang)
        assert said.startswith(hand + ", ".join(tiles)), (said, tiles)
        if drawn:
            assert drawn in said.split(". ")[-1], (said, drawn)
        said = _read(page, "s", score)
        assert said.count(",") >= 3 and {"en": "you ", "de": "du "}[lang] in said, said
        said = _read(page, "w", wall)
        assert {"en": "Dora indicators: ", "de": "Dora-Anzeiger: "}[lang] in said, said
        # with "Announce every discard" on, the others' plain discards are said too
        page.get_by_test_id("toggle-say-discards").check()
        page.get_by_test_id("toggle-say-discards").focus()
        assert _read(page, "s", score)  # a focused setting passes the letter keys on
        play_until_heard(page, lambda x: x.startswith(names) and plain in x.split(".")[0])
        expect(page.get_by_test_id("table-keys")).to_contain_text(
            {"en": "L last discard", "de": "L letzter Abwurf"}[lang]
        )
        client.close()
    finally:
        watcher.close()
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()
