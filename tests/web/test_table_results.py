"""The result screens against a real server: the end of a match (why, final points, leftover
riichi sticks, unrated), a draw with the ready hands and their melds, a classical hand's figures
in English and German, and a result that stays open 20 s while nothing moves behind it.

The browser sits at the table as its player; a scripted WebSocket client of the same account
plays the seat quickly (computer players act at once), so the page shows what a player sees."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from jantaku.hand import shanten
from jantaku.rules.classical.names import ENGLISH, split_item
from jantaku.tiles import counts_of, parse_kind, parse_kinds
from tests.server.accounts import registered
from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess, choose, play_all
from tests.web.helpers import login_guest, register, session
from tests.web.layout import layout_problems
from tests.web.table_driver import STATE
from tests.web.test_sheet import grouped

SIZES = [(1440, 900), (390, 844)]
Policy = Callable[[dict[str, Any]], dict[str, Any]]


def _seat(proc: ServerProcess, page: Page, kind: str, length: str, bot: str) -> tuple[Client, str]:
    """A table of ``kind`` with computer players of level ``bot``, started by a scripted client
    of the page's account; the page then takes its seat (it shows the board and the hand)."""
    client = Client(proc, session(page)["token"])
    client.send({"type": "create", "kind": kind, "length": length, "id": 1})
    table = str(client.expect("created")["table"]["id"])
    client.send({"type": "join", "table": table, "fill_bots": True, "bot": bot})
    client.expect("snapshot")
    page.goto(f"{proc.base}/#/table/{table}")
    expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
    return client, table


def _play(
    client: Client,
    table: str,
    policy: Policy,
    stop: Callable[[dict[str, Any]], bool],
    confirm: bool = True,
) -> dict[str, Any]:
    """Answer the seat's prompts with ``policy`` until a message ``stop`` accepts (returned);
    each other hand's result is confirmed (unless ``confirm`` is false: the page does)."""
    for _ in range(200000):
        msg = client.pending or client.recv(timeout=60)
        client.pending = None
        if stop(msg):
            return msg
        if confirm and msg["type"] == "events" and msg.get("between_hands"):
            client.send({"type": "continue", "table": table})
        if msg["type"] == "prompt" and msg["table"] == table:
            time.sleep(0.012)  # under the server's 100 messages a second
            client.send({"type": "act", "table": table, "seq": msg["seq"], "action": policy(msg)})
    raise AssertionError("the scripted player never stopped")


class _Background:
    """The scripted player in a thread, while the test looks at the page."""

    def __init__(self, run: Callable[[], dict[str, Any]]) -> None:
        self.result: dict[str, Any] | None = None
        self.error: BaseException | None = None

        def target() -> None:
            try:
                self.result = run()
            except BaseException as e:  # handed to the test
                self.error = e

        self.thread = threading.Thread(target=target, daemon=True)
        self.thread.start()

    @property
    def done(self) -> bool:
        if self.error is not None:
            raise self.error
        return not self.thread.is_alive()


def _ended(msg: dict[str, Any]) -> bool:
    return msg["type"] == "match_ended"


def _between_hands(msg: dict[str, Any]) -> bool:
    return msg["type"] == "events" and bool(msg.get("between_hands"))


