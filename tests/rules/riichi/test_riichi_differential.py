"""Differential test against the PyPI ``mahjong`` package (2.1.0): 50,000 random winning hands
(open and closed, red fives, every situational flag, winds, dora and ura), scored by jantaku
under the ``tenhou`` preset and by ``HandCalculator`` with matching options (open tanyao, red
fives, no double-yakuman patterns, no kiriage, 30 fu for an open pinfu-shaped ron).

Compared: win or not, the set of yaku, han and fu (fu only below yakuman), and the winner's
total gain (hand value + 300 per honba + 1000 per deposit). Intended rule differences: none
are exercised by this generator (both treat tenhou/chiihou, kazoe at 13 han, uncapped
stacking the same way); the generator never produces renhou, open riichi, nagashi or
three-player hands, which jantaku does not score."""

from __future__ import annotations

import random

from riichi_handgen import MahjongOracle, generate, to_context

from jantaku.rules.riichi import NoWin, preset, score

N_HANDS = 50_000
SEED = 20261122

# mahjong's yaku ids -> jantaku's names (winds are seat/round per mahjong's id ranges)
NAMES = {
    0: "menzen_tsumo",
    1: "riichi",
    3: "ippatsu",
    4: "chankan",
    5: "rinshan_kaihou",
    6: "haitei",
    7: "houtei",
    8: "double_riichi",
    12: "pinfu",
    13: "tanyao",
    14: "iipeikou",
    15: "yakuhai_haku",
    16: "yakuhai_hatsu",
    17: "yakuhai_chun",
    18: "yakuhai_seat_wind",
    19: "yakuhai_seat_wind",
    20: "yakuhai_seat_wind",
    21: "yakuhai_seat_wind",
    22: "yakuhai_round_wind",
    23: "yakuhai_round_wind",
    24: "yakuhai_round_wind",
    25: "yakuhai_round_wind",
    26: "sanshoku_doujun",
    27: "ittsuu",
    28: "chanta",
    29: "honroutou",
    30: "toitoi",
    31: "sanankou",
    32: "sankantsu",
    33: "sanshoku_doukou",
    34: "chiitoitsu",
    35: "shousangen",
    36: "honitsu",
    37: "junchan",
    38: "ryanpeikou",
    39: "chinitsu",
    100: "kokushi_musou",
    101: "chuuren_poutou",
    102: "suuankou",
    103: "daisangen",
    104: "shousuushii",
    105: "ryuuiisou",
    106: "suukantsu",
    107: "tsuuiisou",
    108: "chinroutou",
    111: "daisuushii",
    112: "kokushi_musou_13_wait",
    113: "suuankou_tanki",
    114: "junsei_chuuren_poutou",
    115: "tenhou",
    116: "chiihou",
    120: "dora",
    121: "aka_dora",
    122: "ura_dora",
}


def test_fifty_thousand_hands_agree_with_mahjong() -> None:
    rng = random.Random(SEED)
    oracle = MahjongOracle()
    options = preset("tenhou")
    wins = 0
    disagreements = []
    for n in range(N_HANDS):
        case = generate(rng)
        ours = score(to_context(case), options)
        theirs = oracle.run(oracle.prepare(case))
        if theirs.error or isinstance(ours, NoWin):
            if not (theirs.error and isinstance(ours, NoWin)):
                disagreements.append((n, case, ours, theirs.error))
            continue
        wins += 1
        gain = ours.points + 300 * case["honba"] + 1000 * case["deposits"]
        names = {y.name for y in ours.yaku}
        their_names = {NAMES[y.yaku_id] for y in theirs.yaku}
        same = (
            gain == theirs.cost["total"]
            and ours.received == gain
            and names == their_names
            and (ours.yakuman or (ours.han, ours.fu) == (theirs.han, theirs.fu))
        )
        if same and not ours.yakuman:
            same = sum(line.fu for line in ours.fu_items) == ours.fu  # the explanation adds up
        if not same:
            disagreements.append(
                (
                    n,
                    case,
                    (ours.han, ours.fu, gain, sorted(names)),
                    (theirs.han, theirs.fu, theirs.cost["total"], sorted(their_names)),
                )
            )
    assert wins > N_HANDS // 2
    assert not disagreements, f"{len(disagreements)} disagreements, first: {disagreements[:3]}"
