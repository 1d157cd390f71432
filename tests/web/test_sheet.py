"""The score sheet for physical tables: a classical evening and a riichi East round entered in
the browser (by tapping the tile pictures and by typing MPSZ), at a phone's and a desktop's
size, against a real server. The expected totals are computed by hand below from the specs'
worked examples (classical-rules.md §10, doman-rules.md §2.8-§3.7); nothing here asks
jantaku for a value.

Players in sheet order: Anna (0, the first East/dealer), Ben (1), Cleo (2), Dirk (3).
Tile notation: MPSZ (the spec's b = bamboo = s, c = circles = p, s = characters = m; WE WS WW
WN = 1z-4z, DW DG DR = 5z 6z 7z, F = f, J = y).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.layout import layout_problems, unnamed_controls

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


@dataclass
class Meld:
    kind: str  # chow | pung | kong (the sheet's words for riichi's chi | pon | kan too)
    tiles: str
    open: bool = True


@dataclass
class Tiles:
    hand: str = ""
    melds: list[Meld] = field(default_factory=list)
    bonus: str = ""


@dataclass
class Hand:
    outcome: str  # riichi: win | draw | abortive; classical: win | remis | penalty
    winner: int = 0
    how: str = "ron"  # ron (classical: on a discard) | tsumo (classical: self-drawn)
    discarder: int | None = None
    players: dict[int, Tiles] = field(default_factory=dict)
    win_tile: str = ""
    dora: str = ""
    ura: str = ""
    flags: list[str] = field(default_factory=list)
    riichi: list[int] = field(default_factory=list)
    tenpai: list[int] = field(default_factory=list)
    stoerspiel: bool = False
    totals: list[int] = field(default_factory=list)  # after this hand, computed by hand


def expand(text: str) -> list[str]:
    """MPSZ into single tiles (the test's own reading: "123m5z" -> 1m 2m 3m 5z)."""
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mpszfy":
            out += [d + ch for d in digits]
            digits = ""
    assert not digits, text
    return out


# ---------------------------------------------------------------- the classical evening
# Round wind East throughout. East keeps the deal after his own Mah Jongg; another winner
# makes the next player East (§9). Losers' hands below are chosen to score 0 (no pung, no
# kong, no scoring pair, no flower), so only the winner's value and East's factor 2 matter
# except in hand 3, the spec's four-player settlement.
ZERO_A = "123456789m1357s"
ZERO_B = "123456789m2468s"

CLASSICAL = [
    # Hand 1, §10.1 (LIM): Anna is East and wins with the last tile of the wall, self-drawn.
    # WE kong open 16 pts 4 dbl; c6 kong concealed 16 pts 1 dbl (Farbkong); c9 pung open 4;
    # chow c2c3c4 (c4 drawn; c1/c4 wait) 0; pair c7 0; F1 own flower 4 pts 1 dbl; Mah Jongg 20;
    # last tile of the wall 10 pts 1 dbl; Farbspiel 3 suit + 1 Trumpf 2 dbl.
    # 70 x 2^9 = 35840, capped at 5000. East wins double: each of the three pays 10000.
    # Anna +30000; Ben, Cleo, Dirk -10000 each.
    Hand(
        "win",
        winner=0,
        how="tsumo",
        players={
            0: Tiles(
                "2377p",
                [Meld("kong", "1111z"), Meld("kong", "6666p", False), Meld("pung", "999p")],
                "1f",
            ),
            1: Tiles(ZERO_A),
            2: Tiles(ZERO_B),
            3: Tiles(ZERO_B),
        },
        win_tile="4p",
        flags=["last_wall_tile"],
        totals=[30000, -10000, -10000, -10000],
    ),
    # Hand 2, §10.6 (Störspiel pay-for-all): Anna is still East; Ben (South) has laid out
    # DR x4 open, b3 b3 b3, b7 b7 b7 and holds b4 b6 b9 b9; Anna (holding safe tiles, not
    # ready) discards b5, Ben calls it for Mah Jongg.
    # Ben: MJ 20 + DR open kong 16 + two open simple pungs 2 + 2 + only possible tile 10 = 50;
    # doubles: dragon kong 2 + Farbspiel 3+1 2 = 4; 50 x 16 = 800. Normal settlement: Anna
    # (East) 1600, Cleo 800, Dirk 800; the violator takes over the innocents' payments:
    # Anna pays 3200, Cleo and Dirk nothing. Anna 26800, Ben -6800.
    Hand(
        "win",
        winner=1,
        how="ron",
        discarder=0,
        players={
            1: Tiles("4699s", [Meld("kong", "7777z"), Meld("pung", "333s"), Meld("pung", "777s")]),
            0: Tiles("123456789m1357p"),
            2: Tiles("123456789m2468p"),
            3: Tiles("2468m123456789p"),
        },
        win_tile="5s",
        stoerspiel=True,
        totals=[26800, -6800, -10000, -10000],
    ),
    # Hand 3, §10.5 (four-player settlement): Ben won, so the deal passed: Ben East, Cleo
    # South, Dirk West, Anna North. Dirk (West) wins by calling Anna's discard WW.
    # Dirk: DG open pung 4 (1 dbl), c3c4c5 open chow, s2 concealed pung 4, b6b7b8, pair WW
    # (own wind) 2, J3 (own season) 4 (1 dbl), MJ 20, only possible tile 10: base 44,
    # 2 doubles -> 176.
    # Ben (East): DR open pung 4 (1 dbl), s9 s9 s9 concealed in hand 8, F2 4: 16 x 2 = 32.
    # Cleo (South): b5 x4 open kong 8 (1 dbl), WS open pung 4 (2 dbl, own wind): 12 x 8 = 96.
    # Anna: 0. Payments: Ben->Dirk 352, Cleo->Dirk 176, Anna->Dirk 176; Ben->Cleo
    # (96-32) x 2 = 128; Anna->Ben 32 x 2 = 64; Anna->Cleo 96.
    # Net: Dirk +704, Ben -416, Cleo +48, Anna -336.
    Hand(
        "win",
        winner=3,
        how="ron",
        discarder=0,
        players={
            3: Tiles("222m678s3z", [Meld("pung", "666z"), Meld("chow", "345p")], "3y"),
            1: Tiles("999m13579p24s", [Meld("pung", "777z")], "2f"),
            2: Tiles("1357m246p", [Meld("kong", "5555s"), Meld("pung", "222z")]),
            0: Tiles("3468m2468p1349s5z"),
        },
        win_tile="3z",
        totals=[26464, -7216, -9952, -9296],
    ),
    # Hand 4, §10.4 (concealed Farbspiel, single wait): Dirk won, so Cleo is East, Dirk South,
    # Anna West, Ben North. Dirk wins self-drawn without a call: b2b3b4 b5b6b7, DR and WN
    # pungs concealed, pair b9 (the drawn b9 the only tile).
    # MJ 20 + Handspiel 10 + only possible tile 10 + DR concealed 8 + WN concealed 8 = 56;
    # doubles: DR 1 + WN 1 + ohne Rufe 3 + Farbspiel 2+2 1 = 6; 56 x 64 = 3584 (limit 5000).
    # Cleo (East) pays 7168, Anna and Ben 3584 each: Dirk +14336.
    # Final: Anna 22880, Ben -10800, Cleo -17120, Dirk 5040 (sum 0).
    Hand(
        "win",
        winner=3,
        how="tsumo",
        players={
            3: Tiles("234567s777z444z9s"),
            2: Tiles("123456789m1357p"),
            0: Tiles("123456789m2468p"),
            1: Tiles("2468m123456789p"),
        },
        win_tile="9s",
        totals=[22880, -10800, -17120, 5040],
    ),
]

# ---------------------------------------------------------------- the riichi East round
# Doman, East round only, 25000 each. Points from the tables of doman-rules.md §3.6; honba
# 300 per counter (ron: the discarder pays it; tsumo: 100 from each payer), riichi sticks
# 1000 to the winner; noten payments 3000 split (§2.8.2); dealer rotation §2.9.
RIICHI = [
    # E1, 0 honba: exhaustive draw, Anna (dealer) and Cleo ready: Ben and Dirk pay 1500 each.
    # The dealer is ready: she stays, honba 1. 26500 23500 26500 23500.
    Hand("draw", tenpai=[0, 2], totals=[26500, 23500, 26500, 23500]),
    # E1, 1 honba: Ben declares riichi and rons Dirk's 2s: 234m 456p 66p 678s + 34s+2s.
    # Riichi 1, pinfu 1, tanyao 1 = 3 han, pinfu ron 30 fu (no dora: indicator E -> S, ura
    # 9m -> 1m): non-dealer 3 han 30 fu ron = 3900, + 300 honba from Dirk; Ben's own stick
    # goes back to him. Ben +4200, Dirk -4200. Next: E2 (Ben deals), 0 honba.
    Hand(
        "win",
        winner=1,
        how="ron",
        discarder=3,
        players={1: Tiles("234m45666p34678s")},
        win_tile="2s",
        dora="1z",
        ura="9m",
        riichi=[1],
        totals=[26500, 27700, 26500, 19300],
    ),
    # E2, 0 honba: Cleo self-draws 6s: 123m 789p 555z (concealed) 45s+6s 77s.
    # Menzen tsumo 1 + haku 1 = 2 han; fu 20 + tsumo 2 + concealed honour triplet 8 = 30.
    # Non-dealer tsumo 2 han 30 fu: 500/1000 (dealer Ben 1000). Next: E3 (Cleo deals).
    Hand(
        "win",
        winner=2,
        how="tsumo",
        players={2: Tiles("123m789p4577s555z")},
        win_tile="6s",
        dora="9s",
        totals=[26000, 26700, 28500, 18800],
    ),
    # E3, 0 honba: Anna declares riichi; Cleo (dealer) rons Anna's 9s: pon 777z, 234m 567p
    # 234s, tanki 9s. Chun 1 han; fu 20 + open honour triplet 4 + tanki 2 = 26 -> 30.
    # Dealer 1 han 30 fu ron = 1500; Anna's riichi stick goes to Cleo: Anna -2500, Cleo
    # +2500. The dealer won: E3 again, 1 honba.
    Hand(
        "win",
        winner=2,
        how="ron",
        discarder=0,
        players={2: Tiles("234m567p2349s", [Meld("pung", "777z")])},
        win_tile="9s",
        dora="8p",
        riichi=[0],
        totals=[23500, 26700, 31000, 18800],
    ),
    # E3, 1 honba: Dirk declares riichi and self-draws 5m: 123m 34m+5m 456p 66p 789s.
    # Riichi 1, menzen tsumo 1, pinfu 1 = 3 han, pinfu tsumo 20 fu: 700/1300 (dealer Cleo
    # 1300) + 100 honba from each payer: Cleo 1400, Anna 800, Ben 800; Dirk +3000 (his stick
    # back). Next: E4 (Dirk deals), 0 honba.
    Hand(
        "win",
        winner=3,
        how="tsumo",
        players={3: Tiles("12334m45666p789s")},
        win_tile="5m",
        dora="1z",
        ura="1z",
        riichi=[3],
        totals=[22700, 25900, 29600, 21800],
    ),
    # E4, 0 honba: exhaustive draw, only Anna ready: +3000, the others -1000. The dealer (Dirk)
    # is not ready: the deal would pass after the last hand of an East-only match, so it ends.
    Hand("draw", tenpai=[0], totals=[25700, 24900, 28600, 20800]),
]


# ---------------------------------------------------------------- steps in the page


def start_sheet(page: Page, base: str, preset: str, length: str | None = None) -> None:
    page.goto(f"{base}/#/sheet")
    page.get_by_test_id("preset").select_option(preset)
    if length:
        page.get_by_test_id("length").select_option(length)
    for i, name in enumerate(NAMES):
        page.get_by_test_id(f"name-{i}").fill(name)
    page.get_by_test_id("sheet-start").click()
    expect(page.get_by_test_id("entry")).to_be_visible()


def choose(page: Page, testid: str, value: object) -> None:
    page.get_by_test_id(testid).locator(f'[data-value="{value}"]').click()


def tick(page: Page, testid: str, key: object, on: bool = True) -> None:
    box = page.get_by_test_id(testid).locator(f'[data-check="{key}"] input')
    if not box.is_visible():
        page.get_by_test_id(f"{testid}-summary").click()
    box.set_checked(on)


def put_tiles(page: Page, mode: str, player: int, part: str, text: str) -> None:
    """Enter one part's tiles: typed into its field (Enter), or tapped in the picker."""
    if not text:
        return
    if mode == "type":
        box = page.locator(f"#part-{player}-{part}")
        box.fill(text)
        box.press("Enter")
        return
    page.locator(f'.part[data-key="{player}:{part}"] .part-label').click()
    for tile in expand(text):
        page.locator(f'[data-pick="{tile}"]').click()


def put_melds(page: Page, mode: str, player: int, melds: list[Meld]) -> None:
    if not melds:
        return
    if mode == "type":
        text = " ".join(m.tiles if m.open else f"({m.tiles})" for m in melds)
        put_tiles(page, "type", player, "melds", text)
        return
    page.locator(f'.part[data-key="{player}:melds"] .part-label').click()
    for m in melds:
        page.locator(f'[data-meld-kind="{m.kind}"]').click()
        if m.kind == "kong":
            page.get_by_test_id("kong-concealed").set_checked(not m.open)
        page.locator(f'[data-pick="{expand(m.tiles)[0]}"]').click()


def enter_tiles(page: Page, mode: str, h: Hand, classical: bool) -> None:
    for player, tiles in h.players.items():
        if classical:
            page.get_by_test_id("player-tabs").locator(f'[data-player="{player}"]').click()
        put_melds(page, mode, player, tiles.melds)
        put_tiles(page, mode, player, "hand", tiles.hand)
        if player == h.winner:
            put_tiles(page, mode, player, "win", h.win_tile)
        put_tiles(page, mode, player, "bonus", tiles.bonus)
    put_tiles(page, mode, 0, "dora", h.dora)
    put_tiles(page, mode, 0, "ura", h.ura)


def enter_hand(page: Page, mode: str, h: Hand, classical: bool) -> None:
    choose(page, "outcome", h.outcome)
    if h.outcome == "draw":
        for p in h.tenpai:
            tick(page, "tenpai", p)
    if h.outcome == "win":
        choose(page, "winner", h.winner)
        choose(page, "how", h.how)
        if h.how == "ron":
            choose(page, "from", h.discarder)
        for flag in h.flags:
            tick(page, "flags", flag)
        if h.stoerspiel:
            tick(page, "stoerspiel", "stoerspiel")
        enter_tiles(page, mode, h, classical)
    for p in h.riichi:
        tick(page, "riichi", p)
    expect(page.get_by_test_id("sheet-error")).to_be_hidden()


def save_hand(page: Page, count: int) -> None:
    page.get_by_test_id("save-hand").click()
    try:
        expect(page.get_by_test_id("hand-card")).to_have_count(count)
    except AssertionError:
        message = page.get_by_test_id("sheet-error").text_content()
        raise AssertionError(f"hand {count} was not saved: {message}") from None


def grouped(value: int, lang: str = "en") -> str:
    """A whole number as a reader of ``lang`` writes it: 25,000 / 25.000 (Python's grouping),
    a negative one with a true minus sign (−1,000) as a change is written."""
    text = f"{value:,}".replace("-", "\u2212")
    return text.replace(",", ".") if lang == "de" else text


def _lang(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def expect_totals(page: Page, index: int, totals: list[int]) -> None:
    """The totals after hand ``index``, grouped for the page's language."""
    row = page.get_by_test_id("totals").locator(f'tr[data-hand="{index}"]')
    lang = _lang(page)
    for p, value in enumerate(totals):
        expect(row.locator(f'[data-player="{p}"] .total')).to_have_text(grouped(value, lang))


def expect_standings(page: Page, totals: list[int]) -> None:
    """The standings list every player with the final total, highest first."""
    order = sorted(range(4), key=lambda p: -totals[p])
    items = page.get_by_test_id("standings").locator("li")
    expect(items).to_have_count(4)
    lang = _lang(page)
    for place, p in enumerate(order):
        text = re.escape(grouped(totals[p], lang))
        expect(items.nth(place)).to_have_text(re.compile(rf"^{NAMES[p]}: {text}(?![\d.,])"))


def play_sheet(page: Page, hands: list[Hand], mode: str, classical: bool, start: int = 0) -> None:
    for i, h in enumerate(hands):
        enter_hand(page, mode, h, classical)
        save_hand(page, start + i + 1)
        expect_totals(page, start + i, h.totals)


def check_layout(page: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    assert layout_problems(page) == []
    assert unnamed_controls(page) == []


# ---------------------------------------------------------------- the tests

VIEWS = [(390, 844), (1440, 900)]


@pytest.mark.parametrize(
    ("size", "mode"), [(VIEWS[0], "tap"), (VIEWS[1], "type")], ids=["phone-tap", "desktop-type"]
)
def test_classical_evening(
    server: str, new_page, artifacts: Path, size: tuple[int, int], mode: str
) -> None:
    page = new_page(*size)
    start_sheet(page, server, "sontag")
    check_layout(page, artifacts, f"sheet-classical-empty-{size[0]}")
    play_sheet(page, CLASSICAL, mode, classical=True)
    expect_standings(page, CLASSICAL[-1].totals)
    # the breakdown: the limit hand and the Störspiel verdict are explained
    first = page.get_by_test_id("hand-card").nth(0)
    expect(first.locator('[data-player="0"] [data-testid="player-value"]')).to_contain_text(
        "70 × 2^9 = 35,840 → limit 5,000"
    )
    expect(page.get_by_test_id("hand-card").nth(1).get_by_test_id("stoerspiel")).to_contain_text(
        "Anna"
    )
    check_layout(page, artifacts, f"sheet-classical-{mode}-{size[0]}")
    # in German: the same sheet (kept in the browser), the page's words, the same layout checks
    page.locator('[data-lang="de"]').click()
    expect(page.get_by_role("heading", name="Zwischenstände")).to_be_visible()
    expect(page.get_by_test_id("outcome")).to_contain_text("Mah Jongg")
    expect_totals(page, 3, CLASSICAL[-1].totals)
    check_layout(page, artifacts, f"sheet-classical-{mode}-{size[0]}-de")


@pytest.mark.parametrize(
    ("size", "mode"), [(VIEWS[0], "type"), (VIEWS[1], "tap")], ids=["phone-type", "desktop-tap"]
)
def test_riichi_east_round(
    server: str, new_page, artifacts: Path, size: tuple[int, int], mode: str
) -> None:
    page = new_page(*size)
    start_sheet(page, server, "doman", "east_only")
    play_sheet(page, RIICHI, mode, classical=False)
    expect_standings(page, RIICHI[-1].totals)
    expect(page.get_by_test_id("match-over")).to_be_visible()
    # E1 with 1 honba: the second hand's card names its place and its 3 han 30 fu, 3900
    second = page.get_by_test_id("hand-card").nth(1)
    expect(second).to_contain_text("East 1 · 1 honba")
    expect(second.get_by_test_id("hand-value")).to_have_text("3 han 30 fu · 3,900 points")
    check_layout(page, artifacts, f"sheet-riichi-{mode}-{size[0]}")


def test_correcting_an_earlier_hand_recomputes_the_later_totals(
    server: str, new_page, artifacts: Path
) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "doman", "east_only")
    play_sheet(page, RIICHI, "type", classical=False)
    # hand 2 was dealt in by Cleo, not Dirk: Cleo pays the 4200 instead of Dirk
    page.get_by_test_id("hand-card").nth(1).get_by_test_id("edit-hand").click()
    expect(page.get_by_test_id("entry-title")).to_contain_text("Correcting hand 2")
    expect(page.locator("#part-1-hand")).to_have_value("234m45666p34678s")
    choose(page, "from", 2)
    page.get_by_test_id("save-hand").click()
    expect(page.get_by_test_id("entry-title")).to_have_text("The match is over")
    expected = [
        [26500, 23500, 26500, 23500],
        [26500, 27700, 22300, 23500],
        [26000, 26700, 24300, 23000],
        [23500, 26700, 26800, 23000],
        [22700, 25900, 25400, 26000],
        [25700, 24900, 24400, 25000],
    ]
    for i, totals in enumerate(expected):
        expect_totals(page, i, totals)
    expect_standings(page, expected[-1])
    # deleting the first hand (the draw): everything after it moves up and is computed again
    # without it: E1 starts with 0 honba, so Ben's ron is 3900 and Cleo pays 3900 only.
    page.get_by_test_id("hand-card").nth(0).get_by_test_id("delete-hand").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(5)
    expect_totals(page, 0, [25000, 28900, 21100, 25000])
    page.screenshot(path=str(artifacts / "sheet-corrected-390.png"), full_page=True)


def test_a_double_ron_pays_both_winners_and_the_honba_to_the_nearest(server: str, new_page) -> None:
    page = new_page(1440, 900)
    start_sheet(page, server, "doman", "east_only")
    enter_hand(page, "type", RIICHI[0], classical=False)  # E1 draw: 26500 23500 26500 23500
    save_hand(page, 1)
    # E1, 1 honba: Dirk's 2s is ronned by Ben and by Cleo. Ben: 234m 456p 66p 678s + 34s,
    # pinfu + tanyao, 2 han 30 fu = 2000. Cleo: pon 777z, 234m 567p 99s + 34s, chun 1 han,
    # fu 20 + 4 (open honour triplet) = 24 -> 30: 1000. Ben sits nearer to Dirk in turn order
    # (Dirk -> Anna -> Ben -> Cleo) and takes the 300 honba (doman-rules.md §8 Q6).
    # Dirk pays 2300 + 1000. Neither winner deals: the deal passes to Ben (E2, 0 honba).
    choose(page, "winner", 1)
    choose(page, "from", 3)
    choose(page, "winner2", 2)
    put_tiles(page, "type", 1, "hand", "234m45666p34678s")
    put_tiles(page, "type", 1, "win", "2s")
    page.get_by_test_id("player-tabs").locator('[data-value="2"]').click()
    put_tiles(page, "type", 2, "melds", "777z")
    put_tiles(page, "type", 2, "hand", "234m567p3499s")
    save_hand(page, 2)
    expect_totals(page, 1, [26500, 25800, 27500, 20200])
    expect(page.get_by_test_id("hand-card").nth(1).get_by_test_id("winner-result")).to_have_count(2)
    expect(page.get_by_test_id("entry-title")).to_have_text("Hand 3: East 2, dealer Ben")


def test_remis_penalty_abortive_draw_and_nagashi(server: str, new_page, artifacts: Path) -> None:
    page = new_page(390, 844)
    start_sheet(page, server, "sontag")
    # §10.12: Cleo (West) declares Mah Jongg falsely: penalty 100 to each, East's factor 2:
    # Anna (East) +200, Ben +100, Dirk +100, Cleo -400. A penalty does not move East.
    choose(page, "outcome", "penalty")
    choose(page, "penalty-player", 2)
    page.get_by_test_id("penalty-points").fill("100")
    page.get_by_test_id("penalty-reason").fill("false Mah Jongg")
    save_hand(page, 1)
    expect_totals(page, 0, [200, 100, -400, 100])
    # a Remis: no payments, East stays (§9)
    choose(page, "outcome", "remis")
    save_hand(page, 2)
    expect_totals(page, 1, [200, 100, -400, 100])
    expect(page.get_by_test_id("entry-title")).to_have_text("Hand 3: East 1, dealer Anna")

    page.get_by_test_id("new-sheet").click()
    page.get_by_test_id("preset").select_option("tenhou")
    page.get_by_test_id("length").select_option("east_only")
    page.get_by_test_id("sheet-start").click()
    # E1: Ben declares riichi (1000 on the table), then nine terminals abort the hand: no
    # payments; the dealer repeats with 1 honba, the stick stays (doman-rules.md §2.8.4).
    choose(page, "outcome", "abortive")
    choose(page, "abortive", "nine_terminals")
    tick(page, "riichi", 1)
    save_hand(page, 1)
    expect_totals(page, 0, [25000, 24000, 25000, 25000])
    expect(page.get_by_test_id("entry-title")).to_have_text(
        "Hand 2: East 1 · 1 honba · riichi sticks: 1, dealer Anna"
    )
    # E1, 1 honba: exhaustive draw, Dirk has nagashi mangan: paid as a non-dealer mangan
    # tsumo (the dealer Anna 4000, Ben and Cleo 2000), replacing the noten payments; nobody
    # else ready. The dealer is not ready: the deal passes, honba 2, the stick stays.
    choose(page, "outcome", "draw")
    tick(page, "nagashi", 3)
    save_hand(page, 2)
    expect_totals(page, 1, [21000, 22000, 23000, 33000])
    expect(page.get_by_test_id("entry-title")).to_have_text(
        "Hand 3: East 2 · 2 honba · riichi sticks: 1, dealer Ben"
    )
    check_layout(page, artifacts, "sheet-draws-390")


def test_pao_on_a_ron_splits_the_yakuman(server: str, new_page) -> None:
    page = new_page(1440, 900)
    start_sheet(page, server, "doman", "east_only")
    # E1: Ben has called white, green and red (Dirk fed the third dragon pung: pao) and rons
    # Cleo's 9s (tanki): daisangen, a non-dealer yakuman ron = 32000; with pao on a ron by a
    # third player the liable player and the discarder pay half each (doman-rules.md §3.7).
    choose(page, "winner", 1)
    choose(page, "from", 2)
    page.get_by_test_id("flags-summary").click()
    choose(page, "pao", 3)
    put_tiles(page, "type", 1, "melds", "555z 666z 777z")
    put_tiles(page, "type", 1, "hand", "234m9s")
    put_tiles(page, "type", 1, "win", "9s")
    save_hand(page, 1)
    expect_totals(page, 0, [25000, 57000, 9000, 9000])
    expect(page.get_by_test_id("hand-card").nth(0).get_by_test_id("hand-value")).to_contain_text(
        "Yakuman"
    )
