"""Bots against real players: at every recorded discard of Tenhou Phoenix games each level
chooses a legal action, and the efficiency level agrees with the players far more often than
chance (the random level) does."""

from __future__ import annotations

from dataclasses import replace

from jantaku.engine.riichi.presets import new_match
from jantaku.formats import record as rec
from jantaku.formats.detect import load_games
from jantaku.players.riichi import make_player
from jantaku.players.riichi.agreement import measure, measure_top, ranked_discards
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


def test_ranked_discards_start_with_the_choice_and_top_n_grows() -> None:
    games = _games(1)
    (plain,) = measure(games, ["strong"])
    (top,) = measure_top(games, ["strong"], 3)
    assert top.decisions == plain.decisions
    assert top.within[0] == plain.agreed  # the first ranked discard is the level's own choice
    assert top.within[0] < top.within[1] < top.within[2] < top.decisions
    assert top.to_json()["top3"] == round(top.within[2] / top.decisions, 4)


def test_ranked_discards_are_distinct_legal_kinds_and_fall_back_to_the_next_best() -> None:
    match = new_match("doman", seed=5)
    bot = make_player("efficiency", 0)
    seat = match.to_act()[0]
    view = match.view(seat)
    ranked = ranked_discards(bot, view, 5)
    legal = view.legal_actions
    discardable = {a.tile.kind_id for a in legal if a.tile and a.kind.value == "discard"}
    assert len(ranked) == len(set(ranked)) == min(5, len(discardable))
    assert set(ranked) <= discardable
    assert ranked[0] == bot.choose(view).tile.kind_id
    # the second is the choice of a table where the first may not be discarded
    legal = tuple(a for a in view.legal_actions if not (a.tile and a.tile.kind_id == ranked[0]))
    assert bot.choose(replace(view, legal_actions=legal)).tile.kind_id == ranked[1]
