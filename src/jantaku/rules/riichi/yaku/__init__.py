"""The yaku units. Importing this package fills :data:`REGISTRY` (one entry per yaku)."""

from jantaku.rules.riichi.yaku import flush, sequences, situational, terminals, triplets, yakuman
from jantaku.rules.riichi.yaku.facts import Facts, Shape, WaitKind
from jantaku.rules.riichi.yaku.registry import REGISTRY, Yaku, YakuDef

__all__ = [
    "REGISTRY",
    "YAKU",
    "YAKUMAN",
    "Facts",
    "Shape",
    "WaitKind",
    "Yaku",
    "YakuDef",
]

_MODULES = (flush, sequences, situational, terminals, triplets, yakuman)
_ORDER = {y: i for i, y in enumerate(Yaku)}
_ALL = sorted(REGISTRY.values(), key=lambda d: _ORDER[d.id])
YAKUMAN: tuple[YakuDef, ...] = tuple(d for d in _ALL if d.yakuman)
"""The yakuman units, in the order of :class:`Yaku`."""
YAKU: tuple[YakuDef, ...] = tuple(d for d in _ALL if not d.yakuman)
"""The ordinary yaku units, in the order of :class:`Yaku`."""
