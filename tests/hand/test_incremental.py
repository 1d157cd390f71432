"""The incremental hand analysis against brute force: shanten, improving kinds with their unseen
copies, and the discards that keep the shanten, on random hands of every meld count (and hands
rich in honours and terminals, where seven pairs and thirteen orphans decide)."""

from __future__ import annotations

import random

import pytest

from jantaku.hand.incremental import HandAnalysis
from jantaku.hand.lookup import shanten

_ORPHAN_HEAVY = [t for t in range(136) if t // 4 < 9 or t // 4 >= 27 or t // 4 in (9, 17, 18, 26)]


def _hand(rng: random.Random, tiles: int, trial: int) -> list[int]:
    pool = _ORPHAN_HEAVY if trial % 2 else list(range(136))
    counts = [0] * 34
    for t in rng.sample(pool, tiles):
        counts[t // 4] += 1
    return counts


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_acceptance_matches_brute_force(melds: int) -> None:
    rng = random.Random(melds)
    for trial in range(600):
        counts = _hand(rng, 13 - 3 * melds, trial)
        left = [rng.randint(0, 4) for _ in range(34)]
        an = HandAnalysis(melds, left)
        base = shanten(counts, melds)
        improving = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if shanten(counts, melds) < base:
                    improving.append(k)
                counts[k] -= 1
        sh, total, kinds, mask = an.analyse(counts)
        assert (sh, kinds) == (base, tuple(improving)), counts
        assert total == sum(left[k] for k in improving)
        assert mask == sum(1 << k for k in improving)
        assert an.acceptance(counts) == (sh, total)


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_keeps_match_brute_force(melds: int) -> None:
    rng = random.Random(100 + melds)
    for trial in range(600):
        counts = _hand(rng, 14 - 3 * melds, trial)
        an = HandAnalysis(melds, [0] * 34)
        base = shanten(counts, melds)
        keep = 0
        for j in range(34):
            if counts[j]:
                counts[j] -= 1
                if shanten(counts, melds) == base:
                    keep |= 1 << j
                counts[j] += 1
        assert an.keeps(counts) == (base, keep), counts
        assert an.shanten(counts) == base


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_best_discard_shanten_is_the_hand_shanten(melds: int) -> None:
    """The least shanten over the discards of a 3n+2 hand is its own shanten, or 0 when it is
    complete (what the riichi bots' call evaluation relies on)."""
    rng = random.Random(300 + melds)
    for trial in range(600):
        counts = _hand(rng, 14 - 3 * melds, trial)
        best = 9
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, shanten(counts, melds))
                counts[k] += 1
        assert best == max(0, shanten(counts, melds)), counts
