"""A double ron on a score sheet: the situations of the discard (houtei on the last discard)
hold for both winners, each winner's own flags (riichi, ippatsu) are his, the honba and the
sticks go to the winner nearest the discarder. Totals worked out by hand from doman-rules.md
(§3.6 points tables without kiriage mangan, §2.9 honba, §8 Q6 nearest winner)."""

from __future__ import annotations

import copy
from typing import Any

from jantaku.sheet import compute_sheet

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


def houtei_double_ron() -> dict[str, Any]:
    """E1 with 1 honba (after a draw where only Anna was ready): Dirk's last discard, the 6s,
    is ronned by Anna (dealer) and by Ben, who declared riichi on his previous discard."""
    anna = {
        # open: chi 234m; 567p 345s 99p 78s waiting on 6s/9s. Houtei is the only yaku;
        # fu 20, open hand raised to 30: dealer 1 han 30 fu ron = 1500.
        "hand": "567p345s99p78s",
        "melds": [{"type": "chi", "tiles": "234m"}],
        "win_tile": "6s",
        "win": "ron",
        "dora_indicators": "1z",
        "houtei": True,
    }
    ben = {
        # closed 123m 456m 789p 55s 78s: riichi 1 + ippatsu 1 + houtei 1 + pinfu 1 = 4 han,
        # pinfu ron 30 fu (dora and ura 2z: none): non-dealer 4 han 30 fu ron = 7700.
        "hand": "123456m789p55s78s",
        "win_tile": "6s",
        "win": "ron",
        "dora_indicators": "1z",
        "ura_indicators": "1z",
        "ippatsu": True,
        "houtei": True,
    }
    return {
        "version": 1,
        "preset": "doman",
        "options": {"length": "east_only"},
        "players": NAMES,
        "hands": [
            # Anna alone ready: the three others pay her 1000 each; she deals again, 1 honba
            {"kind": "draw", "tenpai": [0]},
            {
                "kind": "win",
                "winners": [{"player": 0, "hand": anna}, {"player": 1, "hand": ben}],
                "discarder": 3,
                "riichi": [1],
            },
        ],
    }


def test_both_winners_get_houtei_and_the_second_his_ippatsu() -> None:
    out = compute_sheet(houtei_double_ron())
    assert out["errors"] == 0
    hand = out["hands"][1]
    anna, ben = hand["results"]
    assert [y["name"] for y in anna["score"]["yaku"]] == ["houtei"]
    assert sorted(y["name"] for y in ben["score"]["yaku"]) == [
        "houtei",
        "ippatsu",
        "pinfu",
        "riichi",
    ]
    assert (anna["score"]["han"], anna["score"]["fu"], anna["score"]["points"]) == (1, 30, 1500)
    assert (ben["score"]["han"], ben["score"]["fu"], ben["score"]["points"]) == (4, 30, 7700)
    # Dirk -> Anna -> Ben: Anna sits nearer, so she takes the 300 honba and Ben's riichi stick.
    # Anna +1500 +300 +1000; Ben +7700 -1000 (his stick); Dirk -1500 -300 -7700.
    assert hand["payments"] == [2800, 6700, 0, -9500]
    assert hand["totals"] == [30800, 30700, 24000, 14500]
    # the dealer is among the winners: she deals again with 2 honba, no stick left
    assert (hand["after"]["round"], hand["after"]["honba"], hand["after"]["sticks"]) == ("E1", 2, 0)


def test_a_flag_of_the_discard_given_to_one_winner_only_is_an_error() -> None:
    sheet = houtei_double_ron()
    del sheet["hands"][1]["winners"][1]["hand"]["houtei"]
    out = compute_sheet(sheet)
    error = out["hands"][1]["error"]
    assert error["field"] == "hands[1].winners[1].hand.houtei"
    assert "both winners" in error["message"]
    assert out["hands"][1]["payments"] == [0, 0, 0, 0]


def test_the_two_winners_of_one_discard_win_on_the_same_tile() -> None:
    sheet = houtei_double_ron()
    sheet["hands"][1]["winners"][1]["hand"]["win_tile"] = "9s"
    out = compute_sheet(sheet)
    assert out["hands"][1]["error"]["field"] == "hands[1].winners[1].hand.win_tile"


def test_without_houtei_the_open_hand_has_no_yaku() -> None:
    # not the last discard: Anna's open hand has no yaku left, and the entry names her hand
    sheet = copy.deepcopy(houtei_double_ron())
    for w in sheet["hands"][1]["winners"]:
        del w["hand"]["houtei"]
    out = compute_sheet(sheet)
    assert out["hands"][1]["error"]["field"] == "hands[1].winners[0].hand"
    assert "Anna" in out["hands"][1]["error"]["message"]
