"""The lobby says why a ranked queue refused a second account of one network address
(``queue_address``: a ranked table seats one account per address), in English and German,
without naming who waits; the same account from another machine is seated. Both pages speak
from 127.0.0.1, one machine."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.server.harness import Client, ServerProcess
from tests.web.helpers import session

EN = (
    "Another account from your address is already waiting in this queue; a ranked table seats "
    "one account per address."
)
DE = (
    "Ein anderes Konto von deiner Adresse wartet schon in dieser Warteschlange; ein "
    "Ranglistentisch nimmt nur ein Konto pro Adresse auf."
)


def test_the_lobby_says_why_a_second_account_of_one_address_is_refused(
    server_proc: ServerProcess, server: str, new_page, register, artifacts: Path
) -> None:
    first = new_page()
    register(first, server, "home-first", "a long password")
    first.get_by_test_id("queue-novice-quick").click()
    first.wait_for_url("**/#/table/*")
    table = first.url.split("#/table/")[1]
    second = new_page(width=390, height=800)
    register(second, server, "home-second", "a long password")
    button = second.get_by_test_id("queue-novice-quick")
    expect(button).to_contain_text("1 waiting")
    button.click()
    expect(second.get_by_test_id("lobby-error")).to_have_text(EN)
    expect(button).to_be_enabled()  # the player may try again later
    assert second.url.endswith("#/lobby")
    expect(second.locator("body")).not_to_contain_text("home-first")
    second.screenshot(path=str(artifacts / "queue-address-refused-390.png"))
    second.locator("[data-lang=de]").click()
    second.get_by_test_id("queue-novice-quick").click()
    expect(second.get_by_test_id("lobby-error")).to_have_text(DE)
    expect(second.get_by_test_id("queue-novice-quick")).to_contain_text("1 warten")
    # the same account on another machine is seated at that table
    elsewhere = Client(server_proc, session(second)["token"], address="198.51.100.9")
    try:
        elsewhere.send({"type": "queue", "kind": "novice", "length": "quick"})
        assert elsewhere.expect("snapshot")["table"]["id"] == table
    finally:
        elsewhere.close()
