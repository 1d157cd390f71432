"""Hostile JSON at every command that reads it: deeply nested arrays (Python's json raises
RecursionError on them), numbers too long to convert, bytes that are not UTF-8 and huge lines
give one clear error (or, in batch mode, one error object for that line), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from jantaku.cli import main
from jantaku.commands.score import MAX_REQUEST_BYTES
from jantaku.formats import LogFormatError, load_games
from jantaku.jsontext import MAX_DEPTH, loads

DEEP = "[" * 100_000 + "]" * 100_000
# A ron that scores: 234m 456p 789s, pair 1z, 555z pon; dealer, 2 han 30 fu = 2900.
REQUEST: dict[str, Any] = {
    "hand": "234m456p789s1z",
    "melds": [{"type": "pon", "tiles": "555z"}],
    "win_tile": "1z",
    "dora_indicators": "3p",
}
GOOD = json.dumps(REQUEST)


def run(args: list[str], stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, args, input=stdin)


def assert_one_line_error(result: Result) -> str:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    return result.stderr


def batch_lines(result: Result) -> list[dict[str, Any]]:
    assert result.exception is None, result.exception
    assert result.exit_code == 0
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize(
    "text", [DEEP, '{"hand": ' + DEEP + "}", '{"melds": [' + "{" * 50_000 + "]}"]
)
def test_deep_json_to_score_is_one_error_line(text: str) -> None:
    assert "nested deeper than" in assert_one_line_error(run(["score"], text))


def test_deep_json_in_a_score_file(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    assert "nested deeper than" in assert_one_line_error(run(["score", str(path)]))


def test_deep_json_line_in_batch_gets_an_error_and_the_rest_are_answered() -> None:
    out = batch_lines(run(["score", "--batch"], "\n".join([GOOD, DEEP, GOOD]) + "\n"))
    assert [o.get("points") for o in out] == [2900, None, 2900]
    assert out[1]["line"] == 2 and "nested deeper than" in out[1]["error"]


def test_a_number_too_long_to_convert() -> None:
    err = assert_one_line_error(run(["score"], "9" * 5000))
    assert "too many digits" in err
    out = batch_lines(run(["score", "--batch"], '{"honba": ' + "9" * 5000 + "}\n" + GOOD))
    assert "too many digits" in out[0]["error"] and out[1]["points"] == 2900


def test_a_non_utf8_line_in_batch_is_named_and_the_rest_answered() -> None:
    data = (GOOD + "\n").encode() + b'{"hand": "\xff\xfe"}\n' + (GOOD + "\n").encode()
    out = batch_lines(run(["score", "--batch"], data))
    assert [o.get("points") for o in out] == [2900, None, 2900]
    assert out[1]["line"] == 2 and "line 2" in out[1]["error"]
    assert "UTF-8" in out[1]["error"]


def test_non_utf8_request_is_one_error_line() -> None:
    assert "not UTF-8" in assert_one_line_error(run(["score"], b"\xff{}"))


def test_a_line_over_the_limit_is_refused_and_the_rest_answered() -> None:
    huge = '{"hand": "' + "1" * (MAX_REQUEST_BYTES + 10) + '"}'
    out = batch_lines(run(["score", "--batch"], "\n".join([GOOD, huge, GOOD]) + "\n"))
    assert [o.get("points") for o in out] == [2900, None, 2900]
    assert out[1]["line"] == 2 and "longer than" in out[1]["error"]
    assert "longer than" in assert_one_line_error(run(["score"], huge))


@pytest.mark.parametrize(
    ("text", "what"),
    [("", "empty"), ("   \n", "empty"), ("5", "JSON object"), ("null", "JSON object")],
)
def test_empty_input_and_non_objects(text: str, what: str) -> None:
    assert what in assert_one_line_error(run(["score"], text))


def test_deep_json_log_is_a_log_format_error(tmp_path: Path) -> None:
    for name, text in {"deep.json": DEEP, "deep.mjson": '{"type": "start_game"}\n' + DEEP}.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(LogFormatError, match="nested deeper than"):
            list(load_games(path))
        result = CliRunner().invoke(main, ["replay-check", str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.exit_code == 1 and f"error: {path}" in result.stdout


def test_deep_json_to_mjai_bot_is_answered() -> None:
    result = run(["mjai-bot"], DEEP + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.stdout.strip() == json.dumps({"type": "none"})
    assert "nested deeper than" in result.stderr


def test_bounded_loads_agrees_with_json_within_the_bound() -> None:
    samples = [
        "[" * MAX_DEPTH + "]" * MAX_DEPTH,
        '{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}',
        '["\\"[[[", ' + "[{}]," * 500 + "1]",
        "9" * 4000,
    ]
    for text in samples:
        assert loads(text) == json.loads(text)
    too_deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(json.JSONDecodeError) as info:
        loads(too_deep)
    assert info.value.pos == MAX_DEPTH  # the opening bracket one level too deep


@pytest.mark.parametrize(
    "request_object",
    [
        {**REQUEST, "rules": ["sontag"]},
        {**REQUEST, "discarder": ["left"]},
        {**REQUEST, "pao": {"seat": "left"}},
        {**REQUEST, "melds": [{"type": ["pon"], "tiles": "555z"}]},
        {
            "rules": "sontag",
            "round_wind": "E",
            "winner": None,
            "players": [
                {
                    "seat_wind": w,
                    "hand": "123m456p789s1234z",
                    "melds": [{"type": [], "tiles": "1m"}],
                }
                for w in "ESWN"
            ],
        },
    ],
)
def test_values_of_the_wrong_type_are_errors_not_crashes(request_object: dict[str, Any]) -> None:
    err = assert_one_line_error(run(["score"], json.dumps(request_object)))
    assert "expected" in err


def test_a_bad_score_file_is_named_in_its_error(tmp_path: Path) -> None:
    """With FILE given, the one error line says which file (and, as before, what is wrong)."""
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"\x00\x01\xff\xfe junk")
    said = assert_one_line_error(run(["score", str(garbage)]))
    assert said.startswith(f"error: {garbage}: not UTF-8 text")
    empty = tmp_path / "empty.json"
    empty.write_text("")
    said = assert_one_line_error(run(["score", str(empty)]))
    assert said == f"error: {empty}: the input is empty (expected a JSON object)\n"
    typo = tmp_path / "typo.json"
    typo.write_text('{"hand": "234m456p789s1x", "win_tile": "1z"}')
    said = assert_one_line_error(run(["score", str(typo)]))
    assert said.startswith(f"error: {typo}: hand: bad tile notation")
    # standard input has no name to give
    assert assert_one_line_error(run(["score"], "")).startswith("error: the input is empty")
