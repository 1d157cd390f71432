"""Pung yaku: yakuhai (dragons, seat and round wind, double wind), toitoi, sanankou (ron
shanpon is open), sanshoku doukou, sankantsu, shousangen."""

from __future__ import annotations

from riichi_testlib import run, win, yaku

from jantaku.rules.riichi import NoWin


def test_dragon_and_wind_yakuhai() -> None:
    assert yaku(win("234m567p678s88s55z", "5z", seat_wind="S")) == {"yakuhai_haku": 1}
    assert yaku(win("234m567p678s88s22z", "2z", seat_wind="S")) == {"yakuhai_seat_wind": 1}
    assert yaku(win("234m567p678s88s11z", "1z", seat_wind="S")) == {"yakuhai_round_wind": 1}
    # a guest wind (West for South seat in East round) is worth nothing
    assert isinstance(run("234m567p678s88s33z", "3z", seat_wind="S"), NoWin)


def test_double_wind_is_two_han() -> None:
    result = win("234m567p678s88s11z", "1z", seat_wind="E", round_wind="E")
    assert yaku(result) == {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}


def test_toitoi() -> None:
    melds = [{"type": "pon", "tiles": "222m"}, {"type": "pon", "tiles": "444p"}]
    result = win("999s88s88m", "8s", seat_wind="S", melds=melds)
    assert yaku(result) == {"toitoi": 2}


def test_sanankou_counts_a_ron_shanpon_as_open() -> None:
    melds = [{"type": "chi", "tiles": "234s"}]
    # 111m 444p concealed, 66s + 88m shanpon: ron on 6s opens that pung -> no sanankou
    ron = run("111m444p66s88m", "6s", seat_wind="S", melds=melds)
    assert isinstance(ron, NoWin)
    tsumo = win("111m444p66s88m", "6s", seat_wind="S", melds=melds, win="tsumo")
    assert yaku(tsumo) == {"sanankou": 2}
    # the same pungs with a tanki wait: ron keeps all three concealed
    tanki = win("111m444p666s8m", "8m", seat_wind="S", melds=melds)
    assert yaku(tanki) == {"sanankou": 2}


def test_sanshoku_doukou_and_sankantsu() -> None:
    melds = [{"type": "pon", "tiles": "333m"}]
    result = win("333p333s456m9p", "9p", seat_wind="S", melds=melds)
    assert yaku(result)["sanshoku_doukou"] == 2
    kans = [
        {"type": "kan", "tiles": "1111m"},
        {"type": "ankan", "tiles": "4444p"},
        {"type": "kan", "tiles": "6666s"},
    ]
    result = win("234m8p", "8p", seat_wind="S", melds=kans, win="tsumo")
    assert yaku(result) == {"sankantsu": 2}


def test_shousangen_scores_with_its_two_yakuhai() -> None:
    result = win("555z666z77z234m56p", "7p", seat_wind="S")
    assert yaku(result) == {"yakuhai_haku": 1, "yakuhai_hatsu": 1, "shousangen": 2}
