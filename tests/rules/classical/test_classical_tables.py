"""The BEW tables (spec §5.1-§5.3), typed out again here from the spec and compared with the code
for every tile kind, seat and prevailing wind; plus premiums, hand doubles and the Farbspiel
scale."""

from __future__ import annotations

from typing import Any

import pytest
from _classical_deal import request, rows, seat

from jantaku.rules.classical import preset, score_request
from jantaku.rules.classical.figures import Figure, FigureKind, bonus_items, figure_items
from jantaku.rules.classical.items import Table
from jantaku.tiles import TileKind, Wind, parse_kinds

SONTAG = preset("sontag")
KINDS = list(TileKind)[:34]

# §5.1 figure points: (open, concealed) per figure and tile class
POINTS = {
    ("pung", "simple"): (2, 4),
    ("pung", "edge"): (4, 8),
    ("kong", "simple"): (8, 16),
    ("kong", "edge"): (16, 32),
}


def _class(kind: TileKind) -> str:
    return "simple" if 2 <= kind.number <= 8 and kind < 27 else "edge"


def _spec_doubles(kind: TileKind, kong: bool, seat_wind: Wind, prevailing: Wind) -> int:
    """§5.3 figure doubles, written as the spec's table (not its general pattern)."""
    if kind.is_dragon:
        return 2 if kong else 1
    if kind.is_wind:
        own = kind == seat_wind.kind
        prev = kind == prevailing.kind
        table = {
            (False, False): (1, 2),
            (True, False): (2, 3),
            (False, True): (2, 3),
            (True, True): (3, 4),
        }
        return table[(own, prev)][kong]
    return 1 if kong else 0


@pytest.mark.parametrize("kind", KINDS, ids=[k.notation for k in KINDS])
def test_figure_points_and_doubles_for_every_kind(kind: TileKind) -> None:
    for fig_kind, name in ((FigureKind.PUNG, "pung"), (FigureKind.KONG, "kong")):
        for concealed in (False, True):
            for seat_wind in Wind:
                for prevailing in Wind:
                    items = figure_items(Figure(fig_kind, kind, concealed), seat_wind, prevailing)
                    points = sum(i.points for i in items)
                    doubles = sum(i.doubles for i in items)
                    assert points == POINTS[(name, _class(kind))][concealed]
                    assert doubles == _spec_doubles(kind, name == "kong", seat_wind, prevailing)
                    assert all(i.row for i in items)


def test_row_names_cite_the_table() -> None:
    def names(kind: FigureKind, tile: str, concealed: bool) -> list[str]:
        fig = Figure(kind, parse_kinds(tile)[0], concealed)
        return [
            f"{i.row}: {i.points}" for i in figure_items(fig, Wind.SOUTH, Wind.EAST) if i.points
        ]

    assert names(FigureKind.PUNG, "9s", True) == ["Randpung, verdeckt: 8"]
    assert names(FigureKind.PUNG, "5m", False) == ["einfacher Pung, offen: 2"]
    assert names(FigureKind.KONG, "7z", True) == ["Trumpfkong, verdeckt: 32"]
    assert names(FigureKind.KONG, "1p", False) == ["Randkong, offen: 16"]
    assert names(FigureKind.KONG, "3p", False) == ["einfacher Kong, offen: 8"]


def test_chows_score_nothing() -> None:
    items = figure_items(Figure(FigureKind.CHOW, TileKind.S1, True), Wind.EAST, Wind.EAST)
    assert [(i.points, i.doubles) for i in items] == [(0, 0)]


def test_bonus_tiles_and_strauss() -> None:
    def total(tiles: str, seat_wind: Wind, **opts: Any) -> tuple[int, int]:
        items = bonus_items(parse_kinds(tiles), seat_wind, preset("sontag", **opts))
        return sum(i.points for i in items), sum(i.doubles for i in items)

    assert total("2f", Wind.EAST) == (4, 0)
    assert total("1f", Wind.EAST) == (4, 1)
    assert total("1f1y", Wind.EAST) == (8, 2)
    assert total("1234f", Wind.SOUTH) == (16, 3)  # Strauß includes the own flower
    assert total("1234f", Wind.SOUTH, strauss_includes_own_double=False) == (16, 4)
    assert total("1234f1234y", Wind.WEST) == (32, 6)
    items = bonus_items(parse_kinds("1234y"), Wind.NORTH, SONTAG)
    assert {i.table for i in items} == {Table.OTHER_POINTS, Table.BONUS_DOUBLES}


