"""The classical engine's door to the scorer: may this seat declare Mah Jongg with this tile?

A fast shape test (:func:`could_complete`, table-driven shanten) filters first; only hands that
are complete (or the 13-tile Neun Laternen, which any 14th tile completes) are valued by
``score_winner`` (:func:`check_win`), which also applies the lower limit."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.hand.lookup import shanten
from jantaku.hand.shapes import GroupKind, Shape, decompose
from jantaku.rules.classical import (
    ClassicalOptions,
    SeatHand,
    Win,
    WinnerResult,
    score_winner,
)
from jantaku.tiles import TileKind, Wind

__all__ = [
    "WinCheck",
    "check_win",
    "completes_without_chow",
    "could_complete",
    "is_ready",
    "lanterns_pattern",
]

_LANTERNS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True, slots=True)
class WinCheck:
    """What the scorer said about a possible Mah Jongg: ``allowed`` when the hand is complete
    and reaches the lower limit (or is a special hand)."""

    win: Win
    hand: SeatHand
    result: WinnerResult

    @property
    def allowed(self) -> bool:
        return self.result.reason is None


def lanterns_pattern(counts: list[int]) -> bool:
    """The 13 concealed tiles 1112345678999 of one suit (Neun Laternen, spec §4.3)."""
    if sum(counts) != 13:
        return False
    return any(tuple(counts[start : start + 9]) == _LANTERNS for start in (0, 9, 18))


def is_ready(counts: list[int], melds: int) -> bool:
    """One tile away from a complete hand (standard, seven pairs or 13 orphans shape)."""
    return shanten(counts, melds) == 0


def could_complete(
    counts_with_tile: list[int], melds: int, self_draw: bool, tile: int, distance: int | None = None
) -> bool:
    """The quick filter: a complete shape, or the 13-tile lanterns plus any self-drawn tile.
    ``distance``: the shanten of ``counts_with_tile`` when the caller knows it."""
    if (shanten(counts_with_tile, melds) if distance is None else distance) == -1:
        return True
    if self_draw and melds == 0:
        counts_with_tile[tile] -= 1
        found = lanterns_pattern(counts_with_tile)
        counts_with_tile[tile] += 1
        return found
    return False


def check_win(hand: SeatHand, round_wind: Wind, win: Win, options: ClassicalOptions) -> WinCheck:
    """The scorer's verdict on a hand that :func:`could_complete` let through."""
    return WinCheck(win, hand, score_winner(hand, round_wind, win, options))


def completes_without_chow(counts_with_tile: list[int], melds: int, tile: TileKind) -> bool:
    """``mahjong_chow_any_seat = false``: a Mah Jongg call from a seat other than the next one
    must use the tile in a pung, kong or the pair (or a special shape), never in a chow."""
    for d in decompose(counts_with_tile, melds):
        if d.shape is not Shape.STANDARD:
            return True
        if tile in d.pairs:
            return True
        if any(g.kind is GroupKind.PUNG and g.first == tile for g in d.groups):
            return True
    return False
