"""``jantaku replay-check`` over the real games: every four-player Tenhou game replays with no
mismatch, and a tampered record is caught."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from jantaku.cli import main
from tests.conftest import validation_data


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
    assert out.strip().splitlines()[-1] == "games=1 hands=5 mismatches=0 skipped=0"


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
    assert "cannot read" in out and "Traceback" not in out
