"""Every file of the validation data is read; the counts are the ones its README states."""

from __future__ import annotations

import pytest
from formats_data import games, skipped

from jantaku.formats import DrawKind, LogFormat


def _counts(folder: str) -> tuple[int, int, int, int]:
    gs = games(folder)
    hands = [h for g in gs for h in g.hands]
    wins = sum(len(h.result.wins) for h in hands if h.result)
    draws = sum(1 for h in hands if h.result and h.result.draw)
    return len(gs), len(hands), wins, draws


@pytest.mark.parametrize(
    ("folder", "fmt", "expected"),
    [
        # (games, hands = INIT / kyoku records, wins = AGARI, draws = RYUUKYOKU)
        ("mjx/tests_py_mjlog", LogFormat.MJLOG, (35, 350, 288, 63)),
        ("mjx/tests_cpp_mjlog", LogFormat.MJLOG, (85, 468, 333, 86)),
        ("mjx/tests_py_mjscore", LogFormat.TENHOU6, (32, 327, 265, 63)),
        ("mjx/tests_cpp_json", LogFormat.MJX, (85, 468, 333, 86)),
        ("mjx/suphx_reward_shaping_json", LogFormat.MJX, (4, 46, 38, 8)),
        ("mjai-reviewer_convlog_testdata", LogFormat.TENHOU6, (20, 23, None, None)),
        ("jansou", LogFormat.TENHOU6, (11, 11, None, None)),
        ("riichienv", LogFormat.MJAI, (1, 12, 9, 3)),
    ],
)
def test_folder_counts(folder: str, fmt: LogFormat, expected: tuple[int | None, ...]) -> None:
    got = _counts(folder)
    assert {g.format for g in games(folder)} == {fmt}
    for want, have in zip(expected, got, strict=True):
        if want is not None:
            assert have == want, (folder, got)


def test_mjscore_draw_kinds() -> None:
    """README: 52 exhaustive, 2 all-noten, 5 nine terminals, 1 each four winds, four riichi,
    four kans, nagashi mangan."""
    kinds = [
        h.result.draw.kind
        for g in games("mjx/tests_py_mjscore")
        for h in g.hands
        if h.result and h.result.draw
    ]
    assert {k: kinds.count(k) for k in set(kinds)} == {
        DrawKind.EXHAUSTIVE: 52,
        DrawKind.ALL_NOTEN: 2,
        DrawKind.NINE_TERMINALS: 5,
        DrawKind.FOUR_WINDS: 1,
        DrawKind.FOUR_RIICHI: 1,
        DrawKind.FOUR_KANS: 1,
        DrawKind.NAGASHI_MANGAN: 1,
    }


def test_jansou_urls_cover_the_listed_cases() -> None:
    """README: suukantsu, rinshan, chankan-ish, double ron, nagashi, kyuushu, suufon renda,
    suucha riichi, sanchahou, exhaustive draw."""
    hands = [h for g in games("jansou") for h in g.hands]
    kinds = {h.result.draw.kind for h in hands if h.result and h.result.draw}
    assert {
        DrawKind.NAGASHI_MANGAN,
        DrawKind.NINE_TERMINALS,
        DrawKind.FOUR_WINDS,
        DrawKind.FOUR_RIICHI,
        DrawKind.TRIPLE_RON,
    } <= kinds
    assert any(h.result and len(h.result.wins) == 2 for h in hands)
    yaku = {y.id for h in hands if h.result for w in h.result.wins for y in w.yaku or ()}
    assert {"suukantsu", "rinshan_kaihou"} <= yaku


def test_non_game_files_are_skipped_with_a_reason() -> None:
    reasons = {s.path.rsplit("/", 1)[-1]: s.reason for s in skipped("riichienv")}
    assert set(reasons) == {"agari_4p.json", "agari_3p.json", "hands_negative.json"}
    assert all("not a game log" in r for r in reasons.values())
    assert len(skipped("mahjax")) == 5
    assert not games("mahjax")


def test_mjlog_rules_and_names() -> None:
    for g in games("mjx/tests_py_mjlog"):
        assert g.rules.raw == "GO type=169"
        assert g.rules.red_fives == (1, 1, 1) and g.rules.open_tanyao
        assert "room_houou" in g.rules.special
        assert all(g.players) and len(g.players) == 4


def test_truncated_mjlogs() -> None:
    by_name = {g.source.rsplit("/", 1)[-1]: g for g in games("mjx/tests_py_mjlog")}
    full = by_name["2011020401gm-00a9-0000-f6eff225.mjlog"]
    no_end = by_name["2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog"]
    no_round = by_name["2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"]
    assert full.final_scores is not None and full.final_points is not None
    assert no_end.final_scores is None
    assert no_round.hands[-1].result is None
    assert no_round.hands[:-1] == full.hands[: len(no_round.hands) - 1]