def _shots(page: Page, artifacts: Path, name: str) -> None:
    """Screenshots at both sizes, checking that the dialog fits each."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert layout_problems(page, ".overlay button, .overlay a") == [], (width, name)
        clipped = page.evaluate(
            "[...document.querySelectorAll('.overlay .table-scroll')]"
            ".filter((b) => b.scrollWidth > b.clientWidth + 1).length"
        )
        assert clipped == 0, f"{name}: a result table is cut off at {width}x{height}"
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))


# the table waits for its one person to close each hand's result
@pytest.mark.parametrize("server_proc", [("--solo-hand-pause", "3600")], indirect=True)
def test_the_match_end_says_why_and_shows_points_sticks_and_that_it_is_unrated(
    server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    """Each hand's result is closed by the page's Continue, which tells the table it was seen:
    the next hand is not played behind the dialog, so nothing redraws the page while the
    button is clicked (a hand played at full speed behind it kept a loaded machine's browser
    so busy that the click took longer than its limit)."""
    page = new_page(1440, 900)
    login_guest(page, server_proc.base)
    client, table = _seat(server_proc, page, "practice", "quick", "efficiency")
    player = _Background(lambda: _play(client, table, choose, _ended, confirm=False))
    deadline = time.monotonic() + 400
    while not page.evaluate(STATE)["matchEnd"]:  # close each hand's result as it comes
        assert time.monotonic() < deadline, "no match end: did Continue not start the next hand?"
        if page.evaluate(STATE)["handEnd"]:
            page.get_by_test_id("continue").click()
        page.wait_for_timeout(50)
    while not player.done:
        time.sleep(0.05)
    client.close()
    result = (player.result or {})["result"]
    end = page.get_by_test_id("match-end")
    # a screen reader is told the match ended, with the ranking (test_accessibility.py)
    said = page.get_by_test_id("table-announce")
    expect(said).to_contain_text("End of the match")
    expect(said).to_contain_text(
        end.get_by_test_id("ranking").locator("tbody tr td").nth(1).inner_text()
    )
    reason = {
        "bust": "went below zero",
        "last_hand": "the last hand was played",
        "dealer_stop": "won or was ready in the last hand while leading",  # names the dealer
    }[result["reason_code"]]
    expect(end.get_by_test_id("end-reason")).to_contain_text(reason)
    rows = end.get_by_test_id("ranking").locator("tbody tr")
    expect(rows).to_have_count(4)
    for place, seat in enumerate(result["ranking"]):  # the final points, first place first
        row = rows.nth(place)
        assert row.get_attribute("data-seat") == str(seat)
        expect(row.get_by_test_id("final-score")).to_have_text(
            grouped(result["scores"][seat])
        )  # 25,000 in English
    sticks = result["leftover"]["sticks"]
    names = [s["name"] for s in result["seats"]]
    if sticks:
        first = names[result["ranking"][0]]
        expect(end.get_by_test_id("leftover")).to_contain_text(f"went to {first}")
    else:
        expect(end.get_by_test_id("leftover")).to_have_text(
            "No riichi sticks were left on the table."
        )
    expect(end.get_by_test_id("rated")).to_contain_text("Unrated")
    assert end.get_by_test_id("rank-points").count() == 0  # a practice table: no ladder
    _shots(page, artifacts, "match-end")
    # the replay's end says the same (from the stored record)
    page.set_viewport_size({"width": 1440, "height": 900})
    end.get_by_test_id("replay-link").click()
    expect(page.get_by_test_id("replay")).to_be_visible()
    page.keyboard.press("End")
    box = page.get_by_test_id("replay-result")
    expect(box.get_by_test_id("end-reason")).to_contain_text(reason)
    expect(box.get_by_test_id("final-ranking").locator("li")).to_have_count(4)
    expect(box.get_by_test_id("rated")).to_contain_text("Unrated")


def test_a_ranked_match_end_shows_rank_points_and_rating_changes(
    server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    """Four new accounts at a quick novice table (doman-rules.md §5.1, Q14): from Novice with
    0 points and 1500 against three 1500s, 1st gets +30 (promoted to 9th Kyu at 0), 2nd +15,
    3rd and 4th 0; the rating moves by +30 / +10 / -10 / -30."""
    page = new_page(1440, 900)
    register(page, server_proc.base, "rankie", "a long password")
    clients = [Client(server_proc, session(page)["token"])]
    clients += [Client(server_proc, registered(server_proc)) for _ in range(3)]
    for c in clients:
        c.send({"type": "queue", "kind": "novice", "length": "quick"})
        c.expect("snapshot")
    table = str(clients[0].expect("snapshot")["table"]["id"])
    for c in clients[1:]:
        c.expect("snapshot")
    page.goto(f"{server_proc.base}/#/table/{table}")
    expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
    players = _Background(lambda: {"results": play_all(clients, table)})
    deadline = time.monotonic() + 400
    while not page.evaluate(STATE)["matchEnd"]:
        assert time.monotonic() < deadline
        if page.evaluate(STATE)["handEnd"]:
            # the board redraws on every message of the busy table, so the button is replaced
            # often; click the current one instead of waiting for it to stand still
            page.evaluate("document.querySelector('[data-testid=continue]')?.click()")
        page.wait_for_timeout(50)
        players.done  # noqa: B018 (raises the players' error)
    while not players.done:
        time.sleep(0.05)
    for c in clients:
        c.close()
    result = (players.result or {})["results"][0]
    end = page.get_by_test_id("match-end")
    expect(end.get_by_test_id("rated")).to_contain_text("Ranked match")
    rows = end.get_by_test_id("ranking").locator("tbody tr")
    expect(rows).to_have_count(4)
    rank_text = {1: "+30 · Novice 0 → 9th Kyu 0", 2: "+15 · Novice 15", 3: "±0 · Novice 0"}
    rank_text[4] = rank_text[3]
    rating = {1: "1500 → 1530 (+30)", 2: "1500 → 1510 (+10)", 3: "1500 → 1490 (−10)"}
    rating[4] = "1500 → 1470 (−30)"
    for place in range(1, 5):
        row = rows.nth(place - 1)
        assert row.get_attribute("data-seat") == str(result["ranking"][place - 1])
        expect(row.get_by_test_id("rank-points")).to_have_text(rank_text[place])
        expect(row.get_by_test_id("rating-change")).to_have_text(rating[place])
    _shots(page, artifacts, "match-end-ranked")


def _ready_policy(me: int, client: Client) -> Policy:
    """Never win, take the first pon offered, and throw the tile that leaves the hand closest
    to ready (so that a hand is ready when the wall runs out)."""

    def view() -> dict[str, Any]:
        for m in reversed(client.messages):
            if m["type"] in ("events", "snapshot") and m.get("view"):
                return dict(m["view"])
        raise AssertionError("no view yet")

    def policy(prompt: dict[str, Any]) -> dict[str, Any]:
        legal = prompt["legal_actions"]
        by_type: dict[str, list[dict[str, Any]]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        if "pon" in by_type:
            return by_type["pon"][0]
        if "discard" in by_type:
            v = view()
            kinds = parse_kinds(v["hand"])
            melds = len(v["seats"][me].get("meld_info") or [])

            def after(a: dict[str, Any]) -> int:
                rest = list(kinds)
                rest.remove(parse_kind(a["tile"]))
                return shanten(counts_of(rest), melds)

            return min(by_type["discard"], key=after)
        return by_type.get("pass", legal)[0]

    return policy


def _draw_with_ready_hand(msg: dict[str, Any]) -> bool:
    if not _between_hands(msg):
        return False
    ends = [e for e in msg["events"] if e["type"] == "deal_ended"]
    return bool(ends) and ends[0]["draw"] == "exhaustive" and any(ends[0]["hands"])


# the table waits for its one person to close each hand's result (as at the match end above)
@pytest.mark.parametrize("server_proc", [("--solo-hand-pause", "3600")], indirect=True)
def test_a_draw_shows_the_ready_hands_with_their_melds(
    server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    page = new_page(1440, 900)
    login_guest(page, server_proc.base)
    client, table = _seat(server_proc, page, "practice", "full", "random")
    me = int(client.messages[-1]["seat"])
    policy = _ready_policy(me, client)
    player = _Background(lambda: _play(client, table, policy, _draw_with_ready_hand, confirm=False))
    deadline = time.monotonic() + 500
    drawn = None
    while drawn is None:
        assert time.monotonic() < deadline, "no draw with a ready hand"
        s = page.evaluate(STATE)
        if s["matchEnd"]:
            pytest.fail("the match ended before a draw with a ready hand")
        if s["handEnd"]:
            end = page.get_by_test_id("hand-end")
            if end.get_by_test_id("shown-hand").count() and end.get_by_test_id("draw").count():
                drawn = end
                break
            page.get_by_test_id("continue").click()
        page.wait_for_timeout(50)
        player.done  # noqa: B018 (raises the player's error)
    while not player.done:
        time.sleep(0.05)
    client.close()
    event = next(e for e in (player.result or {})["events"] if e["type"] == "deal_ended")
    expect(drawn.get_by_test_id("draw")).to_contain_text("exhaustive draw")
    # exactly the ready seats' hands are shown (with their melds); the others stay hidden
    shown = drawn.get_by_test_id("shown-hand")
    ready = [i for i, hand in enumerate(event["hands"]) if hand]
    assert [int(shown.nth(i).get_attribute("data-seat") or -1) for i in range(shown.count())] == (
        ready
    )
    for i, seat in enumerate(ready):
        tiles = shown.nth(i).locator(".result-hand .tile")
        expect(tiles).to_have_count(len(parse_kinds(event["hands"][seat])))
    hidden = drawn.get_by_test_id("hidden-hand")
    noten = [s["name"] for i, s in enumerate(_seats(page)) if i not in ready]
    if noten:
        expect(hidden).to_have_text(f"Not ready (noten), hands stay hidden: {', '.join(noten)}")
        assert hidden.locator(".tile").count() == 0
    else:
        expect(hidden).to_have_count(0)
    own = [int(shown.nth(i).get_attribute("data-seat") or -1) for i in range(shown.count())]
    if me in own:  # the own ready hand shows its pon (when one was taken) beside the tiles
        box = shown.nth(own.index(me))
        melds = len(client_view_melds(client, me))
        expect(box.locator(".result-melds .meld")).to_have_count(melds)
    _shots(page, artifacts, "draw-ready-hands")


def _seats(page: Page) -> list[dict[str, Any]]:
    """The table's seats as the page knows them (names in seat order)."""
    table = page.evaluate("location.hash").split("/table/")[1].split("?")[0]
    token = session(page)["token"]
    return list(
        page.evaluate(
            f"fetch('/api/tables/{table}', {{headers: {{Authorization: 'Bearer {token}'}}}})"
            ".then((r) => r.json()).then((j) => j.seats)"
        )
    )


