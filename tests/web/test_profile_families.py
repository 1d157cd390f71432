"""The profile keeps the rule families' statistics apart: a riichi place, win rate or yaku and a
classical one are not the same thing, so a player of both sees one card per family (the
profile added them up in one card, riichi yaku beside classical special hands). The page is fed
the server's answer (``stats.families``, docs/protocol.md) for a player of both families."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Route, expect

from tests.web.helpers import login_guest


def _stats(games: int, average: float, yaku: dict[str, int]) -> dict[str, object]:
    return {
        "games": games,
        "placements": {"1": games, "2": 0, "3": 0, "4": 0},
        "average_place": average,
        "hands": 10 * games,
        "win_rate": 0.25,
        "deal_in_rate": 0.1,
        "yaku": yaku,
    }


RIICHI = _stats(3, 1.0, {"riichi": 4})
CLASSICAL = _stats(2, 1.0, {"Himmelsleiter": 1})
PLAYER = {
    "user": {
        "id": 7,
        "name": "Anna",
        "guest": False,
        "rank": "Novice",
        "rank_points": 0,
        "rank_needed": 20,
        "rating": 1500,
        "rating_max": 1500,
        "rated_games": 0,
    },
    "stats": {
        **_stats(5, 1.0, {"riichi": 4, "Himmelsleiter": 1}),
        "families": {"classical": CLASSICAL, "riichi": RIICHI},
    },
}
HEADS = {"en": ("Yaku", "Special hands"), "de": ("Yaku", "Spezialhände")}
TITLES = {
    "en": ["Statistics: Classical German Mah-Jongg", "Statistics: Doman Mahjong (riichi)"],
    "de": ["Statistik: Klassisches deutsches Mah-Jongg", "Statistik: Doman-Mahjong (Riichi)"],
}


def _answer(route: Route) -> None:
    body = {"games": []} if route.request.url.endswith("/games") else PLAYER
    route.fulfill(status=200, content_type="application/json", body=json.dumps(body))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (390, 844)])
def test_the_profile_shows_each_families_statistics_apart(
    server: str, new_page, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    page = new_page(*size)
    login_guest(page, server)  # a profile is shown to a signed-in visitor
    page.route("**/api/players/7**", _answer)
    page.evaluate("(lang) => localStorage.setItem('jantaku.lang', JSON.stringify(lang))", lang)
    page.goto(f"{server}/#/profile/7")
    page.reload()  # the language is read when the page loads
    cards = page.locator("section[data-family]")
    expect(cards).to_have_count(2)
    expect(cards.locator("h2")).to_have_text(TITLES[lang])
    riichi = page.locator('section[data-family="riichi"]')
    classical = page.locator('section[data-family="classical"]')
    expect(riichi.get_by_test_id("games")).to_contain_text("3")
    expect(classical.get_by_test_id("games")).to_contain_text("2")
    # riichi counts yaku, classical its special hands, each table only its own
    expect(riichi.locator(".yaku-table thead th").first).to_have_text(HEADS[lang][0])
    expect(classical.locator(".yaku-table thead th").first).to_have_text(HEADS[lang][1])
    expect(riichi.locator(".yaku-table tbody td").first).to_have_text("Riichi")
    expect(classical.locator(".yaku-table tbody td").first).to_contain_text("Himmelsleiter")
    expect(riichi.locator(".yaku-table tbody tr")).to_have_count(1)
    expect(classical.locator(".yaku-table tbody tr")).to_have_count(1)
    page.screenshot(path=str(artifacts / f"profile-families-{lang}-{size[0]}.png"), full_page=True)
