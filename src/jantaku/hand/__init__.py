"""Hand analysis: decompositions, shanten of every shape, waits and tile acceptance.

All functions take a 34-entry count array of the concealed tiles (index = ``TileKind``) and the
number of melds already called (inferred from the tile count when omitted)."""

from jantaku.hand.analysis import Acceptance, DiscardOption, acceptance, discard_options, waits
from jantaku.hand.lookup import (
    ShantenResult,
    analyze_shanten,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
)
from jantaku.hand.shapes import Decomposition, Group, GroupKind, Shape, decompose, validate_counts

__all__ = [
    "Acceptance",
    "Decomposition",
    "DiscardOption",
    "Group",
    "GroupKind",
    "ShantenResult",
    "Shape",
    "acceptance",
    "analyze_shanten",
    "decompose",
    "discard_options",
    "shanten",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "validate_counts",
    "waits",
]
