"""The waiting room's "start with computer players" seats puppets of a level that plays to win:
the player's saved level for the table's family (the defensive puppets for one who never chose,
as the lobby's practice card), chosen in a select of the levels the server offers that family.
The choice is sent with ``start``, saved for the lobby, and kept while players come and go.
A ``?fill=1`` link without ``&bot=`` seats the saved (or default) level too, never the filler
puppets the protocol defaults to."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest
from tests.web.layout import layout_problems
from tests.web.test_table_keep import COUNT_RECEIVED
from tests.web.test_waiting_keep import _Frames

LEVEL = "start-level"


def _waiting_table(page: Page, base: str, kind: str) -> str:
    """A new table of ``kind`` made through the page; the page shows its waiting room."""
    page.goto(f"{base}/#/table/new?kind={kind}&length=quick")
    page.wait_for_url(re.compile(r".*#/table/[0-9a-f]+$"))
    expect(page.get_by_test_id("start-bots")).to_be_visible()
    return page.url.split("#/table/")[1]


def _options(page: Page) -> list[str]:
    return list(
        page.get_by_test_id(LEVEL).locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    )


def _puppets(page: Page, table: str) -> list[str]:
    """The levels of the puppets seated at ``table`` (its summary, asked with the page's token)."""
    summary = page.evaluate(
        f"fetch('/api/tables/{table}', {{headers: {{Authorization: "
        f"'Bearer ' + localStorage.getItem('jantaku.token')}}}}).then((r) => r.json())"
    )
    return sorted(str(s["bot"]) for s in summary["seats"] if s["bot"])


def _started(page: Page) -> None:
    expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)


def test_start_seats_the_defensive_puppets_by_default(
    server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page(1440, 900)
    frames = _Frames(page, {"start"})
    login_guest(page, server_proc.base)
    table = _waiting_table(page, server_proc.base, "party")
    level = page.get_by_test_id(LEVEL)
    expect(level.locator("option")).to_have_count(4)  # the riichi levels of GET /api/bots
    assert _options(page) == ["random", "efficiency", "defensive", "strongest"]
    expect(level).to_have_value("defensive")
    expect(level.locator("option:checked")).to_have_text("Defensive – folds against riichi")
    page.get_by_test_id("start-bots").click()
    _started(page)
    assert frames.sent == [{"type": "start", "table": table, "fill_bots": True, "bot": "defensive"}]
    assert _puppets(page, table) == ["defensive"] * 3


def test_a_chosen_level_is_sent_and_the_lobby_keeps_it(
    server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page(1440, 900)
    frames = _Frames(page, {"start"})
    login_guest(page, server_proc.base)
    table = _waiting_table(page, server_proc.base, "party")
    level = page.get_by_test_id(LEVEL)
    expect(level.locator("option")).to_have_count(4)
    level.select_option("efficiency")
    page.get_by_test_id("start-bots").click()
    _started(page)
    assert [m.get("bot") for m in frames.sent] == ["efficiency"]
    assert _puppets(page, table) == ["efficiency"] * 3
    # the lobby's practice card offers the riichi level chosen at the table
    page.goto(f"{server_proc.base}/#/lobby")
    expect(page.get_by_test_id("practice-family")).to_have_value("riichi")
    expect(page.get_by_test_id("practice-bot").locator("option")).to_have_count(4)
    expect(page.get_by_test_id("practice-bot")).to_have_value("efficiency")


def test_a_classical_table_offers_the_classical_levels(
    server_proc: ServerProcess, new_page: Any, artifacts: Path
) -> None:
    page = new_page(390, 800)  # a phone: the select and the buttons fit beside each other
    frames = _Frames(page, {"start"})
    login_guest(page, server_proc.base)
    table = _waiting_table(page, server_proc.base, "classical")
    level = page.get_by_test_id(LEVEL)
    expect(level.locator("option")).to_have_count(3)
    assert _options(page) == ["random", "efficiency", "strongest"]
    expect(level).to_have_value("efficiency")  # no defensive puppets: the step below the top
    expect(level.locator("option:checked")).to_have_text("Efficient – fastest Mah Jongg")
    assert layout_problems(page) == []
    page.get_by_test_id("waiting").screenshot(
        path=str(artifacts / "waiting-levels-classical-390.png")
    )
    page.get_by_test_id("start-bots").click()
    _started(page)
    assert [m.get("bot") for m in frames.sent] == ["efficiency"]
    assert _puppets(page, table) == ["efficiency"] * 3


def test_a_changed_level_survives_a_table_update(server_proc: ServerProcess, new_page: Any) -> None:
    page = new_page(1440, 900)
    page.add_init_script(COUNT_RECEIVED)
    frames = _Frames(page, {"start"})
    login_guest(page, server_proc.base)
    table = _waiting_table(page, server_proc.base, "party")
    level = page.get_by_test_id(LEVEL)
    expect(level.locator("option")).to_have_count(4)
    level.select_option("random")
    level.evaluate("(e) => { e.marked = true; }")
    before = int(page.evaluate("window.__received.table_update || 0"))
    other = Client(server_proc, server_proc.guest())
    try:
        other.send({"type": "join", "table": table})
        other.expect("snapshot")
        page.wait_for_function("(n) => (window.__received.table_update || 0) > n", arg=before)
        assert other.user is not None
        expect(page.get_by_test_id("waiting")).to_contain_text(str(other.user["name"]))
        expect(level).to_have_value("random")
        assert level.evaluate("(e) => e.marked === true"), "the select was drawn anew"
        page.get_by_test_id("start-bots").click()
        _started(page)
        assert [m.get("bot") for m in frames.sent] == ["random"]
        assert _puppets(page, table) == ["random"] * 2
    finally:
        other.close()


def test_a_fill_link_without_a_level_seats_the_familys_default(
    server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page(1440, 900)
    frames = _Frames(page, {"join"})
    login_guest(page, server_proc.base)
    table = _waiting_table(page, server_proc.base, "classical")
    # the address alone: the page learns the table's family before it joins
    page.goto(f"{server_proc.base}/#/lobby")
    expect(page.get_by_test_id("practice")).to_be_visible()
    page.goto(f"{server_proc.base}/#/table/{table}?fill=1")
    _started(page)
    fills = [m for m in frames.sent if m.get("fill_bots")]
    assert [m.get("bot") for m in fills] == ["efficiency"], frames.sent
    assert _puppets(page, table) == ["efficiency"] * 3


def test_a_fill_link_to_a_private_table_seats_the_saved_level(
    server_proc: ServerProcess, new_page: Any
) -> None:
    """An invitee's ``?fill=1`` link to a private table: the table's summary serves its own
    players only, so the page learns the family once seated and then fills with the saved
    (or default) level, never the filler puppets."""
    owner = Client(server_proc, server_proc.guest())
    try:
        owner.send({"type": "create", "kind": "classical", "length": "quick", "private": True})
        created = owner.expect("created")
        table, invite = created["table"]["id"], created["invite"]
        page = new_page(1440, 900)
        frames = _Frames(page, {"join"})
        login_guest(page, server_proc.base)
        page.goto(f"{server_proc.base}/#/table/{table}?invite={invite}&fill=1")
        _started(page)
        fills = [m for m in frames.sent if m.get("fill_bots")]
        assert [m.get("bot") for m in fills] == ["efficiency"], frames.sent
        assert _puppets(page, table) == ["efficiency"] * 2
    finally:
        owner.close()
