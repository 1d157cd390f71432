"""The twelve yakuman, their special forms (Q2), stacking and its cap, and pao."""

from __future__ import annotations

import pytest
from riichi_testlib import win, yaku

KOKUSHI = "19m19p19s1234567z"


def test_kokushi_and_its_13_sided_wait() -> None:
    single = win("19m19p19s1234566z", "7z", seat_wind="S")
    assert yaku(single) == {"kokushi_musou": 13} and single.points == 32000
    thirteen = win(KOKUSHI, "1m", seat_wind="S")
    assert yaku(thirteen) == {"kokushi_musou_13_wait": 13}
    assert thirteen.points == 32000  # single by default (Q2)
    double = win(KOKUSHI, "1m", seat_wind="S", options={"double_yakuman_patterns": True})
    assert double.yakuman == 2 and double.points == 64000


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_chuuren_in_any_suit(suit: str) -> None:
    pure = win(f"1112345678999{suit}", f"5{suit}", seat_wind="S")
    assert yaku(pure) == {"junsei_chuuren_poutou": 13}
    impure = win(f"1112345678899{suit}", f"9{suit}", seat_wind="S")
    assert yaku(impure) == {"chuuren_poutou": 13}


def test_ryuuiisou_without_green_dragon() -> None:
    result = win("223344s666s888s2s", "2s", seat_wind="S")
    assert "ryuuiisou" in yaku(result)
    with_dragon = win("223344s666s88s66z", "6z", seat_wind="S")
    assert "ryuuiisou" in yaku(with_dragon)


def test_daisangen_tsuuiisou_chinroutou_shousuushii_daisuushii() -> None:
    assert yaku(win("555z666z777z23m44m", "4m", seat_wind="S")) == {"daisangen": 13}
    assert yaku(win("111z222z333z44z55z", "5z", seat_wind="S", win="tsumo"))["tsuuiisou"] == 13
    assert yaku(win("111m999m111p99p99s", "9s", seat_wind="S", win="tsumo"))["chinroutou"] == 13
    assert yaku(win("111z222z333z44z23m", "4m", seat_wind="S")) == {"shousuushii": 13}
    big = win("111z222z333z444z5m", "5m", seat_wind="S", win="tsumo")
    assert {"daisuushii", "suuankou_tanki"} <= set(yaku(big))


def test_suuankou_and_its_tanki_form() -> None:
    tsumo = win("111m333p555s77s99s", "9s", seat_wind="S", win="tsumo")
    assert yaku(tsumo) == {"suuankou": 13}
    # the same shape by ron on the shanpon is only sanankou + toitoi
    ron = win("111m333p555s77s99s", "9s", seat_wind="S")
    assert "suuankou" not in yaku(ron) and yaku(ron)["sanankou"] == 2
    tanki = win("111m333p555s777s9s", "9s", seat_wind="S")
    assert yaku(tanki) == {"suuankou_tanki": 13}


def test_suukantsu() -> None:
    kans = [
        {"type": "kan", "tiles": "2222m"},
        {"type": "ankan", "tiles": "4444p"},
        {"type": "kan", "tiles": "6666s"},
        {"type": "kakan", "tiles": "8888s"},
    ]
    result = win("3m", "3m", seat_wind="S", melds=kans, win="tsumo")
    assert yaku(result) == {"suukantsu": 13}


def test_tenhou_and_chiihou() -> None:
    dealer = win("123m456p789s1155z", "5z", win="tsumo", first_turn=True, seat_wind="E")
    assert yaku(dealer) == {"tenhou": 13} and dealer.points == 48000
    other = win("123m456p789s1155z", "5z", win="tsumo", first_turn=True, seat_wind="W")
    assert yaku(other) == {"chiihou": 13} and other.points == 32000


