"""The event base of every rule family: events are the record of truth that engine, players, logs,
storage and clients all consume.

Every event is a frozen dataclass with ``to_json()``. Events that carry something only one seat may
see (a starting hand, a drawn tile) say so, and :meth:`Event.seen_by` returns the copy a given seat
(or a spectator, ``None``) is allowed to see, so per-seat views can never leak by accident.
:class:`Drew` is shared: both families draw the same way; so are the shapes of a discard, a call
and a kong declared on one's turn, each family naming its own (riichi ``chi``, classical
``chow``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, ClassVar

from jantaku.tiles import Tile, format_tiles

__all__ = ["CallEvent", "DiscardEvent", "Drew", "Event", "KongEvent", "hands_seen_by", "jsonable"]


def jsonable(value: Any) -> Any:
    if isinstance(value, Tile):
        return value.notation
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        if value and all(isinstance(v, Tile) for v in value):
            return format_tiles(value)
        return [jsonable(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base class; ``type`` names the event in JSON."""

    type: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            out[f.name] = jsonable(getattr(self, f.name))
        return out

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (``None``: a spectator); public events are unchanged."""
        return self

    @classmethod
    def upgrade_json(cls, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """``data`` (an event's JSON, perhaps stored by an older version) with the fields this
        version writes: an event that has gained a field since fills it in here."""
        return data


@dataclass(frozen=True, slots=True)
class Drew(Event):
    type: ClassVar[str] = "drew"
    seat: int
    tile: Tile | None  # None when hidden
    replacement: bool = False

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, tile=None)


def hands_seen_by(
    hands: tuple[tuple[Tile, ...] | None, ...], seat: int | None
) -> tuple[tuple[Tile, ...] | None, ...]:
    """The hands by seat as ``seat`` may see them: its own, the others hidden (None)."""
    return tuple(h if i == seat else None for i, h in enumerate(hands))


@dataclass(frozen=True, slots=True)
class DiscardEvent(Event):
    """A discard; ``tsumogiri``: the tile just drawn."""

    type: ClassVar[str] = "discarded"
    seat: int
    tile: Tile
    tsumogiri: bool


@dataclass(frozen=True, slots=True)
class CallEvent(Event):
    """A meld made with another seat's discard: ``seat`` takes ``tile`` from ``from_seat``
    with its own ``tiles``; ``kind`` in the family's words."""

    type: ClassVar[str] = "called"
    seat: int
    kind: str
    tile: Tile
    tiles: tuple[Tile, ...]
    from_seat: int


@dataclass(frozen=True, slots=True)
class KongEvent(Event):
    """A kong declared on one's turn: concealed (``tiles``: all four) or added to a laid-out
    pung (``tiles``: the added tile); ``kind`` in the family's words."""

    seat: int
    kind: str
    tiles: tuple[Tile, ...]
