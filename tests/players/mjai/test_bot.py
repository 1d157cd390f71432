"""``jantaku mjai-bot`` against recorded games: every answer to every event is well-formed and,
by jantaku's engine replaying the same game, legal at that point."""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import subprocess
import sys

import pytest

from jantaku.players.mjai.bot import MjaiBot, serve
from jantaku.players.riichi import make_player
from jantaku.rules.riichi.options import preset
from tests.players.mjai.mjai_check import load, run_game, seat_view
from tests.validation import validation_data, validation_root


def _games() -> list[str]:
    root = validation_root()
    if not root.is_dir():
        return ["<missing>"]
    files = [root / "riichienv" / "126_204_0_mjai.jsonl"]
    files += sorted((root / "mjai-reviewer_convlog_testdata").glob("*.json"))
    return [str(f) for f in files]


@pytest.mark.parametrize("level", ["random", "efficiency", "expert"])
@pytest.mark.parametrize("path", _games(), ids=lambda p: pathlib.Path(p).name)
def test_every_answer_is_legal(path: str, level: str) -> None:
    validation_data()
    game, events = load(path)
    options = preset("tenhou")
    stats: dict[str, int] = {}
    checked, problems = run_game(
        game, events, lambda s: MjaiBot(make_player(level, s), s, options), stats
    )
    if checked == 0:
        pytest.skip(f"{path}: every hand contradicts itself (replay-check skips them too)")
    assert problems == []


def test_kans_were_offered_compared_and_answered() -> None:
    """The recorded games put kans on offer, the trackers agreed with the engine every time,
    and the random level (which picks any offered action) and the efficiency level (a kan that
    costs no speed) answered open or added kans, each checked legal by the engine."""
    validation_data()
    options = preset("tenhou")
    totals = {level: {"kan_offers": 0, "kan_answers": 0} for level in ("random", "efficiency")}
    for path in _games():
        game, events = load(path)
        for level, total in totals.items():
            stats: dict[str, int] = {}
            _checked, problems = run_game(
                game, events, lambda s, lv=level: MjaiBot(make_player(lv, s), s, options), stats
            )
            assert problems == []
            for key, value in stats.items():
                total[key] += value
        if all(t["kan_answers"] > 0 for t in totals.values()):
            break
    assert all(t["kan_offers"] > 0 for t in totals.values()), totals
    assert all(t["kan_answers"] > 0 for t in totals.values()), totals


def test_the_command_answers_each_line() -> None:
    root = validation_data()
    path = root / "riichienv" / "126_204_0_mjai.jsonl"
    events = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    lines = "".join(json.dumps(seat_view(e, 2)) + "\n" for e in events[:400])
    out = subprocess.run(
        [sys.executable, "-m", "jantaku", "mjai-bot", "--level", "defensive"],
        input=lines + "not json\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answers = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(answers) == 401
    own_draws = [i for i, e in enumerate(events[:400]) if e["type"] == "tsumo" and e["actor"] == 2]
    assert own_draws and all(
        answers[i]["type"] in ("dahai", "reach", "hora", "ankan", "kakan") for i in own_draws
    )
    assert answers[-1] == {"type": "none"}


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('{"type": "start_game", "id": 9}', "line 1: start_game: id must be a seat 0-3, got 9"),
        (
            '{"type": "start_kyoku", "bakaze": "E", "tehais": [[], [], [], []]}',
            "line 1: start_kyoku: missing field 'dora_marker'",
        ),
        ('"text"', "line 1: an event must be a JSON object, not a string"),
        (
            '{"type": "dahai", "actor": 7, "pai": "1m"}',
            "line 1: dahai: actor must be a seat 0-3, got 7",
        ),
        (
            '[{"type": "start_game", "id": 1}, 5]',
            "line 1: an event must be a JSON object, not a number",
        ),
    ],
)
def test_a_malformed_event_is_named_with_its_line(line: str, said: str) -> None:
    """A bad event is answered with none and explained on stderr in words, never by the name of
    a Python exception (``IndexError: list index out of range``)."""
    bot = MjaiBot(make_player("efficiency", 0), 0, preset("tenhou"))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        serve(bot, io.StringIO(line + "\n"), out)
    assert json.loads(out.getvalue()) == {"type": "none"}
    assert err.getvalue().strip() == f"jantaku mjai-bot: {said}"
    assert "Error" not in err.getvalue()


def test_a_bad_round_wind_or_hands_list_is_named() -> None:
    bot = MjaiBot(make_player("efficiency", 0), 0, preset("tenhou"))
    lines = [
        '{"type": "start_kyoku", "bakaze": "X", "dora_marker": "1m", "tehais": []}',
        '{"type": "start_kyoku", "bakaze": "E", "dora_marker": "1m", "tehais": [["1m"]]}',
    ]
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        serve(bot, io.StringIO("\n".join(lines) + "\n"), io.StringIO())
    assert err.getvalue().splitlines() == [
        "jantaku mjai-bot: line 1: start_kyoku: bakaze must be E, S, W or N, got 'X'",
        "jantaku mjai-bot: line 2: start_kyoku: tehais must be the four hands"
        " (a list of four lists)",
    ]
