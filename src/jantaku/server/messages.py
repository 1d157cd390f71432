"""Server messages: one frozen dataclass per kind the server sends over the WebSocket.

Each builds its JSON with ``to_json()`` (keys in the order clients have always seen them);
a connection sends nothing else. The nested parts (a table summary, a seat's view, engine
events, a result) stay the JSON objects their owners build. docs/protocol.md lists the kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from jantaku.server.models import UserRow
from jantaku.server.ranks import RANKS

__all__ = [
    "SERVER_MESSAGES",
    "Chat",
    "Created",
    "Error",
    "Events",
    "Hint",
    "LobbyPage",
    "MatchEnded",
    "Ok",
    "Pong",
    "Prompt",
    "ServerMessage",
    "Shutdown",
    "Snapshot",
    "TableUpdate",
    "Welcome",
    "user_json",
]

Json = dict[str, Any]
Ref = str | int  # the ``id`` of the client message a reply answers


class ServerMessage:
    """A message to a client; ``TYPE`` is its ``type``."""

    __slots__ = ()
    TYPE: ClassVar[str] = ""

    def to_json(self) -> Json:
        raise NotImplementedError

    def reply_json(self, ref: Ref | None) -> Json:
        """The message answering a client message of id ``ref`` (carried back as ``ref``)."""
        out = self.to_json()
        if ref is not None:
            out["ref"] = ref
        return out


def user_json(user: UserRow) -> Json:
    """A player as clients see it (``welcome``, the HTTP API)."""
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
        # when the player last reset rank and rating (Unix time; null: never)
        "rank_reset_at": user.rank_reset_at,
    }


# ---------------------------------------------------------------------- answers


@dataclass(frozen=True, slots=True)
class Welcome(ServerMessage):
    """``hello`` accepted: the connection acts for ``user`` (see :func:`user_json`)."""

    TYPE = "welcome"
    user: Json

    def to_json(self) -> Json:
        return {"type": self.TYPE, "user": self.user}


@dataclass(frozen=True, slots=True)
class Pong(ServerMessage):
    """The answer to ``ping``."""

    TYPE = "pong"

    def to_json(self) -> Json:
        return {"type": self.TYPE}


@dataclass(frozen=True, slots=True)
class Ok(ServerMessage):
    """Done (``unwatch``, ``leave``)."""

    TYPE = "ok"

    def to_json(self) -> Json:
        return {"type": self.TYPE}


@dataclass(frozen=True, slots=True)
class Created(ServerMessage):
    """A new table (its summary); a private one also says its ``invite`` code and the
    creator's ``seat``."""

    TYPE = "created"
    table: Json
    invite: str | None = None
    seat: int | None = None

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "table": self.table}
        if self.invite:
            out["invite"] = self.invite
            out["seat"] = self.seat
        return out


@dataclass(frozen=True, slots=True)
class LobbyPage(ServerMessage):
    """One page of the public tables (also the answer of ``GET /api/lobby``)."""

    TYPE = "lobby"
    open: list[Json]
    live: list[Json]
    queues: dict[str, int]
    offset: int
    limit: int
    total: dict[str, int]
    next_offset: int | None

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
            "open": self.open,
            "live": self.live,
            "queues": self.queues,
            "offset": self.offset,
            "limit": self.limit,
            "total": self.total,
            "next_offset": self.next_offset,
        }


@dataclass(frozen=True, slots=True)
class Error(ServerMessage):
    """A refusal: ``code`` (docs/protocol.md lists them) and a sentence. ``ref`` is the id of
    the message refused; ``ref_always`` keeps ``ref`` in the JSON even when it is null (the
    shape of ``bad_request`` and ``internal`` answers)."""

    TYPE = "error"
    code: str
    message: str
    ref: Ref | None = None
    ref_always: bool = False

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "code": self.code, "message": self.message}
        if self.ref is not None or self.ref_always:
            out["ref"] = self.ref
        return out


@dataclass(frozen=True, slots=True)
class Shutdown(ServerMessage):
    """The server is stopping: reconnect and join again."""

    TYPE = "shutdown"
    reconnect: bool = True
    message: str = "the server is restarting; reconnect and rejoin your table"

    def to_json(self) -> Json:
        return {"type": self.TYPE, "reconnect": self.reconnect, "message": self.message}


# ---------------------------------------------------------------------- a table


@dataclass(frozen=True, slots=True)
class TableUpdate(ServerMessage):
    """A table's seats or status changed (its summary)."""

    TYPE = "table_update"
    table: Json

    def to_json(self) -> Json:
        return {"type": self.TYPE, "table": self.table}


