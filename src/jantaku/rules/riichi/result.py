"""The typed outcome of scoring: a breakdown a player can read, or a reason why it is no win."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, NamedTuple

from jantaku.rules.riichi.yaku.registry import Yaku

if TYPE_CHECKING:
    from jantaku.rules.riichi.breakdown import Breakdown

__all__ = ["Bonus", "FuItem", "FuLine", "Limit", "NoWin", "NoWinReason", "ScoreResult", "YakuHan"]


class NoWinReason(StrEnum):
    NOT_COMPLETE = "not_complete"  # no reading as 4 groups + pair, seven pairs or thirteen orphans
    NO_YAKU = "no_yaku"  # complete, but only dora (or nothing)


class Limit(StrEnum):
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe_yakuman"
    YAKUMAN = "yakuman"
    DOUBLE_YAKUMAN = "double_yakuman"
    TRIPLE_YAKUMAN = "triple_yakuman"
    QUADRUPLE_YAKUMAN = "quadruple_yakuman"
    MULTIPLE_YAKUMAN = "multiple_yakuman"  # five or more (only without a cap)


class Bonus(StrEnum):
    """Han that are not yaku (they never make a hand a win)."""

    DORA = "dora"
    AKA_DORA = "aka_dora"
    URA_DORA = "ura_dora"


class FuItem(StrEnum):
    BASE = "base"  # futei, 20
    CLOSED_RON = "closed_ron"  # menzen kafu, 10
    TSUMO = "tsumo"  # 2
    OPEN_TRIPLET = "open_triplet"
    CLOSED_TRIPLET = "closed_triplet"
    OPEN_KAN = "open_kan"
    CLOSED_KAN = "closed_kan"
    PAIR = "pair"  # value pair: dragon, seat or round wind
    WAIT = "wait"  # kanchan, penchan, tanki
    OPEN_PINFU = "open_pinfu"  # open hand with no fu, raised to 30
    PINFU_TSUMO = "pinfu_tsumo"  # fixed 20
    SEVEN_PAIRS = "seven_pairs"  # fixed 25
    ROUNDING = "rounding"


class Wait(Enum):
    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    TANKI = "tanki"
    SHANPON = "shanpon"


class FuLine(NamedTuple):
    """One fu item; ``tiles`` names the group or pair it is for ("" when none)."""

    item: FuItem
    fu: int
    tiles: str = ""


class YakuHan(NamedTuple):
    """One scoring line: a yaku (``yaku`` set) or a dora bonus (``bonus`` set); ``yakuman`` is
    the multiplier of a yakuman line (0 otherwise), ``han`` 13 per yakuman."""

    name: str
    han: int
    yaku: Yaku | None = None
    bonus: Bonus | None = None
    yakuman: int = 0


class ScoreResult(NamedTuple):
    """A scored win. ``points`` is the hand value (before honba and deposits); ``payments[i]``
    is what relative seat ``i + 1`` pays the winner (honba included); ``received`` is the
    winner's total gain, deposits included, so ``received == sum(payments) + 1000 * deposits``.

    The yaku lines, fu items and chosen reading are computed on first access from ``detail``:
    the engine scores every candidate win and rarely needs them. (A named tuple, immutable and
    typed, because it is built on that hot path.)"""

    han: int
    fu: int
    yakuman: int
    limit: Limit | None
    base_points: int
    points: int
    payments: tuple[int, int, int]
    received: int
    dealer: bool
    tsumo: bool
    detail: Breakdown
    liable: int | None = None  # relative seat paying under pao (None: no pao applied)

    @property
    def win(self) -> bool:
        return True

    @property
    def yaku(self) -> tuple[YakuHan, ...]:
        """Each yaku with its han (13 per yakuman), then dora, aka dora and ura dora."""
        return self.detail.yaku()

    @property
    def fu_items(self) -> tuple[FuLine, ...]:
        return self.detail.fu_items()

    @property
    def shape(self) -> str:
        """standard, seven_pairs or thirteen_orphans."""
        return self.detail.shape_name

    @property
    def groups(self) -> tuple[tuple[int, int, bool], ...]:
        """The chosen reading's groups ``(type, kind, concealed)``: type 0 chow, 1 pung, 2 kan;
        the melds first (a pung completed by ron is not concealed)."""
        return tuple(self.detail.groups)

    @property
    def pair(self) -> int:
        """The pair kind (-1 for seven pairs and thirteen orphans)."""
        return self.detail.pair

    @property
    def wait(self) -> str:
        """ryanmen, kanchan, penchan, tanki or shanpon (tanki for the special shapes)."""
        return self.detail.wait_name


@dataclass(frozen=True, slots=True)
class NoWin:
    """Not a legal win, with a typed reason."""

    reason: NoWinReason

    @property
    def win(self) -> bool:
        return False
