"""The value types of the riichi options: the enums a knob chooses from, the oka/uma pair, and
the error every bad option raises."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from jantaku.errors import JantakuError

__all__ = [
    "ALL_PAO",
    "STANDARD_ABORTS",
    "AbortiveDraw",
    "AgariYame",
    "DoraDisplay",
    "Length",
    "OkaUma",
    "OptionError",
    "PaoYakuman",
]


class OptionError(JantakuError, ValueError):
    """An unknown preset or option name, a bad value, or a contradictory combination."""


class Length(StrEnum):
    EAST_SOUTH = "east_south"
    EAST_ONLY = "east_only"


class AbortiveDraw(StrEnum):
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_KANS = "four_kans"
    TRIPLE_RON = "triple_ron"
    FOUR_RIICHI = "four_riichi"


class PaoYakuman(StrEnum):
    DAISANGEN = "daisangen"
    DAISUUSHII = "daisuushii"


class AgariYame(StrEnum):
    """When the all-last dealer's repeat ends the game (only a dealer in first place, never
    after an abortive-draw repeat)."""

    DEALER_FIRST = "dealer_first"  # Doman: on a win or a ready hand at the draw, no threshold
    DEALER_FIRST_30000 = "dealer_first_30000"  # Tenhou: on a win only, with >= 30,000


class DoraDisplay(StrEnum):
    DOMAN = "doman"  # show the dora tile itself
    TRADITIONAL = "traditional"  # show the indicator


@dataclass(frozen=True, slots=True)
class OkaUma:
    """End-of-game adjustment: ``oka`` to the top, ``uma`` per placement (thousands of points)."""

    oka: int
    uma: tuple[int, int, int, int]


STANDARD_ABORTS = frozenset(
    {
        AbortiveDraw.NINE_TERMINALS,
        AbortiveDraw.FOUR_WINDS,
        AbortiveDraw.FOUR_KANS,
        AbortiveDraw.TRIPLE_RON,
    }
)
ALL_PAO = frozenset({PaoYakuman.DAISANGEN, PaoYakuman.DAISUUSHII})
