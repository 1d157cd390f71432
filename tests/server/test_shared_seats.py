"""The group's count of the unfinished tables one sits at (shared_seats.py): against a real
Redis, two processes taking seats at once never pass a limit (the check and the count are one
step); what is not written again runs out, what is written again lasts, what is gone is taken
away; a full count refuses before the handler and a refused join leaves nothing counted; with
Redis away the process's own count holds (the handler decides) and Redis is asked again only
after a while; the record of a table's addresses goes when the table ends, not when it moves.

The Redis tests need ``JANTAKU_TEST_REDIS`` (bash ci/redis.sh start)."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace
from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.messages import Error, ServerMessage
from jantaku.server.seat_counts import SeatOrigins, takes_seat
from jantaku.server.seat_records import SeatRecords
from jantaku.server.shared_seats import SeatSets, SharedSeats
from tests.server.cluster_env import UnreachableRedis
from tests.server.redis_run import REDIS, run_with_redis

needs_redis = pytest.mark.skipif(
    not REDIS, reason="needs Redis: export JANTAKU_TEST_REDIS (bash ci/redis.sh start)"
)

PER_USER, PER_ADDRESS = ServerSettings().tables_per_user, ServerSettings().tables_per_address
CREATE = json.dumps({"type": "create", "kind": "party", "private": True, "id": 7})


class _Client:
    """What the seat count reads of a connection, and what it was sent."""

    def __init__(self, user_id: int, address: str) -> None:
        self.user_id, self.address = user_id, address
        self.sent: list[ServerMessage] = []

    def send(self, message: ServerMessage, ref: Any = None) -> None:
        self.sent.append(message)


def _hub() -> Any:
    """A process with no tables (its own count refuses nothing)."""
    lobby = SimpleNamespace(tables={})
    return SimpleNamespace(
        settings=ServerSettings(), lobby=lobby, seat_origins=SeatOrigins(), origin_key=b"k" * 32
    )


@needs_redis
def test_two_processes_taking_seats_at_once_never_pass_a_limit() -> None:
    """40 tables asked for at once by one player (each from an address of its own), and 40 by
    one address (each by a player of its own), through two processes' connections."""
    import redis.asyncio as aioredis

    async def job(r: Any, prefix: str) -> tuple[list[int], list[int], int]:
        other = aioredis.Redis.from_url(REDIS or "", decode_responses=True)
        try:
            doors = [SeatSets(r, prefix, 60_000), SeatSets(other, prefix, 60_000)]
            asked = [doors[i % 2].take("u:1", f"a:{i}", f"t{i}", (3, 100)) for i in range(40)]
            asked += [doors[i % 2].take(f"u:{9 + i}", "a:x", f"s{i}", (100, 5)) for i in range(40)]
            got = await asyncio.gather(*asked)
            counted = [await doors[0].count(f"a:{i}") for i in range(40)]
            first = got.index(0)  # a table already counted is no new one
            again = await doors[1].take("u:1", f"a:{first}", f"t{first}", (3, 100))
            return list(got), counted, again
        finally:
            await other.aclose()

    got, counted, again = run_with_redis(job)
    assert got[:40].count(0) == 3 and got[:40].count(1) == 37, got
    assert got[40:].count(0) == 5 and got[40:].count(2) == 35, got
    assert sum(counted) == 3  # a refused table was added to neither set
    assert again == 0


@needs_redis
def test_seats_run_out_unless_written_again() -> None:
    async def job(r: Any, prefix: str) -> None:
        short = SeatSets(r, prefix, 300)
        assert await short.take("u:1", "a:x", "t1", (1, 1)) == 0
        assert await short.take("u:1", "a:y", "t2", (1, 1)) == 1  # the player's one table
        deadline = time.monotonic() + 30
        while await short.count("u:1"):  # nobody writes it again: it runs out
            assert time.monotonic() < deadline, "the seat never ran out"
            await asyncio.sleep(0.05)
        assert await short.take("u:1", "a:y", "t2", (1, 1)) == 0
        key = short.prefix + "u:1"
        before = await r.zscore(key, "t2")
        await asyncio.sleep(0.01)
        await short.write([("u:1", "t2")])  # a renewal: it lasts a time to live more
        assert await r.zscore(key, "t2") > before
        await short.write([("a:y", "t2")], [("u:1", "t2")])  # the seat was given up
        assert await short.count("u:1") == 0
        assert await short.count("a:y") == 1

    run_with_redis(job)


