"""Yaku that come from the situation of the win, not from the tiles (riichi, tsumo, last tile,
kans)."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register


@register(Yaku.RIICHI, 1, 0)
def riichi(f: Facts) -> bool:
    """Riichi; double riichi replaces it."""
    return f.riichi and not f.double_riichi


@register(Yaku.DOUBLE_RIICHI, 2, 0)
def double_riichi(f: Facts) -> bool:
    return f.double_riichi


@register(Yaku.IPPATSU, 1, 0)
def ippatsu(f: Facts) -> bool:
    return f.ippatsu


@register(Yaku.MENZEN_TSUMO, 1, 0)
def menzen_tsumo(f: Facts) -> bool:
    """Self-draw with a closed hand (concealed kans keep it closed)."""
    return f.tsumo and f.closed


@register(Yaku.RINSHAN_KAIHOU, 1, 1)
def rinshan_kaihou(f: Facts) -> bool:
    return f.rinshan


@register(Yaku.CHANKAN, 1, 1)
def chankan(f: Facts) -> bool:
    return f.chankan


@register(Yaku.HAITEI, 1, 1)
def haitei(f: Facts) -> bool:
    """The scorer clears the flag on a rinshan win unless ``rinshan_counts_haitei`` (§8 Q11)."""
    return f.haitei


@register(Yaku.HOUTEI, 1, 1)
def houtei(f: Facts) -> bool:
    return f.houtei
