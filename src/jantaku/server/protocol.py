"""Client messages: parsing and validation at the edge (docs/protocol.md lists them all)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["CLIENT_TYPES", "ProtocolError", "parse_message"]

CLIENT_TYPES = frozenset(
    {
        "hello",
        "ping",
        "lobby",
        "create",
        "join",
        "watch",
        "start",
        "leave",
        "act",
        "unwatch",
        "queue",
        "continue",
    }
)


class ProtocolError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_message(text: str | bytes) -> dict[str, Any]:
    """A client message as a dict with a known ``type``; raises ProtocolError otherwise."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a string 'type'")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    seq = data.get("seq")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
        raise ProtocolError("bad_message", "'seq' must be an integer")
    return data


def user_json(user: Any) -> dict[str, Any]:
    from jantaku.server.ranks import RANKS

    return {
        "id": user.id,
        "name": user.name,
        "guest": user.guest,
        "rank": RANKS[user.rank_index].name,
        "rank_index": user.rank_index,
        "rank_points": user.rank_points,
        "rating": round(user.rating, 2),
        "rating_max": round(user.rating_max, 2),
        "rated_games": user.rated_games,
    }
