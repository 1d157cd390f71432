"""Yaku about suits and shapes: honitsu, chinitsu, chiitoitsu."""

from __future__ import annotations

from jantaku.rules.riichi.yaku.facts import SEVEN_PAIRS, Facts
from jantaku.rules.riichi.yaku.registry import Yaku, register


@register(Yaku.HONITSU, 3, 2)
def honitsu(f: Facts) -> bool:
    """One suit plus honors; without honors it is chinitsu."""
    return f.suit_mask in (9, 10, 12)


@register(Yaku.CHINITSU, 6, 5)
def chinitsu(f: Facts) -> bool:
    return f.suit_mask in (1, 2, 4)


@register(Yaku.CHIITOITSU, 2, 0)
def chiitoitsu(f: Facts) -> bool:
    """Seven distinct pairs (the decomposition never reads four of a kind as two pairs)."""
    return f.shape is SEVEN_PAIRS
