"""Basic points and limits (spec §3.6): mangan to multiple yakuman, kazoe, kiriage."""

from __future__ import annotations

from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.result import Limit

__all__ = [
    "ValueEntry",
    "base_points",
    "hand_value",
    "round_up_100",
    "value_entry",
    "yakuman_limit",
]

ValueEntry = tuple[int, int, Limit | None]
"""(hand value, basic points, limit) of one han/fu/dealer/tsumo combination."""

_YAKUMAN_LIMITS = (
    Limit.YAKUMAN,
    Limit.DOUBLE_YAKUMAN,
    Limit.TRIPLE_YAKUMAN,
    Limit.QUADRUPLE_YAKUMAN,
)


def round_up_100(x: int) -> int:
    return (x + 99) // 100 * 100


def yakuman_limit(multiplier: int) -> Limit:
    return _YAKUMAN_LIMITS[multiplier - 1] if multiplier <= 4 else Limit.MULTIPLE_YAKUMAN


def base_points(
    han: int, fu: int, yakuman: int, options: RiichiOptions
) -> tuple[int, Limit | None]:
    """Basic points ``b`` and the limit name. ``yakuman`` is the (already capped) multiplier."""
    if yakuman:
        return 8000 * yakuman, yakuman_limit(yakuman)
    if han >= 13:
        if options.kazoe_yakuman:
            return 8000, Limit.KAZOE_YAKUMAN
        return 6000, Limit.SANBAIMAN
    if han >= 11:
        return 6000, Limit.SANBAIMAN
    if han >= 8:
        return 4000, Limit.BAIMAN
    if han >= 6:
        return 3000, Limit.HANEMAN
    if han >= 5:
        return 2000, Limit.MANGAN
    b = fu << (han + 2)
    if b >= 2000:
        return 2000, Limit.MANGAN
    if options.kiriage_mangan and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return 2000, Limit.MANGAN
    return b, None


def hand_value(b: int, dealer: bool, tsumo: bool) -> int:
    """The points a win collects before honba and deposits (sum of the rounded payments)."""
    if not tsumo:
        return round_up_100(6 * b if dealer else 4 * b)
    if dealer:
        return 3 * round_up_100(2 * b)
    return 2 * round_up_100(b) + round_up_100(2 * b)


def value_entry(han: int, fu: int, dealer_tsumo: int, options: RiichiOptions) -> ValueEntry:
    """The :data:`ValueEntry` of a non-yakuman hand; ``dealer_tsumo`` is dealer << 1 | tsumo."""
    b, limit = base_points(han, fu, 0, options)
    return hand_value(b, bool(dealer_tsumo & 2), bool(dealer_tsumo & 1)), b, limit
