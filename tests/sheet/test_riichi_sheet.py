"""Riichi score sheets: the dealer rotation, honba, riichi sticks, draws and nagashi, abortive
draws, double ron and the end of the match, against totals worked out by hand from the spec
(tests/sheet/riichi_evening.py)."""

from __future__ import annotations

import copy

from jantaku.sheet import compute_sheet
from tests.sheet.riichi_evening import EXPECTED, evening


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
