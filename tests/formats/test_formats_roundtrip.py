"""Writers against readers, and formats against each other on the same games."""

from __future__ import annotations

import json
import pathlib
import urllib.parse
from collections import Counter

import pytest
from formats_data import GAME_FOLDERS, games, kind_level, validation_data

from jantaku.formats import (
    Abort,
    DrawKind,
    GameRecord,
    HandRecord,
    Riichi,
    game_from_json,
    game_to_json,
    read_games_text,
    read_mjai,
    read_mjlog,
    read_mjx,
    read_tenhou6,
    tenhou6_url,
    write_mjai,
    write_tenhou6,
    write_tenhou6_lines,
)

TENHOU6_FOLDERS = ("mjx/tests_py_mjscore", "mjai-reviewer_convlog_testdata", "jansou")


def _original(path: pathlib.Path) -> list[object]:
    text = path.read_text(encoding="utf-8")
    if "#json=" in text:
        return [
            json.loads(urllib.parse.unquote(line.split("#json=", 1)[1].split("&ts=")[0]))
            for line in text.splitlines()
            if line.strip()
        ]
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("folder", TENHOU6_FOLDERS)
def test_tenhou6_round_trip_equals_input(folder: str) -> None:
    files = sorted(p for p in (validation_data() / folder).iterdir() if p.is_file())
    assert files
    for path in files:
        gs = read_tenhou6(path)
        if gs[0].extra.get("tenhou6_layout") == "lines":
            written: list[object] = list(write_tenhou6_lines(gs[0]))
        else:
            written = [write_tenhou6(g) for g in gs]
        assert written == _original(path), path.name


def test_mjai_round_trip_equals_input() -> None:
    path = validation_data() / "riichienv" / "126_204_0_mjai.jsonl"
    original = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    assert write_mjai(read_mjai(path)) == original


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_native_json_round_trip(folder: str) -> None:
    for g in games(folder):
        text = json.dumps(game_to_json(g), ensure_ascii=False)
        assert game_from_json(json.loads(text)) == g, g.source


def _mjlog_files() -> list[pathlib.Path]:
    root = validation_data() / "mjx"
    return sorted([*root.glob("tests_py_mjlog/*.mjlog"), *root.glob("tests_cpp_mjlog/*.mjlog")])


def test_mjlog_to_tenhou6_matches_mjx_export() -> None:
    """mjx's tests_py_mjscore files are tenhou.net/6 exports of the same games as the mjlogs;
    our writer reproduces them exactly (Tenhou's tile order, result and yaku strings)."""
    root = validation_data() / "mjx"
    compared = 0
    for path in sorted((root / "tests_py_mjscore").glob("*.json")):
        mjlog = root / "tests_py_mjlog" / (path.stem + ".mjlog")
        if not mjlog.exists():
            mjlog = root / "tests_cpp_mjlog" / (path.stem + ".mjlog")
        ours = write_tenhou6_lines(read_mjlog(mjlog))
        theirs = _original(path)
        for mine, other in zip(ours, theirs, strict=False):
            assert isinstance(other, dict)
            assert mine["rule"] == other["rule"] == {"disp": "鳳南喰赤", "aka": 1}
            assert mine["log"] == other["log"], path.name  # names: mjx anonymised them
            compared += 1
    assert compared == 327


def _same_play(a: HandRecord, b: HandRecord, where: str, mjai: bool = False) -> None:
    assert (a.round_wind, a.number, a.honba, a.riichi_deposits, a.scores) == (
        b.round_wind,
        b.number,
        b.honba,
        b.riichi_deposits,
        b.scores,
    ), where
    mine = [kind_level(x) for x in a.actions]
    if not mjai and a.result is None and mine and isinstance(mine[-1], Riichi):
        mine.pop()  # a log cut between a riichi and its discard: tenhou.net/6 cannot say it
    if mjai:  # an mjai ryukyoku with no payments cannot tell all-noten from all-ready
        mine = [Abort(DrawKind.EXHAUSTIVE) if x == Abort(DrawKind.ALL_NOTEN) else x for x in mine]
    assert mine == [kind_level(x) for x in b.actions], where
    assert [(t.kind, t.red) for t in a.dora_indicators] == [
        (t.kind, t.red) for t in b.dora_indicators
    ], where


