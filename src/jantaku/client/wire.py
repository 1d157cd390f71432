"""What a seat is sent, read as the engine's own objects: its view (a riichi ``SeatView`` or a
``ClassicalView``, with the table's rules as ``options``) and its events. Everything here comes
from the messages of the seat itself (docs/protocol.md): nothing is added."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from jantaku.client.errors import ClientError
from jantaku.engine.events import Event
from jantaku.engine.json_read import read_event
from jantaku.families import UnknownFamilyError, family

__all__ = ["FamilyWire", "wire_of"]


@dataclass(frozen=True, slots=True)
class FamilyWire:
    """How one table's messages read: its family's view class and events, and its rules."""

    family: str
    read_view: Callable[[dict[str, Any], Any], Any]
    events: Mapping[str, type[Event]]
    options: Any

    def view(self, data: dict[str, Any]) -> Any:
        """The seat's view of a view JSON (``view`` of ``snapshot`` or ``events``)."""
        try:
            return self.read_view(data, self.options)
        except (KeyError, TypeError, ValueError) as error:
            raise ClientError(f"the server sent a view this client cannot read: {error}") from None

    def read_events(self, data: list[Any]) -> list[Event]:
        try:
            return [read_event(e, self.events) for e in data]
        except ValueError as error:
            raise ClientError(
                f"the server sent an event this client cannot read: {error}"
            ) from None


def _options(family_name: str, preset: str, overrides: Mapping[str, Any]) -> Any:
    """The rules of a table (its preset with those overrides that are rule options)."""
    options = family(family_name).preset_options(preset)
    names = {f.name for f in fields(options)}
    chosen = {k: v for k, v in overrides.items() if k in names}
    return replace(options, **chosen) if chosen else options


def wire_of(config: Mapping[str, Any]) -> FamilyWire:
    """The readers of a table of ``config`` (a table summary's ``config``)."""
    name = config.get("family")
    try:
        fam = family(str(name))
        options = _options(fam.name, str(config.get("preset")), config.get("overrides") or {})
    except (UnknownFamilyError, ValueError, TypeError) as error:
        raise ClientError(f"the table's rules are unknown to this client: {error}") from None
    return FamilyWire(fam.name, fam.read_view, fam.event_types(), options)
