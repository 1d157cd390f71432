"""Who pays what (spec §3.7): ron and tsumo, dealer and non-dealer, honba, deposits, pao.

Seats are relative to the winner: index 0 of the result is seat 1 (next in turn order), index 1
seat 2 (across), index 2 seat 3 (previous). Amounts are what each seat pays the winner."""

from __future__ import annotations

from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.points import round_up_100
from jantaku.tiles import Wind

__all__ = ["DEFAULT_DISCARDER", "dealer_seat", "settle"]

DEFAULT_DISCARDER = 3
"""The relative seat named as discarder when a ron does not say who dealt in."""


def dealer_seat(seat_wind: Wind) -> int:
    """The relative seat (1-3) of the dealer for a non-dealer winner (0 if the winner deals)."""
    return (4 - int(seat_wind)) % 4


def settle(
    b: int,
    points: int,
    seat_wind: Wind,
    tsumo: bool,
    honba: int,
    discarder: int | None,
    pao: int | None,
    options: RiichiOptions,
) -> tuple[int, int, int]:
    """Per-seat payments for basic points ``b`` and hand value ``points``.

    ``pao`` (the liable seat) is only passed for a yakuman it covers: on tsumo the liable seat
    pays the whole hand and all honba; on ron by a third player the discarder and the liable
    seat pay half each, the honba going to ``pao_ron_honba_payer``."""
    pay = [0, 0, 0]
    if tsumo:
        if pao is not None:
            pay[pao - 1] = points + 300 * honba
            return pay[0], pay[1], pay[2]
        dealer = dealer_seat(seat_wind)
        for seat in (1, 2, 3):
            if dealer == 0 or seat == dealer:
                pay[seat - 1] = round_up_100(2 * b) + 100 * honba
            else:
                pay[seat - 1] = round_up_100(b) + 100 * honba
        return pay[0], pay[1], pay[2]
    who = discarder if discarder is not None else DEFAULT_DISCARDER
    if pao is not None and pao != who:
        half = points // 2
        pay[who - 1] = points - half
        pay[pao - 1] = half
        honba_payer = who if options.pao_ron_honba_payer == "discarder" else pao
        pay[honba_payer - 1] += 300 * honba
        return pay[0], pay[1], pay[2]
    pay[who - 1] = points + 300 * honba
    return pay[0], pay[1], pay[2]
