"""``jantaku replay-check`` over the real games: every four-player Tenhou game replays with no
mismatch, and a tampered record is caught."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from jantaku.cli import main
from tests.validation import validation_data


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["replay-check", *args])
    return result.exit_code, result.stdout


def test_every_recorded_game_replays_without_mismatch() -> None:
    data = validation_data()
    code, out = run("--json", str(data))
    report = json.loads(out)
    assert report["mismatch_list"] == []
    assert code == 0 and report["mismatches"] == 0
    assert report["games"] >= 273 and report["hands"] >= 1700
    for skipped in report["skipped_list"]:
        # Only files that are no game log, and hands whose record contradicts itself.
        assert (
            "not a game log" in skipped["reason"]
            or "the record contradicts itself" in skipped["reason"]
        ), skipped
    contradictions = [s for s in report["skipped_list"] if "contradicts" in s["reason"]]
    assert len(contradictions) <= 2  # the two hand-edited converter fixtures


def test_the_summary_line(tmp_path: Path) -> None:
    source = validation_data() / "mjx" / "tests_cpp_mjlog" / "pao-tsumo.mjlog"
    shutil.copy(source, tmp_path / "game.mjlog")
    code, out = run(str(tmp_path))
    assert code == 0
    assert out.strip().splitlines()[-1] == "games=1 hands=5 mismatches=0 skipped=0 errors=0"


def test_a_tampered_result_is_a_mismatch(tmp_path: Path) -> None:
    text = (validation_data() / "mjx" / "tests_cpp_mjlog" / "pao-tsumo.mjlog").read_text()
    tampered = re.sub(
        r'(<AGARI[^>]*ten=")(\d+),(\d+),',
        lambda m: f"{m[1]}{m[2]},{int(m[3]) + 1000},",
        text,
        count=1,
    )
    assert tampered != text
    (tmp_path / "bad.mjlog").write_text(tampered)
    code, out = run("--json", str(tmp_path))
    report = json.loads(out)
    assert code == 1 and report["mismatches"] >= 1
    assert any("points" in m["what"] for m in report["mismatch_list"])


def test_an_illegal_recorded_action_is_a_mismatch(tmp_path: Path) -> None:
    text = (validation_data() / "mjx" / "tests_cpp_mjlog" / "pao-tsumo.mjlog").read_text()
    # The first discard of the dealer names a tile the dealer does not hold.
    first = re.search(r"<D(\d+)/>", text)
    assert first is not None
    held = {int(x) for x in re.search(r'hai0="([^"]+)"', text)[1].split(",")}  # type: ignore[index]
    foreign = next(i for i in range(136) if i not in held and f"<T{i}/>" not in text[: first.end()])
    (tmp_path / "bad.mjlog").write_text(text.replace(first[0], f"<D{foreign}/>", 1))
    code, _out = run("--json", str(tmp_path))
    assert code == 1  # an illegal action, or a file the reader already rejects


def test_unreadable_input_is_reported_not_crashed(tmp_path: Path) -> None:
    (tmp_path / "broken.mjlog").write_text("<mjloggm ver='2.3'><GO type='169'/><INIT seed='0")
    code, out = run(str(tmp_path))
    assert code == 1
    assert f"error: {tmp_path / 'broken.mjlog'}" in out and "Traceback" not in out


BROKEN = {
    "cut.mjlog": "mjlog XML cut in the middle",
    "cut.xml": "the same under a generic ending",
    "cut.json": "tenhou.net/6 JSON cut in the middle",
    "cut_early.json": "tenhou.net/6 JSON cut after its first brace",
    "truncated.gz": "gzip cut in the middle",
    "corrupt.gz": "gzip with zeroed bytes in its deflate stream",
    "binary.mjlog": "bytes that are not UTF-8",
    "text.mjlog": "text that is no log under a log's own ending",
}


def _broken_log(name: str) -> bytes:
    """The broken file ``name`` of BROKEN, made from a real log at test time."""
    mjlog = (validation_data() / "mjx" / "tests_cpp_mjlog" / "pao-tsumo.mjlog").read_bytes()
    tenhou6 = (validation_data() / "mjai-reviewer_convlog_testdata" / "ryukyoku.json").read_bytes()
    packed = gzip.compress(mjlog)
    middle = len(packed) // 2
    return {
        "cut.mjlog": mjlog[: len(mjlog) // 2],
        "cut.xml": mjlog[: len(mjlog) // 2],
        "cut.json": tenhou6[: len(tenhou6) // 2],
        "cut_early.json": tenhou6[:1],
        "truncated.gz": packed[:middle],
        "corrupt.gz": packed[:middle] + bytes(16) + packed[middle + 16 :],
        "binary.mjlog": bytes(range(256)) * 4,
        "text.mjlog": b"this is no game log\n",
    }[name]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_log_is_an_error_named_by_file(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(_broken_log(name))
    good = tmp_path / "good.mjlog"
    shutil.copy(validation_data() / "mjx" / "tests_cpp_mjlog" / "pao-tsumo.mjlog", good)
    for args in ([str(path)], [str(tmp_path)], [str(path), str(good)]):
        result = CliRunner().invoke(main, ["replay-check", "--json", *args])
        assert result.exception is None or isinstance(result.exception, SystemExit)
        report = json.loads(result.stdout)
        assert result.exit_code == 1, (BROKEN[name], report)
        assert [e["file"] for e in report["error_list"]] == [str(path)]
        assert report["error_list"][0]["error"].startswith(str(path))
        assert report["skipped"] == 0 and report["mismatches"] == 0
        assert report["games"] == (0 if args == [str(path)] else 1)  # the good one still checked
    code, out = run(str(path))
    assert code == 1 and f"error: {path}" in out and "skipped" not in out.split("games=")[0]


def test_files_that_are_no_log_are_skipped_in_a_folder_but_errors_when_named(
    tmp_path: Path,
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("1 2 3 4\n")
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"hands": [1, 2, 3]}))
    code, out = run("--json", str(tmp_path))
    report = json.loads(out)
    assert code == 0 and report["errors"] == 0
    assert {s["file"] for s in report["skipped_list"]} == {str(notes), str(table)}
    for path in (notes, table):
        code, out = run("--json", str(path))
        assert code == 1 and json.loads(out)["error_list"][0]["file"] == str(path)


def test_a_three_player_game_stays_skipped(tmp_path: Path) -> None:
    text = (validation_data() / "mjx" / "tests_cpp_mjlog" / "pao-tsumo.mjlog").read_text()
    go = re.search(r'<GO type="(\d+)"', text)
    assert go is not None
    (tmp_path / "sanma.mjlog").write_text(text.replace(go[0], f'<GO type="{int(go[1]) | 0x10}"'))
    code, out = run("--json", str(tmp_path / "sanma.mjlog"))
    report = json.loads(out)
    assert code == 0 and report["errors"] == 0 and report["skipped"] == 1
    assert "three-player" in report["skipped_list"][0]["reason"]


@pytest.mark.parametrize(
    "path",
    [
        "",  # Path("") is the current folder: an empty argument must not walk it
        "x" * 5000 + ".mjlog",  # too long for the system to look up
        "http://tenhou.net/6/#json=" + "%5B" * 5000,  # a viewer URL too long and too deep
        "http://tenhou.net/6/#json=%7B%22log%22%3A",  # a viewer URL cut short
        "nul\x00byte.mjlog",
    ],
)
def test_hostile_paths_are_errors(path: str) -> None:
    result = CliRunner().invoke(main, ["replay-check", "--json", path])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["errors"] == 1 and report["games"] == 0


def _tenhou6_game() -> dict[str, Any]:
    path = validation_data() / "mjai-reviewer_convlog_testdata" / "ryukyoku.json"
    game: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return game


@pytest.mark.parametrize(
    "change",
    [
        lambda g: g.update(name=None),
        lambda g: g.update(rule="hanchan"),
        lambda g: g.update(sc=[[1]] * 8),
        lambda g: g.update(title=5),
    ],
)
def test_a_log_of_unexpected_shape_is_an_error(tmp_path: Path, change: Any) -> None:
    game = _tenhou6_game()
    change(game)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(game))
    result = CliRunner().invoke(main, ["replay-check", "--json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["error_list"][0]["file"] == str(path)


def test_an_mjx_line_of_unexpected_shape_is_an_error(tmp_path: Path) -> None:
    source = sorted((validation_data() / "mjx" / "tests_cpp_json").glob("*.json"))[0]
    lines = source.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["publicObservation"]["events"] = [None]
    path = tmp_path / "odd.json"
    path.write_text("\n".join([json.dumps(first), *lines[1:]]))
    code, out = run("--json", str(path))
    report = json.loads(out)
    assert code == 1 and report["errors"] == 1
    assert report["error_list"][0]["error"].startswith(f"{path}, line 1")


def test_a_served_game_without_its_rules_is_an_error_naming_what_is_missing(
    tmp_path: Path,
) -> None:
    """A finished game saved from GET /api/games/{id} is replayed (test_replay_check_served.py);
    one that lacks what the replay needs is an error saying what, not 'JSON of an unknown
    shape'."""
    served = {
        "id": "5ef48c665ba5",
        "recorded": True,
        "result": {"scores": [25000] * 4, "seed": "s", "config": {"family": "classical"}},
        "events": [{"type": "deal_started"}],
        "formats": [],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(served))
    code, out = run(str(path))
    assert code == 1
    assert f"error: {path}: a server game record without its preset (result.config)" in out


def test_a_native_match_log_is_named_with_what_reads_it(tmp_path: Path) -> None:
    native = {"format": "jantaku-native", "version": 1, "rules": "doman", "seed": 7, "actions": []}
    path = tmp_path / "native.json"
    path.write_text(json.dumps(native))
    code, out = run(str(path))
    assert code == 1
    assert (
        f"error: {path}: not a recorded game log: a jantaku native match log (seed and "
        "actions); jantaku.formats.native.from_native replays it, jantaku review reads it" in out
    )
