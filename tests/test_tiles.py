"""Tiles and notation: round trips, properties against the rule book, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.errors import JantakuError, NotationError
from jantaku.tiles import (
    Tile,
    TileKind,
    Wind,
    counts_of,
    format_counts,
    format_kinds,
    format_tiles,
    kinds_from_counts,
    parse_kind,
    parse_kinds,
    parse_tiles,
)

ALL = list(TileKind)


def test_kind_numbering_matches_tenhou_order() -> None:
    # Tenhou / mjlog: id // 4 is the kind, 0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N P F C.
    assert [k.notation for k in ALL[:34]] == [
        *(f"{n}m" for n in range(1, 10)),
        *(f"{n}p" for n in range(1, 10)),
        *(f"{n}s" for n in range(1, 10)),
        *(f"{n}z" for n in range(1, 8)),
    ]
    assert [k.english for k in ALL[27:34]] == [
        "East Wind",
        "South Wind",
        "West Wind",
        "North Wind",
        "White Dragon",
        "Green Dragon",
        "Red Dragon",
    ]
    assert [k.notation for k in ALL[34:]] == ["1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y"]


def test_classes_partition_the_riichi_kinds() -> None:
    for kind in ALL[:34]:
        assert kind.is_terminal + kind.is_simple + kind.is_honor == 1
        assert kind.is_terminal_or_honor == (kind.is_terminal or kind.is_honor)
        assert kind.is_honor == (kind.is_wind or kind.is_dragon)
        assert not kind.is_bonus
    assert sum(k.is_terminal for k in ALL) == 6
    assert sum(k.is_simple for k in ALL) == 21
    assert all(k.is_bonus and not k.is_honor for k in ALL[34:])
    assert sum(k.is_flower for k in ALL) == sum(k.is_season for k in ALL) == 4


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("5s", "6s"),
        ("4z", "1z"),
        ("1z", "2z"),
        ("5z", "6z"),
        ("7z", "5z"),
    ],
)
def test_dora_successor_follows_the_spec(indicator: str, dora: str) -> None:
    assert parse_kind(indicator).dora_successor == parse_kind(dora)


def test_dora_successor_cycles_close_within_their_class() -> None:
    for kind in ALL[:34]:
        seen = {kind}
        nxt = kind.dora_successor
        while nxt != kind:
            seen.add(nxt)
            nxt = nxt.dora_successor
        assert len(seen) == (9 if kind.is_suited else 4 if kind.is_wind else 3)


@given(st.lists(st.sampled_from(ALL), max_size=20))
def test_kinds_round_trip(kinds: list[TileKind]) -> None:
    assert parse_kinds(format_kinds(kinds)) == kinds


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_counts_round_trip(counts: list[int]) -> None:
    text = format_counts(counts)
    assert counts_of(parse_kinds(text)) == counts
    assert format_kinds(kinds_from_counts(counts)) == text


@pytest.mark.parametrize("text", ["123m456p789s1122z", "055m0p0s", "1234f1234y", "7z1m"])
def test_canonical_text_round_trips(text: str) -> None:
    assert format_tiles(parse_tiles(text)) == text


def test_red_fives_are_their_own_copy() -> None:
    tiles = parse_tiles("0555m")
    assert [t.index for t in tiles] == [16, 17, 18, 19]  # Tenhou: id 16 is the red 5m
    assert [t.red for t in tiles] == [True, False, False, False]
    assert all(t.kind is TileKind.M5 for t in tiles)
    assert parse_kinds("0p") == [TileKind.P5]
    plain = parse_tiles("5555p", red_fives=False)
    assert [t.index for t in plain] == [52, 53, 54, 55] and not any(t.red for t in plain)


def test_tiles_cover_the_144_set_once() -> None:
    text = "".join(f"{n}{s}" * 4 for s in "mps" for n in range(1, 10))
    text += "".join(f"{n}z" * 4 for n in range(1, 8)) + "1234f1234y"
    tiles = parse_tiles(text, red_fives=False)
    assert sorted(t.index for t in tiles) == list(range(144))
    assert all(Tile(t.index).kind == t.kind for t in tiles)
    assert Tile.of(TileKind.SEASON_4).index == 143


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("12x", 3, "unexpected character 'x'"),
        ("m123", 1, "no digits before it"),
        ("123", 1, "without a suit letter"),
        ("8z", 1, "digit 8 is not a tile of suit 'z' (allowed: 1-7) at"),
        ("8y", 1, "digit 8 is not a tile of suit 'y' (allowed: 1-4) at"),
        ("0z", 1, "digit 0 is not a tile of suit 'z'"),
        ("5f", 1, "digit 5"),
        ("11111m", 5, "more than 4 copies of 1m"),
        ("55550m", 4, "more than 3 plain copies of 5m"),
        ("00m", 2, "a second red 5m"),
        ("11f", 2, "single copy"),
    ],
)
def test_notation_errors_name_character_and_position(text: str, position: int, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert info.value.position == position - 1
    assert words in str(info.value)
    assert f"at position {position}" in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, JantakuError)


def test_red_five_rejected_without_red_fives() -> None:
    with pytest.raises(NotationError, match="red fives are off"):
        parse_tiles("0m", red_fives=False)


def test_parse_kind_needs_exactly_one() -> None:
    assert parse_kind("7z") is TileKind.RED
    with pytest.raises(NotationError, match="exactly one tile"):
        parse_kind("12m")


def test_tile_validation() -> None:
    with pytest.raises(ValueError, match="outside"):
        Tile(144)
    with pytest.raises(ValueError, match="cannot be red"):
        Tile(0, red=True)
    assert str(Tile(88, red=True)) == "0s"


def test_wind_parse() -> None:
    assert Wind.parse("s") is Wind.SOUTH
    assert Wind.parse("north").kind is TileKind.NORTH
    with pytest.raises(ValueError, match="unknown wind"):
        Wind.parse("X")
