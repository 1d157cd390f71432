"""Fu, rule by rule (spec §3.5, §8 Q4, Q5), on hands whose fu can be added up by hand."""

from __future__ import annotations

from riichi_testlib import win

from jantaku.rules.riichi import FuItem


def items(result: object) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in result.fu_items:  # type: ignore[attr-defined]
        out[line.item.value] = out.get(line.item.value, 0) + line.fu
    return out


def test_closed_ron_adds_ten_and_tsumo_two() -> None:
    # 24m kanchan (2) + 888p concealed simple pung (4) + 999s concealed terminal pung (8)
    ron = win("24m456m888p999s55p", "3m", riichi=True, seat_wind="S")
    assert ron.fu == 50  # 20 + 10 + 2 + 4 + 8 = 44, rounded up
    assert items(ron) == {
        "base": 20,
        "closed_ron": 10,
        "wait": 2,
        "closed_triplet": 12,
        "rounding": 6,
    }
    tsumo = win("24m456m888p999s55p", "3m", win="tsumo", seat_wind="S")
    assert tsumo.fu == 40  # 20 + 2 + 2 + 4 + 8 = 36
    assert items(tsumo)["tsumo"] == 2


def test_open_pinfu_shape_ron_is_raised_to_30() -> None:
    # open tanyao, all chows, ryanmen, plain pair: 20 fu raised to 30
    result = win("23m567p678s88s", "4m", melds=[{"type": "chi", "tiles": "234p"}])
    assert result.fu == 30
    assert FuItem.OPEN_PINFU in {line.item for line in result.fu_items}


def test_kan_fu_table() -> None:
    # open kan of simples 8, concealed kan of terminals 32, tanki 2, tsumo 2, base 20 -> 64 -> 70
    melds = [{"type": "kan", "tiles": "2222m"}, {"type": "ankan", "tiles": "9999p"}]
    result = win("345s678s5p", "5p", win="tsumo", melds=melds, rinshan=True, seat_wind="S")
    assert items(result) == {
        "base": 20,
        "tsumo": 2,
        "open_kan": 8,
        "closed_kan": 32,
        "wait": 2,
        "rounding": 6,
    }
    assert result.fu == 70


def test_rinshan_tsumo_fu_option() -> None:
    melds = [{"type": "kan", "tiles": "2222m"}, {"type": "ankan", "tiles": "9999p"}]
    result = win(
        "345s678s5p",
        "5p",
        win="tsumo",
        melds=melds,
        rinshan=True,
        seat_wind="S",
        options={"rinshan_tsumo_fu": 0},
    )
    assert "tsumo" not in items(result) and result.fu == 70  # 62 -> 70


def test_double_wind_pair_is_4_fu_by_default() -> None:
    # East pair for an East seat in the East round, closed ron with a kanchan
    default = win("24m456p678s789s11z", "3m", riichi=True)
    assert items(default)["pair"] == 4  # 20 + 10 + 2 + 4 = 36 -> 40
    assert default.fu == 40
    two = win("24m456p678s789s11z", "3m", riichi=True, options={"double_wind_pair_fu": 2})
    assert items(two)["pair"] == 2 and two.fu == 40  # 34 -> 40
    # seat wind pair only
    seat = win("24m456p678s789s22z", "3m", riichi=True, seat_wind="S")
    assert items(seat)["pair"] == 2


def test_dragon_pair_and_ron_shanpon_counts_as_open() -> None:
    # 55z pair (2), ron on 9s completing 999s by shanpon: open terminal pung (4)
    result = win("234m456p678s99s55z", "9s", riichi=True, seat_wind="S")
    assert items(result) == {
        "base": 20,
        "closed_ron": 10,
        "open_triplet": 4,
        "pair": 2,
        "rounding": 4,
    }
    assert result.fu == 40


def test_seven_pairs_is_25_not_rounded() -> None:
    result = win("1155m2299p3377s6z", "6z", riichi=True, seat_wind="S")
    assert result.fu == 25 and items(result) == {"seven_pairs": 25}