def _win(wind: str, hand: str, tile: str, melds: list[dict[str, Any]] | None = None, **kw: Any):
    how: dict[str, Any] = {"win": "self_draw"} if kw.pop("self_draw", False) else {"win": "discard"}
    if how["win"] == "discard":
        how["discarder"] = kw.pop("discarder", "E" if wind != "E" else "S")
    options = kw.pop("options", None)
    req = request(
        {wind: {"hand": hand, "melds": melds or []}}, winner=wind, win_tile=tile, **how, **kw
    )
    if options:
        req["options"] = options
    return score_request(req)


def m(kind: str, tiles: str, open_: bool = True) -> dict[str, Any]:
    return {"type": kind, "tiles": tiles, "open": open_}


def test_pungspiel_and_kongspiel() -> None:
    result = _win("S", "222m5p", "5p", [m("pung", "333s"), m("pung", "777p"), m("pung", "444s")])
    assert ("Pungspiel", 10, 0) in rows(result, "S")
    kongs = [m("kong", "3333s"), m("kong", "7777p"), m("kong", "4444s"), m("kong", "2222m")]
    result = _win("S", "5p", "5p", kongs)
    names = [r for r, _p, _d in rows(result, "S")]
    assert "Kongspiel" in names and "Pungspiel" not in names
    result = _win("S", "5p", "5p", kongs, options={"kongspiel_replaces_pungspiel": False})
    names = [r for r, _p, _d in rows(result, "S")]
    assert "Kongspiel" in names and "Pungspiel" in names


def test_ruf_nur_zum_14_stein_and_robbing_the_kong() -> None:
    result = _win("W", "123m456p789s222z4p", "4p")  # no call before the winning discard
    names = dict((r, d) for r, _p, d in rows(result, "W"))
    assert names["Ruf nur zum 14. Stein"] == 1
    assert "Mah Jongg ohne Rufe" not in names and "Handspiel (keine Rufe)" not in names
    robbed = _win("W", "123m456p789s222z4p", "4p", robbing_kong=True)
    assert ("Beraubung des Kong", 10, 1) in rows(robbed, "W")
    assert seat(robbed, "W")["base"] == seat(result, "W")["base"] + 10


def test_last_tile_premiums() -> None:
    drawn = _win("W", "123m456p789s222z4p", "4p", self_draw=True, last_wall_tile=True)
    assert ("Mah Jongg mit dem letzten Stein der Mauer", 10, 1) in rows(drawn, "W")
    claimed = _win("W", "123m456p789s222z4p", "4p", last_discard=True)
    assert ("Mah Jongg mit dem letzten abgelegten Stein", 10, 1) in rows(claimed, "W")


def test_handspiel_option() -> None:
    result = _win(
        "W", "123m456p789s222z4p", "4p", self_draw=True, options={"handspiel_with_ohne_rufe": False}
    )
    names = [r for r, _p, _d in rows(result, "W")]
    assert "Mah Jongg ohne Rufe" in names and "Handspiel (keine Rufe)" not in names


FARBSPIEL = [
    # (hand, win tile, melds, expected Farbspiel doubles or None)
    ("123456s4z", "4z", [m("pung", "777z"), m("pung", "111z")], 1),  # 2 suit + 2 Trumpf
    ("123456789s4z", "4z", [m("pung", "777z")], 2),  # 3 suit + 1 Trumpf
    ("1234567895s", "5s", [m("pung", "777s")], 4),  # 4 suit, pair of the suit
    ("123456789s5z", "5z", [m("pung", "777s")], 3),  # 4 suit, Trumpf pair
    ("123s5z", "5z", [m("pung", "777z"), m("pung", "111z"), m("pung", "222z")], None),  # 1 suit
    ("123456s9p", "9p", [m("pung", "777z"), m("pung", "111z")], None),  # pair of a 2nd suit
]


