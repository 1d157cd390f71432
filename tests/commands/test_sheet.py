"""``jantaku sheet new|add|show|export``: a sheet kept in a JSON file, entered hand by hand,
gives the totals worked out by hand from the spec (tests/sheet/riichi_evening.py); a bad hand
is refused with its field and the file stays as it was; a correction recomputes the rest."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from jantaku.cli import main
from tests.sheet import classical_evening, riichi_evening


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["sheet", *args], input=input)


def _new_riichi(path: Path) -> None:
    r = run(
        "new", str(path), "--preset", "doman", "--players", "Anna,Ben,Cleo,Dirk",
        "--option", "length=east_only", "--title", "Friday",
    )  # fmt: skip
    assert r.exit_code == 0, r.output


def _add(path: Path, entry: dict[str, Any], *extra: str) -> Result:
    return run("add", str(path), "-", *extra, input=json.dumps(entry))


def test_an_east_round_entered_hand_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "friday.json"
    _new_riichi(path)
    for entry, (_, _, _, _, totals) in zip(
        riichi_evening.evening()["hands"], riichi_evening.EXPECTED, strict=True
    ):
        r = _add(path, entry)
        assert r.exit_code == 0, r.output
        assert r.output.split()[-7::2] == [str(t) for t in totals]
    # the file holds the same document the server and the page use
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document == {**riichi_evening.evening(), "title": "Friday"}
    shown = run("show", str(path))
    assert shown.exit_code == 0
    assert "1. Anna" in shown.output and "33000" in shown.output
    assert "Pinfu" in shown.output or "pinfu" in shown.output  # the scorer's breakdown
    computed = json.loads(run("show", str(path), "--json").output)
    assert [h["totals"] for h in computed["hands"]] == [e[4] for e in riichi_evening.EXPECTED]


def test_a_bad_hand_is_refused_and_the_file_is_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    _new_riichi(path)
    before = path.read_bytes()
    bad = riichi_evening.evening()["hands"][1]
    bad["winners"][0]["hand"]["melds"] = [{"type": "pon", "tiles": "556z"}]
    r = _add(path, bad)
    assert r.exit_code == 2
    assert "hands[0].winners[0].hand.melds[0]" in r.output and "556z" in r.output
    assert path.read_bytes() == before
    r = run("add", str(path), "-", input="{not json")
    assert r.exit_code == 2 and "not JSON" in r.output
    assert path.read_bytes() == before


def test_correcting_a_hand_recomputes_the_later_totals(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    _new_riichi(path)
    for entry in riichi_evening.evening()["hands"]:
        assert _add(path, entry).exit_code == 0
    corrected = riichi_evening.evening()["hands"][1]
    corrected["winners"][0]["hand"]["dora_indicators"] = "4s"  # two dora: 7,700
    assert _add(path, corrected, "--replace", "2").exit_code == 0
    computed = json.loads(run("show", str(path), "--json").output)
    assert computed["hands"][-1]["totals"] == [33000, 35300, 28800, 2900]
    assert run("add", str(path), "-", "--replace", "9", input="{}").exit_code == 2


def test_export_csv_and_json(tmp_path: Path) -> None:
    path = tmp_path / "classical.json"
    path.write_text(json.dumps(classical_evening.evening()), encoding="utf-8")
    r = run("export", str(path), "--format", "csv")
    assert r.exit_code == 0, r.output
    rows = list(csv.reader(io.StringIO(r.output)))
    assert [[int(x) for x in row[11:15]] for row in rows[1:6]] == [
        e[2] for e in classical_evening.EXPECTED
    ]
    assert rows[-1][0] == "final"
    out = tmp_path / "copy.json"
    assert run("export", str(path), "--format", "json", "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8")) == classical_evening.evening()


def test_new_refuses_a_bad_sheet_and_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    r = run("new", str(path), "--preset", "doman", "--players", "Anna,Ben")
    assert r.exit_code == 2 and "players" in r.output and not path.exists()
    _new_riichi(path)
    r = run("new", str(path), "--preset", "sontag", "--players", "A,B,C,D")
    assert r.exit_code == 2 and "exists" in r.output
    r = run("show", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "cannot read" in r.output


def test_a_wrong_number_of_tiles_is_entered_and_shown(tmp_path: Path) -> None:
    path = tmp_path / "classical.json"
    r = run("new", str(path), "--preset", "sontag", "--players", "Anna,Ben,Cleo,Dirk")
    assert r.exit_code == 0, r.output
    entry = classical_evening.settlement_hand()
    entry["wrong_tiles"] = [3]
    r = _add(path, entry)
    assert r.exit_code == 2 and "hands[0].players[3]" in r.output  # his tiles are not scored
    entry["players"][3] = {"hand": ""}
    r = _add(path, entry)
    assert r.exit_code == 0, r.output
    # §10.5's values, North takes over the innocents' payments (tests/sheet/test_sheet_wrong_tiles)
    assert r.output.split()[-7::2] == ["64", "224", "704", "-992"]
    shown = run("show", str(path))
    assert "Dirk held a wrong number of tiles: pays for all" in shown.output


def test_an_empty_entry_is_called_empty_and_standard_input_by_name(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    _new_riichi(path)
    for given in ("", "  \n"):
        r = run("add", str(path), input=given)
        assert r.exit_code == 2
        assert r.output.strip() == "error: entry from standard input is empty (expected JSON)"
    empty = tmp_path / "entry.json"
    empty.write_text("")
    r = run("add", str(path), str(empty))
    assert r.output.strip() == f"error: entry {empty} is empty (expected JSON)"
    r = run("add", str(path), input="{not json")
    assert r.output.startswith("error: entry from standard input is not JSON: ")
