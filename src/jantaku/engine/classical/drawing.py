"""What the wall gives during a classical deal: a turn's tile, replacement tiles (the dead wall,
then the far end of the live wall), and bonus tiles laid out and replaced at once (spec §2)."""

from __future__ import annotations

from jantaku.engine.classical.ending import remis
from jantaku.engine.classical.events import BonusLaidOut, Drew
from jantaku.engine.classical.penalties import correct
from jantaku.engine.classical.state import ClassicalDealState, Phase
from jantaku.tiles import Tile

__all__ = ["can_replace", "lay_out_and_replace", "start_turn"]


def _take(deal: ClassicalDealState, replacement: bool) -> Tile | None:
    """The next live tile, or a replacement (dead wall, then the far end of the live wall)."""
    if not replacement:
        if deal.live_remaining <= 0:
            return None
        tile = deal.wall.live[deal.live_next]
        deal.live_next += 1
        return tile
    if deal.dead_remaining > 0:
        tile = deal.wall.dead[deal.dead_next]
        deal.dead_next += 1
        return tile
    if deal.live_remaining > 0:
        deal.live_end -= 1
        return deal.wall.live[deal.live_end]
    return None


def lay_out_and_replace(deal: ClassicalDealState, seat_no: int, tile: Tile) -> Tile | None:
    """Lay out a bonus tile and replace it, again and again while the replacement is one; the
    tile finally kept, or None when no tile is left."""
    seat = deal.seats[seat_no]
    while tile.kind.is_bonus:
        seat.bonus.append(tile)
        deal.log.append(BonusLaidOut(seat_no, tile))
        got = _take(deal, replacement=True)
        if got is None:
            return None
        tile = got
        deal.log.append(Drew(seat_no, tile, True))
    seat.add(tile)
    return tile


def start_turn(deal: ClassicalDealState, seat_no: int, replacement: bool) -> None:
    """``seat_no`` draws (a replacement tile after a kong) and decides next; a Remis when the
    wall has no tile left. A dead hand's error is corrected when its turn comes."""
    if not replacement and seat_no in deal.barred:
        correct(deal, seat_no)
    tile = _take(deal, replacement)
    if tile is None:
        remis(deal)
        return
    deal.log.append(Drew(seat_no, tile, replacement))
    kept = lay_out_and_replace(deal, seat_no, tile)
    if kept is None:
        remis(deal)
        return
    deal.turn = seat_no
    deal.phase = Phase.TURN
    deal.drawn = kept
    deal.replacement = replacement or kept != tile


def can_replace(deal: ClassicalDealState) -> bool:
    """A kong's replacement tile is left (the dead wall, or the live wall)."""
    return deal.dead_remaining > 0 or deal.live_remaining > 0
