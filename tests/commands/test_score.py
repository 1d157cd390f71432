"""The request format and ``jantaku score`` (via click's CliRunner)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from jantaku.commands.score import score as score_command
from jantaku.families import all_families
from jantaku.rules.riichi.request import RequestError, explain, score_request

# dealer ron on 1z (tanki), 555z pon: haku 1 + dora (indicator 3p -> 4p) 1; 20+4+4+2 = 30 fu
REQUEST: dict[str, Any] = {
    "rules": "doman",
    "hand": "234m456p789s1z",
    "melds": [{"type": "pon", "tiles": "555z"}],
    "win_tile": "1z",
    "win": "ron",
    "seat_wind": "E",
    "round_wind": "E",
    "dora_indicators": "3p",
    "honba": 1,
    "deposits": 1,
}


def invoke(args: list[str], text: str) -> Any:
    return CliRunner().invoke(score_command, args, input=text)


def test_result_object() -> None:
    result = score_request(REQUEST)
    assert result["win"] is True
    assert (result["han"], result["fu"], result["yakuman"], result["limit"]) == (2, 30, 0, None)
    assert result["yaku"] == [{"name": "yakuhai_haku", "han": 1}, {"name": "dora", "han": 1}]
    assert result["points"] == 2900  # dealer 2 han 30 fu ron
    # the left player dealt in (default): 2900 + 300 honba; the winner also takes the stick
    assert result["payments"] == {"winner": 4200, "right": 0, "across": 0, "left": -3200}


def test_aka_and_ura_dora_names() -> None:
    result = score_request(
        {
            "hand": "234m406p789s11z23m",
            "win_tile": "4m",
            "riichi": True,
            "ura_indicators": "1m",
            "seat_wind": "S",
        }
    )
    names = {y["name"]: y["han"] for y in result["yaku"]}
    assert names["aka_dora"] == 1 and names["ura_dora"] == 2


def test_tsumo_payments_sum_to_the_deposits() -> None:
    result = score_request({**REQUEST, "win": "tsumo", "seat_wind": "S"})
    assert sum(result["payments"].values()) == 1000 * REQUEST["deposits"]


def test_no_win_has_a_reason() -> None:
    assert score_request({**REQUEST, "hand": "234m456p789s2z", "win_tile": "3z"}) == {
        "win": False,
        "reason": "not_complete",
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hand": "234m456p789s1x"}, "hand"),
        ({"hand": "234m456p789s11z"}, "concealed tiles"),
        ({"hand": "234m456p789s5z", "win_tile": "5z"}, "five copies of 5z"),
        ({"color": "red"}, r"unknown key 'color' \(known keys: chankan, .*, win_tile\)"),
        ({"seatwind": "E"}, r"unknown key 'seatwind' \(did you mean 'seat_wind'\?\)"),
        ({"win": "draw"}, "win"),
        ({"seat_wind": "X"}, "seat_wind"),
        ({"melds": [{"type": "chi", "tiles": "555z"}]}, "melds"),
        ({"honba": -1}, "honba"),
        ({"riichi": True}, "riichi needs a closed hand"),
        ({"options": {"kiriage": True}}, "unknown riichi option"),
        ({"rules": "nope"}, "unknown riichi preset"),
    ],
)
def test_malformed_requests_are_rejected(change: dict[str, Any], message: str) -> None:
    with pytest.raises(Exception, match=message) as info:
        score_request({**REQUEST, **change})
    from jantaku.errors import JantakuError

    assert isinstance(info.value, JantakuError)


def test_cli_text_and_json() -> None:
    text = invoke([], json.dumps(REQUEST))
    assert text.exit_code == 0
    assert "2 han 30 fu" in text.output and "yakuhai_haku" in text.output
    as_json = invoke(["--json"], json.dumps(REQUEST))
    assert as_json.exit_code == 0 and json.loads(as_json.output)["points"] == 2900


def test_cli_reads_a_file(tmp_path: Any) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST))
    assert json.loads(invoke(["--json", str(path)], "").output)["han"] == 2


def test_cli_malformed_input_exits_2_with_one_line() -> None:
    for text in ("{not json", json.dumps({**REQUEST, "hand": "99999m"}), "[1, 2]"):
        result = invoke(["--json"], text)
        assert result.exit_code == 2
        assert result.output.strip().count("\n") == 0 and result.output.startswith("error:")


def test_cli_not_a_win_exits_0() -> None:
    result = invoke(["--json"], json.dumps({**REQUEST, "hand": "234m456p789s2z", "win_tile": "3z"}))
    assert result.exit_code == 0 and json.loads(result.output)["win"] is False


def test_cli_batch_keeps_order_and_reports_bad_lines() -> None:
    lines = [json.dumps(REQUEST), "{bad", "", json.dumps({**REQUEST, "win": "tsumo"})]
    result = invoke(["--batch"], "\n".join(lines) + "\n")
    assert result.exit_code == 0
    out = [json.loads(line) for line in result.output.splitlines()]
    # the tsumo: 20 + 2 + 4 + 4 + 2 = 32 -> 40 fu, 2 han, dealer: 1300 all
    assert [o.get("points", "error" in o) for o in out] == [2900, True, 3900]


def test_sontag_requests_go_to_the_classical_scorer(monkeypatch: pytest.MonkeyPatch) -> None:
    all_families()  # the registry loaded before the scorer module is faked (its import needs it)
    fake = types.ModuleType("jantaku.rules.classical.request")
    fake.score_request = lambda obj: {"rules": obj["rules"], "points": 42}  # type: ignore[attr-defined]
    fake.explain = lambda result: f"classical {result['points']}"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jantaku.rules.classical.request", fake)
    assert invoke([], json.dumps({"rules": "sontag"})).output.strip() == "classical 42"


def test_sontag_without_the_classical_module_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "jantaku.rules.classical.request", None)
    result = invoke([], json.dumps({"rules": "sontag"}))
    assert result.exit_code == 2 and "classical scorer is not available" in result.output


def test_explain_no_win() -> None:
    assert explain({"win": False, "reason": "no_yaku"}).startswith("No win: no_yaku")


def test_request_error_is_a_value_error() -> None:
    assert issubclass(RequestError, ValueError)


def test_kan_ura_option_limits_ura_to_the_first_indicator() -> None:
    hand = {
        "hand": "234m406p789s11z23m",
        "win_tile": "4m",
        "riichi": True,
        "seat_wind": "S",
        "ura_indicators": "1m1m",
        "melds": [],
    }
    names = {y["name"]: y["han"] for y in score_request(hand)["yaku"]}
    assert names["ura_dora"] == 4  # two indicators of 1m: 2m counted twice each
    first_only = score_request({**hand, "options": {"kan_ura": False}})
    assert {y["name"]: y["han"] for y in first_only["yaku"]}["ura_dora"] == 2


def test_without_red_fives_a_red_five_is_an_error() -> None:
    hand = {"hand": "234m406p789s11z23m", "win_tile": "4m", "riichi": True, "seat_wind": "S"}
    with pytest.raises(RequestError, match="red fives are off"):
        score_request({**hand, "options": {"red_fives": 0}})
    plain = score_request({**hand, "hand": "234m456p789s11z23m", "options": {"red_fives": 0}})
    assert "aka_dora" not in {y["name"] for y in plain["yaku"]}


# REQUEST holds 234m 456p 789s 1z, the pon 555z and the win tile 1z; red fives are on (doman).
@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dora_indicators": "1z1z1z"}, "dora_indicators: five copies of 1z"),
        ({"dora_indicators": "5z"}, None),  # the fourth 5z: still a real tile
        ({"dora_indicators": "5z5z"}, "dora_indicators: five copies of 5z"),
        (
            {"dora_indicators": "3p", "ura_indicators": "1z1z1z"},
            "ura_indicators: five copies of 1z",
        ),
        (
            {"dora_indicators": "4p4p", "ura_indicators": "4p4p"},
            "ura_indicators: five copies of 4p",
        ),
        ({"dora_indicators": "0m0m"}, "a second red 5m"),
        ({"hand": "234m406p789s1z", "dora_indicators": "0p"}, "dora_indicators: a second red"),
        ({"hand": "234m406p789s1z", "ura_indicators": "0p"}, "ura_indicators: a second red"),
        ({"dora_indicators": "555p"}, "a fourth plain 5p"),
        ({"dora_indicators": "0p55p"}, None),  # with the hand's 5p: the four fives of dots
        ({"dora_indicators": "123456m"}, "6 indicators"),
        ({"honba": 10**4299}, "from 0 to 999"),
        ({"deposits": 1000}, "from 0 to 999"),
        ({"hand": "1" * 100_000 + "m"}, "100001 characters"),
    ],
)
def test_indicators_count_as_tiles_of_the_set(change: dict[str, Any], message: str | None) -> None:
    request = {**REQUEST, **change}
    if message is None:
        assert score_request(request)["win"] is True
        return
    with pytest.raises(RequestError) as info:
        score_request(request)
    assert message in str(info.value) and len(str(info.value)) < 200
    result = invoke(["--json"], json.dumps(request))
    assert result.exit_code == 2 and message in result.output


def test_rejected_values_are_shown_short() -> None:
    with pytest.raises(RequestError) as info:
        score_request({**REQUEST, "win": "x" * 100_000})
    assert len(str(info.value)) < 120 and str(info.value).startswith("win: expected ron")


def test_batch_answers_each_request_before_the_next_arrives() -> None:
    """A program that sends one request at a time and waits gets each answer at once (results
    are only held back while more requests are already waiting)."""
    src = Path(__file__).resolve().parents[2] / "src"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jantaku", "score", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=str(src)),
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for _ in range(3):
            proc.stdin.write(json.dumps(REQUEST).encode() + b"\n")
            proc.stdin.flush()
            answer = proc.stdout.readline()  # would hang if the answer were held back
            assert json.loads(answer)["points"] == 2900
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0


def test_a_riichi_batch_does_not_load_the_classical_rules() -> None:
    """The family registry reads the classical presets without importing the classical scorer,
    settlement and Störspiel rules, which a riichi batch does not need."""
    src = Path(__file__).resolve().parents[2] / "src"
    line = json.dumps(REQUEST).encode() + b"\n"
    code = (
        "import io, sys\n"
        "from jantaku.commands.score import _batch\n"
        "out = io.StringIO()\n"
        f"_batch(io.BytesIO({line!r}), out)\n"
        "heavy = [f'jantaku.rules.classical.{m}' for m in ('scorer', 'settlement', 'danger')]\n"
        "print(out.getvalue().count('2900'), any(m in sys.modules for m in heavy))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(src)),
        check=True,
    )
    assert run.stdout.split() == ["1", "False"]


@pytest.mark.parametrize(
    "line",
    [
        b'{"a": 1}\n',
        b'{"a": 1}  \r\n',
        b' {"a": 1}\n',
        b'{"a": 1} x\n',
        b'{"a": 1}\x0c\n',
        b"[1, 2]\n",
        b'"text"\n',
        b"NaN\n",
        b"{bad\n",
        b'{"a": "\\u00e9\xc3\xa9"}\n',
        b"\xef\xbb\xbf{}\n",
        b"\xef\xbb\xbf\xef\xbb\xbf{}\n",
        b'{"a": "\xff"}\n',
        b"[" * 70 + b"]" * 70 + b"\n",
        b"[1]" * 70 + b"\n",
        b'{"honba": ' + b"9" * 5000 + b"}\n",
    ],
)
def test_a_batch_line_loads_as_the_checked_reader_loads_it(line: bytes) -> None:
    """The batch's quick way to a line's JSON value gives the value, or the error message, of
    the checked way (decode, then the bounded JSON reader)."""
    from jantaku.commands.score import _BadInput, _decode, _load, _load_line

    def outcome(read: Any) -> tuple[str, Any]:
        try:
            return "value", read()
        except _BadInput as e:
            return "error", str(e)

    expected = outcome(lambda: _load(_decode(line)))
    assert outcome(lambda: _load_line(line)) == expected


def test_a_missing_field_is_named_as_the_classical_request_names_it() -> None:
    for key in ("hand", "win_tile"):
        request = {k: v for k, v in REQUEST.items() if k != key}
        result = invoke([], json.dumps(request))
        assert result.exit_code == 2
        assert result.output.strip() == f"error: missing field {key!r}"


def test_a_tile_count_with_one_meld_is_worded_in_the_singular() -> None:
    result = invoke([], json.dumps({**REQUEST, "hand": "234m456p789s11z"}))
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: 11 concealed tiles with 1 meld; expected 10 (without the winning tile)"
    )


def test_a_discarder_on_a_tsumo_is_refused_not_ignored() -> None:
    result = invoke([], json.dumps({**REQUEST, "win": "tsumo", "discarder": "left"}))
    assert result.exit_code == 2
    assert result.output.strip() == "error: discarder: only a ron has a discarder (win is tsumo)"
