"""tenhou.net/6 codes: call strings, tile codes, points and yaku strings, the sanma skip."""

from __future__ import annotations

import json

import pytest
from formats_data import games, validation_data

from jantaku.formats import CallKind, Limit, LogFormatError, Skipped, load_games
from jantaku.formats.tenhou6_codes import (
    code_of,
    format_call,
    kind_of_code,
    parse_call,
    parse_points,
    parse_yaku,
)
from jantaku.formats.yaku_names import yaku_from_name
from jantaku.tiles import Tile, TileKind


@pytest.mark.parametrize(
    ("text", "kind", "hand", "called", "offset"),
    [
        ("c275226", CallKind.CHI, (52, 26), 27, 3),  # 7p called with red 5p and 6p
        ("p151515", CallKind.PON, (15, 15), 15, 3),  # from the left
        ("25p5225", CallKind.PON, (25, 25), 52, 2),  # red 5p from across
        ("4444p44", CallKind.PON, (44, 44), 44, 1),  # from the right
        ("m39393939", CallKind.OPEN_KAN, (39, 39, 39), 39, 3),
        ("26m262626", CallKind.OPEN_KAN, (26, 26, 26), 26, 2),
        ("252552m25", CallKind.OPEN_KAN, (25, 25, 52), 25, 1),
        ("151515a51", CallKind.CONCEALED_KAN, (15, 15, 15, 51), None, 0),
    ],
)
def test_parse_call(
    text: str, kind: CallKind, hand: tuple[int, ...], called: int | None, offset: int
) -> None:
    call = parse_call(text)
    assert (call.kind, call.hand, call.called, call.offset) == (kind, hand, called, offset)
    assert format_call(call.kind, list(call.hand), call.called, call.offset) == text


@pytest.mark.parametrize(
    ("text", "added", "pon_called", "offset"),
    [("k51151515", 51, 15, 3), ("31k313131", 31, 31, 2), ("2626k2626", 26, 26, 1)],
)
def test_parse_added_kan(text: str, added: int, pon_called: int, offset: int) -> None:
    call = parse_call(text)
    assert (call.kind, call.called, call.pon_called, call.offset) == (
        CallKind.ADDED_KAN,
        added,
        pon_called,
        offset,
    )
    assert format_call(call.kind, list(call.hand), added, offset, pon_called) == text


@pytest.mark.parametrize("bad", ["x151416", "c1514", "p15151", "15p15p15", "c155556", "r"])
def test_bad_call_strings(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_call(bad)


def test_tile_codes() -> None:
    assert kind_of_code(11) == (TileKind.M1, False)
    assert kind_of_code(47) == (TileKind.RED, False)
    assert kind_of_code(52) == (TileKind.P5, True)
    for bad in (10, 20, 48, 54, 60, 0, 99):
        with pytest.raises(ValueError):
            kind_of_code(bad)
    assert code_of(Tile(52, True)) == 52 and code_of(Tile(53)) == 25 and code_of(Tile(135)) == 47


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("30符4飜7700点", (30, 4, Limit.NONE, (7700,), False)),
        ("30符3飜1000-2000点", (30, 3, Limit.NONE, (1000, 2000), False)),
        ("40符2飜1300点∀", (40, 2, Limit.NONE, (1300,), True)),
        ("満貫2000-4000点", (None, None, Limit.MANGAN, (2000, 4000), False)),
        ("跳満18000点", (None, None, Limit.HANEMAN, (18000,), False)),
        ("役満16000点∀", (None, None, Limit.YAKUMAN, (16000,), True)),
    ],
)
def test_points_strings(text: str, expected: tuple[object, ...]) -> None:
    assert parse_points(text) == expected


def test_yaku_strings_and_names() -> None:
    assert parse_yaku("立直(1飜)") == ("立直", 1)
    assert parse_yaku("大三元(役満)") == ("大三元", 13)
    assert yaku_from_name("自風 南") == ("yakuhai_seat_south", 11)
    assert yaku_from_name("Ura Dora") == ("ura_dora", 53)
    # every name the tenhou.net/6 data prints maps to a Tenhou yaku id
    for folder in ("mjx/tests_py_mjscore", "mjai-reviewer_convlog_testdata", "jansou"):
        for g in games(folder):
            for h in g.hands:
                for w in h.result.wins if h.result else ():
                    assert all(y.tenhou_id is not None for y in w.yaku or ()), g.source


def test_three_player_tenhou6_is_skipped(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(
        (validation_data() / "mjai-reviewer_convlog_testdata" / "ryukyoku.json").read_text(
            encoding="utf-8"
        )
    )
    data["log"][0][13:16] = [[], [], []]
    path = tmp_path / "sanma.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    items = list(load_games(path))
    assert len(items) == 1 and isinstance(items[0], Skipped)
    assert "three-player" in items[0].reason
    assert not isinstance(items[0], LogFormatError)
