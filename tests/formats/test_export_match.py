"""A match played in the engine, written as tenhou.net/6 and as mjai and read back, replays
through ``replay-check`` with no mismatch: jantaku's own games export faithfully."""

from __future__ import annotations

import json
import random

import pytest
from tests.engine.policies import greedy_choice

from jantaku.engine.riichi.presets import new_match, tenhou_judge
from jantaku.formats.detect import read_games_text
from jantaku.formats.from_engine import record_of_match
from jantaku.formats.mjai import read_mjai_text, write_mjai
from jantaku.formats.replay import check_game
from jantaku.formats.tenhou6_write import write_tenhou6


def played(seed: int) -> object:
    rng = random.Random(seed)
    match = new_match("tenhou", seed=seed, length="east_only")
    while not match.finished:
        seat = match.to_act()[0]
        match.apply(greedy_choice(match, seat, rng))
    return match


@pytest.mark.parametrize("seed", [21, 22])
def test_tenhou6_export_replays_without_mismatch(seed: int) -> None:
    match = played(seed)
    record = record_of_match(match)  # type: ignore[arg-type]
    assert any(h.result and h.result.wins for h in record.hands), "the test wants some wins"
    text = json.dumps(write_tenhou6(record), ensure_ascii=False)
    (game,) = read_games_text(text, "export.json")
    check = check_game(game, tenhou_judge())
    assert check.mismatches == [] and check.hands == len(record.hands)
    assert game.final_scores == match.result.scores  # type: ignore[attr-defined]


def test_mjai_export_reads_back_with_the_same_results() -> None:
    match = played(23)
    record = record_of_match(match)  # type: ignore[arg-type]
    lines = "\n".join(json.dumps(e) for e in write_mjai(record))
    game = read_mjai_text(lines, "export.mjson")
    assert [h.result.deltas if h.result else () for h in game.hands] == [
        h.result.deltas if h.result else () for h in record.hands
    ]
    check = check_game(game, tenhou_judge())
    assert check.mismatches == []


def test_a_doman_game_replays_under_doman_rules() -> None:
    rng = random.Random(31)
    match = new_match("doman", seed=31, length="east_only")
    while not match.finished:
        seat = match.to_act()[0]
        match.apply(greedy_choice(match, seat, rng))
    record = record_of_match(match)
    (game,) = read_games_text(json.dumps(write_tenhou6(record)), "doman.json")
    assert "jantaku:doman" in game.rules.special
    check = check_game(game)  # the preset comes from the record: no Tenhou extension round
    assert check.mismatches == []
