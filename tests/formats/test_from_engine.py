"""Engine log -> GameRecord -> tenhou.net/6 and mjai -> ``jantaku replay-check``: the replay of
the written record must agree with the engine's own results, hand by hand (mismatches=0)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from jantaku.cli import main
from jantaku.engine.riichi.events import (
    Called,
    DealStarted,
    KanDeclared,
    MatchEnded,
    RiichiAccepted,
    Won,
)
from jantaku.engine.riichi.presets import new_match
from jantaku.formats.from_engine import record_from_events
from jantaku.formats.mjai import write_mjai
from jantaku.formats.record import Length, RulesInfo
from jantaku.formats.tenhou6_write import write_tenhou6


def _random_game(preset: str, seed: int, **overrides: object):  # type: ignore[no-untyped-def]
    match = new_match(preset, seed=seed, **overrides)
    rng = random.Random(seed)
    for _ in range(20000):
        if match.finished:
            break
        seat = match.to_act()[0]
        match.apply(rng.choice(match.legal_actions(seat)))
    assert match.finished
    return match


@pytest.mark.parametrize(("preset", "length"), [("tenhou", "east_south"), ("doman", "east_only")])
def test_round_trip_through_replay_check(tmp_path: Path, preset: str, length: str) -> None:
    seen: set[type] = set()
    for seed in range(12):
        match = _random_game(preset, seed, length=length)
        seen.update(type(e) for e in match.log)
        info = RulesInfo(
            length=Length.EAST_ONLY if length == "east_only" else Length.EAST_SOUTH,
            special=(f"jantaku:{preset}",),  # replay under the preset the game was played with
        )
        game = record_from_events(match.log, rules=info)
        assert len(game.hands) == sum(isinstance(e, DealStarted) for e in match.log)
        assert game.final_scores == match.result.scores  # type: ignore[union-attr]
        (tmp_path / f"{seed}.json").write_text(json.dumps(write_tenhou6(game)))
        (tmp_path / f"{seed}.mjson").write_text("\n".join(json.dumps(x) for x in write_mjai(game)))
    # random play reaches calls, kans, riichi and wins, so the converter meets them all
    assert {Called, KanDeclared, RiichiAccepted, Won, MatchEnded} <= seen
    result = CliRunner().invoke(main, ["replay-check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "games=24" in result.output and "mismatches=0" in result.output


def test_redacted_log_is_refused() -> None:
    match = _random_game("tenhou", 1)
    with pytest.raises(ValueError, match="redacted"):
        record_from_events([e.seen_by(0) for e in match.log])
