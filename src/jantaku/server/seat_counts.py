"""The unfinished tables one sits at, per player (``tables_per_user``) and per client address
(``tables_per_address``), as this process knows them: the seats of the tables it drives, and
the address each seat was taken from (kept as its keyed hash, origins.py). Each table costs
the server computer players and timers, so one account, or one address making guest accounts,
may keep only a few of them busy.

A seat counts while its person holds it: given up before the start it counts no more;
withdrawn from a match under way it counts until the match ends (computer players play it on
at the server's cost). A ranked table's seats count for their players, not their address (a
ranked table seats one account per address, from its queue, and never a computer player).
With several processes the group's counts are kept in Redis (shared_seats.py); these are the
truth each process writes there, and the count it falls back to without Redis."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from jantaku.server.protocol import ProtocolError, loads_bounded
from jantaku.server.tables import Table, TableError

__all__ = [
    "SeatOrigins",
    "address_refusal",
    "check_seats",
    "seat_fields",
    "table_fields",
    "takes_seat",
    "unfinished",
    "user_refusal",
    "user_tables",
]


_SWEEP_EVERY = 256  # seats noted between two sweeps of what holds none any more


def unfinished(table: Table) -> bool:
    return table.status in ("open", "live")


def takes_seat(raw: str | bytes) -> bool:
    """Whether a client message may take a seat (a ``join``, a ``create``): the others need
    no seat count (what is not a message at all, the handler refuses). Read only when the
    text may say so: without an escape, a type spelt in JSON is spelt in the text too."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    if "\\" not in text and "join" not in text and "create" not in text:
        return False
    try:
        data = loads_bounded(raw)
    except ProtocolError:
        return False
    return isinstance(data, dict) and data.get("type") in ("join", "create")


def user_refusal(limit: int) -> TableError:
    return TableError(
        "too_many_tables",
        f"you sit at {limit} tables that have not finished (those you left too, while "
        "computer players finish them); wait for one to end",
    )


def address_refusal(limit: int) -> TableError:
    return TableError(
        "too_many_tables",
        f"players from your address sit at {limit} tables that have not finished; wait for "
        "one to end",
    )


class SeatOrigins:
    """The addresses (keyed hashes) the seats of unranked tables here were taken from: per
    table, per address, the players who sat from it."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[str, set[int]]] = {}
        self._by_origin: dict[str, set[str]] = {}  # address -> tables noted for it
        self._notes = 0

    def note(self, table: Table, user_id: int, origin: str, tables: Mapping[str, Table]) -> None:
        """``user_id`` took (or took back) a seat of ``table`` from ``origin``; now and then
        what holds no seat any more among ``tables`` (the unfinished ones here) is forgotten."""
        if table.config.ranked:
            return
        self._tables.setdefault(table.id, {}).setdefault(origin, set()).add(user_id)
        self._by_origin.setdefault(origin, set()).add(table.id)
        self._notes += 1
        if self._notes % _SWEEP_EVERY == 0:
            list(self.pairs(tables))  # what holds no seat is forgotten on the way

    def tables_of(self, origin: str, tables: Mapping[str, Table]) -> set[str]:
        """The unfinished tables here where a player who sat from ``origin`` holds a seat."""
        found = set()
        for table_id in list(self._by_origin.get(origin, ())):
            if self._holds(table_id, origin, tables):
                found.add(table_id)
        return found

    def record(self, table_id: str, tables: Mapping[str, Table]) -> frozenset[tuple[int, str]]:
        """Each (player, address) whose seat of ``table_id`` is held: what a process taking
        the table over needs to count its seats per address (seat_records.py)."""
        seats: set[tuple[int, str]] = set()
        for origin in list(self._tables.get(table_id, {})):
            if self._holds(table_id, origin, tables):
                seats.update((user, origin) for user in self._tables[table_id][origin])
        return frozenset(seats)

    def records(self, tables: Mapping[str, Table]) -> dict[str, frozenset[tuple[int, str]]]:
        """:meth:`record` of every table here where a seat is held."""
        found = {table_id: self.record(table_id, tables) for table_id in list(self._tables)}
        return {table_id: seats for table_id, seats in found.items() if seats}

    def pairs(self, tables: Mapping[str, Table]) -> Iterator[tuple[str, str]]:
        """Every (address, table) whose seat is held (what is gone is forgotten on the way)."""
        for table_id in list(self._tables):
            for origin in list(self._tables.get(table_id, {})):
                if self._holds(table_id, origin, tables):
                    yield origin, table_id

    def _holds(self, table_id: str, origin: str, tables: Mapping[str, Table]) -> bool:
        """Whether a player of ``origin`` holds a seat of the unfinished ``table_id``; what
        holds none any more is forgotten."""
        table = tables.get(table_id)
        by_origin = self._tables.get(table_id, {})
        users = by_origin.get(origin, set())
        if table is None or not unfinished(table):
            users.clear()
        else:
            users -= {u for u in users if table.seat_of(u) is None}
        if users:
            return True
        by_origin.pop(origin, None)
        if not by_origin:
            self._tables.pop(table_id, None)
        noted = self._by_origin.get(origin)
        if noted is not None:
            noted.discard(table_id)
            if not noted:
                del self._by_origin[origin]
        return False


def user_tables(tables: Mapping[str, Table], user_id: int) -> set[str]:
    """The unfinished tables here where ``user_id`` holds a seat."""
    return {i for i, t in tables.items() if unfinished(t) and t.seat_of(user_id) is not None}


def seat_fields(tables: Mapping[str, Table], origins: SeatOrigins) -> set[tuple[str, str]]:
    """What this process counts: (``u:USER`` or ``a:ORIGIN``, table id) for each seat held at
    an unfinished table here."""
    fields = {
        (f"u:{s.user_id}", t.id)
        for t in tables.values()
        if unfinished(t)
        for s in t.seats
        if s.user_id is not None
    }
    fields.update((f"a:{origin}", table_id) for origin, table_id in origins.pairs(tables))
    return fields


def table_fields(
    table: Table, tables: Mapping[str, Table], origins: SeatOrigins
) -> set[tuple[str, str]]:
    """:func:`seat_fields` of one ``table`` among this process's ``tables`` (the others'
    addresses kept)."""
    if not unfinished(table):
        return set()
    fields = {(f"u:{s.user_id}", table.id) for s in table.seats if s.user_id is not None}
    fields.update((f"a:{origin}", table.id) for _user, origin in origins.record(table.id, tables))
    return fields


def check_seats(
    tables: Mapping[str, Table],
    origins: SeatOrigins,
    limits: tuple[int, int],
    user_id: int,
    origin: str,
    table_id: str | None = None,
) -> None:
    """Before ``user_id`` takes a new seat (at ``table_id``; None: a table being created) from
    ``origin``: refused (``too_many_tables``) when they hold seats at ``limits[0]`` unfinished
    tables, or players from their address at ``limits[1]`` other ones."""
    per_user, per_address = limits
    if len(user_tables(tables, user_id)) >= per_user:
        raise user_refusal(per_user)
    if len(origins.tables_of(origin, tables) - {table_id}) >= per_address:
        raise address_refusal(per_address)
