"""The event base of every rule family: events are the record of truth that engine, players, logs,
storage and clients all consume.

Every event is a frozen dataclass with ``to_json()``. Events that carry something only one seat may
see (a starting hand, a drawn tile) say so, and :meth:`Event.seen_by` returns the copy a given seat
(or a spectator, ``None``) is allowed to see, so per-seat views can never leak by accident.
:class:`Drew` is shared: both families draw the same way."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, ClassVar

from jantaku.tiles import Tile, format_tiles

__all__ = ["Drew", "Event", "jsonable"]


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


@dataclass(frozen=True, slots=True)
class Drew(Event):
    type: ClassVar[str] = "drew"
    seat: int
    tile: Tile | None  # None when hidden
    replacement: bool = False

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, tile=None)