@pytest.mark.parametrize(("hand", "tile", "melds", "expected"), FARBSPIEL)
def test_farbspiel_scale(
    hand: str, tile: str, melds: list[dict[str, Any]], expected: int | None
) -> None:
    # special hands off: a Flush would otherwise replace the standard scoring
    result = _win("N", hand, tile, melds, options={"lower_limit": 0, "special_hands": []})
    found = [d for r, _p, d in rows(result, "N") if "Farbspiel" in r]
    assert found == ([] if expected is None else [expected])


def test_winning_discard_figure_option() -> None:
    # 555p in hand + 5p claimed: the completed pung is open by default, concealed with the option
    as_open = _win("N", "55p123s789m456m11z", "5p")
    assert ("einfacher Pung, offen", 2, 0) in rows(as_open, "N")
    as_hidden = _win(
        "N", "55p123s789m456m11z", "5p", options={"winning_discard_figure": "concealed"}
    )
    assert ("einfacher Pung, verdeckt", 4, 0) in rows(as_hidden, "N")


def test_winner_gets_the_best_reading() -> None:
    # 111222333m: three pungs (concealed 8+4+4) beat three chows; the tile completes the pair.
    result = _win("S", "111222333m456p6s", "6s", self_draw=True)
    names = [r for r, _p, _d in rows(result, "S")]
    assert names.count("einfacher Pung, verdeckt") == 2 and "Randpung, verdeckt" in names


def test_prevailing_wind_pair_option() -> None:
    # South's hand with an East pair in the East round: 2 points, 0 with the option
    hand = request({"S": {"hand": "123m456p789s11z57p"}}, winner=None)
    loser = score_request(hand)
    assert ("Paar des vorherrschenden Windes", 2, 0) in rows(loser, "S")
    hand["options"] = {"prevailing_wind_pair_points": 0}
    assert rows(score_request(hand), "S") == [r for r in rows(loser, "S") if r[1] != 2]


def test_upper_limit_option_and_losers_capped() -> None:
    req = request(
        {
            "N": {
                "hand": "1p",
                "melds": [
                    m("kong", "1111z"),
                    m("kong", "2222z"),
                    m("kong", "3333z"),
                    m("kong", "4444z"),
                ],
            }
        },
        winner=None,
    )
    north = seat(score_request(req), "N")
    assert north["raw_value"] > 5000 and north["value"] == 5000
    req["options"] = {"upper_limit": 3000}
    assert seat(score_request(req), "N")["value"] == 3000


def test_loser_options() -> None:
    hand = {
        "W": {"hand": "111m77z5z8s", "melds": [m("pung", "999p"), m("chow", "123s")], "bonus": "4f"}
    }
    # West in the East round: 999p open 4, hidden 111m 8, pair of red dragons 2, a flower 4
    default = seat(score_request(request(hand)), "W")
    assert (default["base"], default["doubles"]) == (18, 0)
    laid_only = request(hand)
    laid_only["options"] = {"loser_scores_hidden_figures": False}
    assert seat(score_request(laid_only), "W")["base"] == 8
    no_pairs = request(hand)
    no_pairs["options"] = {"loser_max_scoring_pairs": 0}
    assert seat(score_request(no_pairs), "W")["base"] == 16


def test_terminals_are_trumpf_option_changes_the_farbspiel() -> None:
    melds = [m("pung", "111m")]
    plain = _win("N", "123456789s5s", "5s", melds, options={"lower_limit": 0, "special_hands": []})
    assert not [r for r, _p, _d in rows(plain, "N") if "Farbspiel" in r]
    dji = _win(
        "N",
        "123456789s5s",
        "5s",
        melds,
        options={"lower_limit": 0, "special_hands": [], "terminals_are_trumpf": True},
    )
    assert ("Farbspiel: 3 Farbfiguren und 1 Trumpffigur", 0, 2) in rows(dji, "N")


def test_flower_names_are_cosmetic() -> None:
    from jantaku.rules.classical.figures import bonus_tile_name

    assert bonus_tile_name(TileKind.FLOWER_2, SONTAG) == "Chrysantheme"
    assert bonus_tile_name(TileKind.FLOWER_2, preset("sontag", flower_names="common")) == "Orchidee"
    assert bonus_tile_name(TileKind.SEASON_3, SONTAG) == "Herbst"
