"""The unfinished tables one connection watches (``watches_per_connection``), counted where the
connection lives: at its door. Each step of a table is written out again for every connection
watching it, so one client watching every table with all its connections would cost more than
the tables.

With several processes a connection may watch tables that other processes drive (relay.py);
those processes see it as one of their remote clients each, and each could count only the
watches at its own tables. So the door counts them all: the tables driven here that the
connection watches (its ``tables``), and those driven elsewhere (``watched_elsewhere``). A
watch of another process's table is counted when the door forwards it (a burst of them
cannot pass the limit before the first is answered) and given back at once when the
connection unwatches or leaves the table; the owner answers a message the door asks it to
(a watch, or a join, leave or unwatch of a table watched) with whether the connection
watches the table after it (a watch the owner refused, a join that seated the spectator),
and tells the door when a watched table ends there (:func:`ended`). The answers come in the
order the messages went; the door keeps the last one's, once none is due any more. What a
client learns is its own count only, and nothing is asked of Redis for it beyond the
messages it answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.server.messages import Error
from jantaku.server.protocol import ProtocolError, Watch, parse_message
from jantaku.server.seat_counts import unfinished
from jantaku.server.tables import TableError

if TYPE_CHECKING:
    from jantaku.server.connection import Client

__all__ = ["answered", "asks_owner", "check_watch", "ended", "forwarded", "watch_refusal"]

#: the messages after which a table may be watched or no longer (the door asks the owner)
_CHANGES = frozenset({"join", "leave", "unwatch"})


def watch_refusal(limit: int) -> TableError:
    return TableError("too_many_tables", f"you watch {limit} tables already; unwatch one first")


def check_watch(client: Client, table_id: str, limit: int) -> None:
    """Before ``client`` watches ``table_id``: refused (``too_many_tables``) when it watches
    ``limit`` other unfinished tables, here and elsewhere (watching one again is no new one)."""
    here = sum(
        1 for t in client.tables if t.id != table_id and client in t.watchers and unfinished(t)
    )
    if here + len(client.watched_elsewhere - {table_id}) >= limit:
        raise watch_refusal(limit)


def asks_owner(client: Client, kind: str, table_id: str, limit: int) -> bool:
    """The door forwards a message of ``kind`` about ``table_id`` to the process driving it:
    a watch is counted now (TableError when the connection watches its limit already);
    whether the owner is to answer if the connection watches the table after it."""
    if kind == "watch":
        check_watch(client, table_id, limit)
        client.watched_elsewhere.add(table_id)
    elif kind in ("leave", "unwatch"):
        client.watched_elsewhere.discard(table_id)  # its place is free at once
    if kind != "watch" and (
        kind not in _CHANGES
        or (table_id not in client.watched_elsewhere and table_id not in client.watch_answers)
    ):
        return False
    client.watch_answers[table_id] = client.watch_answers.get(table_id, 0) + 1
    return True


def forwarded(
    client: Client, raw: str | bytes, kind: str, table_id: str, limit: int
) -> bool | None:
    """:func:`asks_owner` for a message the door is about to forward; None when it is
    refused here instead (a watch beyond the limit: the refusal is sent, answering the
    message's id, and the table is not followed when it moves)."""
    try:
        return asks_owner(client, kind, table_id, limit)
    except TableError as refused:
        client.routes.pop(table_id, None)
        try:
            ref = parse_message(raw).ref
        except ProtocolError as bad:
            ref = bad.ref
        client.send(Error(refused.code, refused.message, ref))
        return None


def answered(client: Client, table_id: str, watching: bool) -> None:
    """The owner's answer to a message the door asked about: the last one due decides."""
    due = client.watch_answers.get(table_id)
    if due is None:
        return  # not asked for
    if due > 1:
        client.watch_answers[table_id] = due - 1
        return
    del client.watch_answers[table_id]
    if watching:
        client.watched_elsewhere.add(table_id)
    else:
        _unwatched(client, table_id)


def ended(client: Client, table_id: str) -> None:
    """The owner says a table the connection watched has ended: its place is free."""
    _unwatched(client, table_id)


def _unwatched(client: Client, table_id: str) -> None:
    """The connection watches ``table_id`` no more: its place is free, and a watch of it (a
    refused one, or one of a table that ended) is not sent again when the table moves."""
    client.watched_elsewhere.discard(table_id)
    route = client.routes.get(table_id)
    if route is not None and _is_watch(route[1]):
        del client.routes[table_id]


def _is_watch(raw: str | bytes) -> bool:
    try:
        return isinstance(parse_message(raw), Watch)
    except ProtocolError:
        return False
