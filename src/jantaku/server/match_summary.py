"""What the end-of-match screen says beside the scores and the ranking: why the match ended (as a
code the client words in its language), the riichi sticks left on the table and who got them,
and whether the match was rated (doman-rules.md §2.10, §5)."""

from __future__ import annotations

from typing import Any

from jantaku.engine.events import Event
from jantaku.engine.game import GameResult
from jantaku.engine.reasons import END_CODES
from jantaku.server.abandon import ABANDONED

__all__ = ["REASON_CODES", "leftover_sticks", "rank_fields", "reason_code"]

#: the reasons for the end of a match -> the code the protocol sends
REASON_CODES: dict[str, str] = {
    **END_CODES,
    ABANDONED: "abandoned",  # nobody was left to play it (abandon.py): not recorded
}


def reason_code(reason: str) -> str:
    """The code of an engine's reason (``other`` for one this table does not know)."""
    return REASON_CODES.get(reason, "other")


def rank_fields(changes: list[dict[str, Any]] | None) -> dict[str, Any]:
    """A result's rank fields: whether the match was rated and each seat's rank change
    (None when it changed nobody's rank)."""
    return {"rated": changes is not None, "ranks": changes}


def leftover_sticks(log: list[Event], outcome: GameResult, to_first: bool) -> dict[str, Any]:
    """The riichi sticks on the table when the match ended, and the seat they went to: the
    first-placed player's when the match is recorded and the rules say so (§2.10), nobody's
    (``to`` null) otherwise. The count is the last one an event reported (the deal's end, or a
    riichi in a deal the 120-minute rule stopped)."""
    sticks = 0
    for event in reversed(log):
        deposits = getattr(event, "deposits", None)
        if isinstance(deposits, int):
            sticks = deposits
            break
    to = outcome.ranking[0] if sticks and to_first and outcome.recorded else None
    return {"sticks": sticks, "points": 1000 * sticks, "to": to}
