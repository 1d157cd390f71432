"""Decompositions, waits and acceptance, checked against independent readings of the same hand."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.errors import InvalidHandError
from jantaku.hand import (
    GroupKind,
    Shape,
    acceptance,
    decompose,
    discard_options,
    shanten,
    shanten_standard,
    waits,
)
from jantaku.tiles import TileKind, counts_of, parse_kinds

CHOWS = [k for k in range(27) if k % 9 <= 6]


def _counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def _is_complete(counts: list[int]) -> bool:
    """Independent check: a pair plus groups, taking the lowest tile as pung or chow start."""

    def groups(c: list[int]) -> bool:
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = groups(c)
            c[i] += 3
            if ok:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            ok = groups(c)
            for k in (i, i + 1, i + 2):
                c[k] += 1
            return ok
        return False

    for pair in range(34):
        if counts[pair] >= 2:
            c = list(counts)
            c[pair] -= 2
            if groups(c):
                return True
    return False


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[list[int], int, list[tuple[str, int]]]:
    melds = draw(st.integers(0, 4))
    while True:
        counts = [0] * 34
        made = []
        for _ in range(4 - melds):
            if draw(st.booleans()):
                start = draw(st.sampled_from(CHOWS))
                made.append(("chow", start))
                for k in (start, start + 1, start + 2):
                    counts[k] += 1
            else:
                kind = draw(st.integers(0, 33))
                made.append(("pung", kind))
                counts[kind] += 3
        pair = draw(st.integers(0, 33))
        counts[pair] += 2
        if max(counts) <= 4:
            return counts, melds, [*made, ("pair", pair)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(complete_hands())
def test_every_generated_hand_is_read_back(
    hand: tuple[list[int], int, list[tuple[str, int]]],
) -> None:
    counts, melds, made = hand
    readings = decompose(counts, melds)
    assert readings, "a hand built from groups and a pair must decompose"
    want_groups = sorted((k, s) for k, s in made if k != "pair")
    want_pair = next(s for k, s in made if k == "pair")
    standard = [r for r in readings if r.shape is Shape.STANDARD]
    assert any(
        r.pair == want_pair
        and sorted((g.kind.value, int(g.first)) for g in r.groups) == want_groups
        for r in standard
    )
    for reading in standard:  # every reading uses exactly the hand's tiles
        used = [0] * 34
        used[reading.pair] += 2
        for group in reading.groups:
            for kind in group.kinds:
                used[kind] += 1
        assert used == counts
        assert len(reading.groups) == 4 - melds
    assert len(set(standard)) == len(standard), "no reading twice"
    assert shanten_standard(counts, melds) == -1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True), st.randoms())
def test_decompose_agrees_with_shanten_and_independent_check(
    tiles: list[int], rng: random.Random
) -> None:
    counts = [0] * 34
    for tile in tiles:
        counts[tile // 4] += 1
    standard = [r for r in decompose(counts) if r.shape is Shape.STANDARD]
    assert bool(standard) == _is_complete(counts) == (shanten_standard(counts) == -1)


def test_named_readings() -> None:
    # 111222333m: three pungs or three chows.
    readings = decompose(_counts("111222333456m99p"))
    kinds = sorted(tuple(sorted(g.kind.value for g in r.groups)) for r in readings)
    assert ("chow", "chow", "chow", "chow") in kinds and ("chow", "pung", "pung", "pung") in kinds
    # Ryanpeikou hand: standard reading and seven pairs both present.
    shapes = {r.shape for r in decompose(_counts("223344m556677p11z"))}
    assert shapes == {Shape.STANDARD, Shape.SEVEN_PAIRS}
    # A repeated pair (four of a kind) is not two of the seven pairs.
    assert [r.shape for r in decompose(_counts("1122m3344p5566s11z"))] == [Shape.SEVEN_PAIRS]
    assert not any(r.shape is Shape.SEVEN_PAIRS for r in decompose(_counts("11112233p445566s")))
    orphans = decompose(_counts("19m19p19s12345677z"))
    assert [(r.shape, r.pair) for r in orphans] == [(Shape.THIRTEEN_ORPHANS, TileKind.RED)]
    # Seven pairs and thirteen orphans need a fully concealed hand.
    assert [r.shape for r in decompose(_counts("11m"), melds=4)] == [Shape.STANDARD]
    assert all(g.kind is GroupKind.PUNG for g in decompose(_counts("111m22p"), melds=3)[0].groups)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True))
def test_waits_are_exactly_the_completing_tiles(tiles: list[int]) -> None:
    counts = [0] * 34
    for tile in tiles:
        counts[tile // 4] += 1
    expected = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if decompose(counts):
                expected.append(kind)
            counts[kind] -= 1
    assert [int(k) for k in waits(counts)] == expected
    assert (shanten(counts) == 0) == bool(expected)


def test_named_waits() -> None:
    assert [str(k) for k in waits(_counts("1112345678999m"))] == [f"{n}m" for n in range(1, 10)]
    assert len(waits(_counts("19m19p19s1234567z"))) == 13
    assert waits(_counts("1111m"), melds=3) == []  # the only completion needs a fifth 1m
    assert [str(k) for k in waits(_counts("2m"), melds=4)] == ["2m"]


def test_acceptance_counts_remaining_copies() -> None:
    counts = _counts("123m456p78s11777z")  # ready on 6s-9s
    visible = [0] * 34
    visible[TileKind.S6] = 3
    result = acceptance(counts, visible=visible)
    assert result.shanten == 0
    assert [(str(k), n) for k, n in result.tiles] == [("6s", 1), ("9s", 4)]
    assert result.total == 5
    # Every accepted tile lowers the shanten, every other tile does not.
    far = _counts("159m258p369s1357z")
    base = shanten(far)
    accepted = {k for k, _n in acceptance(far).tiles}
    for kind in range(34):
        c = list(far)
        c[kind] += 1
        assert (shanten(c) < base) == (kind in accepted)


def test_discard_options_best_first() -> None:
    options = discard_options(_counts("123m456p78s11777z5m"))
    assert str(options[0].discard) == "5m" and options[0].acceptance.shanten == 0
    assert all(
        (a.acceptance.shanten, -a.acceptance.total) <= (b.acceptance.shanten, -b.acceptance.total)
        for a, b in itertools.pairwise(options)
    )


@pytest.mark.parametrize("fn", [waits, acceptance])
def test_wrong_size_is_rejected(fn: object) -> None:
    with pytest.raises(InvalidHandError, match="3n\\+1"):
        fn(_counts("123m456p789s11222z"))  # type: ignore[operator]
