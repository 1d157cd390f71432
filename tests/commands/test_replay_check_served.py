"""``jantaku replay-check`` reads a game as the server serves it (``GET /api/games/{id}``, saved
to a file): it plays a fresh match of the record's rules and seed along its decisions, and any
event or end that differs is a mismatch named by file and hand; a finished, an abandoned, a
time-limited game of either family passes; a file that is no game record is an error naming the
file and what is wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from jantaku.cli import main
from jantaku.engine.clock import ManualClock
from jantaku.engine.game import Game
from jantaku.engine.riichi.match import Match
from jantaku.families import family
from jantaku.server.config import table_config
from tests.engine.policies import greedy_choice

SEED = "served-record"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["replay-check", *args])
    return result.exit_code, result.stdout


def _new(kind: str, clock: ManualClock) -> tuple[Game, dict[str, Any]]:
    config = table_config(kind)
    fam = family(config.family)
    game = fam.new_game(config.preset, SEED, clock=clock, overrides=config.overrides)
    return game, config.to_json()


_CLASSICAL_BOT = family("classical").new_player("efficiency", 0, "sontag")


def _step(game: Game, rng: random.Random) -> None:
    seat = game.to_act()[0]
    if isinstance(game, Match):
        game.apply(greedy_choice(game, seat, rng))
    else:
        game.apply(_CLASSICAL_BOT.choose(game.view(seat)))


def _served(game: Game, config: dict[str, Any], **result: Any) -> dict[str, Any]:
    """The game as GET /api/games/{id} serves it (what the checker reads of it)."""
    if game.result is not None:
        result = {
            "scores": list(game.result.scores),
            "ranking": list(game.result.ranking),
            "reason": game.result.reason,
            **result,
        }
    body = {"config": config, "seed": SEED, "seats": [{"name": f"p{i}"} for i in range(4)]}
    events = json.loads(json.dumps([e.to_json() for e in game.log]))
    return {"id": "g1", "recorded": True, "result": {**body, **result}, "events": events}


def _played(kind: str) -> dict[str, Any]:
    game, config = _new(kind, ManualClock())
    rng = random.Random(3)
    while not game.finished:
        _step(game, rng)
    assert game.finished
    return _served(game, config)


def _first_discard(served: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in served["events"] if e["type"] == "discarded")


def _save(tmp_path: Path, obj: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    return str(path)


@pytest.mark.parametrize("kind", ["practice", "classical"])
def test_a_served_game_replays_without_mismatch(tmp_path: Path, kind: str) -> None:
    served = _played(kind)
    hands = sum(e["type"] in ("deal_started", "classical_deal_started") for e in served["events"])
    code, out = run(_save(tmp_path, served))
    assert (code, out.strip().splitlines()[-1]) == (
        0,
        f"games=1 hands={hands} mismatches=0 skipped=0 errors=0",
    )


def test_a_changed_event_or_end_is_a_mismatch_at_its_hand(tmp_path: Path) -> None:
    served = _played("practice")
    events = served["events"]
    starts = [i for i, e in enumerate(events) if e["type"] == "deal_started"]
    second = events[starts[1]]
    discard = next(i for i in range(starts[1], len(events)) if events[i]["type"] == "discarded")
    events[discard]["tsumogiri"] = not events[discard]["tsumogiri"]
    path = _save(tmp_path, served)
    code, out = run("--json", path)
    report = json.loads(out)
    hand = f"{'ESWN'[second['round_wind']]}{second['deal'] + 1}-{second['honba']}"
    assert code == 1 and report["mismatches"] == 1
    (m,) = report["mismatch_list"]
    assert (m["file"], m["hand"]) == (path, hand) and f"event {discard + 1}:" in m["what"]
    served = _played("practice")
    served["result"]["scores"][0] += 1000
    code, out = run("--json", _save(tmp_path, served))
    (m,) = json.loads(out)["mismatch_list"]
    assert code == 1 and m["hand"] == "end" and m["what"].startswith("final scores")


def _into_second_hand(kind: str, clock: ManualClock) -> tuple[Game, dict[str, Any]]:
    game, config = _new(kind, clock)
    rng = random.Random(4)
    starts = 0
    while starts < 2 or game.log[-1].type != "discarded":
        _step(game, rng)
        starts = sum(e.type in ("deal_started", "classical_deal_started") for e in game.log)
    assert not game.finished
    return game, config


@pytest.mark.parametrize("kind", ["practice", "classical"])
def test_an_abandoned_game_replays_to_its_standings(tmp_path: Path, kind: str) -> None:
    game, config = _into_second_hand(kind, ManualClock())
    scores = list(game.standings())
    served = _served(game, config, scores=scores, reason_code="abandoned", recorded=False)
    code, out = run(_save(tmp_path, served))
    assert code == 0 and "mismatches=0" in out, out
    served["result"]["reason_code"] = "last_hand"  # an end the events do not show
    code, out = run(_save(tmp_path, served))
    assert code == 1 and "does not say it was abandoned" in out, out


def test_games_the_time_rules_ended_replay_without_mismatch(tmp_path: Path) -> None:
    clock = ManualClock()
    game, config = _into_second_hand("practice", clock)
    clock.time = 120 * 60 + 1
    game.apply(game.legal_actions(game.to_act()[0])[0])
    assert game.result is not None and game.result.reason == "the 120-minute limit was reached"
    code, out = run(_save(tmp_path, _served(game, config), "cut.json"))
    assert code == 0 and "mismatches=0" in out, out
    clock = ManualClock()
    game, config = _new("practice", clock)
    rng = random.Random(6)
    clock.time = 80 * 60  # from the first step: the next hand is the last
    while not game.finished:
        _step(game, rng)
    assert game.result is not None and "80-minute" in game.result.reason
    code, out = run(_save(tmp_path, _served(game, config), "short.json"))
    assert code == 0 and "mismatches=0" in out, out


def _reworded(served: dict[str, Any], code: str) -> dict[str, Any]:
    """The record as a server stores it (with the end's ``reason_code``) whose engine said
    why the match ended in other words than today's."""
    served["result"]["reason_code"] = code
    served["result"]["reason"] = served["events"][-1]["reason"] = "time is up (worded anew)"
    return served


def test_the_time_rules_ends_are_recognised_by_their_code(tmp_path: Path) -> None:
    """A record whose end is told in other words is replayed by its reason code (the
    80-minute rule's last hand, the 120-minute cut); one stored without a code by the
    engine's words (the test above)."""
    clock = ManualClock()
    game, config = _into_second_hand("practice", clock)
    clock.time = 120 * 60 + 1
    game.apply(game.legal_actions(game.to_act()[0])[0])
    cut = _reworded(_served(game, config), "time_120")
    code, out = run(_save(tmp_path, cut, "cut.json"))
    assert code == 0 and "mismatches=0" in out, out
    clock = ManualClock()
    game, config = _new("practice", clock)
    rng = random.Random(6)
    clock.time = 80 * 60
    while not game.finished:
        _step(game, rng)
    short = _reworded(_served(game, config), "time_80")
    code, out = run(_save(tmp_path, short, "short.json"))
    assert code == 0 and "mismatches=0" in out, out
    short["result"]["reason_code"] = "last_hand"  # not what the engine says of this end
    code, out = run(_save(tmp_path, short, "wrong.json"))
    assert code == 1 and "mismatches=1" in out, out


@pytest.mark.parametrize("kind", ["practice", "classical"])
def test_a_game_stored_before_the_reason_code_replays(tmp_path: Path, kind: str) -> None:
    """A record stored before the end told its reason as a code (the end event and the result
    say it only in the engine's English words) replays as it did; a record whose words say
    another end is still a mismatch."""
    served = _played(kind)
    for old in (served["events"][-1], served["result"]):
        old.pop("reason_code", None)
        old.pop("reason_seats", None)
    code, out = run(_save(tmp_path, served, "old.json"))
    assert code == 0 and "mismatches=0" in out, out
    if kind == "practice":
        served["events"][-1]["reason"] = "a player went below zero"
        served["result"]["reason"] = "a player went below zero"
        code, out = run(_save(tmp_path, served, "wrong.json"))
        assert code == 1 and "mismatches=1" in out, out


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda g: g["result"].pop("seed"), "a server game record without its seed (result.seed)"),
        (lambda g: g["result"]["config"].update(family="go"), "unknown rule family 'go'"),
        (lambda g: g["events"].insert(3, 7), "event 4 is not an event object with a type"),
        (lambda g: _first_discard(g).pop("tile"), "cannot be read (missing field 'tile')"),
        (lambda g: g["result"]["config"].update(preset="nope"), "its rules cannot be set up"),
    ],
)
def test_a_broken_served_game_is_an_error_naming_the_file(
    tmp_path: Path, change: Any, problem: str
) -> None:
    served = _played("practice")
    change(served)
    path = _save(tmp_path, served)
    code, out = run(path)
    assert (code == 1 and f"error: {path}, " in out) or f"error: {path}: " in out, out
    assert problem in out, out
    assert "Traceback" not in out


def test_a_file_that_is_neither_a_log_nor_a_served_game_is_an_error(tmp_path: Path) -> None:
    path = _save(tmp_path, {"id": "x", "result": {}}, "other.json")
    code, out = run(path)
    assert code == 1 and f"error: {path}: not a game log (JSON of an unknown shape)" in out