def client_view_melds(client: Client, me: int) -> list[Any]:
    """The own melds of the deal that just ended (the last view before its end)."""
    views = [m for m in client.messages if m["type"] == "events" and m.get("view")]
    for m in reversed(views):
        if any(e["type"] == "deal_ended" for e in m["events"]):
            continue
        return list(m["view"]["seats"][me].get("meld_info") or [])
    return []


def test_a_classical_result_names_figures_in_english_and_in_german(
    server_proc: ServerProcess, new_page, artifacts: Path
) -> None:
    page = new_page(1440, 900)
    login_guest(page, server_proc.base)
    client, table = _seat(server_proc, page, "classical", "quick", "efficiency")
    player = _Background(lambda: _play(client, table, choose, _between_hands))
    end = page.get_by_test_id("hand-end")
    expect(end).to_be_visible(timeout=120000)
    while not player.done:
        time.sleep(0.05)
    client.close()
    items = end.locator("li[data-item]")
    assert items.count() >= 1  # scored items (how many depends on the random hand)
    english, translated = [], False
    for i in range(items.count()):
        raw = items.nth(i).get_attribute("data-item") or ""
        row, tiles, _limit = split_item(raw)
        name = items.nth(i).locator(".item-name").inner_text().strip()
        want = row if ENGLISH[row] == row else f"{ENGLISH[row]} ({row})"
        translated = translated or ENGLISH[row] != row
        assert name == want, (raw, name)
        if tiles:  # the figure's tiles beside its name, as pictures
            expect(items.nth(i).locator(".item-tiles .tile")).to_have_count(len(parse_kinds(tiles)))
        english.append(name)
    assert not translated or any("(" in n for n in english)  # with the German term beside
    _shots(page, artifacts, "classical-result-en")
    page.set_viewport_size({"width": 1440, "height": 900})
    _language(page, "de")  # the header's switch lies under the dialog's backdrop
    expect(end.get_by_role("heading").first).to_have_text("Ende des Spiels")
    for i in range(items.count()):
        raw = items.nth(i).get_attribute("data-item") or ""
        row = split_item(raw)[0]
        expect(items.nth(i).locator(".item-name")).to_have_text(row)  # German alone
    _shots(page, artifacts, "classical-result-de")
    _language(page, "en")


