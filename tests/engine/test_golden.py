"""Golden playthroughs: whole seeded matches under the ``doman`` preset, played by a fixed
policy, must produce exactly the recorded event logs. Any change in rules, scoring or event
format shows up here as a diff; regenerate deliberately with JANTAKU_UPDATE_GOLDEN=1."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from jantaku.game import new_match
from tests.engine.policies import greedy_choice

GOLDEN = Path(__file__).parent / "golden"


def playthrough(seed: int) -> list[str]:
    rng = random.Random(seed)
    match = new_match("doman", seed=seed, length="east_only")
    while not match.finished:
        seat = match.to_act()[0]
        match.apply(greedy_choice(match, seat, rng))
    return [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in match.log]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_playthrough_matches_golden_file(seed: int) -> None:
    path = GOLDEN / f"doman_east_only_seed{seed}.jsonl"
    lines = playthrough(seed)
    if os.environ.get("JANTAKU_UPDATE_GOLDEN") == "1":
        path.write_text("\n".join(lines) + "\n")
    expected = path.read_text().splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(lines) == len(expected)
