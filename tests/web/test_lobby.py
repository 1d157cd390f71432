"""The lobby: layout at phone and desktop widths, private tables, practice against puppets."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest, register
from tests.web.layout import control_count, layout_problems, unnamed_controls


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_lobby_layout_has_no_overflow_or_overlap(
    server: str, new_page, artifacts: Path, width: int
) -> None:
    page = new_page(width=width, height=800)
    login_guest(page, server)
    expect(page.get_by_test_id("queue-novice-quick")).to_be_visible()
    expect(page.get_by_test_id("open-tables")).to_contain_text("No open table")
    # a party table listed by someone else shows up after the lobby refreshes
    page.get_by_test_id("create-kind").select_option("party")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/#/table/*")
    page.goto(f"{server}/#/lobby")
    expect(page.get_by_test_id("open-tables").locator("li.table-item")).to_have_count(1)
    page.screenshot(path=str(artifacts / f"lobby-{width}.png"), full_page=True)
    assert control_count(page) >= 15
    assert layout_problems(page) == []
    assert unnamed_controls(page) == []
    page.locator("[data-lang=de]").click()
    expect(page.get_by_test_id("practice-start")).to_have_text("Übungsspiel starten")
    page.screenshot(path=str(artifacts / f"lobby-{width}-de.png"), full_page=True)
    assert layout_problems(page) == []


def test_private_table_shows_an_invite_that_another_player_can_use(server: str, new_page) -> None:
    host = new_page()
    login_guest(host, server)
    host.get_by_test_id("create-kind").select_option("party")
    host.get_by_test_id("create-private").check()
    host.get_by_test_id("create-submit").click()
    expect(host.get_by_test_id("invite-box")).to_be_visible()
    code = host.get_by_test_id("invite-code").inner_text()
    link = host.get_by_test_id("invite-link").get_attribute("href")
    assert code and link and link.endswith(f"?invite={code}")
    # a private table is not listed
    expect(host.get_by_test_id("open-tables")).to_contain_text("No open table")
    guest = new_page(width=390, height=800)
    name = login_guest(guest, server)
    guest.get_by_test_id("invite-input").fill(code)
    guest.get_by_test_id("invite-join").click()
    guest.wait_for_url(f"**/#/table/*?invite={code}")
    table_id = guest.url.split("#/table/")[1].split("?")[0]
    assert link.startswith(f"#/table/{table_id}")
    # a private table's summary is for its players: fetched with the guest's token
    seats = guest.evaluate(
        f"fetch('/api/tables/{table_id}', {{headers: {{Authorization: "
        f"'Bearer ' + localStorage.getItem('jantaku.token')}}}}).then((r) => r.json())"
    )["seats"]
    # the host sits since creating it, the guest sat down with the code
    seated = [s["name"] for s in seats if s["user_id"] is not None]
    assert len(seated) == 2 and seated[1] == name
    # a wrong code says so
    guest.goto(f"{server}/#/lobby")
    guest.get_by_test_id("invite-input").fill("nonsense")
    guest.get_by_test_id("invite-join").click()
    expect(guest.get_by_test_id("lobby-error")).to_be_visible()


def test_practice_against_puppets_starts_a_filled_table(server: str, new_page) -> None:
    page = new_page()
    login_guest(page, server)
    expect(page.get_by_test_id("practice-bot").locator("option[value=defensive]")).to_have_count(1)
    # the default for a player who never chose: the defensive puppets
    expect(page.get_by_test_id("practice-bot")).to_have_value("defensive")
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*?fill=1&bot=defensive")
    table_id = page.url.split("#/table/")[1].split("?")[0]
    # practice tables are private: their summary is for their player (sent with the token)
    summary = page.evaluate(
        f"fetch('/api/tables/{table_id}', {{headers: {{Authorization: "
        f"'Bearer ' + localStorage.getItem('jantaku.token')}}}}).then((r) => r.json())"
    )
    assert summary["config"]["kind"] == "practice"
    assert summary["status"] in ("live", "finished")
    assert sorted(s["bot"] for s in summary["seats"] if s["bot"]) == ["defensive"] * 3


# the two pages are one machine's (127.0.0.1): a LAN event's server seats them together
@pytest.mark.parametrize("server_proc", [("--ranked-shared-addresses",)], indirect=True)
def test_ranked_queues_seat_players_and_show_counts(server: str, new_page) -> None:
    first = new_page()
    register(first, server, "queuer-one", "a long password")  # ranked tables seat no guests
    first.get_by_test_id("queue-novice-quick").click()
    first.wait_for_url("**/#/table/*")
    table_id = first.url.split("#/table/")[1]
    second = new_page(width=390, height=800)
    register(second, server, "queuer-two", "a long password")
    expect(second.get_by_test_id("queue-novice-quick")).to_contain_text("1 waiting")
    expect(second.get_by_test_id("queue-novice-full")).to_contain_text("0 waiting")
    # a novice may not queue for advanced tables: the lobby says why
    second.get_by_test_id("queue-advanced-quick").click()
    expect(second.get_by_test_id("lobby-error")).to_contain_text("rank is too low")
    second.get_by_test_id("queue-novice-quick").click()
    second.wait_for_url(f"**/#/table/{table_id}")
    # the waiting room names nobody: "you" for the own seat, "a player" for the other
    for page, other in ((first, "queuer-two"), (second, "queuer-one")):
        seats = page.get_by_test_id("waiting").locator("ol.waiting-seats li")
        expect(seats.filter(has_text="a player")).to_have_count(1)  # seated at random
        assert sorted(seats.all_inner_texts()) == ["(empty seat)"] * 2 + ["a player", "you"]
        for word in (other, "undefined", "null"):
            expect(page.get_by_test_id("waiting")).not_to_contain_text(word)
    first.goto(f"{server}/#/lobby")
    expect(first.get_by_test_id("queue-novice-quick")).to_contain_text("2 waiting")
    # the way back to one's table names nobody either
    players = first.get_by_test_id("my-tables").locator(f"li[data-table='{table_id}'] .players")
    expect(players).to_contain_text("(2 free)")
    assert sorted(players.inner_text().split(" (")[0].split(" · ")) == sorted(
        ["you", "a player", "free", "free"]
    )


def test_live_tables_are_listed_with_a_watch_link(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    # someone else plays a party table against computer players (no timer: it waits for them)
    client = Client(server_proc, server_proc.guest())
    try:
        client.send({"type": "create", "kind": "party", "length": "quick"})
        table = client.expect("created")["table"]["id"]
        client.send({"type": "join", "table": table, "fill_bots": True})
        client.expect("snapshot")
        page = new_page()
        login_guest(page, server)
        live = page.get_by_test_id("live-tables").locator(f"li[data-table='{table}']")
        expect(live).to_contain_text(client.user["name"] if client.user else "")
        expect(live.get_by_test_id("watch")).to_have_attribute("href", f"#/table/{table}?watch=1")
        expect(page.get_by_test_id("open-tables")).to_contain_text("No open table")
    finally:
        client.close()


def test_the_lobby_leads_back_to_ones_own_tables(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    page = new_page()
    login_guest(page, server)
    expect(page.get_by_test_id("my-tables")).to_be_hidden()
    page.get_by_test_id("practice-start").click()
    page.wait_for_url("**/#/table/*?fill=1*")
    table = page.url.split("#/table/")[1].split("?")[0]
    page.goto(f"{server}/#/lobby")  # navigate away from a running private practice table
    back = page.get_by_test_id("my-tables").locator(f"li[data-table='{table}']")
    expect(back.get_by_test_id("back-to-table")).to_have_attribute("href", f"#/table/{table}")
    # the list is one's own: without a token it is refused, another player's is empty
    assert server_proc.get("/api/me/tables").status_code == 401
    token = server_proc.guest()
    mine = httpx.get(
        f"{server}/api/me/tables", headers={"Authorization": f"Bearer {token}"}, trust_env=False
    )
    assert mine.json() == {"tables": []}


def test_lobby_offers_and_labels_each_familys_tables_by_its_own_words(
    server: str, new_page
) -> None:
    """The create form offers each family's lengths in its own words; the open list names each
    table by its family's words (the rules, "no kuitan" and the length for riichi, the rules and
    the wind rounds for classical)."""
    page = new_page()
    login_guest(page, server)
    kind, length = page.get_by_test_id("create-kind"), page.get_by_test_id("create-length")
    kinds = kind.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    assert "party" in kinds and not {"novice", "advanced"} & set(kinds)  # the queue seats those
    kind.select_option("classical")
    expect(length).to_be_enabled()
    expect(length.locator("option")).to_have_text(["East wind round", "four wind rounds"])
    kind.select_option("party")
    expect(length.locator("option")).to_have_text(["Quick (East only)", "Full (East + South)"])
    page.get_by_test_id("create-kuitan").uncheck()
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/#/table/*")
    other = new_page()
    login_guest(other, server)
    other.get_by_test_id("create-kind").select_option("classical")
    other.get_by_test_id("create-length").select_option("full")
    other.get_by_test_id("create-submit").click()
    other.wait_for_url("**/#/table/*")
    page.goto(f"{server}/#/lobby")
    items = page.get_by_test_id("open-tables").locator("li.table-item strong")
    expect(items).to_have_count(2)
    titles = sorted(items.all_inner_texts())
    assert titles == [
        "Classical · TU Chemnitz rules · four wind rounds",
        "Party · Doman rules · no kuitan · Quick (East only)",
    ]
