"""The end of a deal: every hand shown and scored by the classical scorer (spec §5-§6), with
the result per seat as the ``deal_ended`` event reports it."""

from __future__ import annotations

from jantaku.engine.classical.events import SeatResult
from jantaku.engine.classical.state import ClassicalDealState
from jantaku.rules.classical import DealScore, FinishedDeal, SeatHand, Win, score_deal
from jantaku.rules.classical.items import ScoreItem
from jantaku.tiles import Wind

__all__ = ["score_table", "seat_hand"]


def seat_hand(
    deal: ClassicalDealState, seat_no: int, win: Win | None, winner: int | None
) -> SeatHand:
    """A seat's tiles as the scorer takes them (the winner's without the winning tile)."""
    seat = deal.seats[seat_no]
    kinds = list(seat.kinds())
    if win is not None and seat_no == winner:
        kinds.remove(win.win_tile)
    return SeatHand(
        deal.seat_wind(seat_no),
        tuple(kinds),
        tuple(seat.melds),
        tuple(t.kind for t in seat.bonus),
    )


def _item_name(item: ScoreItem) -> str:
    return f"{item.row} ({item.tiles})" if item.tiles else item.row


def score_table(
    deal: ClassicalDealState, winner: int | None, win: Win | None, violation: Wind | None
) -> tuple[DealScore, tuple[SeatResult, ...]]:
    """Score all four hands (``win`` None: a Remis); ``violation``: the discarder's wind when
    the winning discard broke the Störspielgebot against the winner."""
    hands = tuple(seat_hand(deal, deal.seat_of(w), win, winner) for w in Wind)
    score = score_deal(FinishedDeal(deal.round_wind, hands, win, violation), deal.options)
    results = []
    for s in range(4):
        sc = score.score_of(deal.seat_wind(s))
        results.append(
            SeatResult(
                s,
                int(deal.seat_wind(s)),
                tuple(sorted(deal.seats[s].tiles, key=lambda t: t.index)),
                sc.base,
                sc.doubles,
                sc.value,
                tuple((_item_name(i), i.points, i.doubles) for i in sc.items),
                sc.special_hand.name if sc.special_hand else None,
            )
        )
    return score, tuple(results)