def _language(page: Page, lang: str) -> None:
    """Switch the UI language as the header's EN/DE buttons do (the table redraws in place)."""
    page.evaluate(f"import('/static/js/i18n.js').then((m) => m.setLang('{lang}'))")


def test_a_result_left_open_20_seconds_lets_nothing_happen_behind_it(
    tmp_path: Path, new_page, artifacts: Path
) -> None:
    """A practice table (computer players acting at once, the server's own pause rules): the
    hand's result stays 20 s on screen; no tile is played for the player, nobody moves on."""
    database = f"sqlite:///{tmp_path / 'pause.sqlite3'}"
    proc = ServerProcess(database, "--bot-delay", "0", solo_pause=None).start()
    try:
        for width, height in SIZES:
            page = new_page(width, height)
            login_guest(page, proc.base)
            client, table = _seat(proc, page, "practice", "quick", "efficiency")
            _play(client, table, choose, _between_hands)
            client.close()  # from now on only the page is at the table
            end = page.get_by_test_id("hand-end")
            expect(end).to_be_visible(timeout=20000)
            seq = page.get_by_test_id("table-page").get_attribute("data-seq")
            stored = len(stored_actions(database, table))
            page.screenshot(path=str(artifacts / f"result-held-{width}x{height}.png"))
            page.wait_for_timeout(20000)
            expect(end).to_be_visible()
            assert page.get_by_test_id("table-page").get_attribute("data-seq") == seq
            actions = stored_actions(database, table)
            assert len(actions) == stored, actions[stored:]  # nobody acted, no timeout either
            assert page.evaluate(STATE)["handEnd"]
            # closing it lets the match go on at once (the pause was the page's to end)
            page.get_by_test_id("continue").click()
            expect(page.get_by_test_id("table-page")).not_to_have_attribute(
                "data-seq", seq or "", timeout=10000
            )
            page.close()
    finally:
        proc.stop()


