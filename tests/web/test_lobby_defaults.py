"""Good defaults in the lobby: the practice table's puppet level is chosen per family (the
defensive one unless the player chose), each table names its rules and length in its family's
words (the lists and the table page's header), a classical table offers no kuitan, and the
ranked queue shows how many wait and, to the player who waits, a running wait time."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest, register
from tests.web.layout import layout_problems

SIZES = [(1440, 900), (390, 844)]


def _summary(page: Page, table_id: str) -> Any:
    """The table summary, fetched with the page's token (a practice table is private)."""
    return page.evaluate(
        f"fetch('/api/tables/{table_id}', {{headers: {{Authorization: "
        f"'Bearer ' + localStorage.getItem('jantaku.token')}}}}).then((r) => r.json())"
    )


def _options(page: Page, testid: str) -> list[str]:
    return list(
        page.get_by_test_id(testid).locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_practice_offers_each_familys_levels_and_seats_the_chosen_one(
    server: str, new_page, artifacts: Path, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    login_guest(page, server)
    bots = page.get_by_test_id("practice-bot")
    expect(bots.locator("option")).to_have_count(4)
    assert _options(page, "practice-bot") == ["random", "efficiency", "defensive", "strongest"]
    expect(bots).to_have_value("defensive")  # the default of a player who never chose
    expect(bots.locator("option:checked")).to_have_text("Defensive – folds against riichi")
    # switching to the classical rules offers the classical puppets and lengths
    page.get_by_test_id("practice-family").select_option("classical")
    expect(bots.locator("option")).to_have_count(3)
    assert _options(page, "practice-bot") == ["random", "efficiency", "strongest"]
    expect(bots).to_have_value("efficiency")  # no defensive puppets: the step below the top
    expect(bots.locator("option[value=strongest]")).to_have_text("Strongest – plays for value")
    expect(page.get_by_test_id("practice-length").locator("option")).to_have_text(
        ["East wind round", "four wind rounds"]
    )
    assert layout_problems(page) == []
    page.get_by_test_id("practice").screenshot(
        path=str(artifacts / f"lobby-practice-classical-{width}.png")
    )
    bots.select_option("strongest")
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*?fill=1&bot=strongest")
    table_id = page.url.split("#/table/")[1].split("?")[0]
    summary = _summary(page, table_id)
    assert summary["config"]["family"] == "classical"
    assert summary["config"]["overrides"] == {"wind_rounds": 1}  # quick: the East wind round
    puppets = sorted((s["bot"], s["name"]) for s in summary["seats"] if s["bot"])
    assert puppets == [
        ("strongest", "strongest-1"),
        ("strongest", "strongest-2"),
        ("strongest", "strongest-3"),
    ]
    rules = page.get_by_test_id("table-rules")
    expect(rules).to_have_text("Classical · TU Chemnitz rules · East wind round")
    expect(page.get_by_test_id("own-area")).to_be_visible()
    page.screenshot(path=str(artifacts / f"table-classical-practice-{width}.png"))
    # the lobby remembers the family and its level; German names the levels in German
    page.goto(f"{server}/#/lobby")
    expect(page.get_by_test_id("practice-family")).to_have_value("classical")
    expect(bots).to_have_value("strongest")
    page.locator("[data-lang=de]").click()
    expect(page.get_by_test_id("practice-bot").locator("option:checked")).to_have_text(
        "Am stärksten – spielt auf Wert"
    )
    page.get_by_test_id("practice-family").select_option("riichi")
    expect(page.get_by_test_id("practice-bot")).to_have_value("defensive")
    expect(page.get_by_test_id("practice-bot").locator("option:checked")).to_have_text(
        "Defensiv – steigt gegen Riichi aus"
    )
    page.get_by_test_id("practice").screenshot(
        path=str(artifacts / f"lobby-practice-riichi-de-{width}.png")
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_tables_show_their_rules_and_length_and_classical_has_no_kuitan(
    server: str, server_proc: ServerProcess, new_page, artifacts: Path, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    login_guest(page, server)
    kind, kuitan = page.get_by_test_id("create-kind"), page.get_by_test_id("create-kuitan")
    kind.select_option("classical")
    expect(kuitan).to_be_hidden()  # no kuitan at a classical table
    kind.select_option("practice")
    expect(kuitan).to_be_visible()
    expect(kuitan).to_be_disabled()  # practice plays with it, no choice
    kind.select_option("party")
    expect(kuitan).to_be_enabled()
    kuitan.uncheck()
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/#/table/*")
    rules = page.get_by_test_id("table-rules")
    expect(rules).to_have_text("Party · Doman rules · no kuitan · Quick (East only)")
    expect(page.get_by_test_id("waiting")).to_be_visible()
    page.screenshot(path=str(artifacts / f"table-waiting-rules-{width}.png"))
    # another player's classical table of four wind rounds, and a live one being played
    other = new_page(width=width, height=height)
    login_guest(other, server)
    other.get_by_test_id("create-kind").select_option("classical")
    other.get_by_test_id("create-length").select_option("full")
    other.get_by_test_id("create-submit").click()
    other.wait_for_url("**/#/table/*")
    player = Client(server_proc, server_proc.guest())
    try:
        player.send({"type": "create", "kind": "classical", "length": "quick"})
        live = player.expect("created")["table"]["id"]
        player.send({"type": "join", "table": live, "fill_bots": True, "bot": "efficiency"})
        player.expect("snapshot")
        page.goto(f"{server}/#/lobby")
        titles = page.get_by_test_id("open-tables").get_by_test_id("table-title")
        expect(titles).to_have_count(2)
        assert sorted(titles.all_inner_texts()) == [
            "Classical · TU Chemnitz rules · four wind rounds",
            "Party · Doman rules · no kuitan · Quick (East only)",
        ]
        live_item = page.get_by_test_id("live-tables").locator(f"li[data-table='{live}']")
        expect(live_item.get_by_test_id("table-title")).to_have_text(
            "Classical · TU Chemnitz rules · East wind round"
        )
        assert layout_problems(page) == []
        page.screenshot(path=str(artifacts / f"lobby-tables-rules-{width}.png"), full_page=True)
        page.locator("[data-lang=de]").click()
        expect(live_item.get_by_test_id("table-title")).to_have_text(
            "Klassisch · Regeln der TU Chemnitz · Ostwindrunde"
        )
        expect(page.get_by_test_id("open-tables").get_by_test_id("table-title")).to_contain_text(
            ["Doman-Regeln · ohne Kuitan · Kurz (nur Ost)"]
        )
    finally:
        player.close()


def _counts_to(page: Page, test_id: str, seconds: int) -> None:
    """Wait until the wait shown by ``test_id`` has counted up to ``seconds`` (a busy browser
    may draw a second late; one that stops counting never gets there)."""
    page.wait_for_function(
        """([id, least]) => {
            const shown = document.querySelector(`[data-testid="${id}"]`)?.innerText ?? "";
            const m = shown.match(/(\\d+):(\\d\\d)/);
            return m !== null && Number(m[1]) * 60 + Number(m[2]) >= least;
        }""",
        arg=[test_id, seconds],
        timeout=15000,
    )


def _seconds(text: str) -> int:
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_ranked_queue_shows_the_count_and_a_running_wait(
    server: str, new_page, artifacts: Path, width: int, height: int
) -> None:
    first = new_page(width=width, height=height)
    register(first, server, f"waiter-{width}", "a long password")
    expect(first.get_by_test_id("queue-wait-novice-quick")).to_be_hidden()
    first.get_by_test_id("queue-novice-quick").click()
    first.wait_for_url("**/#/table/*")
    expect(first.get_by_test_id("table-rules")).to_have_text(
        "Novice · Doman rules · with kuitan · Quick (East only)"
    )
    # the waiting room counts the own wait up
    wait = first.get_by_test_id("queue-wait")
    expect(wait).to_have_text(re.compile(r"You have waited 0:0\d"))
    start = _seconds(wait.inner_text())
    _counts_to(first, "queue-wait", start + 2)
    first.screenshot(path=str(artifacts / f"queue-waiting-room-{width}.png"))
    # back in the lobby, the queue button shows the count and the own running wait
    first.goto(f"{server}/#/lobby")
    button = first.get_by_test_id("queue-novice-quick")
    expect(button).to_contain_text("1 waiting")
    mine = first.get_by_test_id("queue-wait-novice-quick")
    expect(mine).to_have_text(re.compile(r"you wait: 0:\d\d"))
    assert _seconds(mine.inner_text()) >= start + 2  # counted from the server's start
    _counts_to(first, "queue-wait-novice-quick", _seconds(mine.inner_text()) + 2)
    expect(first.get_by_test_id("queue-wait-novice-full")).to_be_hidden()
    assert layout_problems(first) == []
    first.get_by_test_id("queue-novice-quick").screenshot(
        path=str(artifacts / f"queue-button-wait-{width}.png")
    )
    first.screenshot(path=str(artifacts / f"lobby-queue-wait-{width}.png"), full_page=True)
    # another player sees how many wait, not who, and no wait time of theirs
    second = new_page(width=width, height=height)
    register(second, server, f"looker-{width}", "a long password")
    expect(second.get_by_test_id("queue-novice-quick")).to_contain_text("1 waiting")
    second.wait_for_timeout(1200)
    expect(second.get_by_test_id("queue-wait-novice-quick")).to_be_hidden()
    expect(second.locator("body")).not_to_contain_text(f"waiter-{width}")
