"""Shanten against oracles nobody here wrote: the mjx test sets, the PyPI ``mahjong`` package,
brute force over every completion of small hands, and the regenerated suit table."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.errors import InvalidHandError
from jantaku.hand import (
    analyze_shanten,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
)
from tests.validation import PROJECT_ROOT, validation_data

ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


@pytest.mark.parametrize("name", ["normal", "hon", "tin", "koku"])
def test_mjx_shanten_testcases(name: str) -> None:
    path = validation_data() / "mjx" / "shanten_testcases" / f"p_{name}_10000.txt"
    lines = path.read_text().split("\n")
    checked = 0
    for line in lines:
        if not line.strip():
            continue
        numbers = [int(x) for x in line.split()]
        counts = [0] * 34
        for kind in numbers[:14]:
            counts[kind] += 1
        want_standard, want_orphans, want_pairs = numbers[14:]
        got = analyze_shanten(counts)
        assert (got.standard, got.thirteen_orphans, got.seven_pairs) == (
            want_standard,
            want_orphans,
            want_pairs,
        ), f"{path.name}: {line}"
        checked += 1
    assert checked == 10_000


def _random_hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for tile in rng.sample(range(136), size):
        counts[tile // 4] += 1
    return counts


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
def test_agrees_with_mahjong_package(size: int) -> None:
    from mahjong.shanten import Shanten

    rng = random.Random(size)
    for _ in range(3000):
        counts = _random_hand(rng, size)
        assert shanten(counts) == Shanten.calculate_shanten(counts), counts
        assert shanten_standard(counts) == Shanten.calculate_shanten_for_regular_hand(counts)
        if size >= 13:
            assert shanten_seven_pairs(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(
                counts
            )
            assert shanten_thirteen_orphans(counts) == Shanten.calculate_shanten_for_kokushi_hand(
                counts
            )


# --- brute force: the fewest tiles to draw to reach any complete hand, minus one -------------


def _group_shapes() -> list[tuple[int, ...]]:
    chows = [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]
    pungs = [(k, k, k) for k in range(34)]
    return chows + pungs


@cache
def _targets(groups: int) -> list[dict[int, int]]:
    """Every complete hand of ``groups`` groups plus a pair, as {kind: count}, no fifth copy."""
    out = []
    for combo in itertools.combinations_with_replacement(_group_shapes(), groups):
        for pair in range(34):
            need: dict[int, int] = {pair: 2}
            for group in combo:
                for kind in group:
                    need[kind] = need.get(kind, 0) + 1
            if max(need.values()) <= 4:
                out.append(need)
    return out


def _brute_standard(counts: list[int]) -> int:
    groups = (sum(counts) - 1) // 3
    draws = min(
        sum(max(0, n - counts[k]) for k, n in target.items()) for target in _targets(groups)
    )
    return draws - 1


small_hands = st.integers(0, 2).flatmap(
    lambda groups: st.sampled_from([3 * groups + 1, 3 * groups + 2]).flatmap(
        lambda size: st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True)
    )
)


@settings(max_examples=150, deadline=None)
@given(small_hands)
def test_standard_shanten_matches_brute_force(tiles: list[int]) -> None:
    counts = [0] * 34
    for tile in tiles:
        counts[tile // 4] += 1
    assert shanten_standard(counts) == _brute_standard(counts)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=13, max_size=14, unique=True))
def test_seven_pairs_and_orphans_match_brute_force(tiles: list[int]) -> None:
    counts = [0] * 34
    for tile in tiles:
        counts[tile // 4] += 1
    # Seven pairs: keep the seven kinds that already give the most tiles toward a pair each.
    best = sorted((min(n, 2) for n in counts), reverse=True)[:7]
    assert shanten_seven_pairs(counts) == 14 - sum(best) - 1
    # Thirteen orphans: the nearest of the thirteen complete hands (one orphan doubled).
    draws = min(
        sum(max(0, (2 if k == double else 1) - counts[k]) for k in ORPHANS) for double in ORPHANS
    )
    assert shanten_thirteen_orphans(counts) == draws - 1


@pytest.mark.parametrize(
    ("counts_text", "melds", "expected"),
    [
        ("11112345678999m", 0, -1),  # nine gates completed
        ("1112345678999m", 0, 0),
        ("19m19p19s1234567z", 0, 0),  # thirteen-sided orphans wait
        ("1111m", 3, 1),  # four of a kind is not a group + pair waiting on a fifth copy
        ("1111m", None, 1),
        ("11m", None, -1),
    ],
)
def test_named_cases(counts_text: str, melds: int | None, expected: int) -> None:
    from jantaku.tiles import counts_of, parse_kinds

    assert shanten(counts_of(parse_kinds(counts_text)), melds) == expected


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ([5] + [0] * 33, "at most 4"),
        ([1] * 33, "34 entries"),
        ([-1] + [0] * 33, "whole numbers"),
        ([1] * 12 + [0] * 22, "12 tiles is impossible"),
        ([1] * 15 + [0] * 19, "15 tiles is impossible"),
    ],
)
def test_invalid_counts_give_clear_errors(counts: list[int], words: str) -> None:
    with pytest.raises(InvalidHandError, match=words):
        shanten(counts)


def test_invalid_melds_give_clear_errors() -> None:
    with pytest.raises(InvalidHandError, match="do not make a hand"):
        shanten([1] * 13 + [0] * 21, melds=1)
    # A rejected array must not poison the caches for later valid calls.
    assert shanten([1] * 13 + [0] * 21) == shanten([1] * 13 + [0] * 21, melds=0)


def test_shipped_suit_table_regenerates_identically() -> None:
    pytest.importorskip("numpy")
    script = PROJECT_ROOT / "tools" / "gen_suit_table.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
