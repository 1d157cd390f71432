"""Riichi score sheets: the dealer rotation, honba, riichi sticks, draws and nagashi, abortive
draws, double ron and the end of the match, against totals worked out by hand from the spec
(tests/sheet/riichi_evening.py)."""

from __future__ import annotations

import copy

from jantaku.sheet import compute_sheet
from tests.sheet.riichi_evening import EXPECTED, PINFU_TANYAO, evening, win


def test_an_east_round_gives_the_hand_worked_totals() -> None:
    out = compute_sheet(evening())
    assert out["errors"] == 0
    got = [
        (
            h["before"]["round"],
            h["before"]["honba"],
            h["before"]["sticks"],
            h["payments"],
            h["totals"],
        )
        for h in out["hands"]
    ]
    assert got == EXPECTED
    # the last hand: the deal passes from E4 in a quick match, so the match is over
    assert out["hands"][-1]["ended"] is not None and out["ended"] is not None
    assert [s["player"] for s in out["standings"]] == [0, 1, 2, 3]
    assert [s["total"] for s in out["standings"]] == [33000, 29600, 28800, 8600]
    assert out["leftover_sticks"] == {"sticks": 0, "player": None}


def test_seat_winds_follow_the_dealer() -> None:
    out = compute_sheet(evening())
    # E2: Ben deals, so Ben is East and Anna (who sits before him) North
    assert out["hands"][2]["before"]["seat_winds"] == ["N", "E", "S", "W"]
    # in the double ron Anna scores as North, Cleo as South, with the breakdown of the scorer
    anna, cleo = out["hands"][3]["results"]
    assert anna["score"]["honba"] == 1 and anna["score"]["deposits"] == 1
    assert cleo["score"]["honba"] == 0 and cleo["score"]["deposits"] == 0
    assert {y["name"] for y in cleo["score"]["yaku"]} == {"riichi", "pinfu", "tanyao"}
    assert (cleo["score"]["han"], cleo["score"]["fu"], cleo["score"]["points"]) == (3, 30, 3900)


def test_correcting_an_earlier_hand_recomputes_every_later_total() -> None:
    sheet = evening()
    # hand 2 had a dora indicator 4s: Ben's pair of 5s is two dora, 4 han 30 fu = 7,700
    sheet["hands"][1]["winners"][0]["hand"]["dora_indicators"] = "4s"
    out = compute_sheet(sheet)
    assert out["errors"] == 0
    shift = [0, 5700, 0, -5700]
    for h, (_, _, _, _, totals) in zip(out["hands"][1:], EXPECTED[1:], strict=True):
        assert h["totals"] == [t + d for t, d in zip(totals, shift, strict=True)]
    assert [s["total"] for s in out["standings"]] == [35300, 33000, 28800, 2900]


def test_leftover_sticks_go_to_the_first_placed_and_ties_to_the_first_dealer_side() -> None:
    sheet = evening()
    # Ben and Cleo both riichi and the only ready players: 25,500 each, two sticks stay
    sheet["hands"] = [{"kind": "draw", "tenpai": [1, 2], "riichi": [1, 2]}]
    out = compute_sheet(sheet)
    assert out["hands"][0]["totals"] == [23500, 25500, 25500, 23500]
    assert out["leftover_sticks"] == {"sticks": 2, "player": 1}
    assert [(s["player"], s["total"], s["sticks"]) for s in out["standings"]] == [
        (1, 27500, 2000),
        (2, 25500, 0),
        (0, 23500, 0),
        (3, 23500, 0),
    ]


def test_a_hand_after_the_end_of_the_match_is_an_error() -> None:
    sheet = evening()
    sheet["hands"].append(copy.deepcopy(sheet["hands"][2]))
    out = compute_sheet(sheet)
    assert out["errors"] == 1
    assert "ended after hand 8" in out["hands"][8]["error"]["message"]
    assert out["hands"][8]["totals"] == EXPECTED[-1][4]


