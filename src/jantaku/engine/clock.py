"""The one clock of every engine: time enters a match only through it, so a replay is exact."""

from __future__ import annotations

from typing import Protocol

__all__ = ["Clock", "ManualClock"]


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since any fixed origin."""
        ...


class ManualClock:
    """A clock that moves only when told (tests, replays, bots, server tables)."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds
