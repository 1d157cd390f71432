"""``jantaku review``: the text and JSON of a review, games of both families read back from the
server's record of them (the replayed events equal the recorded ones), and bad input named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from jantaku.cli import main
from jantaku.engine.game import Game
from jantaku.engine.riichi.presets import new_match
from jantaku.formats.native import to_native
from jantaku.players.classical import make_player as classical_player
from jantaku.players.review.events import actions_of_events
from jantaku.players.review.sources import new_game
from jantaku.players.riichi import make_player as riichi_player

_GAMES = {
    "riichi": ("doman", {"length": "east_only"}),
    "classical": ("sontag", {"wind_rounds": 1}),
}


def _play(family: str, seed: str) -> Game:
    preset, overrides = _GAMES[family]
    game = new_game(family, preset, seed, overrides)
    make = classical_player if family == "classical" else riichi_player
    bots = [make("efficiency", s) for s in range(4)]
    while not game.finished:
        seat = game.to_act()[0]
        events = game.apply(bots[seat].choose(game.view(seat)))
        for s, bot in enumerate(bots):
            bot.observe([e.seen_by(s) for e in events])
    return game


def _server_record(family: str, seed: str) -> dict[str, Any]:
    """A finished game as ``GET /api/games/{id}`` serves it."""
    preset, overrides = _GAMES[family]
    game = _play(family, seed)
    config = {"family": family, "kind": "practice", "preset": preset, "overrides": overrides}
    seats = [{"name": f"player {i}", "user_id": None, "bot": None} for i in range(4)]
    return {
        "id": "g1",
        "recorded": True,
        "result": {"config": config, "seed": seed, "seats": seats},
        "events": [e.to_json() for e in game.log],
    }


@pytest.mark.parametrize("family", ["riichi", "classical"])
def test_the_events_of_a_server_record_replay_to_the_same_game(family: str) -> None:
    record = _server_record(family, f"review-{family}")
    preset, overrides = _GAMES[family]
    game = new_game(family, preset, record["result"]["seed"], overrides)
    for action in actions_of_events(game, record["events"]):
        game.apply(action)
    assert game.finished
    assert [e.to_json() for e in game.log] == record["events"]


@pytest.mark.parametrize("family", ["riichi", "classical"])
def test_review_of_a_server_record_in_json(family: str, tmp_path: Path) -> None:
    record = _server_record(family, f"review-{family}")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["review", str(path), "--seat", "2", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    (review,) = out["games"]
    assert review["family"] == family
    assert review["seat"] == 2 and review["player"] == "player 2"
    assert review["level"] == "strongest"
    decisions = review["decisions"]
    discards = sum(1 for e in record["events"] if e["type"] == "discarded" and e["seat"] == 2)
    turns = [d for d in decisions if d["situation"] == "turn"]
    # every discard of the seat was a decision, but forced ones (one legal action)
    assert 0 < len(turns) <= discards + 8
    summary = review["summary"]
    assert summary["decisions"] == len(decisions)
    assert summary["agreed"] == sum(d["agree"] for d in decisions)
    assert summary["marked"] == sum(d["marked"] for d in decisions)
    for d in decisions:
        assert d["player"]["action"]["seat"] == 2
        assert d["player"]["action"]["type"] in d["offered"]
        assert 1 <= len(d["candidates"]) <= 3
        assert d["candidates"][0]["label"] == d["puppet"]["label"]
        if d["marked"] and d["loss"] is not None:
            assert d["loss"] > review["threshold"]


def test_review_text_of_a_native_match_log(tmp_path: Path) -> None:
    match = new_match("doman", seed="review-native", length="east_only")
    bots = [riichi_player("efficiency", s) for s in range(4)]
    while not match.finished:
        seat = match.to_act()[0]
        match.apply(bots[seat].choose(match.view(seat)))
    path = tmp_path / "native.json"
    path.write_text(json.dumps(to_native(match)), encoding="utf-8")
    result = CliRunner().invoke(main, ["review", str(path), "--level", "efficiency"])
    assert result.exit_code == 0, result.output
    assert "puppet efficiency" in result.output
    assert "summary:" in result.output and "agreement" in result.output


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, [], "no such file or folder"),
        ("hello", [], "not a game log"),
        ('{"log": [[1, 2', [], "broken JSON"),
        ('{"result": {"seed": 1}, "events": []}', [], "without its rules"),
        (
            '{"result": {"config": {"family": "go"}, "seed": 1}, "events": []}',
            [],
            "unknown rule family 'go'",
        ),
        ("FIXTURE", ["--level", "grandmaster"], "unknown riichi level 'grandmaster'"),
    ],
)
def test_bad_input_is_one_clear_line(
    tmp_path: Path, content: str | None, args: list[str], message: str
) -> None:
    path = tmp_path / "game.json"
    if content == "FIXTURE":
        match = new_match("doman", seed="review-bad", length="east_only")
        content = json.dumps(to_native(match))
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(main, ["review", str(path), *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert message in result.output
    assert str(path) in result.output or "level" in message


def test_a_seat_out_of_range_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["review", str(tmp_path), "--seat", "4"])
    assert result.exit_code == 2
    assert "--seat" in result.output
