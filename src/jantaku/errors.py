"""The error hierarchy: one base class, so callers (the CLI, the server) can catch all of
jantaku's own errors and print them as one clear line, while programming errors still surface
as tracebacks."""

from __future__ import annotations

from typing import Self


class JantakuError(Exception):
    """Base class of every error jantaku raises on purpose. ``code`` and ``params`` (empty
    unless set by :meth:`coded`) name the problem for a client that words it in its reader's
    language (the score sheet's page); the message itself is English."""

    code: str = ""
    params: dict[str, object] | None = None

    def coded(self, code: str, **params: object) -> Self:
        """This error with ``code`` and ``params`` (for ``raise Error(...).coded(...)``)."""
        self.code = code
        self.params = params
        return self


class NotationError(JantakuError, ValueError):
    """Text that cannot be parsed as tile notation; the message names the character and position."""

    def __init__(self, text: str, position: int | None, problem: str) -> None:
        self.text = text
        self.position = position
        self.problem = problem
        where = f" at position {position + 1}" if position is not None else ""
        super().__init__(f"bad tile notation {text!r}: {problem}{where}")


class InvalidHandError(JantakuError, ValueError):
    """A hand that cannot exist: a fifth copy of a tile, a tile count no hand can have, …"""


class IllegalActionError(JantakuError):
    """A well-formed action that the rules do not allow at this moment; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)
