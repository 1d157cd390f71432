"""The riichi events (on the shared :class:`Event` base; :class:`Drew` is shared too)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, ClassVar

from jantaku.engine.events import CallEvent, DiscardEvent, Drew, Event, KongEvent, hands_seen_by
from jantaku.engine.json_read import event_types
from jantaku.engine.reasons import EndReason, old_end_fields
from jantaku.tiles import Tile

__all__ = [
    "EVENTS",
    "Called",
    "DealEnded",
    "DealStarted",
    "Discarded",
    "DoraRevealed",
    "DrawKind",
    "Drew",
    "Event",
    "KanDeclared",
    "MatchEnded",
    "RiichiAccepted",
    "Won",
    "discarded",
    "drew",
]


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    type: ClassVar[str] = "deal_started"
    round_wind: int
    deal: int  # 0-3 within the round: the dealer's seat
    honba: int
    deposits: int
    scores: tuple[int, ...]
    dora_indicator: Tile
    hands: tuple[tuple[Tile, ...] | None, ...]  # by seat; hidden ones are None

    def seen_by(self, seat: int | None) -> Event:
        return replace(self, hands=hands_seen_by(self.hands, seat))


@dataclass(frozen=True, slots=True)
class Discarded(DiscardEvent):
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class RiichiAccepted(Event):
    type: ClassVar[str] = "riichi_accepted"
    seat: int
    scores: tuple[int, ...]
    deposits: int


@dataclass(frozen=True, slots=True)
class Called(CallEvent):
    """A chi, pon or open kan on a discard (``kind``: chi | pon | open_kan)."""


@dataclass(frozen=True, slots=True)
class KanDeclared(KongEvent):
    """``kind``: added_kan | concealed_kan."""

    type: ClassVar[str] = "kan_declared"


@dataclass(frozen=True, slots=True)
class DoraRevealed(Event):
    type: ClassVar[str] = "dora_revealed"
    indicator: Tile


@dataclass(frozen=True, slots=True)
class Won(Event):
    type: ClassVar[str] = "won"
    seat: int
    from_seat: int | None  # None for tsumo
    tile: Tile
    hand: tuple[Tile, ...]  # the concealed tiles without the winning tile, now shown
    han: int
    fu: int
    points: int
    yakuman: int
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]
    ura_indicators: tuple[Tile, ...]
    pao_seat: int | None = None


_DREW: list[list[Drew | None]] = [[None] * 576 for _ in range(4)]
_DISCARDED: list[list[Discarded | None]] = [[None] * 1152 for _ in range(4)]


def drew(seat: int, tile: Tile, replacement: bool) -> Drew:
    """``Drew(seat, tile, replacement)``, built once per value: events are immutable and a
    draw and a discard happen at every step, so the hot path reads them from a table."""
    key = (tile.index * 2 + tile.red) * 2 + replacement
    event = _DREW[seat][key]
    if event is None or event.tile is not tile:
        event = _DREW[seat][key] = Drew(seat, tile, replacement)
    return event


def discarded(seat: int, tile: Tile, tsumogiri: bool, riichi: bool) -> Discarded:
    """``Discarded(seat, tile, tsumogiri, riichi)``, built once per value (see :func:`drew`)."""
    key = ((tile.index * 2 + tile.red) * 2 + tsumogiri) * 2 + riichi
    event = _DISCARDED[seat][key]
    if event is None or event.tile is not tile:
        event = _DISCARDED[seat][key] = Discarded(seat, tile, tsumogiri, riichi)
    return event


class DrawKind(Enum):
    EXHAUSTIVE = "exhaustive"
    NAGASHI_MANGAN = "nagashi_mangan"
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_KANS = "four_kans"
    FOUR_RIICHI = "four_riichi"
    TRIPLE_RON = "triple_ron"


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """The end of a deal: ``draw`` is None after a win."""

    type: ClassVar[str] = "deal_ended"
    draw: DrawKind | None
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    tenpai: tuple[bool, ...]
    hands: tuple[tuple[Tile, ...] | None, ...]  # hands shown at the end (tenpai at a draw)
    deposits: int
    honba: int


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The end of the match: ``reason_code`` says why for any client to word, with the seats it
    names (who went below zero, ...); ``reason`` is the English sentence older records have."""

    type: ClassVar[str] = "match_ended"
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, first place first
    recorded: bool
    reason: str
    reason_code: EndReason
    reason_seats: tuple[int, ...]

    @classmethod
    def upgrade_json(cls, data: Mapping[str, Any]) -> Mapping[str, Any]:
        return old_end_fields(data)


EVENTS = event_types(
    DealStarted,
    Drew,
    Discarded,
    RiichiAccepted,
    Called,
    KanDeclared,
    DoraRevealed,
    Won,
    DealEnded,
    MatchEnded,
)
"""Every riichi event by its JSON ``type``, for :func:`jantaku.engine.json_read.read_event`."""
