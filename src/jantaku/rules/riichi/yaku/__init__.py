"""The yaku units. Importing this package fills :data:`REGISTRY` (one entry per yaku)."""

from jantaku.rules.riichi.yaku import flush, sequences, situational, terminals, triplets, yakuman
from jantaku.rules.riichi.yaku.facts import Facts, Shape, WaitKind
from jantaku.rules.riichi.yaku.registry import REGISTRY, Yaku, YakuDef

__all__ = [
    "COMMON_FLAGS",
    "FLAG_UNITS",
    "FLUSH",
    "HONOR_PUNGS",
    "MANY_PUNGS",
    "OUTSIDE",
    "PAIRS_UNIT",
    "PINFU_UNIT",
    "RANK",
    "RARE_FLAGS",
    "READING_UNITS",
    "REGISTRY",
    "SEQUENCE",
    "SIMPLES",
    "TERMINALS",
    "THREE_CHOWS",
    "TILE_UNITS",
    "TWIN_CHOWS",
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


def _ids(*ids: Yaku) -> tuple[YakuDef, ...]:
    return tuple(REGISTRY[i] for i in ids)


# The scorer evaluates these units only when their gate can hold (see ``scorer._best_reading``).
COMMON_FLAGS = _ids(Yaku.RIICHI, Yaku.MENZEN_TSUMO)
"""Gate: riichi or tsumo."""
RARE_FLAGS = _ids(
    Yaku.DOUBLE_RIICHI, Yaku.IPPATSU, Yaku.RINSHAN_KAIHOU, Yaku.CHANKAN, Yaku.HAITEI, Yaku.HOUTEI
)
"""Gate: any of their flags."""
SIMPLES = _ids(Yaku.TANYAO)
"""Gate: all simples."""
OUTSIDE = _ids(Yaku.CHANTA, Yaku.JUNCHAN)
"""Gate: a chow and a terminal or honor pair."""
TERMINALS = _ids(Yaku.HONROUTOU)
"""Gate: only terminals and honors."""
PINFU_UNIT = _ids(Yaku.PINFU)
"""Gate: a closed hand of four chows."""
TWIN_CHOWS = _ids(Yaku.IIPEIKOU, Yaku.RYANPEIKOU)
"""Gate: a closed hand with two identical chows."""
THREE_CHOWS = _ids(Yaku.SANSHOKU_DOUJUN, Yaku.ITTSUU)
"""Gate: three chows."""
SEQUENCE = PINFU_UNIT + TWIN_CHOWS + THREE_CHOWS
"""The yaku built from chows."""
HONOR_PUNGS = _ids(
    Yaku.YAKUHAI_HAKU,
    Yaku.YAKUHAI_HATSU,
    Yaku.YAKUHAI_CHUN,
    Yaku.YAKUHAI_SEAT_WIND,
    Yaku.YAKUHAI_ROUND_WIND,
    Yaku.SHOUSANGEN,
)
"""Gate: a pung or kan of honors."""
MANY_PUNGS = _ids(Yaku.TOITOI, Yaku.SANANKOU, Yaku.SANSHOKU_DOUKOU, Yaku.SANKANTSU)
"""Gate: three pungs or kans."""
FLUSH = _ids(Yaku.HONITSU, Yaku.CHINITSU)
"""Gate: one suit."""
PAIRS_UNIT = _ids(Yaku.CHIITOITSU)
"""Gate: the seven-pairs reading."""
_UNITS = (
    COMMON_FLAGS,
    RARE_FLAGS,
    SIMPLES,
    OUTSIDE,
    TERMINALS,
    SEQUENCE,
    HONOR_PUNGS,
    MANY_PUNGS,
    FLUSH,
    PAIRS_UNIT,
)
if sorted(y.id for u in _UNITS for y in u) != sorted(y.id for y in YAKU):  # pragma: no cover
    raise RuntimeError("every yaku must belong to exactly one gated unit")

RANK: dict[Yaku, int] = {y.id: i for i, y in enumerate(y for u in _UNITS for y in u)}
"""Position of each yaku in the breakdown's listing (the order of the units above)."""

FLAG_UNITS = (*COMMON_FLAGS, *RARE_FLAGS)
"""The yaku of the situation alone (the flags and whether the hand is closed)."""
TILE_UNITS = (*SIMPLES, *TERMINALS, *HONOR_PUNGS, *FLUSH)
"""The yaku that read the tiles only through hand-level facts: the tile classes, the suit
mask and the honor pungs and honor pair (an honor is never in a chow, so every standard reading
has the same honor groups, and seven pairs has no pung at all). The scorer memoises them, and
the flag units, by keys of exactly those facts; a unit that starts reading a group fact must
move to the reading units."""
READING_UNITS = (PINFU_UNIT, TWIN_CHOWS, THREE_CHOWS, OUTSIDE, MANY_PUNGS, PAIRS_UNIT)
"""The gated units whose yaku depend on the reading (evaluated per reading; pinfu first)."""
