"""Honitsu, chinitsu and chiitoitsu (seven distinct pairs; four of a kind is not two pairs)."""

from __future__ import annotations

from riichi_testlib import run, win, yaku

from jantaku.rules.riichi import NoWin, NoWinReason


def test_honitsu_and_chinitsu_closed_and_open() -> None:
    assert yaku(win("123m456m789m11z23m", "4m", seat_wind="S"))["honitsu"] == 3
    open_hon = win("456m789m11z22m", "2m", seat_wind="S", melds=[{"type": "chi", "tiles": "123m"}])
    assert yaku(open_hon) == {"honitsu": 2, "ittsuu": 1}
    chin = win("1112340555678m", "9m", seat_wind="S", win="tsumo")
    assert yaku(chin)["chinitsu"] == 6 and "honitsu" not in yaku(chin)
    open_chin = win("456m789m22m33m", "3m", seat_wind="S", melds=[{"type": "chi", "tiles": "123m"}])
    assert yaku(open_chin) == {"chinitsu": 5, "ittsuu": 1}


def test_chiitoitsu_is_25_fu_two_han() -> None:
    result = win("1155m2299p3377s6z", "6z", seat_wind="S")
    assert yaku(result) == {"chiitoitsu": 2}
    assert (result.fu, result.points) == (25, 1600)  # non-dealer 2 han 25 fu ron
    assert result.shape == "seven_pairs"


def test_chiitoitsu_rejects_a_repeated_pair() -> None:
    # 1111m is four of a kind, not two pairs: not a complete hand
    result = run("1111m2299p3377s6z", "6z", seat_wind="S")
    assert isinstance(result, NoWin) and result.reason is NoWinReason.NOT_COMPLETE
