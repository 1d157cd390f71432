"""Bad entries on the score sheet: typed notation that is no tile, a meld that does not exist,
a fifth copy, a hand of the wrong size, a hand the scorer refuses (not a win; below the
classical lower limit). Each gets a message naming the tile or meld, and nothing already
entered is lost: the other fields, the saved hands, the sheet after a reload."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.test_sheet import (
    CLASSICAL,
    RIICHI,
    choose,
    enter_hand,
    expect_totals,
    save_hand,
    start_sheet,
)


def typed(page: Page, player: int, part: str, text: str) -> None:
    box = page.locator(f"#part-{player}-{part}")
    box.fill(text)
    box.press("Enter")


def error(page: Page):
    return page.get_by_test_id("sheet-error")


def test_bad_typed_and_tapped_entries_name_the_tile_or_meld(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "doman", "east_only")
    enter_hand(page, "type", RIICHI[0], classical=False)  # the draw: Anna and Cleo ready
    save_hand(page, 1)
    choose(page, "winner", 1)
    choose(page, "from", 3)

    # the picker offers only legal choices: no chi from 8m or from a wind
    page.locator('.part[data-key="1:melds"] .part-label').click()
    page.locator('[data-meld-kind="chow"]').click()
    expect(page.locator('[data-pick="8m"]')).to_be_disabled()
    expect(page.locator('[data-pick="1z"]')).to_be_disabled()
    expect(page.locator('[data-pick="7m"]')).to_be_enabled()
    # a kan of East uses all four: no East is left anywhere
    page.locator('[data-meld-kind="kong"]').click()
    page.locator('[data-pick="1z"]').click()
    page.locator('.part[data-key="1:hand"] .part-label').click()
    expect(page.locator('[data-pick="1z"]')).to_be_disabled()
    expect(page.locator('[data-pick="1z"]')).to_have_attribute("aria-label", "East wind, 0 left")
    page.locator('[data-meld="1111z"]').click()  # taken back
    expect(page.locator('[data-pick="1z"]')).to_be_enabled()

    typed(page, 1, "hand", "234m45666p34678s")
    expect(error(page)).to_be_hidden()
    # notation that is no tile: the message names the character; the hand stays
    typed(page, 0, "dora", "12x")
    expect(error(page)).to_have_text(
        "“x” is not part of tile notation (digits, then m, p, s, z, f or y)."
    )
    expect(page.locator("#part-0-dora")).to_have_value("12x")
    expect(page.locator("#part-1-hand")).to_have_value("234m45666p34678s")
    typed(page, 0, "dora", "8z")
    expect(error(page)).to_have_text("8z is not a tile.")
    # a meld that does not exist
    typed(page, 1, "melds", "357m")
    expect(error(page)).to_have_text("357m is not a chow, pung or kong.")
    typed(page, 1, "melds", "")
    # a fifth copy: 666p in the hand, 6p as the dora indicator, 6p again as ura
    typed(page, 0, "dora", "6p")
    expect(error(page)).to_be_hidden()
    typed(page, 0, "ura", "6p")
    expect(error(page)).to_have_text("6 of dots (6p): all copies of this tile are already used.")
    expect(page.locator("#part-0-dora")).to_have_value("6p")
    typed(page, 0, "ura", "")

    # no winning tile yet: saving says so and keeps everything
    page.get_by_test_id("save-hand").click()
    expect(error(page)).to_have_text("Choose the winning tile.")
    # the scorer's refusal: 13 tiles and a winning tile that make no hand
    typed(page, 1, "hand", "123m456p789s1234z")
    typed(page, 1, "win", "5z")
    page.get_by_test_id("save-hand").click()
    expect(error(page)).to_contain_text("This hand was not saved: Ben's hand is not a win")
    expect(page.locator("#part-1-hand")).to_have_value("123m456p789s1234z")
    expect(page.get_by_test_id("hand-card")).to_have_count(1)
    expect_totals(page, 0, RIICHI[0].totals)

    # corrected, the hand is saved; the sheet and an unfinished entry survive a reload
    typed(page, 1, "hand", "234m45666p34678s")
    typed(page, 1, "win", "2s")
    # typed without Enter: leaving the field for the button keeps the text and the click
    page.locator("#part-0-dora").fill("1z")
    page.get_by_test_id("save-hand").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(2)
    # without riichi: pinfu + tanyao, 2 han 30 fu ron = 2000, + 300 for the honba (Dirk pays)
    expect_totals(page, 1, [26500, 23500 + 2300, 26500, 23500 - 2300])
    choose(page, "winner", 2)
    typed(page, 2, "hand", "123m789p")
    page.reload()
    expect(page.get_by_test_id("hand-card")).to_have_count(2)
    expect(page.locator("#part-2-hand")).to_have_value("123m789p")
    page.screenshot(path=str(artifacts / "sheet-errors-390.png"), full_page=True)


def test_a_classical_hand_below_the_lower_limit_is_refused_and_kept(server: str, new_page) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "sontag")
    enter_hand(page, "type", CLASSICAL[0], classical=True)
    save_hand(page, 1)
    # §10.7: open chows c1c2c3 and b4b5b6, concealed chow s7s8s9, open DG pung, pair c5 won on
    # Ben's discard: 20 + 4 + 10 (only possible tile) = 34, 1 double: 68 < 100.
    choose(page, "winner", 0)
    choose(page, "how", "ron")
    choose(page, "from", 1)
    others = {1: "123456789m1357s", 2: "123456789m2468s", 3: "2468m123456789p"}
    page.get_by_test_id("player-tabs").locator('[data-player="0"]').click()
    typed(page, 0, "melds", "123p 406s 666z")  # a red five: the classical set has none
    expect(error(page)).to_have_text(
        "5 of bamboo, red (0s): this set has no red fives; write 5m, 5p or 5s."
    )
    typed(page, 0, "melds", "123p 456s 666z")
    typed(page, 0, "hand", "789m5p")
    typed(page, 0, "win", "5p")
    for player, hand in others.items():
        page.get_by_test_id("player-tabs").locator(f'[data-player="{player}"]').click()
        typed(page, player, "hand", hand)
    page.get_by_test_id("save-hand").click()
    expect(error(page)).to_contain_text("below the lower limit 100")
    expect(page.get_by_test_id("hand-card")).to_have_count(1)
    expect_totals(page, 0, CLASSICAL[0].totals)
    page.get_by_test_id("player-tabs").locator('[data-player="0"]').click()
    expect(page.locator("#part-0-melds")).to_have_value("123p 456s 666z")
    expect(page.locator("#part-0-hand")).to_have_value("789m5p")


def test_a_stored_entry_with_errors_can_be_corrected(server: str, new_page) -> None:
    # a sheet (as imported or stored) whose second entry is broken: bad notation, an unknown
    # meld type, a winner out of range. The page shows the entry's error, the first hand's
    # totals stand, and "Correct" opens the broken entry without failing.
    draw = {"kind": "draw", "tenpai": [0, 2], "riichi": [], "nagashi": []}
    broken = {
        "kind": "win",
        "winners": [
            {
                "player": 9,
                "hand": {
                    "hand": "12x",
                    "melds": [{"type": "zap", "tiles": "1"}],
                    "win_tile": "zz",
                    "win": "ron",
                },
            }
        ],
        "discarder": 3,
        "riichi": [],
    }
    doc = {
        "version": 1,
        "preset": "doman",
        "players": ["Anna", "Ben", "Cleo", "Dirk"],
        "hands": [draw, broken],
    }
    page = new_page(390, 844)
    page.goto(f"{server}/#/login")
    page.evaluate(
        "(doc) => localStorage.setItem('jantaku.sheet', JSON.stringify({doc, id: null}))", doc
    )
    page.goto(f"{server}/#/sheet")
    expect(page.get_by_test_id("hand-card")).to_have_count(2)
    expect(page.get_by_test_id("hand-error")).to_have_count(1)
    expect_totals(page, 0, RIICHI[0].totals)
    page.get_by_test_id("hand-card").nth(1).get_by_test_id("edit-hand").click()
    expect(page.get_by_test_id("entry-title")).to_contain_text("Correcting hand 2")
    expect(page.locator("#part-0-hand")).to_have_value("")
