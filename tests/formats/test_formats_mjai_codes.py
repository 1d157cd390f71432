"""mjai tile names and the original mjai protocol's result fields."""

from __future__ import annotations

import json

import pytest
from formats_data import validation_data

from jantaku.formats.mjai import parse_pai, tile_name
from jantaku.tiles import Tile, TileKind


def test_mjai_tiles() -> None:
    assert parse_pai("5mr") == (TileKind.M5, True)
    assert parse_pai("C") == (TileKind.RED, False)
    assert tile_name(Tile(88, True)) == "5sr" and tile_name(Tile(124)) == "P"
    for bad in ("0m", "5zr", "6mr", "Z", 5):
        with pytest.raises(ValueError):
            parse_pai(bad)


def test_original_mjai_protocol_fields() -> None:
    """The original mjai protocol's hora (yakus, fu, fan, hora_points, uradora_markers) and
    ryukyoku (reason, tenpais): a hand-made two-event tail on a real kyoku start."""
    from jantaku.formats import DrawKind, read_games_text

    src = (validation_data() / "riichienv" / "126_204_0_mjai.jsonl").read_text().splitlines()
    start = [json.loads(line) for line in src[:2]]
    tsumo = {"type": "tsumo", "actor": 0, "pai": "F"}
    hora = {
        "type": "hora",
        "actor": 0,
        "target": 0,
        "deltas": [8000, -2000, -2000, -4000],
        "uradora_markers": ["1s"],
        "fu": 30,
        "fan": 4,
        "hora_points": 7700,
        "yakus": [["reach", 1], ["menzenchin_tsumoho", 1], ["akadora", 2]],
    }
    lines = [
        *start,
        tsumo,
        hora,
        {"type": "end_kyoku"},
        start[1],
        tsumo,
        {"type": "ryukyoku", "reason": "kyushukyuhai", "deltas": [0, 0, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    [game] = read_games_text("\n".join(json.dumps(x) for x in lines), "hand-made")
    w = game.hands[0].result.wins[0]  # type: ignore[union-attr]
    assert (w.fu, w.han, w.points) == (30, 4, 7700)
    assert [(y.id, y.han, y.tenhou_id) for y in w.yaku or ()] == [
        ("riichi", 1, 1),
        ("menzen_tsumo", 1, 0),
        ("aka_dora", 2, 54),
    ]
    assert [t.notation for t in game.hands[0].ura_indicators] == ["1s"]
    assert game.hands[1].result.draw.kind is DrawKind.NINE_TERMINALS  # type: ignore[union-attr]
