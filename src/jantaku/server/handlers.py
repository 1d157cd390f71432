"""What the server does with each client message: one small handler per kind, found by the
message's class in :data:`HANDLERS`. A handler returns the reply (None when the table's own
messages answer) or raises ProtocolError / TableError, which the connection sends back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jantaku.families import Family, UnknownFamilyError, all_families, family
from jantaku.server.config import table_config
from jantaku.server.connection import Client
from jantaku.server.hub import Hub
from jantaku.server.manager import check_entry
from jantaku.server.messages import Created, Error, Ok, Pong, ServerMessage, Welcome, user_json
from jantaku.server.origins import origin_of
from jantaku.server.protocol import (
    Act,
    AtTable,
    Chat,
    ClientMessage,
    Continue,
    Create,
    Hello,
    HintRequest,
    Join,
    Leave,
    LobbyRequest,
    Ping,
    ProtocolError,
    Queue,
    Start,
    Unwatch,
    Watch,
)
from jantaku.server.seat_counts import check_seats
from jantaku.server.seating import ALIASES, FILLER, PLAYERS
from jantaku.server.table_messages import MISSED_PAGE, missed_charge
from jantaku.server.tables import RANKED_NO_BOTS, Table, TableError
from jantaku.server.watch_counts import check_watch

__all__ = ["HANDLERS", "bot_name", "dispatch"]

Handler = Callable[[Hub, Client, Any], ServerMessage | None]

# Ranked tables seat their solo queue (doman-rules.md §4): a table made or joined by its id
# would let friends, or one person's several accounts, sit together and farm rank.
QUEUE_ONLY = "ranked tables are seated by their queue only: send queue with the kind and length"

#: every family's level names: a name among them seats only at a table of a family offering it
_LEVELS = frozenset(name for f in all_families() for name in f.levels)


def bot_name(bot: object, fam: Family | None = None) -> str:
    """The puppet a join or start asks for; an unknown name is refused rather than quietly
    seating fillers. Another name of a bot (an alias) gives its own. At a table of ``fam``, a
    level its tables do not offer (another family's level, a retired step) is refused too."""
    if isinstance(bot, str):
        bot = ALIASES.get(bot, bot)
    if not isinstance(bot, str) or bot not in PLAYERS:
        known = [FILLER, *fam.table_levels] if fam is not None else sorted(PLAYERS)
        raise ProtocolError("bad_message", f"unknown bot {bot!r}; choose one of {', '.join(known)}")
    if fam is not None and bot in _LEVELS:
        try:
            fam.table_level(bot)
        except UnknownFamilyError as e:
            raise ProtocolError("bad_message", str(e)) from None
    return bot


def _family_of(table: Table) -> Family:
    return family(table.config.family)


def _may_fill(table: Table) -> None:
    """``fill_bots`` is refused, before anything is seated, at a ranked table: it starts only
    with four players (doman-rules.md §4: solo queue)."""
    if table.config.ranked:
        raise TableError("ranked_no_bots", RANKED_NO_BOTS)


def _need_user(client: Client) -> int:
    if client.user_id is None:
        raise ProtocolError("not_authenticated", "say hello with a token first")
    return client.user_id


def _table(hub: Hub, client: Client, message: AtTable) -> Table:
    """The table a message names: by ``invite`` code, or by ``table`` id (a private table
    only for its players and connections already at it)."""
    if message.invite is not None:
        return hub.lobby.by_invite(message.invite)
    return hub.lobby.get(message.table, client.user_id, client.tables)


def _check_seats(hub: Hub, client: Client, user_id: int, table: Table | None = None) -> None:
    """Before ``user_id`` takes a new seat at an unranked table (``table``; None: a private
    table being created): refused (``too_many_tables``) when they sit at ``tables_per_user``
    tables that have not finished, or players from their address at ``tables_per_address``
    such tables (one address's many guest accounts), as this process counts them
    (seat_counts.py; with several processes the group's count was checked before,
    shared_seats.py). A ranked table needs no such check: it starts with four players of its
    queue, one per address, and seats no computer player."""
    settings, tables = hub.settings, hub.lobby.tables
    check_seats(
        tables,
        hub.seat_origins,
        (settings.tables_per_user, settings.tables_per_address),
        user_id,
        origin_of(hub.origin_key, client.address),
        None if table is None else table.id,
    )


def _seated_from(hub: Hub, client: Client, table: Table, user_id: int) -> None:
    """Note the address the seat of ``user_id`` at ``table`` was taken from."""
    origin = origin_of(hub.origin_key, client.address)
    hub.seat_origins.note(table, user_id, origin, hub.lobby.tables)


def _maybe_start(table: Table, force: bool = False) -> None:
    """Start the table once every seat is taken (``force``: say why it cannot start yet)."""
    if table.status != "open":
        return
    if all(not s.empty for s in table.seats):
        table.start()
        table.run()
    elif force:
        wait = "wait for four players" if table.config.ranked else "wait or fill with bots"
        raise TableError("seats_empty", f"empty seats: {wait}")


# ---------------------------------------------------------------------- the handlers


def _ping(hub: Hub, client: Client, message: Ping) -> Pong:
    return Pong()


def _hello(hub: Hub, client: Client, message: Hello) -> Welcome:
    user = hub.hello_user(client, message.token)
    if user is None or message.token is None:
        raise ProtocolError("bad_token", "unknown session token")
    hub.welcome(client, user, message.token)
    return Welcome(user_json(user))


def _lobby(hub: Hub, client: Client, message: LobbyRequest) -> ServerMessage:
    return hub.lobby.listing(message.offset, message.limit)


def _create(hub: Hub, client: Client, message: Create) -> None:
    """A new table. The creator of a private table sits in it at once (its id alone lets
    nobody else in), and ``created`` says the seat. A ranked table is made by its queue only.
    ``created`` is sent once the table is stored (``unavailable`` when it cannot be)."""
    user_id = _need_user(client)
    kind, length, kuitan, private = message.kind, message.length, message.kuitan, message.private
    if table_config(kind, length).ranked:
        raise TableError("queue_only", QUEUE_ONLY)
    if private:  # its creator sits in it: the seat's rules apply now
        check_entry(table_config(kind, length, kuitan, private), client.guest, client.rank_index)
        _check_seats(hub, client, user_id)
    ref = message.ref

    def failed() -> None:
        client.send(Error("unavailable", "the table could not be stored; try again", ref))

    table = hub.lobby.create(kind, length, kuitan, private, created_by=user_id, failed=failed)
    if not table.invite_code:
        table.outbox.send(client, Created(table.summary()), ref)
        return
    seat = table.sit(user_id, client.name)
    _seated_from(hub, client, table, user_id)
    table.outbox.send(client, Created(table.summary(), table.invite_code, seat), ref)


def _join(hub: Hub, client: Client, message: Join) -> None:
    user_id = _need_user(client)
    table = _table(hub, client, message)
    if message.seen is not None and not table.hidden_from(table.seat_of(user_id)):
        table.check_seen(message.seen)  # a bad count is refused before anybody sits
    if table.seat_of(user_id) is None:
        check_entry(table.config, client.guest, client.rank_index)
        if table.config.ranked and client.queued_for != table.id:
            raise TableError("queue_only", QUEUE_ONLY)
        if not table.config.ranked:
            _check_seats(hub, client, user_id, table)
    if message.fill_bots and table.status == "open":
        _may_fill(table)
    bot = bot_name(message.bot, _family_of(table))
    seat = table.sit(user_id, client.name, message.seat)
    _seated_from(hub, client, table, user_id)
    for t in list(client.tables):
        if t is table:
            t.detach(client)
    client.tables.add(table)
    table.attach(client, seat, message.seen)
    if message.seen is not None:  # each missed event sent costs its filtering and JSON
        sent = max(0, min(MISSED_PAGE, table.events_count() - message.seen))
        client.spend(missed_charge(sent))
    if message.fill_bots and table.status == "open":
        table.fill_with_bots(bot)
    _maybe_start(table)


def _queue(hub: Hub, client: Client, message: Queue) -> None:
    user_id = _need_user(client)
    origin = hub.origin(client)  # one account per address at a queue table
    kind, length = message.kind, message.length
    table = hub.lobby.queue(user_id, client.rank_index, kind, length, client.guest, origin)
    seat = table.sit(user_id, client.name, origin=origin)
    client.tables.add(table)
    table.attach(client, seat)
    _maybe_start(table)


def _watch(hub: Hub, client: Client, message: Watch) -> None:
    """Spectate a table: a connection watches ``watches_per_connection`` unfinished tables at
    most, here and at the other processes of a group (watch_counts.py)."""
    table = _table(hub, client, message)
    check_watch(client, table.id, hub.settings.watches_per_connection)
    client.tables.add(table)
    table.attach(client, None)


def _unwatch(hub: Hub, client: Client, message: Unwatch) -> Ok:
    table = _table(hub, client, message)
    table.detach(client)
    client.tables.discard(table)
    return Ok()


def _start(hub: Hub, client: Client, message: Start) -> None:
    user_id = _need_user(client)
    table = _table(hub, client, message)
    if table.seat_of(user_id) is None:
        raise TableError("not_seated", "only a seated player can start the table")
    if message.fill_bots:
        _may_fill(table)
        table.fill_with_bots(bot_name(message.bot, _family_of(table)))
    _maybe_start(table, force=True)


def _leave(hub: Hub, client: Client, message: Leave) -> Ok:
    user_id = _need_user(client)
    table = _table(hub, client, message)
    table.leave(user_id)
    table.detach(client)
    client.tables.discard(table)
    return Ok()


def _continue(hub: Hub, client: Client, message: Continue) -> None:
    table = _table(hub, client, message)
    table.confirm(_need_user(client))


def _act(hub: Hub, client: Client, message: Act) -> None:
    user_id = _need_user(client)
    table = _table(hub, client, message)
    table.submit(user_id, message.action, message.seq)


def _chat(hub: Hub, client: Client, message: Chat) -> None:
    """A line at a party table (chat.py): sent to the seated persons' connections, the
    sayer's own copy answering the message's id. It is sent at once, not held with the
    table's messages behind its writes: a line is never stored, so its timing depends on
    nothing the table stores meanwhile."""
    user_id = _need_user(client)
    table = _table(hub, client, message)
    line = table.say(user_id, message.text, hub.chat_limits.check)
    conns = table.chat_connections()
    if client not in conns:  # the sayer's seat, from a connection that has not joined
        conns.append(client)
    for conn in conns:
        conn.send(line, message.ref if conn is client else None)


def _hint(hub: Hub, client: Client, message: HintRequest) -> None:
    user_id = _need_user(client)
    table = _table(hub, client, message)
    table.hint(user_id, client, message.ref, message.seq)


#: the handler of each client message kind
HANDLERS: dict[type[ClientMessage], Handler] = {
    Ping: _ping,
    Hello: _hello,
    LobbyRequest: _lobby,
    Create: _create,
    Join: _join,
    Queue: _queue,
    Watch: _watch,
    Unwatch: _unwatch,
    Start: _start,
    Leave: _leave,
    Continue: _continue,
    Act: _act,
    Chat: _chat,
    HintRequest: _hint,
}


def dispatch(hub: Hub, client: Client, message: ClientMessage) -> ServerMessage | None:
    """Run the handler of ``message``'s kind; its reply, if any."""
    handler = HANDLERS.get(type(message))
    if handler is None:
        raise ProtocolError("unknown_type", f"unknown message type {message.TYPE!r}")
    return handler(hub, client, message)
