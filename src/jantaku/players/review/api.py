"""Reviewing a seat of a game: the puppet of a level, its explainer, the walk and the summary."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.game import Game
from jantaku.errors import JantakuError
from jantaku.players.review.model import Decision, SeatReview
from jantaku.players.review.sources import Source
from jantaku.players.review.summary import summarize
from jantaku.players.review.walk import Explainer, Segment, decide, decisions

__all__ = [
    "DEFAULT_LEVELS",
    "DEFAULT_THRESHOLD",
    "LEVELS",
    "puppet_kit",
    "review_decision",
    "review_game",
    "review_source",
]

DEFAULT_LEVELS = {"riichi": "strongest", "classical": "strongest"}
"""The puppet of a review unless another is asked for: each family's strongest level."""

DEFAULT_THRESHOLD = 3.0
"""A choice is marked when it is worse than the puppet's by more than this (accepted tiles)."""


def _riichi_levels() -> tuple[str, ...]:
    from jantaku.players.riichi import LEVELS as RIICHI

    return tuple(RIICHI)


def _classical_levels() -> tuple[str, ...]:
    from jantaku.players.classical import LEVELS as CLASSICAL

    # the tables offer the strongest classical level as ``strong`` (the riichi name)
    return (*CLASSICAL, *(() if "strong" in CLASSICAL else ("strong",)))


LEVELS: dict[str, Callable[[], tuple[str, ...]]] = {
    "riichi": _riichi_levels,
    "classical": _classical_levels,
}
"""Each family's puppet levels (asked when needed: the bots import on first use)."""


def puppet_kit(family: str, level: str) -> tuple[Callable[[], Any], Callable[[Any], Explainer]]:
    """The puppet factory and the explainer of a family's level (a review's, and a hint's at
    a live table: hint.py)."""
    names = LEVELS[family]()
    if level not in names:
        raise JantakuError(f"unknown {family} level {level!r}; choose one of {', '.join(names)}")
    if family == "classical":
        from jantaku.players.classical import make_player as classical_player
        from jantaku.players.review.classical import ClassicalExplainer

        return (lambda: classical_player(level, "review")), ClassicalExplainer
    from jantaku.players.review.riichi import RiichiExplainer
    from jantaku.players.riichi import make_player

    return (lambda: make_player(level, "review")), RiichiExplainer


def review_segments(
    segments: Iterable[Segment],
    *,
    family: str,
    seat: int,
    level: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    source: str = "",
    player: str = "",
) -> SeatReview:
    """The review of ``seat`` over a game's segments by a family's ``level``."""
    if not 0 <= seat < 4:
        raise JantakuError(f"seat {seat} is not a seat (0-3)")
    level = level or DEFAULT_LEVELS[family]
    puppet, explainer = puppet_kit(family, level)
    found = decisions(segments, seat, puppet, explainer, threshold)
    return SeatReview(
        source, family, seat, player or f"seat {seat}", level, threshold, found, summarize(found)
    )


def review_source(
    source: Source, seat: int, level: str | None = None, threshold: float = DEFAULT_THRESHOLD
) -> SeatReview:
    """The review of ``seat`` of a game read from a file."""
    player = source.players[seat] if 0 <= seat < len(source.players) else ""
    return review_segments(
        source.segments(),
        family=source.family,
        seat=seat,
        level=level,
        threshold=threshold,
        source=source.source,
        player=player,
    )


def review_game(
    game: Game,
    actions: Iterable[Action],
    *,
    family: str,
    seat: int,
    level: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    source: str = "",
    player: str = "",
) -> SeatReview:
    """The review of ``seat`` of a game played from its start (``game`` fresh) by ``actions``."""
    return review_segments(
        [(game, actions)],
        family=family,
        seat=seat,
        level=level,
        threshold=threshold,
        source=source,
        player=player,
    )


def review_decision(
    view: Any,
    player: Action,
    *,
    family: str = "riichi",
    level: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
) -> Decision:
    """One decision reviewed on its own: the puppet shown ``view`` (a seat's view, made by an
    engine or by hand), the player's choice ``player``."""
    puppet, explainer = puppet_kit(family, level or DEFAULT_LEVELS[family])
    bot = puppet()
    explained = explainer(bot).explain(view)
    return decide(view, player, bot.choose(view), explained, 0, 0, threshold)
