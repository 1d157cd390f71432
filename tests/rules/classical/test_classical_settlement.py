"""Settlement (spec §6) invariants on random values: every settlement sums to zero, the winner gets
4x (6x as East) his value, East pays and receives double, and the Störspiel variants."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jantaku.rules.classical import preset
from jantaku.rules.classical.settlement import (
    PENALTIES,
    Penalty,
    east_factor,
    penalty_settlement,
    settle,
)
from jantaku.tiles import Wind

SONTAG = preset("sontag")
KAJONGG = preset("sontag", stoerspiel_payment="kajongg")

values_st = st.fixed_dictionaries({w: st.integers(0, 10000) for w in Wind})
wind_st = st.sampled_from(list(Wind))


@given(values_st, wind_st)
def test_plain_settlement(values: dict[Wind, int], winner: Wind) -> None:
    s = settle(values, winner, SONTAG)
    net = s.net
    assert sum(net.values()) == 0
    received = sum(p.amount for p in s.payments if p.payee == winner)
    assert received == values[winner] * (6 if winner == Wind.EAST else 4)
    assert all(p.payer != winner for p in s.payments)
    # between two losers only the difference flows, doubled when East is one of them
    losers = [w for w in Wind if w != winner]
    for a in losers:
        for b in losers:
            flows = [p.amount for p in s.payments if (p.payer, p.payee) == (b, a)]
            if values[a] > values[b]:
                assert flows == [(values[a] - values[b]) * east_factor(a, b)]
            else:
                assert flows == []


@given(values_st, wind_st, wind_st)
def test_take_over_innocent(values: dict[Wind, int], winner: Wind, violator: Wind) -> None:
    if violator == winner:
        return
    s = settle(values, winner, SONTAG, violator)
    net = s.net
    assert sum(net.values()) == 0
    innocents = [w for w in Wind if w not in (winner, violator)]
    assert all(p.payer in (winner, violator) for p in s.payments)
    plain = settle(values, winner, SONTAG)
    for w in innocents:
        # innocent losers never pay and still receive everything they would have received
        assert net[w] == sum(p.amount for p in plain.payments if p.payee == w)
    assert net[winner] == plain.net[winner]


@given(values_st, wind_st, wind_st)
def test_kajongg_variant(values: dict[Wind, int], winner: Wind, violator: Wind) -> None:
    if violator == winner:
        return
    s = settle(values, winner, KAJONGG, violator)
    assert [(p.payer, p.payee) for p in s.payments] == [(violator, winner)] or values[winner] == 0
    assert s.net[winner] == values[winner] * (6 if winner == Wind.EAST else 4)
    assert sum(s.net.values()) == 0


@given(values_st)
def test_remis_pays_nothing(values: dict[Wind, int]) -> None:
    assert settle(values, None, SONTAG).payments == ()


@given(st.sampled_from(list(Penalty)), wind_st)
def test_penalties(penalty: Penalty, offender: Wind) -> None:
    s = penalty_settlement(offender, penalty)
    points = PENALTIES[penalty][1]
    assert sum(s.net.values()) == 0
    assert -s.net[offender] == points * (6 if offender == Wind.EAST else 4)


def test_penalty_catalogue_points() -> None:
    # spec §8, in order (the wrong number of tiles has no points: its offender pays for all;
    # the dead hand's second row is East's share of the fault)
    assert [points for _row, points in PENALTIES.values()] == [
        *(10, 20, 10, 30, 100, 50, 30, 10),
        *(10, 0, 30, 10, 10),
    ]
