"""Spec §10: every worked example with the values the spec states.

10.1-10.3 come from the source site (the oracle); 10.4-10.12 are derived by hand from the tables
in the spec, so they check that the code reads the tables as the spec does."""

from __future__ import annotations

from _classical_deal import request, rows, seat

from jantaku.rules.classical import preset
from jantaku.rules.classical.danger import DangerCase, dangerous_tiles, threats
from jantaku.rules.classical.figures import Figure, FigureKind, figure_items, pair_item
from jantaku.rules.classical.request import score_request
from jantaku.rules.classical.scorer import SeatHand, score_loser
from jantaku.rules.classical.settlement import Penalty, penalty_settlement
from jantaku.tiles import TileKind, Wind, parse_kinds

SONTAG = preset("sontag")


def meld(kind: str, tiles: str, open_: bool = True) -> dict[str, object]:
    return {"type": kind, "tiles": tiles, "open": open_}


# --- 10.1 LIM: 35 840 capped to 5000, East receives 10 000 from each -----------------------------


def test_10_1_limit_example() -> None:
    req = request(
        {
            "E": {
                "hand": "2377p",
                "melds": [
                    meld("kong", "1111z"),
                    meld("kong", "6666p", False),
                    meld("pung", "999p"),
                ],
                "bonus": "1f",
            }
        },
        winner="E",
        win_tile="4p",
        win="self_draw",
        last_wall_tile=True,
    )
    result = score_request(req)
    east = seat(result, "E")
    assert (east["base"], east["doubles"], east["raw_value"]) == (70, 9, 35840)
    assert east["value"] == 5000 and east["limit"] is True
    # the doubles LIM lists: wind kong 4, Farbspiel 2, Farbkong 1, own flower 1, last tile 1
    doubles = {row: d for row, _p, d in rows(result, "E") if d}
    assert doubles == {
        "Kong des eigenen und vorherrschenden Windes": 4,
        "Farbspiel: 3 Farbfiguren und 1 Trumpffigur": 2,
        "Farbkong": 1,
        "eigene Blume": 1,
        "Mah Jongg mit dem letzten Stein der Mauer": 1,
    }
    assert "Mah Jongg mit dem einzig möglichen Stein" not in {r for r, _p, _d in rows(result, "E")}
    assert result["settlement"] == {"E": 30000, "S": -10000, "W": -10000, "N": -10000}


# --- 10.2 / 10.3 STS ----------------------------------------------------------------------------


def _figures(*specs: tuple[FigureKind, str]) -> list[Figure]:
    return [Figure(kind, parse_kinds(t)[0], False) for kind, t in specs]


def test_10_2_himmelsleiter_threat() -> None:
    exposed = _figures((FigureKind.PUNG, "2s"), (FigureKind.PUNG, "4m"), (FigureKind.PUNG, "5m"))
    # b1 b3 b6 c1 c3 c6 s1 s3 s6 in the spec's notation
    assert dangerous_tiles(exposed, SONTAG) == set(parse_kinds("136s136p136m"))
    assert [t.case for t in threats(exposed, SONTAG)] == [DangerCase.SPECIAL_HAND]


def test_10_3_trumpf_kong_and_two_bamboo_pungs() -> None:
    exposed = _figures((FigureKind.KONG, "4z"), (FigureKind.PUNG, "2s"), (FigureKind.PUNG, "8s"))
    assert dangerous_tiles(exposed, SONTAG) == set(parse_kinds("123456789s1234567z"))
    assert threats(exposed, SONTAG)[0].case is DangerCase.SUIT_AND_TRUMPF
    # North discards a bamboo tile; South wins with a pair of another suit: no pay-for-all.
    req = request(
        {
            "S": {
                "hand": "46s99p",
                "melds": [meld("kong", "4444z"), meld("pung", "222s"), meld("pung", "888s")],
            }
        },
        winner="S",
        win_tile="5s",
        win="discard",
        discarder="N",
        danger_violation="N",
    )
    result = score_request(req)
    assert result["stoerspiel"]["pays_for_all"] is False
    assert result["stoerspiel"]["reason"] == "not_threatened_kind"
    value = seat(result, "S")["value"]
    assert value == 200  # (20 + 16 + 2 + 2 + 10) x 2^2
    assert result["settlement"] == {"E": -400, "S": 800, "W": -200, "N": -200}


# --- 10.4 concealed Farbspiel, single wait ------------------------------------------------------


