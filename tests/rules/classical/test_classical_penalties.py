"""The Strafkatalog items the settlement carries (spec §8 with §6.1/§6.2): the points of every
item, and "pays for all and claims nothing" for a wrong number of tiles, on the numbers of the
four-player example §10.5."""

from __future__ import annotations

import pytest

from jantaku.rules.classical import preset
from jantaku.rules.classical.settlement import (
    PENALTIES,
    Penalty,
    pays_for_all,
    penalty_settlement,
    settle,
)
from jantaku.tiles import Wind

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
# §10.5: West wins with 176; East 32, South 96, North 0.
VALUES = {W: 176, E: 32, S: 96, N: 0}


def test_the_last_four_items_of_the_catalogue_and_their_points() -> None:
    points = {p: PENALTIES[p][1] for p in Penalty}
    assert points[Penalty.BOUGHT_TILE_CONCEALED] == 10
    assert points[Penalty.WRONG_TILE_COUNT] == 0  # no points: pays for all instead
    assert points[Penalty.DEAD_HAND] == 30
    assert points[Penalty.DEAD_HAND_EAST_SHARE] == 10
    assert points[Penalty.POINTED_OUT_ERROR] == 10
    assert penalty_settlement(E, Penalty.DEAD_HAND_EAST_SHARE).net == {E: -60, S: 20, W: 20, N: 20}


def test_wrong_tile_count_pays_for_all_and_claims_nothing() -> None:
    normal = settle(VALUES, W, preset("sontag"))
    assert normal.net == {W: 704, E: -416, S: 48, N: -336}  # §10.5
    # South, who would receive 128 from East and 96 from North, has the wrong number: he pays
    # East's 352 and North's 176 to West and North's 64 to East, and receives nothing.
    fined = pays_for_all(normal, W, S, preset("sontag"))
    assert fined.net == {W: 704, E: 64, S: -768, N: 0}
    paid: dict[tuple[Wind, Wind], int] = {}
    for p in fined.payments:
        paid[p.payer, p.payee] = paid.get((p.payer, p.payee), 0) + p.amount
    assert paid == {(S, W): 352 + 176 + 176, (S, E): 64}


def test_wrong_tile_count_under_the_kajongg_variant_pays_the_winner_alone() -> None:
    kajongg = preset("sontag", stoerspiel_payment="kajongg")
    fined = pays_for_all(settle(VALUES, W, kajongg), W, N, kajongg)
    assert fined.net == {W: 704, E: 0, S: 0, N: -704}


def test_the_winner_cannot_pay_for_all() -> None:
    with pytest.raises(ValueError, match="winner"):
        pays_for_all(settle(VALUES, W, preset("sontag")), W, W, preset("sontag"))