def _next_hand_under_way(msg: dict[str, Any]) -> bool:
    """Several discards of the hand after the result: the page has redrawn many times."""
    return msg["type"] == "events" and sum(e["type"] == "discarded" for e in msg["events"]) > 0


def test_an_open_result_keeps_its_scroll_while_the_game_goes_on(tmp_path: Path, new_page) -> None:
    """On a short phone screen the hand's result scrolls. The scripted player of the same
    account confirms it and plays on, so the page redraws on every message behind the result
    still open there: it stays where its reader scrolled to, and stays the same element (a
    button replaced between press and release would lose the click)."""
    # the result waits for its confirmation: a pause that runs out while the test reads the
    # page would deal the next hand behind the scripted player's back
    database = f"sqlite:///{tmp_path / 'scroll.sqlite3'}"
    proc = ServerProcess(database, "--bot-delay", "0", solo_pause=None).start()
    try:
        page = new_page(390, 360)
        login_guest(page, proc.base)
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        end = _play(client, table, choose, _between_hands)
        expect(page.get_by_test_id("hand-end")).to_be_visible(timeout=20000)
        overlay = page.locator("[data-testid=table-page] > .overlay")
        room = overlay.evaluate("(o) => o.scrollHeight - o.clientHeight")
        assert room > 100, f"the result must scroll on this screen ({room} px)"
        overlay.evaluate("(o) => { o.scrollTop = o.scrollHeight; }")
        top = overlay.evaluate("(o) => o.scrollTop")
        assert top > 100
        seq = int(page.get_by_test_id("table-page").get_attribute("data-seq") or 0)
        button = page.get_by_test_id("continue")
        button.evaluate("(b) => { b.marked = true; }")  # a property: the page's HTML is unchanged
        client.send({"type": "continue", "table": table})
        for _ in range(3):  # three discards of the next hand, each a redraw of the page
            _play(client, table, choose, _next_hand_under_way)
        page.wait_for_function(
            f"() => Number(document.querySelector('[data-testid=table-page]').dataset.seq) > {seq}"
        )
        expect(page.get_by_test_id("hand-end")).to_be_visible()
        assert overlay.evaluate("(o) => o.scrollTop") == top
        assert button.evaluate("(b) => b.marked === true")
        assert button.evaluate("(b) => b === document.activeElement")  # the keyboard answers it
        shown = page.locator(f".overlay[data-key='hand-{end['seq']}']")
        expect(shown).to_have_count(1)
        button.click()  # (the next deal may have ended too, rarely: so this result by its key)
        expect(shown).to_have_count(0)
        client.close()
        page.close()
    finally:
        proc.stop()
