"""Where a seat stands in the match's last deal, and what its ready hand wins without riichi:
the strongest level plays the last deal for placement (the leader wins cheaply and quietly)."""

from __future__ import annotations

from jantaku.engine.riichi.flow import ranking
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.analysis import waits
from jantaku.players.riichi.hand_ev import HandSpot
from jantaku.players.riichi.reading import counts_of_tiles

__all__ = ["dama_values", "dama_wins", "placement"]


def placement(view: SeatView) -> str:
    """``lead`` or ``last`` in the match's last deal (the view's ``all_last``), else ``""``."""
    me = view.seat
    assert me is not None
    if not view.all_last:
        return ""
    order = ranking([p.score for p in view.seats])
    if order[0] == me:
        return "lead"
    return "last" if order[3] == me else ""


def dama_values(view: SeatView, discard: int) -> list[tuple[int, int]]:
    """(wait kind, ron points without riichi) of the hand after discarding ``discard``, under
    the table's rules; 0 points when that wait has no yaku. Empty when the hand is not ready."""
    me = view.seat
    assert me is not None
    counts = counts_of_tiles(view.hand)
    assert counts[discard], "the discard is not in the hand"
    counts[discard] -= 1
    spot = HandSpot.of(view)
    melds = len(view.seats[me].melds)
    return [(int(w), spot.points(counts, int(w), riichi=False)) for w in waits(counts, melds)]


def dama_wins(view: SeatView, discard: int) -> bool:
    """Whether every wait after ``discard`` wins without riichi."""
    values = dama_values(view, discard)
    return bool(values) and all(points > 0 for _w, points in values)
