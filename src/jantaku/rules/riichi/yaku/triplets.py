"""Yaku built from pungs and kans: yakuhai, toitoi, sanankou, sanshoku doukou, sankantsu,
shousangen."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import STANDARD, Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register


@register(Yaku.YAKUHAI_HAKU, 1, 1)
def yakuhai_haku(f: Facts) -> bool:
    return 31 in f.pungs


@register(Yaku.YAKUHAI_HATSU, 1, 1)
def yakuhai_hatsu(f: Facts) -> bool:
    return 32 in f.pungs


@register(Yaku.YAKUHAI_CHUN, 1, 1)
def yakuhai_chun(f: Facts) -> bool:
    return 33 in f.pungs


@register(Yaku.YAKUHAI_SEAT_WIND, 1, 1)
def yakuhai_seat_wind(f: Facts) -> bool:
    """A pung of the seat wind; with the round wind it is also a round-wind pung (double wind)."""
    return f.seat in f.pungs


@register(Yaku.YAKUHAI_ROUND_WIND, 1, 1)
def yakuhai_round_wind(f: Facts) -> bool:
    return f.round in f.pungs


@register(Yaku.TOITOI, 2, 2)
def toitoi(f: Facts) -> bool:
    return f.shape is STANDARD and len(f.pungs) == 4


@register(Yaku.SANANKOU, 2, 2)
def sanankou(f: Facts) -> bool:
    """Exactly three concealed pungs/kans (a pung completed by ron is open)."""
    return f.ankou == 3


@register(Yaku.SANSHOKU_DOUKOU, 2, 2)
def sanshoku_doukou(f: Facts) -> bool:
    p = f.pungs
    if len(p) < 3:
        return False
    for x in p:  # noqa: SIM110 - no generator on the hot path
        if x < 9 and x + 9 in p and x + 18 in p:
            return True
    return False


@register(Yaku.SANKANTSU, 2, 2)
def sankantsu(f: Facts) -> bool:
    return f.n_kongs == 3


@register(Yaku.SHOUSANGEN, 2, 2)
def shousangen(f: Facts) -> bool:
    """Two dragon pungs and a dragon pair (the two yakuhai score on top)."""
    if f.pair < 31:
        return False
    n = 0
    for p in f.pungs:
        if p >= 31:
            n += 1
    return n == 2
