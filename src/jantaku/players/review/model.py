"""What a review is made of: the candidates a puppet weighed at one decision, the decision with
the player's and the puppet's choice, and a seat's whole review with its summary. Everything
converts to plain JSON (docs/review.md describes each field)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.tiles import format_tiles

__all__ = ["WINS", "Candidate", "Decision", "Explained", "SeatReview", "label_of", "same_choice"]

WINS = (ActionKind.TSUMO, ActionKind.RON)
_TILE_FIRST = (ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.TSUMO, ActionKind.RON)


def label_of(action: Action) -> str:
    """A short name of an action: ``discard 5m``, ``riichi 3p``, ``pon 7z (77z)``, ``pass``."""
    kind = action.kind.value
    if action.kind in _TILE_FIRST and action.tile is not None:
        return f"{kind} {action.tile.kind.notation}"
    if action.tile is not None and action.tiles:
        return f"{kind} {action.tile.kind.notation} ({format_tiles(action.tiles)})"
    if action.tiles:
        return f"{kind} {format_tiles(action.tiles)}"
    if action.tile is not None:
        return f"{kind} {action.tile.kind.notation}"
    return kind


def same_choice(a: Action, b: Action) -> bool:
    """Whether two actions are the same choice: a discard of the same kind (riichi or not,
    which copy aside), or the same kind of action on the same kinds of tiles."""
    turn = (ActionKind.DISCARD, ActionKind.RIICHI)
    if a.kind in turn and b.kind in turn:
        return a.tile is not None and b.tile is not None and a.tile.kind_id == b.tile.kind_id
    if a.kind is not b.kind:
        return False
    if a.kind in WINS:
        return True
    tile_a = a.tile.kind_id if a.tile is not None else None
    tile_b = b.tile.kind_id if b.tile is not None else None
    return tile_a == tile_b and sorted(t.kind_id for t in a.tiles) == sorted(
        t.kind_id for t in b.tiles
    )


@dataclass(slots=True)
class Candidate:
    """One choice and what the puppet weighed for it. ``score`` is the puppet's own estimate
    (higher is better, in accepted-tile units; None where it weighs the choice otherwise);
    ``shanten``, ``improving`` (kind -> unseen copies, from the seat's view) and ``value`` are
    of the hand after the choice; ``danger`` is per opponent seat."""

    action: Action
    label: str
    score: float | None = None
    shanten: int | None = None
    improving: dict[str, int] | None = None
    value: float | None = None
    danger: dict[int, float] = field(default_factory=dict)

    @property
    def improving_total(self) -> int | None:
        return None if self.improving is None else sum(self.improving.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "label": self.label,
            "score": None if self.score is None else round(self.score, 3),
            "shanten": self.shanten,
            "improving": None if self.improving is None else dict(self.improving),
            "improving_total": self.improving_total,
            "value": None if self.value is None else round(self.value, 2),
            "danger": {str(s): round(d, 2) for s, d in sorted(self.danger.items())},
        }


@dataclass(slots=True)
class Explained:
    """An explainer's account of one decision: every candidate it weighed (best first), the
    stance on the own turn (``free``: no threat, ``push``, ``fold``; None at a call), the
    threats (opponent -> weight) and the shanten of the hand before the choice."""

    candidates: list[Candidate]
    stance: str | None  # None at a call
    threats: dict[int, float]
    shanten: int | None


@dataclass(slots=True)
class Decision:
    """One decision of the reviewed seat."""

    index: int  # its number among the seat's decisions (0-based)
    hand: str  # the deal, e.g. ``E1-0`` (riichi: wind, number, repeat counter) or ``E3``
    event: int  # events of the game log before it (where a replay shows it)
    situation: str  # ``turn`` (own draw) or ``call`` (another seat's discard or kan)
    hand_tiles: str  # the seat's concealed tiles at the decision
    player: Candidate
    puppet: Candidate
    candidates: list[Candidate]  # the puppet's top three (its own choice first)
    stance: str | None
    threats: dict[int, float]
    shanten: int | None
    loss: float | None  # puppet's score of its choice less that of the player's
    marked: bool
    agree: bool
    safest: str | None = None  # the candidate of least danger (weighed by the threats)
    player_stance: str | None = None  # facing a threat: ``fold`` (the safest tile) or ``push``
    offered: tuple[str, ...] = ()  # the kinds of the legal actions

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "hand": self.hand,
            "event": self.event,
            "situation": self.situation,
            "hand_tiles": self.hand_tiles,
            "shanten": self.shanten,
            "stance": self.stance,
            "threats": {str(s): round(w, 2) for s, w in sorted(self.threats.items())},
            "player": self.player.to_json(),
            "puppet": self.puppet.to_json(),
            "candidates": [c.to_json() for c in self.candidates],
            "agree": self.agree,
            "loss": None if self.loss is None else round(self.loss, 3),
            "marked": self.marked,
            "safest": self.safest,
            "player_stance": self.player_stance,
            "offered": list(self.offered),
        }


@dataclass(slots=True)
class SeatReview:
    """A seat's review of one game."""

    source: str
    family: str
    seat: int
    player: str
    level: str
    threshold: float
    decisions: list[Decision]
    summary: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "family": self.family,
            "seat": self.seat,
            "player": self.player,
            "level": self.level,
            "threshold": self.threshold,
            "summary": self.summary,
            "decisions": [d.to_json() for d in self.decisions],
        }
