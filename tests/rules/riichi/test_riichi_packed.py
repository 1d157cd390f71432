"""The scorer's packed tile counts (five bits per kind) against plain count lists: brute force
over random count vectors, including the impossible ones validation must catch."""

from __future__ import annotations

import random

from jantaku.rules.riichi.packed import (
    KIND_WEIGHT,
    TILE_WEIGHT,
    bad_counts,
    count,
    fields,
    present,
    unpack,
)
from jantaku.rules.riichi.readings import ORPHANS, is_seven_pairs, is_thirteen_orphans


def _pack(counts: list[int]) -> int:
    return sum(n * KIND_WEIGHT[k] for k, n in enumerate(counts))


def _random_counts(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for _ in range(rng.randrange(1, 19)):
        counts[rng.randrange(34)] += rng.choice((1, 1, 1, 2, 3, 4))
    return [min(n, 18) for n in counts]


def test_fields_present_and_bad_counts_agree_with_count_lists() -> None:
    rng = random.Random(20261122)
    for _ in range(20_000):
        counts = _random_counts(rng)
        code = _pack(counts)
        assert unpack(code) == counts
        assert fields(code, 9) == tuple(counts[:9])
        assert all(count(code, k) == counts[k] for k in range(34))
        want_present = sum(KIND_WEIGHT[k] for k in range(34) if counts[k])
        if max(counts) <= 7:
            assert present(code) == want_present
        assert bad_counts(code) == (max(counts) > 4)


def test_bonus_tiles_are_bad_counts() -> None:
    for index in range(136, 144):
        assert bad_counts(TILE_WEIGHT[index])
    assert not any(bad_counts(TILE_WEIGHT[i]) for i in range(136))
    assert all(TILE_WEIGHT[i] == KIND_WEIGHT[i >> 2] for i in range(136))


def test_special_shapes_agree_with_the_rule_book_definitions() -> None:
    rng = random.Random(7)
    cases: list[list[int]] = []
    for _ in range(5_000):  # near misses: seven pairs and thirteen orphans, then disturbed
        counts = [0] * 34
        for k in rng.sample(range(34), 7):
            counts[k] = 2
        cases.append(counts)
        orphans = [0] * 34
        for k in ORPHANS:
            orphans[k] = 1
        orphans[rng.choice(ORPHANS)] += 1
        cases.append(orphans)
    for counts in list(cases):
        other = counts[:]
        a, b = rng.randrange(34), rng.randrange(34)
        if other[a]:
            other[a] -= 1
            other[b] += 1
        cases.append(other)
    for counts in cases:
        code = _pack(counts)
        kinds = present(code)
        pairs = sum(1 for n in counts if n == 2) == 7 and sum(counts) == 14
        orphans = all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14
        assert is_seven_pairs(code, kinds) == pairs
        assert is_thirteen_orphans(code, kinds) == orphans
