"""What goes wrong when a bot sits at a table server, each said in one line."""

from __future__ import annotations

from jantaku.errors import JantakuError

__all__ = ["BotActionError", "ClientError", "ServerError"]


class ClientError(JantakuError):
    """The server cannot be reached or refused what the client asked (a bad URL, a refused
    login or token, an unknown table); the message says which."""


class ServerError(ClientError):
    """The server answered a message with an ``error`` (``code``: its error code)."""

    def __init__(self, code: str, message: str, doing: str) -> None:
        self.code = code
        super().__init__(f"the server refused {doing}: {message} ({code})")


class BotActionError(ClientError):
    """The bot's ``choose`` returned an action that is not one of the legal actions."""