@needs_redis
def test_a_full_count_refuses_before_the_handler_and_a_refusal_counts_nothing() -> None:
    async def job(r: Any, prefix: str) -> tuple[list[str], list[ServerMessage], int, int]:
        elsewhere = SeatSets(r, prefix, 60_000)  # another process's seats of player 1
        for i in range(PER_USER):
            assert await elsewhere.take("u:1", f"a:{i}", f"t{i}", (PER_USER, PER_ADDRESS)) == 0
        seats = SharedSeats(_hub(), r, prefix, 60_000)
        handled: list[str] = []
        full = _Client(1, "10.1.0.1")
        await seats.handle(full, CREATE, lambda c, raw: handled.append(str(raw)))
        free = _Client(2, "10.1.0.2")  # its handler makes no table: what it took is given back
        await seats.handle(free, CREATE, lambda c, raw: handled.append(str(raw)))
        return handled, full.sent + free.sent, await seats.sets.count("u:2"), len(free.sent)

    handled, sent, left, _ = run_with_redis(job)
    assert handled == [CREATE]  # the second player's only
    assert len(sent) == 1 and isinstance(sent[0], Error), sent
    assert sent[0].to_json() == {
        "type": "error",
        "code": "too_many_tables",
        "message": f"you sit at {PER_USER} tables that have not finished (those you left "
        "too, while computer players finish them); wait for one to end",
        "ref": 7,
    }
    assert left == 0


def test_with_redis_away_the_process_count_holds() -> None:
    down = UnreachableRedis()
    seats = SharedSeats(_hub(), down, "p:", 5000)  # type: ignore[arg-type]
    client = _Client(1, "10.1.0.3")
    handled: list[str] = []

    async def job() -> None:
        for _ in range(3):
            await seats.handle(client, CREATE, lambda c, raw: handled.append(str(raw)))

    asyncio.run(job())
    assert handled == [CREATE] * 3 and client.sent == []  # the handler's own count decides
    assert down.calls == 1  # asked once, then counted in the process for a while


def test_a_join_spelt_with_escapes_is_counted_too() -> None:
    """What may take a seat is read as the handler reads it: a type spelt with JSON escapes
    does not slip past the count."""
    assert takes_seat('{"type": "join", "table": "t"}')
    assert takes_seat(b'{"type": "\\u006aoin", "table": "t"}')
    assert takes_seat('{"type": "cr\\u0065ate", "private": true}')
    assert not takes_seat('{"type": "act", "table": "join"}')
    assert not takes_seat('{"type": "ping"}')
    assert not takes_seat("not json, join")


@needs_redis
def test_a_tables_record_of_addresses_goes_when_it_ends_not_when_it_moves() -> None:
    """The addresses of a table's seats (seat_records.py) are read by the process taking the
    table over; its owner takes the record away when the table ends, but not when it moved
    to another process (whose record it is then), and a record changed is written again."""
    first = frozenset({(1, "a" * 64), (2, "b" * 64)})
    later = frozenset({(1, "a" * 64)})

    async def job(r: Any, prefix: str) -> tuple[frozenset[Any], ...]:
        owner = SeatRecords(r, prefix)
        ended = SimpleNamespace(id="t1", status="live")
        moved = SimpleNamespace(id="t2", status="live")
        tables: dict[str, Any] = {"t1": ended, "t2": moved}
        await owner.write({"t1": first, "t2": first}, tables)
        taker = SeatRecords(r, prefix)
        read = await taker.read(moved), await taker.read(ended)  # type: ignore[arg-type]
        await owner.write({"t1": later, "t2": first}, tables)  # a seat of t1 given up
        changed = await taker.read(ended)  # type: ignore[arg-type]
        ended.status, moved.status = "finished", "moved"
        await owner.write({}, {})
        gone = await taker.read(ended), await taker.read(moved)  # type: ignore[arg-type]
        return (*read, changed, *gone)

    moved_read, ended_read, changed, ended_gone, moved_kept = run_with_redis(job)
    assert moved_read == ended_read == first
    assert changed == later
    assert ended_gone == frozenset() and moved_kept == first
