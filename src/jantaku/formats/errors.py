"""Errors and skip notices of the log readers."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.errors import JantakuError

__all__ = ["LogFormatError", "Skipped", "UnsupportedLog"]


class LogFormatError(JantakuError, ValueError):
    """A log that cannot be read: names the file, the line (1-based, when known) and the event."""

    def __init__(self, path: str, problem: str, line: int | None = None, event: str = "") -> None:
        self.path = path
        self.line = line
        self.event = event
        self.problem = problem
        where = path + (f", line {line}" if line is not None else "")
        what = f" in {event}" if event else ""
        super().__init__(f"{where}: {problem}{what}")


class UnsupportedLog(JantakuError):
    """A well-formed log of a game jantaku does not replay (three players, chip rules, …)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A game :func:`~jantaku.formats.detect.load_games` found but does not support."""

    path: str
    reason: str
