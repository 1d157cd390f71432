"""A player's game looked over by a puppet: at every decision of a seat, the puppet's choice,
its top candidates with what it weighed (shanten, improving tiles left, value, danger, push or
fold), a mark where the player's choice is clearly worse in the puppet's own estimate, and a
summary (docs/review.md)."""

from jantaku.players.review.api import (
    DEFAULT_LEVELS,
    DEFAULT_THRESHOLD,
    LEVELS,
    review_decision,
    review_game,
    review_source,
)
from jantaku.players.review.hint import DANGER_LEVELS, Advice, Adviser
from jantaku.players.review.model import Candidate, Decision, SeatReview
from jantaku.players.review.sources import Source, read_sources

__all__ = [
    "DANGER_LEVELS",
    "DEFAULT_LEVELS",
    "DEFAULT_THRESHOLD",
    "LEVELS",
    "Advice",
    "Adviser",
    "Candidate",
    "Decision",
    "SeatReview",
    "Source",
    "read_sources",
    "review_decision",
    "review_game",
    "review_source",
]
