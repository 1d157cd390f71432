"""When the riichi bots make a kan: only when it costs no speed, and an open kan (daiminkan)
only in a hand that is already open (a concealed triplet keeps riichi possible). The careful
levels make no added or open kan while an opponent threatens (riichi, or three open melds), since
every kan turns over a new dora for everybody."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.riichi.reading import counts_of_tiles, threats

__all__ = ["concealed_kan", "kan_choice"]

_OPEN_KANS = (ActionKind.ADDED_KAN, ActionKind.OPEN_KAN)


def kan_choice(view: SeatView, legal: Sequence[Action], careful: bool) -> Action | None:
    """The added or open kan to make now, or None."""
    kans = [a for a in legal if a.kind in _OPEN_KANS]
    me = view.seat
    if not kans or me is None:
        return None
    if careful and threats(view, me):
        return None
    mine = view.seats[me]
    melds = len(mine.melds)
    counts = counts_of_tiles(view.hand)
    for a in kans:
        if a.tile is None:
            continue
        k = a.tile.kind_id
        if a.kind is ActionKind.ADDED_KAN:
            best = min(_minus(counts, j, melds) for j in range(34) if counts[j])
            if _minus(counts, k, melds) <= best:  # the fourth tile is dead weight
                return a
        elif any(m.is_open for m in mine.melds):
            now = shanten(counts, melds)
            counts[k] -= 3
            after = shanten(counts, melds + 1)
            counts[k] += 3
            if after <= now:
                return a
    return None


def concealed_kan(view: SeatView, legal: Sequence[Action]) -> Action | None:
    """The concealed kan to make now (one that costs no speed), or None."""
    me = view.seat
    assert me is not None
    kans = [a for a in legal if a.kind is ActionKind.CONCEALED_KAN and a.tiles]
    if not kans:
        return None
    counts = counts_of_tiles(view.hand)
    melds = len(view.seats[me].melds)
    for a in kans:
        k = a.tiles[0].kind_id
        best_before = min(_minus(counts, j, melds) for j in range(34) if counts[j])
        counts[k] -= 4
        after = shanten(counts, melds + 1) if sum(counts) % 3 == 1 else 9
        counts[k] += 4
        if after <= best_before:
            return a
    return None


def _minus(counts: list[int], k: int, melds: int) -> int:
    counts[k] -= 1
    s = shanten(counts, melds)
    counts[k] += 1
    return s
