"""Golden playthroughs of the classical engine: the first deals of seeded ``sontag`` games,
played by the fixed test policy, must produce exactly the recorded event logs. Any change in
rules, scoring, settlement or event format shows up here as a diff; regenerate deliberately
with JANTAKU_UPDATE_GOLDEN=1."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from jantaku.engine.classical import ClassicalGame
from jantaku.rules.classical import preset
from tests.engine.classical._bots import choose

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
DEALS = 4  # enough for wins, a Remis or a change of East, and a settlement each


def playthrough(seed: int) -> list[str]:
    rng = random.Random(seed)
    game = ClassicalGame(preset("sontag"), seed)
    while not game.finished and game.hand_number < DEALS:
        seat = game.to_act()[0]
        game.apply(choose(game.deal, seat, game.legal_actions(seat), rng))
    return [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in game.log]


@pytest.mark.parametrize("seed", [1, 2])
def test_playthrough_matches_golden_file(seed: int) -> None:
    path = GOLDEN / f"sontag_first_{DEALS}_deals_seed{seed}.jsonl"
    lines = playthrough(seed)
    if os.environ.get("JANTAKU_UPDATE_GOLDEN") == "1":
        path.write_text("\n".join(lines) + "\n")
    expected = path.read_text().splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(lines) == len(expected)
    assert sum('"type": "deal_ended"' in line for line in lines) >= DEALS
