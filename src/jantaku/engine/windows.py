"""Held call windows at the level of a whole game, shared by the riichi match and the classical
game: ``hold_calls`` reaches every deal the game makes, and :meth:`close_calls` ends a window
nobody may answer, with what follows (the end of the deal included)."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from jantaku.engine.events import Event

__all__ = ["HeldCallWindows"]


class _HoldingDeal(Protocol):
    hold_calls: bool

    @property
    def holding(self) -> bool: ...

    def close_calls(self) -> list[Event]: ...


D = TypeVar("D", bound=_HoldingDeal)


class HeldCallWindows(Generic[D]):
    """Mixin: the game keeps ``deal`` and ``log`` and logs a deal's step with ``_record``."""

    deal: D
    log: list[Event]
    _hold_calls = False

    @property
    def finished(self) -> bool:
        raise NotImplementedError

    def _record(self, events: list[Event]) -> None:
        raise NotImplementedError

    @property
    def hold_calls(self) -> bool:
        """Whether every discard (and robbable kan) opens a call window, even one nobody may
        answer; a table that paces every discard alike sets it and ends empty windows with
        :meth:`close_calls`. The game itself is the same either way."""
        return self._hold_calls

    @hold_calls.setter
    def hold_calls(self, value: bool) -> None:
        self._hold_calls = value
        self.deal.hold_calls = value

    @property
    def holding(self) -> bool:
        """An empty call window is open: nobody may act until :meth:`close_calls`."""
        return not self.finished and self.deal.holding

    def close_calls(self) -> list[Event]:
        """End an empty call window (everybody passes); the events that follow."""
        if not self.holding:
            return []
        start = len(self.log)
        self._record(self.deal.close_calls())
        return self.log[start:]
