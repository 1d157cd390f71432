"""The twelve yakuman of §3.3, with the special forms of Q2 as their own entries (they count
double only under ``double_yakuman_patterns``)."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import TANKI, THIRTEEN_ORPHANS, Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@register(Yaku.TENHOU, yakuman=1)
def tenhou(f: Facts) -> bool:
    """Blessing of heaven: the dealer's initial fourteen tiles."""
    return f.first_turn and f.tsumo and f.dealer


@register(Yaku.CHIIHOU, yakuman=1)
def chiihou(f: Facts) -> bool:
    """Blessing of earth: a non-dealer's first draw, no call before."""
    return f.first_turn and f.tsumo and not f.dealer


@register(Yaku.DAISANGEN, yakuman=1)
def daisangen(f: Facts) -> bool:
    return sum(1 for p in f.pungs if p >= 31) == 3


@register(Yaku.SUUANKOU, yakuman=1)
def suuankou(f: Facts) -> bool:
    return f.ankou == 4 and f.wait is not TANKI


@register(Yaku.SUUANKOU_TANKI, yakuman=1, double_pattern=True)
def suuankou_tanki(f: Facts) -> bool:
    return f.ankou == 4 and f.wait is TANKI


@register(Yaku.TSUUIISOU, yakuman=1)
def tsuuiisou(f: Facts) -> bool:
    """All honors (as groups or as seven pairs)."""
    return f.all_honor


@register(Yaku.RYUUIISOU, yakuman=1)
def ryuuiisou(f: Facts) -> bool:
    """Only 2, 3, 4, 6, 8 of bamboo and green dragons; the dragon is not required."""
    return f.all_green


@register(Yaku.CHINROUTOU, yakuman=1)
def chinroutou(f: Facts) -> bool:
    return f.all_terminal


def _thirteen_wait(f: Facts) -> bool:
    h = f.hand13
    return all(h[k] for k in _ORPHANS)


@register(Yaku.KOKUSHI_MUSOU, yakuman=1)
def kokushi_musou(f: Facts) -> bool:
    return f.shape is THIRTEEN_ORPHANS and not _thirteen_wait(f)


@register(Yaku.KOKUSHI_MUSOU_13_WAIT, yakuman=1, double_pattern=True)
def kokushi_musou_13_wait(f: Facts) -> bool:
    """Thirteen orphans waiting on all thirteen kinds."""
    return f.shape is THIRTEEN_ORPHANS and _thirteen_wait(f)


@register(Yaku.DAISUUSHII, yakuman=1, double_pattern=True)
def daisuushii(f: Facts) -> bool:
    return sum(1 for p in f.pungs if 27 <= p <= 30) == 4


@register(Yaku.SHOUSUUSHII, yakuman=1)
def shousuushii(f: Facts) -> bool:
    return 27 <= f.pair <= 30 and sum(1 for p in f.pungs if 27 <= p <= 30) == 3


@register(Yaku.SUUKANTSU, yakuman=1)
def suukantsu(f: Facts) -> bool:
    return f.n_kongs == 4


def _nine_gates_suit(f: Facts) -> int:
    """The first kind of the suit of a nine-gates hand, or -1."""
    if not f.closed or f.n_melds or f.suit_mask not in (1, 2, 4):
        return -1
    base = 9 * (f.suit_mask >> 1 if f.suit_mask < 4 else 2)
    c = f.counts
    if c[base] < 3 or c[base + 8] < 3 or not all(c[base + i] for i in range(1, 8)):
        return -1
    return base


@register(Yaku.CHUUREN_POUTOU, yakuman=1)
def chuuren_poutou(f: Facts) -> bool:
    """Nine gates in any suit: 1112345678999 plus any tile of the suit."""
    base = _nine_gates_suit(f)
    return base >= 0 and not _pure(f, base)


def _pure(f: Facts, base: int) -> bool:
    h = f.hand13
    return h[base] == 3 and h[base + 8] == 3 and all(h[base + i] == 1 for i in range(1, 8))


@register(Yaku.JUNSEI_CHUUREN_POUTOU, yakuman=1, double_pattern=True)
def junsei_chuuren_poutou(f: Facts) -> bool:
    """Pure nine gates: the 13 tiles before the win are exactly 1112345678999 (nine-sided)."""
    base = _nine_gates_suit(f)
    return base >= 0 and _pure(f, base)
