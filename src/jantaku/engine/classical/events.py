"""Events of the classical engine: the record of truth of a deal and a game.

They share the base :class:`jantaku.engine.events.Event` (``to_json``, ``seen_by``) and
:class:`~jantaku.engine.events.Drew` (a draw is a draw in both families). Only two events
carry private tiles: the starting hands and a draw; ``seen_by`` hides them from other seats."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from jantaku.engine.events import CallEvent, DiscardEvent, Drew, Event, KongEvent, hands_seen_by
from jantaku.engine.json_read import event_types
from jantaku.tiles import Tile, format_tiles

__all__ = [
    "EVENTS",
    "BonusLaidOut",
    "ClassicalCalled",
    "ClassicalDealEnded",
    "ClassicalDealStarted",
    "ClassicalDiscarded",
    "ClassicalMatchEnded",
    "DangerousDiscard",
    "Drew",
    "FalseDeclaration",
    "KongDeclared",
    "MahJonggDeclared",
    "OffenceReported",
    "PenaltyPaid",
    "SeatResult",
]


@dataclass(frozen=True, slots=True)
class ClassicalDealStarted(Event):
    """``dealer``: the seat that is East; ``hands`` by seat before the bonus tiles are laid out
    (hidden ones None); ``balances`` by seat before the deal."""

    type: ClassVar[str] = "classical_deal_started"
    round_wind: int
    hand_number: int
    dealer: int
    balances: tuple[int, ...]
    dice: tuple[int, ...]
    hands: tuple[tuple[Tile, ...] | None, ...]

    def seen_by(self, seat: int | None) -> Event:
        return replace(self, hands=hands_seen_by(self.hands, seat))


@dataclass(frozen=True, slots=True)
class BonusLaidOut(Event):
    """A flower or season laid out face up (a replacement draw follows)."""

    type: ClassVar[str] = "bonus_laid_out"
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class ClassicalDiscarded(DiscardEvent):
    """A discard (``tsumogiri``: the tile just drawn)."""


@dataclass(frozen=True, slots=True)
class DangerousDiscard(Event):
    """The discard was dangerous under the Störspielgebot against ``threatened_by``;
    ``violation`` unless ``exemption`` (ready, same_as_previous, no_safe_tile) applies.

    That the discard is dangerous is public (the threat lies open); the verdict is not, since
    "ready" or "no safe tile" tells about the hidden hand. Other seats see ``violation`` and
    ``exemption`` as None; the verdict counts only when the threatener wins on the tile, and
    the end of the deal then settles it in the open."""

    type: ClassVar[str] = "dangerous_discard"
    seat: int
    tile: Tile
    threatened_by: int
    violation: bool | None
    exemption: str | None

    def seen_by(self, seat: int | None) -> Event:
        if seat == self.seat:
            return self
        return replace(self, violation=None, exemption=None)


@dataclass(frozen=True, slots=True)
class ClassicalCalled(CallEvent):
    """A chow, pung or kong on a discard (``kind``: chow | pung | kong | extended); ``tiles``
    are the caller's own tiles (none when a laid-out pung is ``extended`` with the discard,
    ``extend_pung_with_discard = true``)."""


@dataclass(frozen=True, slots=True)
class KongDeclared(KongEvent):
    """A concealed kong (``tiles``: all four) or a pung extended (``tiles``: the added tile);
    ``kind``: concealed | added."""

    type: ClassVar[str] = "kong_declared"


@dataclass(frozen=True, slots=True)
class FalseDeclaration(Event):
    """Free-declaration mode: a Mah Jongg or call that turned out false, and its penalty
    (spec §8, paid to each other seat, East's factor 2); ``deltas`` by seat."""

    type: ClassVar[str] = "false_declaration"
    seat: int
    declared: str  # the action kind declared
    offence: str  # the Penalty value
    points: int
    reason: str
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OffenceReported(Event):
    """Free-declaration mode: the table reports an offence of the Strafkatalog that the engine
    cannot see itself (spec §8), a decision replayed like an action; ``east_shares``: East
    shares the fault of a dead hand. Its payments follow as :class:`PenaltyPaid`."""

    type: ClassVar[str] = "offence_reported"
    seat: int
    offence: str  # the Penalty value
    east_shares: bool


@dataclass(frozen=True, slots=True)
class PenaltyPaid(Event):
    """A penalty paid to each other seat, East's factor 2 (spec §6.2); ``deltas`` by seat;
    ``consequence``: what else the offence brings, in words."""

    type: ClassVar[str] = "penalty_paid"
    seat: int
    offence: str  # the Penalty value
    points: int
    consequence: str | None
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MahJonggDeclared(Event):
    """``from_seat`` None: self-drawn; ``hand``: the winner's concealed tiles without ``tile``."""

    type: ClassVar[str] = "mah_jongg"
    seat: int
    from_seat: int | None
    tile: Tile
    hand: tuple[Tile, ...]
    robbing_kong: bool
    heavenly: bool
    earthly: bool
    last_wall_tile: bool
    last_discard: bool


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's score at the end of a deal (all hands are shown then)."""

    seat: int
    seat_wind: int
    hand: tuple[Tile, ...]
    base: int
    doubles: int
    value: int
    items: tuple[tuple[str, int, int], ...]  # name, points, doubles
    special_hand: str | None


@dataclass(frozen=True, slots=True)
class ClassicalDealEnded(Event):
    """``outcome``: mah_jongg or remis; ``deltas`` of the settlement by seat; ``stoerspiel``: the
    verdict when the winning discard broke the Störspielgebot."""

    type: ClassVar[str] = "deal_ended"
    outcome: str
    winner: int | None
    results: tuple[SeatResult, ...]
    deltas: tuple[int, ...]
    balances: tuple[int, ...]
    stoerspiel: str | None
    violator: int | None

    def to_json(self) -> dict[str, Any]:
        out = Event.to_json(self)
        out["results"] = [
            {
                "seat": r.seat,
                "seat_wind": r.seat_wind,
                "hand": format_tiles(r.hand),
                "base": r.base,
                "doubles": r.doubles,
                "value": r.value,
                "items": [list(i) for i in r.items],
                "special_hand": r.special_hand,
            }
            for r in self.results
        ]
        return out


@dataclass(frozen=True, slots=True)
class ClassicalMatchEnded(Event):
    type: ClassVar[str] = "game_ended"
    balances: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, best balance first
    hands_played: int


EVENTS = event_types(
    ClassicalDealStarted,
    BonusLaidOut,
    Drew,
    ClassicalDiscarded,
    DangerousDiscard,
    ClassicalCalled,
    KongDeclared,
    FalseDeclaration,
    OffenceReported,
    PenaltyPaid,
    MahJonggDeclared,
    ClassicalDealEnded,
    ClassicalMatchEnded,
)
"""Every classical event by its JSON ``type``, for :func:`jantaku.engine.json_read.read_event`."""