def _same_results(a: HandRecord, b: HandRecord, where: str, scoring: bool = True) -> None:
    ra, rb = a.result, b.result
    assert (ra is None) == (rb is None), where
    if ra is None or rb is None:
        return
    if ra.draw is not None:
        assert rb.draw is not None and ra.draw.deltas == rb.draw.deltas, where
        if scoring:  # (mjai does not say why a hand was drawn)
            assert ra.draw.kind == rb.draw.kind, where
        if ra.draw.tenpai is not None and rb.draw.tenpai is not None:
            assert ra.draw.tenpai == rb.draw.tenpai, where
    assert len(ra.wins) == len(rb.wins), where
    for wa, wb in zip(ra.wins, rb.wins, strict=True):
        assert (wa.seat, wa.from_seat, wa.deltas) == (wb.seat, wb.from_seat, wb.deltas), where
        if not scoring:
            continue
        assert (wa.han, wa.points, wa.limit, wa.pao_seat) == (
            wb.han,
            wb.points,
            wb.limit,
            wb.pao_seat,
        ), where
        if wa.fu is not None and wb.fu is not None:
            assert wa.fu == wb.fu, where
        ya = Counter((y.id, y.han) for y in wa.yaku or () if y.han)
        yb = Counter((y.id, y.han) for y in wb.yaku or () if y.han)
        assert ya == yb, where


def test_tenhou6_reader_recovers_the_mjlog_order() -> None:
    """tenhou.net/6 keeps per-seat lists only; interleaving them must give back the order the
    mjlog of the same game records, call for call."""
    root = validation_data() / "mjx"
    compared = 0
    for path in sorted((root / "tests_py_mjscore").glob("*.json")):
        mjlog = root / "tests_py_mjlog" / (path.stem + ".mjlog")
        if not mjlog.exists():
            mjlog = root / "tests_cpp_mjlog" / (path.stem + ".mjlog")
        a, b = read_mjlog(mjlog), read_tenhou6(path)[0]
        for i, (ha, hb) in enumerate(zip(a.hands, b.hands, strict=False)):
            _same_play(ha, hb, f"{path.name} hand {i}")
            _same_results(ha, hb, f"{path.name} hand {i}")
            compared += 1
    assert compared == 327


def test_mjlog_via_tenhou6_and_mjai_keeps_actions_and_results() -> None:
    for path in _mjlog_files():
        g = read_mjlog(path)
        via6 = read_games_text(json.dumps(write_tenhou6(g), ensure_ascii=False), "via6")[0]
        mjai_text = "\n".join(json.dumps(e) for e in write_mjai(g))
        via_mjai = read_games_text(mjai_text, "via_mjai")[0]
        for i, h in enumerate(g.hands):
            _same_play(h, via6.hands[i], f"{path.name} hand {i} via tenhou6")
            _same_results(h, via6.hands[i], f"{path.name} hand {i} via tenhou6")
            _same_play(h, via_mjai.hands[i], f"{path.name} hand {i} via mjai", mjai=True)
            _same_results(h, via_mjai.hands[i], f"{path.name} hand {i} via mjai", scoring=False)


def test_mjx_json_equals_mjlog_exactly() -> None:
    """mjx's proto JSON and Tenhou's mjlog of the same 85 cases: identical physical tiles, walls,
    actions and results (mjx gives no fu for yakuman and lists yaku by id)."""
    root = validation_data() / "mjx"
    hands = 0
    for path in sorted((root / "tests_cpp_mjlog").glob("*.mjlog")):
        a: GameRecord = read_mjlog(path)
        b = read_mjx(root / "tests_cpp_json" / (path.stem + ".json"))
        assert len(a.hands) == len(b.hands)
        for i, (ha, hb) in enumerate(zip(a.hands, b.hands, strict=True)):
            where = f"{path.name} hand {i}"
            assert (ha.hands, ha.actions, ha.dora_indicators, ha.ura_indicators) == (
                hb.hands,
                hb.actions,
                hb.dora_indicators,
                hb.ura_indicators,
            ), where
            assert ha.wall == hb.wall, where  # ours regenerated from the SHUFFLE seed
            _same_results(ha, hb, where)
            hands += 1
    assert hands == 468


def test_viewer_url_reads_back() -> None:
    g = games("mjx/tests_py_mjscore")[0]
    back = read_games_text(tenhou6_url(g), "url")[0]
    assert back.hands == g.hands


def test_native_log_is_detected(tmp_path: pathlib.Path) -> None:
    g = games("mjx/tests_py_mjlog")[0]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_to_json(g), ensure_ascii=False))
    assert read_games_text(path.read_text(), str(path)) == [g]
    lines = tmp_path / "games.jsonl"
    lines.write_text("\n".join(json.dumps(game_to_json(x)) for x in games("riichienv")))
    assert read_games_text(lines.read_text(), str(lines)) == list(games("riichienv"))


def test_a_viewer_url_is_a_game() -> None:
    from jantaku.formats import load_games

    url = (validation_data() / "jansou" / "tenhou_json_urls.txt").read_text().splitlines()[3]
    [game] = list(load_games(url))
    assert isinstance(game, GameRecord) and len(game.hands) == 1
    assert game.hands == games("jansou")[3].hands
