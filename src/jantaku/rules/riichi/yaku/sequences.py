"""Yaku built from chows: pinfu, iipeikou, ryanpeikou, sanshoku doujun, ittsuu."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import RYANMEN, STANDARD, Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register


def value_pair(f: Facts) -> bool:
    """A pair worth fu: a dragon, the seat wind or the round wind."""
    p = f.pair
    return p >= 31 or p == f.seat or p == f.round


@register(Yaku.PINFU, 1, 0)
def pinfu(f: Facts) -> bool:
    """Closed, four chows, a pair without fu and a two-sided wait."""
    return (
        f.closed
        and f.shape is STANDARD
        and len(f.chows) == 4
        and f.wait is RYANMEN
        and not value_pair(f)
    )


def _twin_chows(f: Facts) -> int:
    """Number of disjoint pairs of identical chows (0, 1 or 2)."""
    c = sorted(f.chows)
    if len(c) == 4 and c[0] == c[1] and c[2] == c[3]:
        return 2
    return 1 if len(set(c)) < len(c) else 0


@register(Yaku.IIPEIKOU, 1, 0)
def iipeikou(f: Facts) -> bool:
    """Two identical chows in a closed hand; ryanpeikou replaces it."""
    return f.closed and f.shape is STANDARD and _twin_chows(f) == 1


@register(Yaku.RYANPEIKOU, 3, 0)
def ryanpeikou(f: Facts) -> bool:
    """Two pairs of identical chows (read as chows, so never together with chiitoitsu)."""
    return f.closed and f.shape is STANDARD and _twin_chows(f) == 2


@register(Yaku.SANSHOKU_DOUJUN, 2, 1)
def sanshoku_doujun(f: Facts) -> bool:
    c = f.chows
    return len(c) >= 3 and any(x < 9 and x + 9 in c and x + 18 in c for x in c)


@register(Yaku.ITTSUU, 2, 1)
def ittsuu(f: Facts) -> bool:
    c = f.chows
    return len(c) >= 3 and any(x % 9 == 0 and x + 3 in c and x + 6 in c for x in c)
