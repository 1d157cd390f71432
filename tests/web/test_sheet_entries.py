"""Entries of the score sheet beyond the evenings of test_sheet.py: a double ron on the last
discard where each winner has his own flags (entered by tapping on a phone, and loaded back
for a correction), an added kan (kakan) by tapping and by typing, the CSV and JSON of a sheet
kept only in the browser (the same CSV as ``jantaku sheet export``), and a classical player who
held a wrong number of tiles. Totals are worked out by hand in the comments from the points
tables of doman-rules.md §3.6 and the settlement of classical-rules.md §6 and §8."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from playwright.sync_api import Page, expect

from jantaku.cli import main
from tests.web.test_sheet import (
    RIICHI,
    Hand,
    Meld,
    Tiles,
    check_layout,
    choose,
    enter_hand,
    expect_totals,
    put_melds,
    put_tiles,
    save_hand,
    start_sheet,
    tick,
)
from tests.web.test_sheet_keep import download


def kept(page: Page) -> dict[str, Any]:
    """The sheet document the page keeps in this browser."""
    return dict(page.evaluate("JSON.parse(localStorage.getItem('jantaku.sheet')).doc"))


def enter_double_ron(page: Page) -> None:
    """The second hand below (after Anna's tenpai draw): Dirk's last discard ronned by Anna and
    by Ben, houtei for both, ippatsu Ben's own."""
    choose(page, "winner", 0)
    choose(page, "how", "ron")
    choose(page, "from", 3)
    choose(page, "winner2", 1)
    tick(page, "flags", "houtei")
    tick(page, "flags2", "ippatsu")
    tick(page, "riichi", 1)
    put_melds(page, "tap", 0, [Meld("chow", "234m")])
    put_tiles(page, "tap", 0, "hand", "567p345s99p78s")
    put_tiles(page, "tap", 0, "win", "6s")
    put_tiles(page, "tap", 0, "dora", "1z")
    put_tiles(page, "tap", 0, "ura", "1z")
    page.get_by_test_id("player-tabs").locator('[data-value="1"]').click()
    put_tiles(page, "tap", 1, "hand", "123456m789p55s78s")


def test_a_double_ron_on_the_last_discard_with_each_winners_own_flags(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "doman", "east_only")
    # E1: only Anna (dealer) ready: the three others pay her 1000 each; she deals again
    enter_hand(page, "tap", Hand("draw", tenpai=[0]), classical=False)
    save_hand(page, 1)
    expect_totals(page, 0, [28000, 24000, 24000, 24000])
    # E1, 1 honba: Dirk's last discard, the 6s, is ronned by Anna and by Ben, who declared
    # riichi on his previous discard (ippatsu). Houtei holds for both (it is the discard's).
    # Anna: chi 234m, 567p 345s 99p 78s: houtei only; fu 20, open hand raised to 30: dealer
    # 1 han 30 fu ron = 1500. Ben: 123m 456m 789p 55s 78s: riichi, ippatsu, houtei, pinfu =
    # 4 han 30 fu (dora and ura 2z: none), non-dealer ron = 7700 (no kiriage mangan).
    # Anna sits nearer to Dirk: she takes the 300 honba and Ben's riichi stick.
    # Anna +2800, Ben +7700 -1000 = +6700, Dirk -9500.
    enter_double_ron(page)
    check_layout(page, artifacts, "sheet-double-ron-entry-390")
    save_hand(page, 2)
    expect_totals(page, 1, [30800, 30700, 24000, 14500])
    card = page.get_by_test_id("hand-card").nth(1)
    expect(card.get_by_test_id("winner-result")).to_have_count(2)
    expect(card.get_by_test_id("winner-result").nth(1)).to_contain_text("Ippatsu")
    winners = kept(page)["hands"][1]["winners"]
    assert winners[0]["hand"].get("ippatsu") is None and winners[0]["hand"]["houtei"] is True
    assert winners[1]["hand"]["ippatsu"] is True and winners[1]["hand"]["houtei"] is True
    # loaded back for a correction: the second winner's flags are still there
    card.get_by_test_id("edit-hand").click()
    expect(page.get_by_test_id("flags2").locator('[data-check="ippatsu"] input')).to_be_checked()
    expect(page.get_by_test_id("flags").locator('[data-check="houtei"] input')).to_be_checked()
    page.get_by_test_id("save-hand").click()
    expect(page.get_by_test_id("entry-title")).to_contain_text("Hand 3")
    expect_totals(page, 1, [30800, 30700, 24000, 14500])
    assert kept(page)["hands"][1]["winners"] == winners


def test_entries_load_back_with_every_winners_flags_and_pao(server: str, new_page) -> None:
    """The page's draft of an entry gives the entry back (riichi: both winners' flags and
    pao, an added kan; classical: who held a wrong number of tiles)."""
    page = new_page(1280, 800)
    page.goto(f"{server}/#/sheet")
    double = {
        "kind": "win",
        "winners": [
            {
                "player": 0,
                "hand": {
                    "hand": "234m9s",
                    "melds": [
                        {"type": "pon", "tiles": "555z"},
                        {"type": "kakan", "tiles": "6666z"},
                        {"type": "pon", "tiles": "777z"},
                    ],
                    "win_tile": "9s",
                    "win": "ron",
                    "dora_indicators": "",
                    "ura_indicators": "",
                    "chankan": True,
                    "double_riichi": True,
                },
                "pao": 1,
            },
            {
                "player": 2,
                "hand": {
                    "hand": "123m9s",
                    "melds": [
                        {"type": "pon", "tiles": "111z"},
                        {"type": "kan", "tiles": "2222z"},
                        {"type": "ankan", "tiles": "3333z"},
                    ],
                    "win_tile": "9s",
                    "win": "ron",
                    "dora_indicators": "",
                    "ura_indicators": "",
                    "ippatsu": True,
                    "chankan": True,
                },
                "pao": 1,
            },
        ],
        "discarder": 3,
        "riichi": [0, 2],
    }
    classical = {
        "kind": "mahjong",
        "players": [{"hand": "1112223334445m"}, {"hand": ""}, {"hand": ""}, {"hand": "99m"}],
        "winner": 0,
        "win_tile": "5m",
        "win": "discard",
        "discarder": 3,
        "last_wall_tile": False,
        "last_discard": False,
        "robbing_kong": False,
        "heavenly_hand": False,
        "earthly_hand": False,
        "danger_violation": None,
        "wrong_tiles": [1, 2],
    }
    back = page.evaluate(
        """async ([double, classical]) => {
          const riichi = (await import('/static/js/sheet/riichi.js')).default;
          const sontag = (await import('/static/js/sheet/classical.js')).default;
          const again = (kind, entry) => kind.toEntry(kind.fromEntry(entry));
          return [again(riichi, double), again(sontag, classical)];
        }""",
        [double, classical],
    )
    assert back[0] == double
    assert back[1] == classical
    # typed: "+" marks an added kan in riichi; classical scoring has none
    read = page.evaluate(
        """async () => {
          const { readMelds, writeMelds } = await import('/static/js/sheet/typing.js');
          const riichi = readMelds("555z +6666z (7777z)", { added: true });
          return [writeMelds(riichi.melds), riichi.melds.map((m) => [m.open, Boolean(m.added)]),
                  readMelds("+6666z", { added: false }).error.key];
        }"""
    )
    assert read == [
        "555z +6666z (7777z)",
        [[True, False], [True, True], [False, False]],
        "sheet.err.no_added_kong",
    ]


def test_an_added_kan_by_tapping_and_by_typing(server: str, new_page) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "doman", "east_only")
    # E1: Ben added the fourth white dragon to his pon (kakan) and rons Dirk's 9p on a pair
    # wait: 234m 456p 789s 9p + 9p. Haku 1 han; fu 20 + open honour kan 16 + tanki 2 = 38 ->
    # 40: non-dealer 1 han 40 fu ron = 1300.
    choose(page, "winner", 1)
    choose(page, "from", 3)
    page.locator('.part[data-key="1:melds"] .part-label').click()
    page.locator('[data-meld-kind="kong"]').click()
    page.get_by_test_id("kong-added").set_checked(True)
    page.locator('[data-pick="5z"]').click()
    expect(page.locator('[data-meld="5555z"]')).to_contain_text("+")
    expect(page.locator("#part-1-melds")).to_have_value("+5555z")
    put_tiles(page, "tap", 1, "hand", "234m456p789s9p")
    put_tiles(page, "tap", 1, "win", "9p")
    save_hand(page, 1)
    expect_totals(page, 0, [25000, 26300, 25000, 23700])
    melds = kept(page)["hands"][0]["winners"][0]["hand"]["melds"]
    assert melds == [{"type": "kakan", "tiles": "5555z"}]
    # E2 (Ben deals): the same hand typed; "+" marks the added kan, and only a kan can be
    # added. Dealer 1 han 40 fu ron = 2000.
    choose(page, "winner", 1)
    choose(page, "from", 3)
    put_tiles(page, "type", 1, "melds", "+555z")
    expect(page.get_by_test_id("sheet-error")).to_have_text(
        "Only a kan can be added to a pon (+): +555z."
    )
    put_tiles(page, "type", 1, "melds", "+5555z")
    expect(page.get_by_test_id("sheet-error")).to_be_hidden()
    put_tiles(page, "type", 1, "hand", "234m456p789s9p")
    put_tiles(page, "type", 1, "win", "9p")
    save_hand(page, 2)
    expect_totals(page, 1, [25000, 28300, 25000, 21700])
    assert kept(page)["hands"][1]["winners"][0]["hand"]["melds"] == melds


