"""Chow yaku: pinfu (and its fu), iipeikou, ryanpeikou (vs chiitoitsu), sanshoku, ittsuu."""

from __future__ import annotations

from riichi_testlib import run, win, yaku

from jantaku.rules.riichi import NoWin


def test_pinfu_ron_is_30_fu_and_tsumo_20_fu() -> None:
    ron = win("23m456m789p234s99s", "1m", seat_wind="S")
    assert yaku(ron) == {"pinfu": 1}
    assert (ron.fu, ron.points) == (30, 1000)  # non-dealer 1 han 30 fu ron
    tsumo = win("23m456m789p234s99s", "1m", win="tsumo", seat_wind="S")
    assert yaku(tsumo) == {"menzen_tsumo": 1, "pinfu": 1}
    assert (tsumo.fu, tsumo.points) == (20, 1500)  # 2 han 20 fu tsumo: 400/700


def test_pinfu_needs_a_pair_without_fu() -> None:
    # a pair of the seat wind (South) is worth fu: no pinfu, no yaku at all on a ron
    assert isinstance(run("23m456m789p234s22z", "1m", seat_wind="S"), NoWin)
    # a guest wind pair (North for a South seat in an East round) keeps pinfu
    assert "pinfu" in yaku(win("23m456m789p234s44z", "1m", seat_wind="S"))


def test_pinfu_needs_a_two_sided_reading() -> None:
    # 12m waiting on 3m is a penchan wait: no pinfu
    assert isinstance(run("12m456m789p234s99s", "3m", seat_wind="S"), NoWin)
    # 3445m + 6m can be read 345+456 (ryanmen) or 44+... : the pinfu reading is chosen
    result = win("45m345p567p234s99s", "6m", seat_wind="S")
    assert "pinfu" in yaku(result)


def test_ambiguous_wait_takes_the_better_reading() -> None:
    # 2344m + 4m: the 4m completes the pair (tanki, no yaku on a ron) or 23m (ryanmen, pinfu)
    ron = win("2344m456p789p234s", "4m", seat_wind="S")
    assert (yaku(ron), ron.fu, ron.wait) == ({"pinfu": 1}, 30, "ryanmen")
    tsumo = win("2344m456p789p234s", "4m", seat_wind="S", win="tsumo")
    assert (tsumo.han, tsumo.fu, tsumo.points) == (2, 20, 1500)


def test_iipeikou_closed_only() -> None:
    closed = win("112233m456p78s99s", "9s", seat_wind="S")
    assert yaku(closed) == {"iipeikou": 1, "pinfu": 1}
    opened = run("112233m78s99s", "9s", melds=[{"type": "chi", "tiles": "456p"}], seat_wind="S")
    assert isinstance(opened, NoWin)


def test_ryanpeikou_beats_chiitoitsu() -> None:
    result = win("223344m556677p8s", "8s", win="tsumo", seat_wind="S")
    names = yaku(result)
    assert names["ryanpeikou"] == 3
    assert "chiitoitsu" not in names and "iipeikou" not in names


def test_sanshoku_and_ittsuu_lose_a_han_when_open() -> None:
    closed = win("123m123p12s789s55m", "3s", seat_wind="S")
    assert yaku(closed) == {"sanshoku_doujun": 2}
    opened = win("123p12s789s55m", "3s", melds=[{"type": "chi", "tiles": "123m"}], seat_wind="S")
    assert yaku(opened) == {"sanshoku_doujun": 1}
    ittsuu = win("123456789m12p55z", "3p", seat_wind="S")
    assert yaku(ittsuu) == {"ittsuu": 2}
    open_ittsuu = win(
        "456789m12p55z", "3p", melds=[{"type": "chi", "tiles": "123m"}], seat_wind="S"
    )
    assert yaku(open_ittsuu) == {"ittsuu": 1}
