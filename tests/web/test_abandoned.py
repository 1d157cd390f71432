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
