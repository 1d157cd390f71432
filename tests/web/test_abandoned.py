"""A practice match whose person stayed away until it was abandoned: coming back to the table's
page says so (not "no such table"), and the profile's game list shows it as abandoned, without
a place, in English and German; its replay ends with the unfinished hand said to be unfinished
and the match's end (why, and the standings) from the stored result."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest, session


@pytest.mark.parametrize(
    "server_proc", [("--grace-seconds", "0.3", "--abandon-seconds", "0.5")], indirect=True
)
def test_coming_back_to_an_abandoned_match_says_so(
    server_proc: ServerProcess, new_page: Any
) -> None:
    page = new_page(width=1440, height=900)
    login_guest(page, server_proc.base)
    me = session(page)
    c = Client(server_proc, me["token"])
    c.send({"type": "create", "kind": "practice", "length": "quick"})
    table = c.expect("created")["table"]["id"]
    c.send({"type": "join", "table": table, "fill_bots": True})
    assert c.play(table, stop_after=2) is None
    c.close()  # gone: taken over after the grace, abandoned soon after
    deadline = time.monotonic() + 120
    while server_proc.get(f"/api/games/{table}").status_code != 200:
        assert time.monotonic() < deadline, "the match was never abandoned"
        time.sleep(0.1)
    page.goto(f"{server_proc.base}/#/table/{table}")
    expect(page.get_by_text("The match was abandoned: nobody was left to play it.")).to_be_visible()
    page.goto(f"{server_proc.base}/#/replay/{table}?step=100000")  # its last step
    expect(page.get_by_test_id("hand-unfinished")).to_have_text(
        "This hand was not finished: the match stopped in it."
    )
    expect(page.get_by_test_id("end-reason")).to_have_text(
        "The match was abandoned: nobody was left to play it."
    )
    expect(page.get_by_test_id("final-ranking").locator("li")).to_have_count(4)
    page.goto(f"{server_proc.base}/#/profile/{me['user']['id']}")
    row = page.locator(f"[data-game='{table}']")
    expect(row.get_by_test_id("abandoned")).to_have_text("abandoned")
    expect(row.get_by_test_id("replay-link")).to_be_visible()
    page.evaluate("localStorage.setItem('jantaku.lang', JSON.stringify('de'))")
    page.reload()
    expect(page.locator(f"[data-game='{table}']").get_by_test_id("abandoned")).to_have_text(
        "abgebrochen"
    )
    page.goto(f"{server_proc.base}/#/replay/{table}?step=100000")
    expect(page.get_by_test_id("hand-unfinished")).to_have_text(
        "Diese Hand wurde nicht zu Ende gespielt: die Partie endete mittendrin."
    )


@pytest.mark.parametrize(
    "server_proc", [("--grace-seconds", "0.3", "--abandon-seconds", "3600")], indirect=True
)
def test_a_spectator_of_a_stopped_match_is_told_when_it_will_be_abandoned(
    server_proc: ServerProcess, new_page: Any
) -> None:
    """Nobody plays the match any more: a spectator's page says it waits and when it will be
    abandoned (in English and German), and the words go once its person comes back."""
    token = server_proc.guest()
    c = Client(server_proc, token)
    c.send({"type": "create", "kind": "practice", "length": "quick"})
    table = c.expect("created")["table"]["id"]
    c.send({"type": "join", "table": table, "fill_bots": True})
    seat = int(c.expect("snapshot")["seat"])
    assert c.play(table, stop_after=2) is None
    c.close()
    deadline = time.monotonic() + 60
    while not server_proc.get(f"/api/tables/{table}").json()["seats"][seat]["takeover"]:
        assert time.monotonic() < deadline, "the seat was never taken over"
        time.sleep(0.05)
    at = server_proc.get(f"/api/tables/{table}").json()["abandon_at"]
    page = new_page(width=1280, height=800)
    login_guest(page, server_proc.base)
    page.goto(f"{server_proc.base}/#/table/{table}?watch=1")
    when = page.evaluate(
        "(at) => new Intl.DateTimeFormat('en-US', {hour: 'numeric', minute: '2-digit'})"
        ".format(new Date(at * 1000))",
        at,
    )
    expect(page.get_by_test_id("match-stopped")).to_have_text(
        f"Nobody plays this match any more: it waits, and will be abandoned at {when} unless "
        "a player comes back."
    )
    page.evaluate("localStorage.setItem('jantaku.lang', JSON.stringify('de'))")
    page.reload()
    wann = page.evaluate(
        "(at) => new Intl.DateTimeFormat('de-DE', {hour: 'numeric', minute: '2-digit'})"
        ".format(new Date(at * 1000))",
        at,
    )
    expect(page.get_by_test_id("match-stopped")).to_have_text(
        f"Niemand spielt diese Partie mehr: sie wartet und wird um {wann} abgebrochen, wenn "
        "bis dahin niemand zurückkommt."
    )
    back = Client(server_proc, token)
    back.send({"type": "join", "table": table})
    back.expect("snapshot")
    expect(page.get_by_test_id("match-stopped")).to_have_count(0)
    back.close()