def test_stacking_is_capped_at_four_in_doman_and_not_in_tenhou() -> None:
    kans = [
        {"type": "ankan", "tiles": "1111z"},
        {"type": "ankan", "tiles": "2222z"},
        {"type": "ankan", "tiles": "3333z"},
        {"type": "ankan", "tiles": "4444z"},
    ]
    # daisuushii + tsuuiisou + suuankou tanki + suukantsu = 4, plus tenhou-free: tsumo
    hand = win("5z", "5z", seat_wind="S", melds=kans, win="tsumo")
    assert hand.yakuman == 4 and hand.points == 128000
    assert hand.limit is not None and hand.limit.value == "quadruple_yakuman"
    doubled = win(
        "5z",
        "5z",
        seat_wind="S",
        melds=kans,
        win="tsumo",
        options={"double_yakuman_patterns": True},
    )
    assert doubled.yakuman == 4  # 6 capped at 4
    uncapped = win(
        "5z",
        "5z",
        seat_wind="S",
        melds=kans,
        win="tsumo",
        rules="tenhou",
        options={"double_yakuman_patterns": True},
    )
    assert uncapped.yakuman == 6 and uncapped.points == 6 * 32000


def test_dora_do_not_add_to_yakuman() -> None:
    result = win("555z666z777z23m44m", "4m", seat_wind="S", dora_indicators="1m")
    assert yaku(result) == {"daisangen": 13} and result.points == 32000


def test_pao_tsumo_liable_pays_all_with_honba() -> None:
    melds = [
        {"type": "pon", "tiles": "555z"},
        {"type": "pon", "tiles": "666z"},
        {"type": "pon", "tiles": "777z"},
    ]
    result = win("23m44p", "4m", seat_wind="S", melds=melds, win="tsumo", pao="across", honba=2)
    assert result.payments == (0, 32600, 0)
    assert result.liable == 2


def test_pao_ron_by_a_third_player_is_split() -> None:
    melds = [
        {"type": "pon", "tiles": "555z"},
        {"type": "pon", "tiles": "666z"},
        {"type": "pon", "tiles": "777z"},
    ]
    result = win(
        "23m44p", "4m", seat_wind="S", melds=melds, pao="across", discarder="left", honba=1
    )
    assert result.payments == (0, 16000, 16300)  # honba to the discarder by default
    liable = win(
        "23m44p",
        "4m",
        seat_wind="S",
        melds=melds,
        pao="across",
        discarder="left",
        honba=1,
        options={"pao_ron_honba_payer": "liable"},
    )
    assert liable.payments == (0, 16300, 16000)
    dealt_in = win("23m44p", "4m", seat_wind="S", melds=melds, pao="across", discarder="across")
    assert dealt_in.payments == (0, 32000, 0)


def test_no_pao_for_suukantsu() -> None:
    kans = [
        {"type": "kan", "tiles": "2222m"},
        {"type": "ankan", "tiles": "4444p"},
        {"type": "kan", "tiles": "6666s"},
        {"type": "kakan", "tiles": "8888s"},
    ]
    result = win("3m", "3m", seat_wind="S", melds=kans, win="tsumo", pao="left")
    assert result.payments == (8000, 8000, 16000)  # the dealer (East) sits left of South


def test_kazoe_yakuman_from_thirteen_han() -> None:
    # riichi 1 + tsumo 1 + pinfu 1 + ittsuu 2 + chinitsu 6 + two dora (4m) = 13 han
    hand = {
        "hand": "1112233456789m",
        "win_tile": "4m",
        "seat_wind": "S",
        "riichi": True,
        "win": "tsumo",
        "dora_indicators": "3m",
    }
    result = win(**hand)
    assert result.han == 13 and result.yakuman == 0
    assert result.limit is not None and result.limit.value == "kazoe_yakuman"
    assert result.points == 32000
    capped = win(**hand, options={"kazoe_yakuman": False})
    assert capped.limit is not None and capped.limit.value == "sanbaiman"
    assert capped.points == 24000
