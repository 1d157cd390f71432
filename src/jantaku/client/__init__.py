"""Seat any :class:`~jantaku.players.Player` at a running ``jantaku serve`` table, unchanged.

A bot written once for the arena plays at a server against people or puppets::

    from jantaku.client import TableRequest, sit

    result = sit(MyBot(), "http://127.0.0.1:8000", TableRequest("practice", "quick"))

The client reads the seat's messages into the engine's views and events (it needs the
``websockets`` package) and adds nothing a seat is not sent; ``observe`` gets each of the
seat's events once and in order, across lost connections and restarted servers."""

from __future__ import annotations

from jantaku.client.errors import BotActionError, ClientError, ServerError
from jantaku.client.table import RANKED_KINDS, TableClient, TableRequest, TableResult, sit

__all__ = [
    "RANKED_KINDS",
    "BotActionError",
    "ClientError",
    "ServerError",
    "TableClient",
    "TableRequest",
    "TableResult",
    "sit",
]
