"""Golden playthroughs: whole seeded matches under the ``doman`` preset, played by a fixed
policy, must produce exactly the recorded event logs. Any change in rules, scoring or event
format shows up here as a diff; regenerate deliberately with JANTAKU_UPDATE_GOLDEN=1."""

from __future__ import annotations

import json
import random

import pytest

from jantaku.engine.riichi.presets import new_match
from tests.engine.golden_files import check_golden
from tests.engine.policies import greedy_choice


def playthrough(seed: int) -> list[str]:
    rng = random.Random(seed)
    match = new_match("doman", seed=seed, length="east_only")
    while not match.finished:
        seat = match.to_act()[0]
        match.apply(greedy_choice(match, seat, rng))
    return [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in match.log]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_playthrough_matches_golden_file(seed: int) -> None:
    check_golden(f"doman_east_only_seed{seed}.jsonl", playthrough(seed))
