"""A riichi East round (quick match) entered as a score sheet, with every total worked out by
hand from doman-rules.md (§2.8 draws and nagashi, §2.9 dealer, honba and sticks, §3.6 points
tables, §3.7 double ron and honba): the expected values are written here, not computed."""

from __future__ import annotations

from typing import Any

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]

# Closed 234m 567m 345p 55s + 67s, waiting on 5s/8s: pinfu and tanyao (2 han 30 fu on a ron,
# 3 han 20 fu with menzen tsumo). 234m 456p 678p 33s + 67s: the same yaku on another hand.
PINFU_TANYAO = "234567m345p5567s"
OTHER_PINFU = "234m456p678p33s67s"


def win(player: int, hand: str, tile: str, how: str = "ron", **extra: Any) -> dict[str, Any]:
    return {"player": player, "hand": {"hand": hand, "win_tile": tile, "win": how, **extra}}


def evening() -> dict[str, Any]:
    """Eight hands of an East round; comments give the state each starts from."""
    hands: list[dict[str, Any]] = [
        # E1 (dealer Anna), 0 honba: Anna riichi; Anna and Cleo ready. Noten pay 1,500 each.
        {"kind": "draw", "tenpai": [0, 2], "riichi": [0]},
        # E1, 1 honba, 1 stick: Ben rons Dirk, 2 han 30 fu = 2,000 + 300 honba + the stick.
        {"kind": "win", "winners": [win(1, PINFU_TANYAO, "8s")], "discarder": 3},
        # E2 (dealer Ben): four winds; dealer repeats, honba +1.
        {"kind": "abortive", "reason": "four_winds"},
        # E2, 1 honba: Cleo riichi; Dirk deals in to Anna and Cleo (double ron). Anna sits next
        # after Dirk, so she takes honba and the stick: 2,000 + 300 + 1,000. Cleo: riichi pinfu
        # tanyao 3 han 30 fu = 3,900, without honba.
        {
            "kind": "win",
            "winners": [win(0, PINFU_TANYAO, "8s"), win(2, OTHER_PINFU, "8s")],
            "discarder": 3,
            "riichi": [2],
        },
        # E3 (dealer Cleo): Cleo tsumo, 3 han 20 fu dealer = 1,300 all.
        {"kind": "win", "winners": [win(2, PINFU_TANYAO, "8s", "tsumo")], "discarder": None},
        # E3, 1 honba: Ben and Dirk riichi and ready; dealer Cleo noten, the deal passes.
        {"kind": "draw", "tenpai": [1, 3], "riichi": [1, 3]},
        # E4 (dealer Dirk), 2 honba, 2 sticks: Anna nagashi mangan (dealer pays 4,000, others
        # 2,000); Dirk ready, so he keeps the deal (not first: the match goes on).
        {"kind": "draw", "tenpai": [3], "nagashi": [0]},
        # E4, 3 honba, 2 sticks: Ben tsumo 3 han 20 fu = 700/1,300 + 100 x 3 from each + 2,000.
        {"kind": "win", "winners": [win(1, PINFU_TANYAO, "8s", "tsumo")], "discarder": None},
    ]
    return {
        "version": 1,
        "preset": "doman",
        "options": {"length": "east_only"},
        "players": list(NAMES),
        "hands": hands,
    }


# (round before the hand, honba before, sticks before, payments, totals after)
EXPECTED = [
    ("E1", 0, 0, [500, -1500, 1500, -1500], [25500, 23500, 26500, 23500]),
    ("E1", 1, 1, [0, 3300, 0, -2300], [25500, 26800, 26500, 21200]),
    ("E2", 0, 0, [0, 0, 0, 0], [25500, 26800, 26500, 21200]),
    ("E2", 1, 0, [3300, 0, 2900, -6200], [28800, 26800, 29400, 15000]),
    ("E3", 0, 0, [-1300, -1300, 3900, -1300], [27500, 25500, 33300, 13700]),
    ("E3", 1, 0, [-1500, 500, -1500, 500], [26000, 26000, 31800, 14200]),
    ("E4", 2, 2, [8000, -2000, -2000, -4000], [34000, 24000, 29800, 10200]),
    ("E4", 3, 2, [-1000, 5600, -1000, -1600], [33000, 29600, 28800, 8600]),
]