def test_a_player_below_zero_ends_the_match() -> None:
    sheet = evening()
    # the dealer's nagashi mangan (§2.8.3): 4,000 from each other player, again and again
    sheet["hands"] = [{"kind": "draw", "tenpai": [0], "nagashi": [0]}] * 3
    out = compute_sheet(sheet)
    # dealer nagashi: 4,000 from each; Anna ready so she keeps the deal: after three, the
    # others have 25,000 - 12,000 = 13,000 (no bust), so the match goes on
    assert out["hands"][2]["totals"] == [61000, 13000, 13000, 13000]
    assert out["ended"] is None
    sheet["hands"] = [{"kind": "draw", "tenpai": [0], "nagashi": [0]}] * 7
    out = compute_sheet(sheet)
    # the seventh takes everyone else to 25,000 - 28,000 = -3,000: below zero ends it
    assert out["hands"][6]["totals"] == [109000, -3000, -3000, -3000]
    assert out["hands"][6]["ended"] is not None


def test_the_nearest_winner_is_found_by_seat_not_by_the_order_entered() -> None:
    sheet = evening()
    sheet["hands"][3]["winners"].reverse()  # Cleo entered first; Anna still sits nearer
    out = compute_sheet(sheet)
    assert [h["totals"] for h in out["hands"]] == [e[4] for e in EXPECTED]
    assert [r["player"] for r in out["hands"][3]["results"]] == [2, 0]


def test_sticks_left_when_the_match_ends_go_to_the_first_placed() -> None:
    sheet = evening()
    # E4, 3 honba, 2 sticks: Ben riichi and alone ready, dealer Dirk noten: the deal would
    # pass from E4, so the quick match is over with 3 sticks on the table (§2.10)
    sheet["hands"][7] = {"kind": "draw", "tenpai": [1], "riichi": [1]}
    out = compute_sheet(sheet)
    assert out["hands"][7]["payments"] == [-1000, 2000, -1000, -1000]
    assert out["hands"][7]["totals"] == [33000, 26000, 28800, 9200]
    assert out["hands"][7]["after"]["sticks"] == 3
    assert out["ended"] is not None
    assert out["leftover_sticks"] == {"sticks": 3, "player": 0}
    assert [(s["player"], s["total"], s["sticks"]) for s in out["standings"]] == [
        (0, 36000, 3000),
        (2, 28800, 0),
        (1, 26000, 0),
        (3, 9200, 0),
    ]


def test_pao_the_liable_player_and_the_discarder_pay_half_each() -> None:
    # Ben (South) has called three dragon pungs, the third from Dirk, and rons Cleo's 9p:
    # daisangen 32,000; Dirk is liable, so Cleo and Dirk pay 16,000 each (§3.7)
    pungs = [{"type": "pon", "tiles": t} for t in ("555z", "666z", "777z")]
    winner = {"player": 1, "hand": {"hand": "234m9p", "melds": pungs, "win_tile": "9p"}, "pao": 3}
    sheet = {**evening(), "hands": [{"kind": "win", "winners": [winner], "discarder": 2}]}
    out = compute_sheet(sheet)
    assert out["hands"][0]["error"] is None
    assert out["hands"][0]["payments"] == [0, 32000, -16000, -16000]
    # on a tsumo the liable player pays everything
    winner["hand"]["win"] = "tsumo"
    sheet["hands"][0]["discarder"] = None
    out = compute_sheet(sheet)
    assert out["hands"][0]["payments"] == [0, 32000, 0, -32000]


def test_the_leading_dealer_of_the_last_hand_stops_the_match() -> None:
    # three draws with nobody ready pass the deal to Dirk (E4, 3 honba); his tsumo,
    # 3 han 20 fu = 1,300 all + 100 x 3, puts him first: the match ends (§2.10, agari-yame)
    nobody = {"kind": "draw", "tenpai": []}
    tsumo = {"kind": "win", "winners": [win(3, PINFU_TANYAO, "8s", "tsumo")], "discarder": None}
    sheet = {**evening(), "hands": [nobody, nobody, nobody, tsumo, nobody]}
    out = compute_sheet(sheet)
    assert [h["before"]["round"] for h in out["hands"][:4]] == ["E1", "E2", "E3", "E4"]
    assert out["hands"][3]["payments"] == [-1600, -1600, -1600, 4800]
    assert out["hands"][3]["ended"] is not None
    assert out["hands"][4]["error"] is not None and out["errors"] == 1
