"""Yaku about simples, terminals and honors: tanyao, chanta, junchan, honroutou."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import STANDARD, TERMINAL_OR_HONOR, Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register


@register(Yaku.TANYAO, 1, 1)
def tanyao(f: Facts) -> bool:
    """All simples; open only with kuitan (the ``kuitan`` option, §2.4)."""
    return f.all_simple and (f.closed or f.kuitan)


def _outside(f: Facts) -> bool:
    """Every group and the pair hold a terminal or honor, and there is at least one chow."""
    if f.shape is not STANDARD or not f.chows:
        return False
    if not TERMINAL_OR_HONOR[f.pair]:
        return False
    for c in f.chows:
        if c % 9 != 0 and c % 9 != 6:
            return False
    for p in f.pungs:  # noqa: SIM110 - no generator on the hot path
        if not TERMINAL_OR_HONOR[p]:
            return False
    return True


@register(Yaku.CHANTA, 2, 1)
def chanta(f: Facts) -> bool:
    """Outside hand with honors; without honors it is junchan."""
    return bool(f.suit_mask & 8) and _outside(f)


@register(Yaku.JUNCHAN, 3, 2)
def junchan(f: Facts) -> bool:
    return not f.suit_mask & 8 and _outside(f)


@register(Yaku.HONROUTOU, 2, 2)
def honroutou(f: Facts) -> bool:
    """Only terminals and honors, both present (all of one kind is a yakuman)."""
    return f.all_term_honor and not f.all_honor and not f.all_terminal
