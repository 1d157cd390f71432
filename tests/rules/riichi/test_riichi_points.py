"""Points and payments against the rule-book tables of spec §3.6 and the rules of §3.7."""

from __future__ import annotations

import pytest

from jantaku.rules.riichi import Limit, preset
from jantaku.rules.riichi.payments import settle
from jantaku.rules.riichi.points import base_points, hand_value
from jantaku.tiles import Wind

DOMAN = preset("doman")
# spec §3.6, non-dealer: fu -> [(1 han ron, tsumo ko/oya), (2 han ...), (3 han ...), (4 han ...)]
NON_DEALER = {
    25: [(2, 1600, None), (3, 3200, "800/1600"), (4, 6400, "1600/3200")],
    30: [
        (1, 1000, "300/500"),
        (2, 2000, "500/1000"),
        (3, 3900, "1000/2000"),
        (4, 7700, "2000/3900"),
    ],
    40: [
        (1, 1300, "400/700"),
        (2, 2600, "700/1300"),
        (3, 5200, "1300/2600"),
        (4, 8000, "2000/4000"),
    ],
    50: [
        (1, 1600, "400/800"),
        (2, 3200, "800/1600"),
        (3, 6400, "1600/3200"),
        (4, 8000, "2000/4000"),
    ],
    60: [(1, 2000, "500/1000"), (2, 3900, "1000/2000"), (3, 7700, "2000/3900")],
    70: [(1, 2300, "600/1200"), (2, 4500, "1200/2300"), (3, 8000, "2000/4000")],
    80: [(1, 2600, "700/1300"), (2, 5200, "1300/2600")],
    90: [(1, 2900, "800/1500"), (2, 5800, "1500/2900")],
    100: [(1, 3200, "800/1600"), (2, 6400, "1600/3200")],
    110: [(1, 3600, "900/1800"), (2, 7100, "1800/3600")],
}
DEALER = {
    25: [(2, 2400, None), (3, 4800, 1600), (4, 9600, 3200)],
    30: [(1, 1500, 500), (2, 2900, 1000), (3, 5800, 2000), (4, 11600, 3900)],
    40: [(1, 2000, 700), (2, 3900, 1300), (3, 7700, 2600), (4, 12000, 4000)],
    50: [(1, 2400, 800), (2, 4800, 1600), (3, 9600, 3200)],
    60: [(1, 2900, 1000), (2, 5800, 2000), (3, 11600, 3900)],
    70: [(1, 3400, 1200), (2, 6800, 2300)],
    80: [(1, 3900, 1300), (2, 7700, 2600)],
    90: [(1, 4400, 1500), (2, 8700, 2900)],
    100: [(1, 4800, 1600), (2, 9600, 3200)],
    110: [(1, 5300, 1800), (2, 10600, 3600)],
}


def pay(han: int, fu: int, wind: Wind, tsumo: bool) -> tuple[int, int, int]:
    b, _ = base_points(han, fu, 0, DOMAN)
    return settle(b, hand_value(b, wind is Wind.EAST, tsumo), wind, tsumo, 0, 3, None, DOMAN)


def test_non_dealer_table() -> None:
    for han, ko, oya in ((2, 400, 700), (3, 700, 1300), (4, 1300, 2600)):  # 20 fu: tsumo only
        assert pay(han, 20, Wind.SOUTH, True) == (ko, ko, oya), han
    for fu, rows in NON_DEALER.items():
        for han, ron, tsumo in rows:
            assert pay(han, fu, Wind.SOUTH, False) == (0, 0, ron), (han, fu)
            if tsumo:
                ko, oya = (int(x) for x in tsumo.split("/"))
                # South: right is West, across is North, left is East (the dealer)
                assert pay(han, fu, Wind.SOUTH, True) == (ko, ko, oya), (han, fu)


def test_dealer_table() -> None:
    for fu, rows in DEALER.items():
        for han, ron, each in rows:
            assert pay(han, fu, Wind.EAST, False) == (0, 0, ron), (han, fu)
            if each:
                assert pay(han, fu, Wind.EAST, True) == (each, each, each), (han, fu)
    for han, each in ((2, 700), (3, 1300), (4, 2600)):
        assert pay(han, 20, Wind.EAST, True) == (each, each, each)


@pytest.mark.parametrize(
    ("han", "fu", "limit", "b"),
    [
        (5, 30, Limit.MANGAN, 2000),
        (4, 40, Limit.MANGAN, 2000),
        (3, 70, Limit.MANGAN, 2000),
        (6, 30, Limit.HANEMAN, 3000),
        (7, 30, Limit.HANEMAN, 3000),
        (8, 30, Limit.BAIMAN, 4000),
        (10, 30, Limit.BAIMAN, 4000),
        (11, 30, Limit.SANBAIMAN, 6000),
        (12, 30, Limit.SANBAIMAN, 6000),
        (13, 30, Limit.KAZOE_YAKUMAN, 8000),
        (20, 30, Limit.KAZOE_YAKUMAN, 8000),
    ],
)
def test_limits(han: int, fu: int, limit: Limit, b: int) -> None:
    assert base_points(han, fu, 0, DOMAN) == (b, limit)


def test_kazoe_off_caps_at_sanbaiman() -> None:
    assert base_points(13, 30, 0, DOMAN.with_overrides(kazoe_yakuman=False)) == (
        6000,
        Limit.SANBAIMAN,
    )


def test_kiriage_is_off_by_default() -> None:
    assert base_points(4, 30, 0, DOMAN) == (1920, None)
    assert base_points(3, 60, 0, DOMAN) == (1920, None)
    kiriage = DOMAN.with_overrides(kiriage_mangan=True)
    assert base_points(4, 30, 0, kiriage) == (2000, Limit.MANGAN)
    assert base_points(3, 60, 0, kiriage) == (2000, Limit.MANGAN)
    assert base_points(3, 50, 0, kiriage) == (1600, None)


def test_multiple_yakuman_limits() -> None:
    names = [base_points(0, 0, n, DOMAN)[1] for n in (1, 2, 3, 4)]
    assert names == [
        Limit.YAKUMAN,
        Limit.DOUBLE_YAKUMAN,
        Limit.TRIPLE_YAKUMAN,
        Limit.QUADRUPLE_YAKUMAN,
    ]
    assert hand_value(8000 * 4, False, False) == 128000
    assert hand_value(8000 * 4, True, True) == 192000


def test_honba_on_ron_and_tsumo() -> None:
    b, _ = base_points(1, 30, 0, DOMAN)
    assert settle(b, 1000, Wind.SOUTH, False, 2, 1, None, DOMAN) == (1600, 0, 0)
    assert settle(b, 1100, Wind.SOUTH, True, 2, None, None, DOMAN) == (500, 500, 700)
