"""Yaku built from chows: pinfu, iipeikou, ryanpeikou, sanshoku doujun, ittsuu."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import RYANMEN, STANDARD, Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register


@register(Yaku.PINFU, 1, 0)
def pinfu(f: Facts) -> bool:
    """Closed, four chows, a pair without fu and a two-sided wait."""
    if not f.closed or f.wait is not RYANMEN or len(f.chows) != 4:
        return False
    p = f.pair
    return p < 31 and p != f.seat and p != f.round


def _twin_chows(f: Facts) -> int:
    """Number of disjoint pairs of identical chows (0, 1 or 2)."""
    c = f.chows
    n = len(c)
    if n < 2:
        return 0
    if n == 4:
        a, b, x, y = sorted(c)
        if a == b and x == y:
            return 2
        return 1 if a == b or b == x or x == y else 0
    if n == 2:
        return 1 if c[0] == c[1] else 0
    return 1 if c[0] == c[1] or c[0] == c[2] or c[1] == c[2] else 0


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
    if len(c) < 3:
        return False
    for x in c:  # noqa: SIM110 - no generator on the hot path
        if x < 9 and x + 9 in c and x + 18 in c:
            return True
    return False


@register(Yaku.ITTSUU, 2, 1)
def ittsuu(f: Facts) -> bool:
    c = f.chows
    if len(c) < 3:
        return False
    for x in c:  # noqa: SIM110 - no generator on the hot path
        if x % 9 == 0 and x + 3 in c and x + 6 in c:
            return True
    return False
