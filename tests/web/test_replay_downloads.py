"""The replay's download links are the formats the game can be written in: each link of a
riichi and of a classical game answers with the file (a classical game has no record format
yet, so it offers none rather than links that answer 400), and the wall seed stays shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import login_guest, session


def _play(proc: ServerProcess, token: str, kind: str) -> str:
    client = Client(proc, token)
    try:
        client.send({"type": "create", "kind": kind, "length": "quick"})
        table = str(client.expect("created")["table"]["id"])
        client.send({"type": "join", "table": table, "fill_bots": True})
        assert client.play(table) is not None
        return table
    finally:
        client.close()


def _links(page: Page, server: str, game: str) -> list[tuple[str, int]]:
    page.goto(f"{server}/#/replay/{game}")
    expect(page.get_by_test_id("replay-position")).to_contain_text("Step")
    hrefs = page.locator("a[download]").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('href'))"
    )
    return [(h, httpx.get(f"{server}{h}", trust_env=False).status_code) for h in hrefs]


def test_download_links_answer(
    server: str, server_proc: ServerProcess, new_page: Any, artifacts: Path
) -> None:
    page = new_page()
    login_guest(page, server)
    me = session(page)
    riichi = _play(server_proc, me["token"], "practice")
    classical = _play(server_proc, me["token"], "classical")

    links = _links(page, server, riichi)
    assert sorted(h.rsplit("/", 1)[1] for h, _ in links) == ["mjai", "tenhou6"]
    assert all(status == 200 for _, status in links), links

    links = _links(page, server, classical)
    assert all(status == 200 for _, status in links), links  # no link to a refusal
    expect(page.get_by_test_id("replay")).to_contain_text("wall seed")
    page.screenshot(path=str(artifacts / "replay-classical-downloads.png"), full_page=True)
