"""Situational yaku: riichi, double riichi, ippatsu, menzen tsumo, rinshan, chankan, haitei,
houtei (spec §3.2, §8 Q11)."""

from __future__ import annotations

from riichi_testlib import run, win, yaku

from jantaku.rules.riichi import NoWin, NoWinReason

# a closed hand without any yaku of its own on a ron: kanchan wait on 3m, 888p and 999s pungs
PLAIN = "24m456m888p999s55p"


def test_plain_hand_has_no_yaku_on_ron() -> None:
    result = run(PLAIN, "3m")
    assert isinstance(result, NoWin) and result.reason is NoWinReason.NO_YAKU


def test_dora_alone_is_not_a_yaku() -> None:
    result = run(PLAIN, "3m", dora_indicators="7p")
    assert isinstance(result, NoWin) and result.reason is NoWinReason.NO_YAKU


def test_riichi_and_ippatsu() -> None:
    assert yaku(win(PLAIN, "3m", riichi=True)) == {"riichi": 1}
    assert yaku(win(PLAIN, "3m", riichi=True, ippatsu=True)) == {"riichi": 1, "ippatsu": 1}


def test_double_riichi_replaces_riichi() -> None:
    assert yaku(win(PLAIN, "3m", riichi=True, double_riichi=True)) == {"double_riichi": 2}
    assert yaku(win(PLAIN, "3m", double_riichi=True)) == {"double_riichi": 2}


def test_menzen_tsumo_needs_a_closed_hand() -> None:
    assert yaku(win(PLAIN, "3m", win="tsumo")) == {"menzen_tsumo": 1}
    open_hand = run("24m456m888p55p", "3m", win="tsumo", melds=[{"type": "pon", "tiles": "999s"}])
    assert isinstance(open_hand, NoWin)


def test_concealed_kan_keeps_the_hand_closed() -> None:
    result = win("24m456m888p55p", "3m", win="tsumo", melds=[{"type": "ankan", "tiles": "9999s"}])
    assert yaku(result) == {"menzen_tsumo": 1}


def test_haitei_and_houtei_also_open() -> None:
    melds = [{"type": "pon", "tiles": "999s"}]
    assert yaku(win("24m456m888p55p", "3m", win="tsumo", haitei=True, melds=melds)) == {"haitei": 1}
    assert yaku(win("24m456m888p55p", "3m", houtei=True, melds=melds)) == {"houtei": 1}


def test_chankan_is_a_ron() -> None:
    assert yaku(win(PLAIN, "3m", chankan=True)) == {"chankan": 1}


def test_rinshan_scores_and_haitei_only_with_the_option() -> None:
    melds = [{"type": "kan", "tiles": "9999s"}]
    result = win("24m456m888p55p", "3m", win="tsumo", rinshan=True, haitei=True, melds=melds)
    assert yaku(result) == {"rinshan_kaihou": 1}
    both = win(
        "24m456m888p55p",
        "3m",
        win="tsumo",
        rinshan=True,
        haitei=True,
        melds=melds,
        options={"rinshan_counts_haitei": True},
    )
    assert yaku(both) == {"rinshan_kaihou": 1, "haitei": 1}
