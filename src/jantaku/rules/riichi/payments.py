"""Who pays what (spec §3.7): ron and tsumo, dealer and non-dealer, honba, deposits, pao.

Seats are relative to the winner: index 0 of the result is seat 1 (next in turn order), index 1
seat 2 (across), index 2 seat 3 (previous). Amounts are what each seat pays the winner."""

from __future__ import annotations

from jantaku.rules.riichi.options import RiichiOptions
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
    seat_wind: int,
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
    if pao is None:  # the common case, without building a list
        if tsumo:
            big = (2 * b + 99) // 100 * 100 + 100 * honba
            if seat_wind == 0:
                return big, big, big
            small = (b + 99) // 100 * 100 + 100 * honba
            dealer = 4 - seat_wind
            return (
                big if dealer == 1 else small,
                big if dealer == 2 else small,
                big if dealer == 3 else small,
            )
        total = points + 300 * honba
        if discarder == 1:
            return total, 0, 0
        if discarder == 2:
            return 0, total, 0
        return 0, 0, total  # seat 3, also the DEFAULT_DISCARDER
    pay = [0, 0, 0]
    if tsumo:
        pay[pao - 1] = points + 300 * honba
        return pay[0], pay[1], pay[2]
    who = discarder if discarder is not None else DEFAULT_DISCARDER
    if pao != who:
        half = points // 2
        pay[who - 1] = points - half
        pay[pao - 1] = half
        honba_payer = who if options.pao_ron_honba_payer == "discarder" else pao
        pay[honba_payer - 1] += 300 * honba
        return pay[0], pay[1], pay[2]
    pay[who - 1] = points + 300 * honba
    return pay[0], pay[1], pay[2]