@dataclass(frozen=True, slots=True)
class Snapshot(ServerMessage):
    """Everything a (re)joining viewer needs: the table summary and the viewer's ``seat``;
        once the match has begun (``view`` given) the viewer's view, the public seats to act,
        their deadlines and whether the table pauses between hands (with the result it shows, unless
    the viewer has confirmed it: a reloaded page shows it again); the ``result`` when over; at an
        open ranked table, how long the viewer has ``waited`` there (the viewer's own wait only)."""

    TYPE = "snapshot"
    table: Json
    seat: int | None
    view: Json | None = None
    to_act: list[int] | None = None
    deadlines: dict[str, float] | None = None
    between_hands: bool = False
    result: Json | None = None
    clocks: dict[str, Json] | None = None
    waited: float | None = None  # seconds the own seat has waited at an open ranked table
    # between hands, the result the viewer has not confirmed: ``seq``, ``events``, ``ended_view``
    hand_end: Json | None = None
    # asked for by a join's ``seen``: the seat's events from there (``from``, ``events``,
    # ``count``: the match's events so far), a page at a time
    missed: Json | None = None
    # at a party table, for a seated person: the last lines said there, oldest first (chat.py)
    chat: list[Json] | None = None

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "table": self.table, "seat": self.seat}
        if self.missed is not None:
            out["missed"] = self.missed
        if self.waited is not None:
            out["waited"] = self.waited
        if self.view is not None:
            out["view"] = self.view
            out["to_act"] = self.to_act
            out["deadlines"] = self.deadlines
            out["clocks"] = self.clocks or {}
            out["between_hands"] = self.between_hands
            if self.hand_end is not None:
                out["hand_end"] = self.hand_end
        if self.result is not None:
            out["result"] = self.result
        if self.chat is not None:
            out["chat"] = self.chat
        return out


@dataclass(frozen=True, slots=True)
class Events(ServerMessage):
    """The table moved to public step ``seq``: the engine events as this viewer may see
    them, the public seats to act and deadlines, and the viewer's view after them; when they
    end a deal, also the viewer's view of that deal at its end (``ended_view``: the board
    behind its result, the next deal being dealt already)."""

    TYPE = "events"
    table: str
    seq: int
    events: list[Json]
    to_act: list[int]
    deadlines: dict[str, float]
    between_hands: bool
    view: Json
    clocks: dict[str, Json] = field(default_factory=dict)  # the deadlines, turn and bank apart
    ended_view: Json | None = None  # with a deal's end: its view at the end (the next is dealt)

    def to_json(self) -> Json:
        out: Json = {
            "type": self.TYPE,
            "table": self.table,
            "seq": self.seq,
            "events": self.events,
            "to_act": self.to_act,
            "deadlines": self.deadlines,
            "clocks": self.clocks,
            "between_hands": self.between_hands,
            "view": self.view,
        }
        if self.ended_view is not None:
            out["ended_view"] = self.ended_view
        return out


@dataclass(frozen=True, slots=True)
class Prompt(ServerMessage):
    """A seat's own decision: its legal actions, the seconds it has left (None without a
    timer: ``deadline`` in all, ``turn_left`` of the turn time and then the ``bank``) and the
    tile it just drew."""

    TYPE = "prompt"
    table: str
    seq: int
    seat: int
    legal_actions: list[Json]
    deadline: float | None
    drawn_index: int | None
    turn_left: float | None = None
    bank: float | None = None

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
            "table": self.table,
            "seq": self.seq,
            "seat": self.seat,
            "legal_actions": self.legal_actions,
            "deadline": self.deadline,
            "turn_left": self.turn_left,
            "bank": self.bank,
            "drawn_index": self.drawn_index,
        }


@dataclass(frozen=True, slots=True)
class Chat(ServerMessage):
    """A line said at a party table, sent to its seated persons: the sayer's ``seat`` and
    ``name``, the ``text`` (plain text, trimmed, without control characters) and ``at`` (Unix
    seconds, when the server received it)."""

    TYPE = "chat"
    table: str
    seat: int
    name: str
    text: str
    at: int

    def line_json(self) -> Json:
        """The line as a snapshot's ``chat`` lists it (without ``type`` and ``table``)."""
        return {"seat": self.seat, "name": self.name, "text": self.text, "at": self.at}

    def to_json(self) -> Json:
        return {"type": self.TYPE, "table": self.table, **self.line_json()}


@dataclass(frozen=True, slots=True)
class Hint(ServerMessage):
    """A seat's hint for its prompt of step ``seq``, to that seat alone: the puppet's choice
    (``action``, one of the prompt's legal actions) by ``level``, and the hand's tiles marked
    ``risky`` or ``dangerous`` against the threats (``danger``: tile index and level)."""

    TYPE = "hint"
    table: str
    seq: int
    seat: int
    level: str
    action: Json
    danger: list[Json]

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
            "table": self.table,
            "seq": self.seq,
            "seat": self.seat,
            "level": self.level,
            "action": self.action,
            "danger": self.danger,
        }


@dataclass(frozen=True, slots=True)
class MatchEnded(ServerMessage):
    """The match is over: its result (scores, ranking, the revealed seed, …)."""

    TYPE = "match_ended"
    table: str
    result: Json

    def to_json(self) -> Json:
        return {"type": self.TYPE, "table": self.table, "result": self.result}


#: every kind the server sends, by its ``type``
SERVER_MESSAGES: dict[str, type[ServerMessage]] = {
    cls.TYPE: cls
    for cls in (
        Welcome,
        Pong,
        Ok,
        Created,
        LobbyPage,
        Error,
        Shutdown,
        TableUpdate,
        Snapshot,
        Events,
        Prompt,
        Hint,
        MatchEnded,
        Chat,
    )
}
