"""Broken input gives a LogFormatError that names the file, the line and the event; logs of
games we do not replay are skipped with their reason."""

from __future__ import annotations

import gzip
import json
import pathlib

import pytest
from formats_data import validation_data

from jantaku.errors import JantakuError
from jantaku.formats import LogFormatError, Skipped, load_games, read_mjlog


def _mjlog_text() -> str:
    path = validation_data() / "mjx" / "tests_py_mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"
    return path.read_text(encoding="utf-8")


def _only(path: pathlib.Path) -> object:
    items = list(load_games(path))
    assert len(items) == 1
    return items[0]


def _error(path: pathlib.Path) -> LogFormatError:
    with pytest.raises(LogFormatError) as info:
        list(load_games(path))
    err = info.value
    assert isinstance(err, JantakuError)
    assert str(path) in str(err)
    return err


def test_truncated_xml(tmp_path: pathlib.Path) -> None:
    text = _mjlog_text()
    path = tmp_path / "cut.mjlog"
    path.write_text(text[: len(text) // 2].replace("><", ">\n<"), encoding="utf-8")
    err = _error(path)
    assert "broken XML" in err.problem
    assert err.line is not None and err.line > 1


def test_bad_tile_id_in_mjlog(tmp_path: pathlib.Path) -> None:
    text = _mjlog_text().replace("><", ">\n<")
    lines = text.split("\n")
    n = next(i for i, line in enumerate(lines) if line.startswith("<D"))
    lines[n] = "<D999/>"
    path = tmp_path / "bad.mjlog"
    path.write_text("\n".join(lines), encoding="utf-8")
    err = _error(path)
    assert err.line == n + 1
    assert "<D999" in err.event and "999" in err.problem


def test_missing_attribute(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "noinit.mjlog"
    path.write_text(_mjlog_text().replace(' hai0="', ' xhai0="', 1), encoding="utf-8")
    err = _error(path)
    assert "hai0" in err.problem and "<INIT" in err.event


def test_gzip_mjlog(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "game.mjlog"
    path.write_bytes(gzip.compress(_mjlog_text().encode("utf-8")))
    plain = validation_data() / "mjx" / "tests_py_mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"
    assert read_mjlog(path).hands == read_mjlog(plain).hands
    assert _only(path) == read_mjlog(path)
    broken = tmp_path / "broken.mjlog"
    broken.write_bytes(gzip.compress(_mjlog_text().encode("utf-8"))[:200])
    assert "gzip" in _error(broken).problem


def test_three_player_and_chip_games_are_skipped(tmp_path: pathlib.Path) -> None:
    for go_type, word in ((169 | 0x10, "three-player"), (169 | 0x200, "chip")):
        path = tmp_path / f"go{go_type}.mjlog"
        path.write_text(_mjlog_text().replace('GO type="169"', f'GO type="{go_type}"'))
        item = _only(path)
        assert isinstance(item, Skipped) and word in item.reason


def _tenhou6() -> dict[str, object]:
    path = validation_data() / "mjai-reviewer_convlog_testdata" / "ryukyoku.json"
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_bad_tile_code(tmp_path: pathlib.Path) -> None:
    data = _tenhou6()
    data["log"][0][4][0] = 58  # type: ignore[index]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    err = _error(path)
    assert err.line == 1 and "bad tile code 58" in err.problem
    assert "starting hand of seat 0" in err.event


def test_unknown_call_string(tmp_path: pathlib.Path) -> None:
    data = _tenhou6()
    draws = data["log"][0][5]  # type: ignore[index]
    i = next(i for i, x in enumerate(draws) if isinstance(x, str))
    draws[i] = "x151416"
    path = tmp_path / "call.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    err = _error(path)
    assert "unknown call string 'x151416'" in err.problem
    assert "seat 0 draw" in err.event


def test_inconsistent_lists(tmp_path: pathlib.Path) -> None:
    data = _tenhou6()
    data["log"][0][6].append(11)  # type: ignore[index]
    path = tmp_path / "extra.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    assert "left over" in _error(path).problem


def test_error_line_in_a_kyoku_per_line_file(tmp_path: pathlib.Path) -> None:
    src = validation_data() / "mjx" / "tests_py_mjscore" / "2010081709gm-00a9-0000-fe3371ad.json"
    lines = src.read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[2])
    obj["log"][0][16] = ["謎"]
    lines[2] = json.dumps(obj, ensure_ascii=False)
    path = tmp_path / "lines.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    err = _error(path)
    assert err.line == 3 and "unknown result" in err.problem


def test_bad_viewer_url(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "urls.txt"
    good = (validation_data() / "jansou" / "tenhou_json_urls.txt").read_text().splitlines()[0]
    path.write_text(good + "\nhttps://tenhou.net/6/#json=%7B%22log%22%3A%5B\n")
    err = _error(path)
    assert err.line == 2 and "bad JSON" in err.problem


def test_mjai_errors(tmp_path: pathlib.Path) -> None:
    src = validation_data() / "riichienv" / "126_204_0_mjai.jsonl"
    lines = src.read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if '"dahai"' in line)
    bad = [*lines]
    bad[n] = bad[n].replace('"pai":"', '"pai":"0', 1)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(bad))
    err = _error(path)
    assert err.line == n + 1 and "bad tile" in err.problem and "dahai" in err.event
    hidden = [*lines]
    t = next(i for i, line in enumerate(lines) if '"tsumo"' in line)
    hidden[t] = json.dumps({**json.loads(lines[t]), "pai": "?"})
    view = tmp_path / "view.jsonl"
    view.write_text("\n".join(hidden))
    item = _only(view)
    assert isinstance(item, Skipped) and "hidden tiles" in item.reason


def test_mjx_missing_field(tmp_path: pathlib.Path) -> None:
    src = validation_data() / "mjx" / "tests_cpp_json" / "double-ron.json"
    lines = src.read_text().splitlines()
    obj = json.loads(lines[1])
    del obj["hiddenState"]
    lines[1] = json.dumps(obj)
    path = tmp_path / "mjx.json"
    path.write_text("\n".join(lines))
    err = _error(path)
    assert err.line == 2 and "hiddenState" in err.problem


def test_missing_path() -> None:
    with pytest.raises(LogFormatError, match="no such file"):
        list(load_games("/nonexistent/jantaku/logs"))


def test_native_log_errors(tmp_path: pathlib.Path) -> None:
    from formats_data import games

    from jantaku.formats import game_to_json

    data = game_to_json(games("riichienv")[0])
    data["jantaku_log"] = 99
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    assert "newer" in _error(path).problem
    data["jantaku_log"] = 1
    del data["hands"][0]["actions"]
    path.write_text(json.dumps(data))
    assert "actions" in _error(path).problem
