"""Bots against real players: at every recorded discard of Tenhou Phoenix games each level
chooses a legal action, and the efficiency level agrees with the players far more often than
chance (the random level) does."""

from __future__ import annotations

from jantaku.formats import record as rec
from jantaku.formats.detect import load_games
from jantaku.players.riichi.agreement import measure
from tests.validation import validation_data


def _games(n: int) -> list[rec.GameRecord]:
    folder = validation_data() / "mjx" / "tests_py_mjlog"
    files = sorted(folder.glob("*.mjlog"))[:n]
    return [g for f in files for g in load_games(f) if isinstance(g, rec.GameRecord)]


def test_bots_choose_legally_and_efficiency_agrees_with_players() -> None:
    games = _games(2)
    assert len(games) == 2
    rand, eff = measure(games, ["random", "efficiency"])
    assert rand.decisions == eff.decisions > 200
    assert rand.illegal == eff.illegal == 0
    assert rand.rate < 0.2
    assert eff.rate > 0.4
    ready = eff.by_situation["free-ready"]
    assert ready[1] / ready[0] > 0.7  # a ready hand's discard is nearly forced
    data = eff.to_json()
    assert data["level"] == "efficiency" and data["decisions"] == eff.decisions
    assert set(data["by_situation"]) == set(eff.by_situation)
