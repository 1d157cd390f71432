"""``jantaku hand`` end to end: text, JSON, batch mode and error handling."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jantaku.cli import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_json_has_the_documented_keys() -> None:
    code, out, _ = run("hand", "1112345678999m", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["shanten"] == 0
    assert data["shanten_standard"] == 0
    assert data["shanten_seven_pairs"] == 4
    assert data["shanten_thirteen_orphans"] == 10
    assert data["waits"] == [f"{n}m" for n in range(1, 10)]


def test_text_names_waits_and_shanten() -> None:
    code, out, _ = run("hand", "123m456p78s11777z")
    assert code == 0
    assert "waits     6s 9s" in out
    assert "0 (ready)" in out


def test_not_ready_hand_lists_improving_tiles() -> None:
    _code, out, _ = run("hand", "159m258p369s1357z", "--json")
    data = json.loads(out)
    assert data["waits"] == [] and data["shanten"] > 0
    assert data["improving_total"] == sum(t["remaining"] for t in data["improving"]) > 0


def test_melds_option_and_red_fives() -> None:
    code, out, _ = run("hand", "0m5m66p", "--melds", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["melds"] == 3 and data["shanten_seven_pairs"] is None
    assert data["waits"] == ["5m", "6p"]


def test_bad_input_is_one_line_and_exit_2() -> None:
    code, out, err = run("hand", "12x")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0
    assert "unexpected character 'x' at position 3" in err


def test_five_copies_and_bonus_tiles_are_rejected() -> None:
    assert run("hand", "11111m2345p")[0] == 2
    code, _, err = run("hand", "123m456p789s111z1f")
    assert code == 2 and "bonus tile" in err


def test_batch_keeps_order_and_reports_bad_lines() -> None:
    code, out, _ = run("hand", "-", stdin="1112345678999m\n12x\n11z\n")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    assert lines[0]["shanten"] == 0
    assert "error" in lines[1] and "position 3" in lines[1]["error"]
    assert lines[2]["shanten"] == -1


def test_console_script_runs_without_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jantaku", "hand", "99999m"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "5 copies of 9m" in done.stderr


@pytest.mark.parametrize(
    ("tiles", "what"),
    [
        ("0000m", "red fives 0m"),
        ("00p123s", "red fives 0p"),
        ("0s 0s", "red fives 0s"),
        ("05555m", "5 copies of 5m"),  # the red five counts with the plain fives
        ("0555p5p1z", "5 copies of 5p"),
    ],
)
def test_impossible_red_fives_are_refused(tiles: str, what: str) -> None:
    code, out, err = run("hand", tiles)
    assert (code, out) == (2, "") and what in err and err.count("\n") == 1
    code, out, _ = run("hand", "-", stdin=f"123m\n{tiles}\n1112345678999m\n")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 3
    assert lines[1]["line"] == 2 and what in lines[1]["error"]
    assert lines[2]["shanten"] == 0


def test_one_red_five_per_suit_is_fine() -> None:
    code, out, _ = run("hand", "0m555m0p5p0s5s", "--melds", "2", "--json")
    assert code == 0 and json.loads(out)["hand"] == "5555m55p55s"


def test_hostile_lines_in_line_mode() -> None:
    data = b"1112345678999m\n\xff\xfe\n" + b"1" * 10_000_000 + b"\n11z\n"
    result = CliRunner().invoke(main, ["hand", "-"], input=data)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [x.get("line") for x in lines] == [None, 2, 3, None]
    assert "UTF-8" in lines[1]["error"] and "longer than" in lines[2]["error"]
    assert lines[0]["shanten"] == 0 and lines[3]["shanten"] == -1


def test_a_huge_argument_is_refused_without_echoing_it() -> None:
    code, out, err = run("hand", "1" * 1_000_000)
    assert (code, out) == (2, "") and len(err) < 200 and "characters long" in err


def test_one_tile_and_one_meld_are_counted_in_the_singular() -> None:
    one = CliRunner().invoke(main, ["hand", "1m", "--melds", "4"])
    assert one.exit_code == 0
    assert one.output.splitlines()[0] == "hand      1m  (1 tile, 4 melds called)"
    many = CliRunner().invoke(main, ["hand", "1234m", "--melds", "3"])
    assert many.output.splitlines()[0] == "hand      1234m  (4 tiles, 3 melds called)"
    single = CliRunner().invoke(main, ["hand", "1234567m", "--melds", "2"])
    assert single.output.splitlines()[0] == "hand      1234567m  (7 tiles, 2 melds called)"
    meld = CliRunner().invoke(main, ["hand", "1234567899m", "--melds", "1"])
    assert meld.output.splitlines()[0] == "hand      1234567899m  (10 tiles, 1 meld called)"
