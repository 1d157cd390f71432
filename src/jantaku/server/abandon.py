"""The end of an unranked match nobody plays any more: every person withdrew, or stayed away past
the grace period, and none came back within ``abandon_seconds``. Computer players do not play it
on at the server's cost; it ends as abandoned, unrecorded (no statistics, rank or rating)."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.engine.game import Game
from jantaku.engine.reasons import EndReason

__all__ = ["ABANDONED", "Abandoned", "abandoned"]

#: the reason of an abandoned match (its ``reason_code`` is ``abandoned``)
ABANDONED = "the match was abandoned: nobody was left to play it"


@dataclass(frozen=True, slots=True)
class Abandoned:
    """A :class:`~jantaku.engine.game.GameResult` of a match stopped before its end: the
    standings when its last hand began, never recorded."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, first place first (ties: the earlier seat)
    recorded: bool = False
    reason: str = ABANDONED
    code: EndReason = EndReason.ABANDONED
    seats: tuple[int, ...] = ()


def abandoned(engine: Game) -> Abandoned:
    """The result of abandoning ``engine``'s match now: its scores (riichi points, classical
    balances) as the last finished hand left them."""
    scores = engine.standings()
    ranking = tuple(sorted(range(len(scores)), key=lambda s: (-scores[s], s)))
    return Abandoned(scores, ranking)
