"""Tanyao (kuitan), chanta, junchan, honroutou."""

from __future__ import annotations

from riichi_testlib import run, win, yaku

from jantaku.rules.riichi import NoWin

OPEN_TANYAO = {
    "hand": "234m56p678s88s",
    "win_tile": "7p",
    "melds": [{"type": "pon", "tiles": "444p"}],
}


def test_tanyao_closed_and_open_with_kuitan() -> None:
    assert yaku(win("234m567p678s88s34m", "5m", seat_wind="S"))["tanyao"] == 1
    opened = win(**OPEN_TANYAO, seat_wind="S")
    assert yaku(opened) == {"tanyao": 1}
    assert (opened.fu, opened.points) == (30, 1000)  # 20 + 2 (open 444p) -> 30


def test_no_open_tanyao_without_kuitan() -> None:
    result = run(**OPEN_TANYAO, seat_wind="S", rules="doman_no_kuitan")
    assert isinstance(result, NoWin) and result.reason.value == "no_yaku"
    closed = win("234m567p678s88s34m", "5m", seat_wind="S", rules="doman_no_kuitan")
    assert "tanyao" in yaku(closed)


def test_chanta_and_junchan_values() -> None:
    # chanta has an honor (here a pair of East), junchan none
    chanta = win("123m789m123p999s1z", "1z", seat_wind="S", round_wind="S")
    assert yaku(chanta) == {"chanta": 2}
    junchan = win("123m789m123p99s78s", "9s", seat_wind="S")
    assert yaku(junchan) == {"junchan": 3, "pinfu": 1}
    open_junchan = win(
        "789m123p99s78s", "9s", seat_wind="S", melds=[{"type": "chi", "tiles": "123m"}]
    )
    assert yaku(open_junchan) == {"junchan": 2}
    open_chanta = win(
        "789m123p999s1z",
        "1z",
        seat_wind="S",
        round_wind="S",
        melds=[{"type": "chi", "tiles": "123m"}],
    )
    assert yaku(open_chanta) == {"chanta": 1}


def test_chanta_needs_a_chow() -> None:
    # all pungs of terminals and honors: honroutou + toitoi, not chanta
    result = win("111m999p111s9s", "9s", seat_wind="S", melds=[{"type": "pon", "tiles": "777z"}])
    assert yaku(result) == {"honroutou": 2, "toitoi": 2, "sanankou": 2, "yakuhai_chun": 1}


def test_honroutou_with_seven_pairs() -> None:
    result = win("1199m1199p11s117z", "7z", win="tsumo", seat_wind="S")
    # seven pairs of 1, 9 and honors, tsumo: chiitoitsu 2 + honroutou 2 + tsumo 1, 25 fu
    assert yaku(result) == {"menzen_tsumo": 1, "honroutou": 2, "chiitoitsu": 2}
    assert (result.han, result.fu) == (5, 25)
