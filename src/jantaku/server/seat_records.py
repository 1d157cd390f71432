"""The addresses a table's seats were taken from, kept per table in Redis, so that a process
taking the table over from a dead one (cluster.py) counts its seats per address at once
(shared_seats.py): the process driving a table knows the addresses only from the joins it
handled, in memory.

Per unranked table a set ``seats:t:TABLE`` holds ``USER ORIGIN`` for each seat held, the
origin being the keyed hash of the address the player sat from (origins.py), never the
address. It is kept in Redis, not in the table's database row: the key of the hashes is in
the database, and an IPv4 address is found again from its hash by trying them all; kept
apart, neither Redis nor the database alone tells an address. The process driving the table
writes its record when it changes (with each renewal of its leases, and after a seat is
taken) and takes it away when the table ends or nobody from an address holds a seat there
any more; one left by a dead process runs out :data:`KEPT` seconds after its last write (a
group down for longer forgets them, as one process without Redis does when it restarts)."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import redis.asyncio as aioredis

    from jantaku.server.tables import Table

__all__ = ["KEPT", "Record", "SeatRecords"]

KEPT = 3600.0  # seconds a record outlives its last write
_REFRESH = KEPT / 3  # an unchanged record is written again this often
_CHUNK = 200  # records written by one round trip
_HASH = re.compile(r"[0-9a-f]{64}")  # an origin (origins.py: HMAC-SHA256, hex)

Record = frozenset[tuple[int, str]]
"""A table's seats: (player, origin) for each."""


class SeatRecords:
    """The records of the tables this process drives (keys under ``prefix``)."""

    def __init__(self, aio: aioredis.Redis, prefix: str) -> None:
        self.aio = aio
        self.prefix = prefix + "seats:t:"
        # what this process wrote last: per table its record, when, and the table
        self._written: dict[str, tuple[Record, float, Table]] = {}

    async def read(self, table: Table) -> Record:
        """The record of a table taken over here, as its last owner wrote it (what is not a
        seat is skipped); it is this process's to write from now on."""
        found = await self.aio.smembers(self.prefix + table.id)
        seats = set()
        for member in found:
            user, _, origin = str(member).partition(" ")
            if user.isdigit() and _HASH.fullmatch(origin):
                seats.add((int(user), origin))
        record = frozenset(seats)
        self._written[table.id] = (record, time.monotonic(), table)
        return record

    async def write(
        self, records: Mapping[str, Record], tables: Mapping[str, Table], every: bool = True
    ) -> None:
        """Write the ``records`` of the tables here that changed since last written (or were
        written long ago); take away an empty one, and with ``every`` (these are all the
        tables here where a seat is held) one written before that is not among them, unless
        its table moved to another process (its new owner writes it). Raises when Redis
        fails (nothing is noted as written then)."""
        now = time.monotonic()
        due = []
        for table_id, record in records.items():
            table = tables.get(table_id)
            last = self._written.get(table_id)
            if (
                record
                and table is not None
                and (last is None or last[0] != record or now - last[1] > _REFRESH)
            ):
                due.append((table_id, record, table))
        gone = [t for t in self._written if not records.get(t) and (every or t in records)]
        dropped = [t for t in gone if self._written[t][2].status != "moved"]
        for at in range(0, max(len(due), len(dropped)), _CHUNK):
            async with self.aio.pipeline(transaction=True) as pipe:
                for table_id, record, _table in due[at : at + _CHUNK]:
                    key = self.prefix + table_id
                    pipe.delete(key)
                    pipe.sadd(key, *(f"{user} {origin}" for user, origin in record))
                    pipe.pexpire(key, int(KEPT * 1000))
                for table_id in dropped[at : at + _CHUNK]:
                    pipe.delete(self.prefix + table_id)
                await pipe.execute()
        for table_id, record, table in due:
            self._written[table_id] = (record, now, table)
        for table_id in gone:
            del self._written[table_id]