def test_10_4_concealed_farbspiel_single_wait() -> None:
    req = request(
        {"S": {"hand": "2345679s777z444z"}},
        winner="S",
        win_tile="9s",
        win="self_draw",
    )
    result = score_request(req)
    south = seat(result, "S")
    assert (south["base"], south["doubles"], south["value"]) == (56, 6, 3584)
    assert ("Mah Jongg mit dem einzig möglichen Stein", 10, 0) in rows(result, "S")
    assert ("Handspiel (keine Rufe)", 10, 0) in rows(result, "S")
    assert ("Mah Jongg ohne Rufe", 0, 3) in rows(result, "S")
    assert ("Farbspiel: 2 Farbfiguren und 2 Trumpffiguren", 0, 1) in rows(result, "S")
    assert ("Trumpfpung, verdeckt", 8, 0) in rows(result, "S")
    assert result["settlement"] == {"E": -7168, "S": 14336, "W": -3584, "N": -3584}


# --- 10.5 four-player settlement ----------------------------------------------------------------


def test_10_5_four_player_settlement() -> None:
    req = request(
        {
            "W": {
                "hand": "222m678s3z",
                "melds": [meld("pung", "666z"), meld("chow", "345p")],
                "bonus": "3y",
            },
            "E": {"hand": "999m1357p136s", "melds": [meld("pung", "777z")], "bonus": "2f"},
            "S": {"hand": "1478m258p", "melds": [meld("kong", "5555s"), meld("pung", "222z")]},
            "N": {"hand": "2468p2469s1z5z6z7z1m"},
        },
        winner="W",
        win_tile="3z",
        win="discard",
        discarder="N",
    )
    result = score_request(req)
    west, east, south, north = (seat(result, w) for w in "WESN")
    assert (west["base"], west["doubles"], west["value"]) == (44, 2, 176)
    assert (east["base"], east["doubles"], east["value"]) == (16, 1, 32)
    assert (south["base"], south["doubles"], south["value"]) == (12, 3, 96)
    assert north["value"] == 0
    assert ("Paar des eigenen Windes", 2, 0) in rows(result, "W")
    assert ("eigene Jahreszeit", 0, 1) in rows(result, "W")
    assert ("Kong des eigenen Windes", 0, 3) not in rows(result, "S")
    assert ("Pung des eigenen Windes", 0, 2) in rows(result, "S")
    payments = {(p["payer"], p["payee"]): p["amount"] for p in result["payments"]}
    assert payments == {
        ("E", "W"): 352,
        ("S", "W"): 176,
        ("N", "W"): 176,
        ("E", "S"): 128,
        ("N", "E"): 64,
        ("N", "S"): 96,
    }
    assert result["settlement"] == {"E": -416, "S": 48, "W": 704, "N": -336}


# --- 10.6 Störspiel pay-for-all -----------------------------------------------------------------

_STOER = {
    "S": {
        "hand": "4699s",
        "melds": [meld("kong", "7777z"), meld("pung", "333s"), meld("pung", "777s")],
    }
}


def test_10_6_stoerspiel_pay_for_all() -> None:
    req = request(_STOER, winner="S", win_tile="5s", win="discard", discarder="E")
    plain = score_request(req)
    south = seat(plain, "S")
    assert (south["base"], south["doubles"], south["value"]) == (50, 4, 800)
    assert plain["settlement"] == {"E": -1600, "S": 3200, "W": -800, "N": -800}
    violated = score_request({**req, "danger_violation": "E"})
    assert violated["stoerspiel"]["pays_for_all"] is True
    assert violated["settlement"] == {"E": -3200, "S": 3200, "W": 0, "N": 0}
    assert violated["payments"] and {p["payer"] for p in violated["payments"]} == {"E"}


def test_10_6_kajongg_alternative_pays_only_the_winner() -> None:
    base = request(
        {**_STOER, "W": {"hand": "1357m2468p12345z", "melds": [], "bonus": "1f"}},
        winner="S",
        win_tile="5s",
        win="discard",
        discarder="E",
        danger_violation="E",
    )
    # West holds a flower (4 points): the losers' differences make the two variants differ.
    literal = score_request(base)
    # normal: E pays W 4 x 2, N pays W 4; E takes over N's payment
    assert literal["settlement"] == {"E": -3212, "S": 3200, "W": 12, "N": 0}
    kaj = score_request({**base, "options": {"stoerspiel_payment": "kajongg"}})
    assert kaj["settlement"] == {"E": -3200, "S": 3200, "W": 0, "N": 0}


