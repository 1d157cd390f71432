"""The score sheet's pure modules (js/sheet/typing.js, copies.js) run in the browser and are
checked against oracles written here: every three- and four-tile group against the definition
of chow, pung and kong; copies left against a count over the physical tile set (136 tiles
with one red five per suit, or the classical 144 with flowers and seasons)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from playwright.sync_api import Page

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def load(page: Page, server: str) -> None:
    page.goto(f"{server}/#/sheet")
    page.wait_for_function("() => document.querySelector('[data-testid=sheet-setup]')")


def physical_set(red: bool, bonus: bool) -> list[str]:
    tiles = []
    for kind in KINDS:
        copies = [kind] * 4
        if red and kind[0] == "5" and kind[1] in "mps":
            copies[0] = f"0{kind[1]}"
        tiles += copies
    if bonus:
        tiles += [f"{n}{s}" for s in "fy" for n in range(1, 5)]
    return tiles


def oracle_left(used: list[str], tile: str, red: bool, bonus: bool) -> int:
    """Copies of exactly this tile (a red five is its own) not yet used in the set."""
    return max(0, Counter(physical_set(red, bonus))[tile] - Counter(used)[tile])


def oracle_kind(tiles: tuple[str, ...]) -> str | None:
    plain = [t if t[0] != "0" else f"5{t[1]}" for t in tiles]
    if len(set(plain)) == 1 and plain[0][1] not in "fy":
        return "kong" if len(tiles) == 4 else "pung"
    suits = {t[1] for t in plain}
    if len(tiles) == 3 and len(suits) == 1 and suits <= set("mps"):
        ns = sorted(int(t[0]) for t in plain)
        if ns[1] == ns[0] + 1 and ns[2] == ns[1] + 1:
            return "chow"
    return None


def test_meld_kinds_against_their_definition(server: str, new_page) -> None:
    page = new_page(1280, 800)
    load(page, server)
    groups = [g for g in itertools.combinations_with_replacement([*KINDS[:9], "0m", "1z", "1p"], 3)]
    groups += [tuple([k] * 4) for k in KINDS] + [("1m", "1m", "1m", "2m"), ("1f", "1f", "1f")]
    got = page.evaluate(
        """async (groups) => {
          const { meldKind } = await import('/static/js/sheet/typing.js');
          return groups.map((g) => meldKind(g));
        }""",
        [list(g) for g in groups],
    )
    expected = [oracle_kind(g) for g in groups]
    assert got == expected


def test_copies_left_against_the_physical_set(server: str, new_page) -> None:
    page = new_page(1280, 800)
    load(page, server)
    rng = random.Random(32)
    cases = []
    for red, bonus in ((True, False), (False, True)):
        pool = physical_set(red, bonus)
        for _ in range(60):
            used = rng.sample(pool, rng.randint(0, 60))
            cases.append({"used": used, "red": red, "bonus": bonus})
    probe = [*KINDS, "0m", "0p", "0s", "1f", "4y"]
    got = page.evaluate(
        """async ({cases, probe}) => {
          const { left } = await import('/static/js/sheet/copies.js');
          const set = (c) => ({red: c.red, bonus: c.bonus});
          return cases.map((c) => probe.map((tile) => left(c.used, tile, set(c))));
        }""",
        {"cases": cases, "probe": probe},
    )
    for case, row in zip(cases, got, strict=True):
        expected = [oracle_left(case["used"], tile, case["red"], case["bonus"]) for tile in probe]
        assert row == expected, case


def test_typed_notation_reads_back_what_was_written(server: str, new_page) -> None:
    page = new_page(1280, 800)
    load(page, server)
    rng = random.Random(7)
    hands = [
        sorted(rng.sample(physical_set(True, False), 13), key=lambda t: ("mpsz".index(t[1]), t[0]))
        for _ in range(50)
    ]
    got = page.evaluate(
        """async (hands) => {
          const { readTiles, writeTiles } = await import('/static/js/sheet/typing.js');
          const both = (text) => [text, readTiles(text).tiles];
          return hands.map((h) => both(writeTiles(h)));
        }""",
        hands,
    )
    for hand, (text, back) in zip(hands, got, strict=True):
        assert back == hand, text
        assert len(text) <= 13 + 4  # one suit letter per run
