"""Keeping and sharing score sheets: a registered player's sheet is stored, listed on the
profile, exported as CSV and JSON, shared read-only by link (and the link revoked); the sheet
prints as one A4 page in English and German."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.helpers import register
from tests.web.test_sheet import (
    CLASSICAL,
    NAMES,
    RIICHI,
    Hand,
    enter_hand,
    expect_totals,
    save_hand,
    start_sheet,
)


def download(page: Page, testid: str) -> str:
    with page.expect_download() as info:
        page.get_by_test_id(testid).first.click()
    return Path(info.value.path()).read_text(encoding="utf-8")


def test_a_kept_sheet_is_listed_exported_and_shared(server: str, new_page, artifacts: Path) -> None:
    page = new_page(390, 844)
    register(page, server, "sheetkeeper", "keeper-password-1")
    start_sheet(page, server, "doman", "east_only")
    for i, h in enumerate(RIICHI[:2]):
        enter_hand(page, "type", h, classical=False)
        save_hand(page, i + 1)
    expect(page.get_by_test_id("share")).to_be_visible()  # stored on the server
    final = RIICHI[1].totals

    rows = list(csv.reader(io.StringIO(download(page, "export-csv"))))
    header = rows[0]
    assert header[:7] == ["hand", "round", "honba", "sticks", "kind", "result", "error"]
    assert header[7:] == [f"{n} change" for n in NAMES] + [f"{n} total" for n in NAMES]
    assert len(rows) == 4 and rows[-1][0] == "final"
    assert [int(v) for v in rows[-1][11:]] == final
    assert [int(v) for v in rows[2][7:11]] == [0, 4200, 0, -4200]
    doc = json.loads(download(page, "export-json"))
    assert doc["players"] == NAMES and doc["preset"] == "doman" and len(doc["hands"]) == 2

    # the profile lists it; its link opens it again
    page.get_by_role("link", name="Profile").click()
    listing = page.get_by_test_id("my-sheets")
    expect(listing.locator("tbody tr")).to_have_count(1)
    expect(listing.locator("tbody tr td").nth(2)).to_have_text("2")
    listing.get_by_test_id("sheet-link").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(2)
    expect_totals(page, 1, final)

    # shared read-only: a visitor without a login sees the totals, nothing to change
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href") or ""
    assert re.fullmatch(r"http://[^/]+/#/sheetview/[\w-]{32,}", href), href
    visitor = new_page(1440, 900, allow=("status of 404",))
    visitor.goto(href)
    expect(visitor.get_by_test_id("sheet-view")).to_be_visible()
    expect_totals(visitor, 1, final)
    expect(visitor.get_by_test_id("entry")).to_have_count(0)
    expect(visitor.get_by_test_id("edit-hand")).to_have_count(0)
    csv_href = visitor.get_by_test_id("export-csv").get_attribute("href") or ""
    shared_csv = httpx.get(f"{server}{csv_href}")
    assert shared_csv.status_code == 200 and shared_csv.text.splitlines()[-1].endswith(
        ",".join(map(str, final))
    )
    visitor.screenshot(path=str(artifacts / "sheet-shared-1440.png"), full_page=True)

    # revoked: the link stops working
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-link")).to_have_count(0)
    visitor.reload()
    expect(visitor.get_by_test_id("shared-missing")).to_be_visible()


def entry(h: Hand) -> dict[str, Any]:
    """A classical hand as the sheet document's entry (docs/sheet.md)."""
    players = []
    for p in range(4):
        tiles = h.players[p]
        one: dict[str, Any] = {"hand": tiles.hand}
        if tiles.melds:
            one["melds"] = [{"type": m.kind, "tiles": m.tiles, "open": m.open} for m in tiles.melds]
        if tiles.bonus:
            one["bonus"] = tiles.bonus
        players.append(one)
    ron = h.how == "ron"
    return {
        "kind": "mahjong",
        "players": players,
        "winner": h.winner,
        "win_tile": h.win_tile,
        "win": "discard" if ron else "self_draw",
        "discarder": h.discarder if ron else None,
        "last_wall_tile": "last_wall_tile" in h.flags,
        "danger_violation": h.discarder if h.stoerspiel else None,
    }


def pdf_pages(page: Page) -> int:
    data = page.pdf(format="A4", print_background=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def test_a_long_sheet_prints_as_one_page_in_english_and_german(
    server: str, new_page, artifacts: Path
) -> None:
    # sixteen classical hands (the evening four times): a full game's worth of rows
    doc = {
        "version": 1,
        "preset": "sontag",
        "title": "Freitag bei Anna",
        "players": NAMES,
        "hands": [entry(h) for h in CLASSICAL * 4],
    }
    page = new_page(1440, 900)
    page.goto(f"{server}/#/login")
    page.evaluate(
        "(doc) => localStorage.setItem('jantaku.sheet', JSON.stringify({doc, id: null}))", doc
    )
    page.goto(f"{server}/#/sheet")
    expect(page.get_by_test_id("hand-card")).to_have_count(16)
    expect_totals(page, 3, CLASSICAL[3].totals)
    page.emulate_media(media="print")
    expect(page.get_by_test_id("entry")).to_be_hidden()
    expect(page.get_by_test_id("totals")).to_be_visible()
    assert pdf_pages(page) == 1
    page.screenshot(path=str(artifacts / "sheet-print-en.png"), full_page=True)
    page.emulate_media(media="screen")
    page.locator('[data-lang="de"]').click()
    expect(page.get_by_role("heading", name="Zwischenstände")).to_be_visible()
    page.emulate_media(media="print")
    assert pdf_pages(page) == 1
    page.screenshot(path=str(artifacts / "sheet-print-de.png"), full_page=True)
