"""What the wall gives during a riichi deal: a turn's tile (from the live wall, or a replacement
after a kan) and the dora indicators turned after kans."""

from __future__ import annotations

from jantaku.engine.riichi.events import DoraRevealed, drew
from jantaku.engine.riichi.state import DealState, Phase

__all__ = ["reveal_dora", "reveal_pending_dora", "start_turn"]


def start_turn(deal: DealState, seat_no: int, replacement: bool) -> None:
    """``seat_no`` draws (a replacement tile after a kan) and decides next."""
    if replacement:
        tile = deal.wall.replacements[len(deal.kan_seats) - 1]
        if deal.live_end > deal.live_next:  # the dead wall takes the last live tile
            deal.live_end -= 1
    else:
        tile = deal.wall.live[deal.live_next]
        deal.live_next += 1
    deal.seats[seat_no].add(tile)
    deal.turn = seat_no
    deal.drawn = tile
    deal.rinshan = replacement
    deal.kuikae = frozenset()
    deal.phase = Phase.TURN
    deal.log.append(drew(seat_no, tile, replacement))


def reveal_dora(deal: DealState) -> None:
    """Turn the next dora indicator now."""
    deal.dora_shown += 1
    deal.log.append(DoraRevealed(deal.wall.dora[deal.dora_shown - 1]))


def reveal_pending_dora(deal: DealState) -> None:
    """Turn the indicators earlier open or added kans left waiting (Tenhou timing)."""
    while deal.pending_dora:
        deal.pending_dora -= 1
        reveal_dora(deal)
