"""Golden playthroughs of the classical engine: the first deals of seeded ``sontag`` games,
played by the fixed test policy, must produce exactly the recorded event logs. Any change in
rules, scoring, settlement or event format shows up here as a diff; regenerate deliberately
with JANTAKU_UPDATE_GOLDEN=1."""

from __future__ import annotations

import json
import random

import pytest

from jantaku.engine.classical import ClassicalMatch
from jantaku.rules.classical import preset
from tests.engine.classical._bots import choose
from tests.engine.golden_files import check_golden

DEALS = 4  # enough for wins, a Remis or a change of East, and a settlement each


def playthrough(seed: int) -> list[str]:
    rng = random.Random(seed)
    game = ClassicalMatch(preset("sontag"), seed)
    while not game.finished and game.hand_number < DEALS:
        seat = game.to_act()[0]
        game.apply(choose(game.deal, seat, game.legal_actions(seat), rng))
    return [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in game.log]


@pytest.mark.parametrize("seed", [1, 2])
def test_playthrough_matches_golden_file(seed: int) -> None:
    lines = playthrough(seed)
    check_golden(f"sontag_first_{DEALS}_deals_seed{seed}.jsonl", lines)
    assert sum('"type": "deal_ended"' in line for line in lines) >= DEALS