# --- 10.7 lower limit ---------------------------------------------------------------------------


def test_10_7_lower_limit_blocks_a_cheap_hand() -> None:
    req = request(
        {
            "N": {
                "hand": "78m55p",
                "melds": [meld("chow", "123p"), meld("chow", "456s"), meld("pung", "666z")],
            }
        },
        winner="N",
        win_tile="9m",
        win="discard",
        discarder="W",
    )
    result = score_request(req)
    north = seat(result, "N")
    assert (north["base"], north["doubles"], north["raw_value"]) == (24, 1, 48)
    assert result["win"] is False and result["reason"] == "below_lower_limit"
    assert result["settlement"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    # with the lower limit off, the same hand goes out
    assert score_request({**req, "options": {"lower_limit": 0}})["win"] is True


# --- 10.8 concealed all-chow hand ---------------------------------------------------------------


def test_10_8_concealed_chowspiel() -> None:
    req = request({"S": {"hand": "123s78s456p22p789m"}}, winner="S", win_tile="9s", win="self_draw")
    result = score_request(req)
    south = seat(result, "S")
    assert (south["base"], south["doubles"], south["value"]) == (32, 3, 256)
    assert ("Chowspiel", 2, 0) in rows(result, "S")


# --- 10.9 wind pairs and pungs ------------------------------------------------------------------


def _set(kind: FigureKind, tile: TileKind) -> Figure:
    return Figure(kind, tile, False)


def test_10_9_wind_values() -> None:
    east, south = Wind.EAST, Wind.SOUTH
    pair = pair_item(TileKind.EAST, east, east, SONTAG)
    assert (pair.points, pair.doubles) == (4, 0)

    def value(fig: Figure, seat_wind: Wind) -> tuple[int, int]:
        items = figure_items(fig, seat_wind, Wind.EAST)
        return sum(i.points for i in items), sum(i.doubles for i in items)

    assert value(_set(FigureKind.PUNG, TileKind.EAST), east) == (4, 3)
    assert value(_set(FigureKind.KONG, TileKind.EAST), east) == (16, 4)
    assert value(_set(FigureKind.PUNG, TileKind.SOUTH), south)[1] == 2
    assert value(_set(FigureKind.PUNG, TileKind.EAST), south)[1] == 2
    assert value(_set(FigureKind.PUNG, TileKind.WEST), south)[1] == 1


# --- 10.10 undeclared four of a kind ------------------------------------------------------------


def test_10_10_undeclared_four_of_a_kind_is_a_concealed_pung() -> None:
    hand = SeatHand(Wind.WEST, tuple(parse_kinds("5555z123m456p789s")))
    score = score_loser(hand, Wind.EAST, SONTAG)
    assert (score.base, score.doubles) == (8, 1)
    assert [(i.row, i.points, i.doubles) for i in score.items] == [
        ("Trumpfpung, verdeckt", 8, 0),
        ("Drachenpung", 0, 1),
    ]


# --- 10.11 special-hand payments ----------------------------------------------------------------


def test_10_11_green_hand_by_south() -> None:
    req = request({"S": {"hand": "2223466688s666z"}}, winner="S", win_tile="8s", win="self_draw")
    result = score_request(req)
    south = seat(result, "S")
    assert south["special_hand"]["id"] == "gruene_hand"
    assert south["value"] == 10000
    assert result["settlement"] == {"E": -20000, "S": 40000, "W": -10000, "N": -10000}


def test_10_11_flush_by_east() -> None:
    req = request(
        {"E": {"hand": "456789234p1z", "melds": [meld("chow", "123p")]}},
        winner="E",
        win_tile="1z",
        win="discard",
        discarder="S",
    )
    result = score_request(req)
    east = seat(result, "E")
    assert east["special_hand"]["id"] == "flush"
    assert east["value"] == 2500
    assert result["settlement"] == {"E": 15000, "S": -5000, "W": -5000, "N": -5000}


# --- 10.12 penalty ------------------------------------------------------------------------------


def test_10_12_false_mahjong_penalty() -> None:
    settlement = penalty_settlement(Wind.WEST, Penalty.FALSE_MAHJONG_AFTER_REVEAL)
    paid = {(p.payer, p.payee): p.amount for p in settlement.payments}
    assert paid == {
        (Wind.WEST, Wind.NORTH): 100,
        (Wind.WEST, Wind.SOUTH): 100,
        (Wind.WEST, Wind.EAST): 200,
    }
    assert settlement.net[Wind.WEST] == -400