def test_a_sheet_kept_only_in_the_browser_exports_the_servers_csv(
    server: str, new_page, tmp_path: Path
) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "doman", "east_only")
    for i, h in enumerate(RIICHI[:3]):
        enter_hand(page, "type", h, classical=False)
        save_hand(page, i + 1)
    expect(page.get_by_test_id("keep-hint")).to_be_visible()  # not logged in: not stored
    doc = json.loads(download(page, "export-json"))
    assert doc == kept(page)
    with page.expect_download() as info:
        page.get_by_test_id("export-csv").click()
    got = Path(info.value.path()).read_bytes()
    # the terminal's export of the same document (jantaku sheet export)
    path, out = tmp_path / "sheet.json", tmp_path / "sheet.csv"
    path.write_text(json.dumps(doc), encoding="utf-8")
    args = ["sheet", "export", str(path), "--format", "csv", "-o", str(out)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert got == out.read_bytes()
    rows = got.decode("utf-8").splitlines()
    assert rows[-1].endswith(",".join(map(str, RIICHI[2].totals)))


def test_a_classical_player_with_a_wrong_number_of_tiles_pays_for_all(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "sontag")
    # §10.5 with Anna East: Cleo (West) wins on Dirk's (North's) WW; Cleo 176, Anna 32, Ben
    # 96. Dirk held a wrong number of tiles: his hand is not entered (worth 0). Normal
    # settlement: Anna->Cleo 352, Ben->Cleo 176, Dirk->Cleo 176, Anna->Ben (96-32)x2 = 128,
    # Dirk->Anna 64, Dirk->Ben 96; Dirk takes over Anna's and Ben's payments (§6.1):
    # Cleo +704, Ben +224, Anna +64, Dirk -992.
    hand = Hand(
        "win",
        winner=2,
        how="ron",
        discarder=3,
        players={
            2: Tiles("222m678s3z", [Meld("pung", "666z"), Meld("chow", "345p")], "3y"),
            0: Tiles("999m135p2468s", [Meld("pung", "777z")], "2f"),
            1: Tiles("1357m246p", [Meld("kong", "5555s"), Meld("pung", "222z")]),
        },
        win_tile="3z",
    )
    tick(page, "wrong_tiles", 3)
    expect(page.get_by_test_id("player-tabs").locator('[data-player="3"]')).to_be_disabled()
    enter_hand(page, "tap", hand, classical=True)
    save_hand(page, 1)
    expect_totals(page, 0, [64, 224, 704, -992])
    card = page.get_by_test_id("hand-card").nth(0)
    expect(card.get_by_test_id("wrong-tiles")).to_have_text(
        "Dirk held a wrong number of tiles: pays for all and claims nothing."
    )
    assert kept(page)["hands"][0]["wrong_tiles"] == [3]
    check_layout(page, artifacts, "sheet-wrong-tiles-390")


def test_a_loaded_double_ron_leaves_the_next_entrys_situations_as_the_user_left_them(
    server: str, new_page
) -> None:
    """An entry loaded for a correction shows its second winner's own flags (the situations are
    open while he has any); drawing it so writes nothing into the page's fold: the next entry's
    situations, never opened on this page, are folded again."""
    page = new_page(1280, 800)
    start_sheet(page, server, "doman", "east_only")
    enter_hand(page, "tap", Hand("draw", tenpai=[0]), classical=False)
    save_hand(page, 1)
    enter_double_ron(page)
    save_hand(page, 2)
    page.reload()  # a page that has not opened the situations yet; the sheet is kept
    expect(page.get_by_test_id("entry-title")).to_contain_text("Hand 3")
    choose(page, "winner", 0)
    summary = page.get_by_test_id("flags-summary")
    expect(summary).to_have_attribute("aria-expanded", "false")
    page.get_by_test_id("hand-card").nth(1).get_by_test_id("edit-hand").click()
    expect(page.get_by_test_id("flags2").locator('[data-check="ippatsu"] input')).to_be_checked()
    expect(summary).to_have_attribute("aria-expanded", "true")
    page.get_by_test_id("save-hand").click()
    expect(page.get_by_test_id("entry-title")).to_contain_text("Hand 3")
    choose(page, "winner", 0)
    expect(summary).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_test_id("flags").locator("input")).to_have_count(0)
