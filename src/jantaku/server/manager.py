"""The lobby: creates tables, finds them by id or invite code, recovers live ones on start
(recovery.py), lists them a page at a time (lobby_listing.py), and closes open tables that
nobody uses."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import logging
import secrets
import time
import weakref
from collections import deque
from collections.abc import Callable, Collection
from typing import Any

from jantaku.engine.game import GameResult
from jantaku.families import UnknownFamilyError, family
from jantaku.server.config import ServerSettings, TableConfig, TableKind, table_config
from jantaku.server.lobby_listing import LobbyListing
from jantaku.server.match_summary import rank_fields
from jantaku.server.models import TableRow
from jantaku.server.origins import address_refused
from jantaku.server.records import plan_ranks, player_lines, ranked_users
from jantaku.server.recovery import LobbyRecovery
from jantaku.server.seats import check_entry
from jantaku.server.storage import Fenced, Store
from jantaku.server.tables import Table, TableError
from jantaku.server.writer import Done, Writer

__all__ = ["Lobby", "check_entry"]

log = logging.getLogger("jantaku.server")


def _code_key(code: str) -> bytes:
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).digest()


def _new_row(table: Table, fence: int | None) -> TableRow:
    """The stored row of a new open table."""
    return TableRow(
        id=table.id,
        family=table.config.family,
        kind=table.config.kind.value,
        config=table.config.to_json(),
        seed=table.seed,
        commitment=table.commitment,
        status="open",
        invite_code=table.invite_code,
        seats=[s.stored() for s in table.seats],
        created_at=table.created_at,
        started_at=None,
        created_by=table.created_by,
        fence=fence or 0,
    )


class Lobby(LobbyListing, LobbyRecovery):
    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        # the SHA-256 of each invite code -> its table (held weakly: a table gone from
        # ``tables`` is not kept alive here): a code is found without a pass over every table
        self._invites: weakref.WeakValueDictionary[bytes, Table] = weakref.WeakValueDictionary()
        # several processes: claims a new table's lease for this one without waiting (gives
        # its fencing number; says on the event loop when the lease is held, or why not), and
        # hears of a table another process took over
        self.claim: Callable[[str, Done], int] | None = None
        self.unclaim: Callable[[str], None] | None = None  # gives a new table's lease up
        self.on_lost: Callable[[Table], None] | None = None
        self.on_forget: Callable[[Table], None] | None = None  # a table gone from here
        self.elsewhere = None  # the other processes' public tables (lobby_listing.py)
        self._remote = (None, [])
        self._sorted = None
        self.idle_since: dict[str, float] = {}  # open table id -> idle_clock time it fell idle
        self.idle_clock: Callable[[], float] = time.monotonic  # a test may give one it moves
        # the clocks each table's turn times and banks, and its queued players' waits, run on
        # (Table.turn_clock, Table.wait_clock; a test may give ones it moves)
        self.turn_clock: Callable[[], float] = time.monotonic
        self.wait_clock: Callable[[], float] = time.monotonic
        self._sweeper: asyncio.Task[None] | None = None
        # how late the event loop wakes a sleeper (seconds; the load benchmark's ``loop``)
        self.loop_lags: deque[float] = deque(maxlen=20000)
        self.gc_pauses: deque[float] = deque(maxlen=1000)
        self._gc_started = 0.0
        self._probe_task: asyncio.Task[None] | None = None
        # stores the tables' actions off the event loop, from run_all on (before it, and
        # without a running loop, each action is stored on the spot)
        self.writer: Writer | None = None
        # the live tables being resumed after a restart (recovery.py)
        self.resuming: dict[str, asyncio.Event] = {}
        self.returning: dict[str, Table] = {}
        self._recovered: list[TableRow] = []
        self._resumer: asyncio.Task[None] | None = None

    def create(
        self,
        kind: str,
        length: str = "quick",
        kuitan: bool | None = None,
        private: bool = False,
        seed: str | None = None,
        created_by: int | None = None,
        table_id: str | None = None,
        failed: Callable[[], None] | None = None,
    ) -> Table:
        """A new open table; a player may have at most ``open_tables_per_user`` of their own
        open (not yet started) at once. ``table_id``: one the matchmaking chose already.

        With the writer thread its row is stored there (the event loop never waits for the
        database), before any later write of the table, and with several processes its lease
        is claimed meanwhile (nor does the loop wait for Redis); what the table sends waits
        until both are done; when either fails the table is gone again and ``failed`` is
        called (a row stored for a table whose lease could not be had is removed again: no
        other process may take it for an orphan, and a lease had for a table whose row could
        not be stored is given up at once: nobody drives that table)."""
        config = table_config(kind, length, kuitan, private)
        self._may_create(config, created_by)
        table_id = table_id or secrets.token_hex(6)
        invite = secrets.token_urlsafe(6) if private else None
        table = Table(
            table_id,
            config,
            self.store,
            self.settings,
            seed=seed,
            invite_code=invite,
            on_finish=self._finished,
        )
        table.created_by = created_by
        table.turn_clock, table.wait_clock = self.turn_clock, self.wait_clock
        refusals: list[BaseException] = []
        held: list[bool] = []  # its lease, once had

        def created(error: BaseException | None) -> None:
            """Its lease is held, or its row stored, or one of them could not be: then
            nobody may find the table (``failed`` is called once)."""
            if error is None:
                table.outbox.stored()
            elif not refusals:
                refusals.append(error)
                self._not_created(table, error, failed)
                if held:  # its row could not be stored: its lease is given up at once
                    self._unclaim(table_id)

        def leased(error: BaseException | None) -> None:
            if error is not None:
                self._drop_new(table)
            else:
                held.append(True)
                if refusals:  # its row could not be stored before the lease was had
                    self._unclaim(table_id)
            created(error)

        fence = None
        if self.claim is not None:  # its lease: what the table sends waits for it too
            table.outbox.wrote()
            fence = self.claim(table_id, leased)
            if refusals:  # refused at once: nothing is stored, and nobody finds the table
                return table
        row = _new_row(table, fence)
        table.fence, table.on_lost, table.writer = fence, self.on_lost, self.writer
        if self.writer is None:
            self.store.create_table(row)
        else:
            store = self.store
            table.outbox.wrote()
            self.writer.call(table_id, fence, lambda: store.create_table(row), created)
        self.tables[table_id] = table
        self._index_invite(table)
        self._sorted = None  # listed at once
        self.idle_since[table_id] = self.idle_clock()  # nobody sits there yet
        return table

    def _not_created(
        self, table: Table, error: BaseException, failed: Callable[[], None] | None
    ) -> None:
        """A new table's lease or row could not be had: nobody may find the table."""
        if self.tables.get(table.id) is table:
            self.tables.pop(table.id)
            self.idle_since.pop(table.id, None)
            self._sorted = None
        table.refused(error)
        if failed is not None:
            failed()

    def _may_create(self, config: TableConfig, created_by: int | None) -> None:
        """Refuse a table the player may not create now (too many open ones of theirs), or
        one of a family this server has no engine for (TableError)."""
        if created_by is not None:
            limit = self.settings.open_tables_per_user
            if self.open_created_by(created_by) >= limit:
                raise TableError(
                    "too_many_tables",
                    f"you have {limit} open tables already; start one or leave it empty to "
                    "expire before creating another",
                )
        try:
            family(config.family)
        except UnknownFamilyError:
            raise TableError(
                "unavailable", f"no {config.family} engine on this server yet"
            ) from None

    def _unclaim(self, table_id: str) -> None:
        """Give up the lease of a new table that could not be created (else it would stay
        held, the table driven by nobody, until it ran out)."""
        if self.unclaim is not None:
            self.unclaim(table_id)

    def _drop_new(self, table: Table) -> None:
        """Remove the row of a new table whose lease could not be had: after its own write (on
        the writer thread, when that stores it); no row, or its write failed: nothing."""
        store, table_id, seed = self.store, table.id, table.seed
        if self.writer is None:
            store.drop_new_table(table_id, seed)
            return

        def dropped(error: BaseException | None) -> None:
            if error is not None:
                log.warning("removing the row of table %s failed: %r", table_id, error)

        def drop() -> None:
            store.drop_new_table(table_id, seed)

        # fence None: run even when the row's own write failed (it then finds nothing)
        self.writer.call(table_id, None, drop, dropped)

    def open_created_by(self, user_id: int) -> int:
        """How many open tables the player created."""
        return sum(
            1 for t in self.tables.values() if t.status == "open" and t.created_by == user_id
        )

    def queue(
        self,
        user_id: int,
        rank_index: int,
        kind: str,
        length: str,
        guest: bool = False,
        origin: str | None = None,
    ) -> Table:
        """The solo queue of a ranked kind: the open public table of that kind and length where
        the player sits, else the oldest with a free seat, or a new one. The match starts when
        the fourth player sits; guests are refused (``guests_unranked``), and so is a player
        whose table seats another account of the same ``origin`` (``queue_address``;
        origins.py)."""
        config = table_config(kind, length)
        if not config.ranked:
            raise TableError("bad_request", "only ranked tables have a queue")
        check_entry(config, guest, rank_index)
        queue = [
            t
            for t in self.tables.values()
            if t.status == "open"
            and not t.config.private
            and t.config.kind is config.kind
            and t.config.length == length
        ]
        for t in queue:  # one's own seat first: nobody sits at two queue tables
            if t.seat_of(user_id) is not None:
                return t
        for t in queue:
            if any(s.empty for s in t.seats):
                if origin is not None and any(s.origin == origin for s in t.seats):
                    raise address_refused()
                return t
        return self.create(kind, length)

    def get(
        self, table_id: Any, user_id: int | None = None, attached: Collection[Table] = ()
    ) -> Table:
        """The table of an id. A private table is found by id only by its seated players and
        by connections already attached to it (they came in with the invite code); anyone
        else gets the answer an unknown id gets, so the id's existence is not revealed."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        hidden = table is not None and table.config.private and table.seat_of(user_id) is None
        if hidden and table not in attached:
            table = None
        if table is None:
            shown = table_id[:40] if isinstance(table_id, str) else table_id
            raise TableError("no_table", f"no live table {shown!r}")
        return table

    def _index_invite(self, table: Table) -> None:
        if table.invite_code is not None:
            self._invites[_code_key(table.invite_code)] = table

    def by_invite(self, code: Any) -> Table:
        """The table of an invite code: one lookup by the code's hash (no comparison with each
        table's code, whose time would grow with the tables and leak a code's prefix)."""
        if isinstance(code, str) and code:
            table = self._invites.get(_code_key(code))
            if table is not None and self.tables.get(table.id) is table:
                return table
        raise TableError("no_table", "no table with that invite code")

    def _finished(self, table: Table, outcome: GameResult) -> None:
        """Store the game (full event log, seed revealed) and, if ranked and recorded, ranks.
        With the writer thread the ranks are read, worked out and saved there, after every
        earlier write (a match that ended just before counts), and the end is shown once
        stored, with the rank changes."""
        assert table.engine is not None
        seats = [s.stored() for s in table.seats]
        events = [e.to_json() for e in table.engine.log]
        rated = outcome.recorded and table.config.ranked
        kind, store = table.config.kind.value, self.store
        result = table._result_json()  # the rank fields are filled in as it is stored
        lines = player_lines(table.id, seats, outcome, table.engine.log)
        planned: list[list[dict[str, Any]] | None] = [None]

        def record() -> None:
            plan = plan_ranks(store, kind, seats, outcome) if rated else None
            changes = None if plan is None else [c.to_json() for c in plan.changes]
            stored = {**result, **rank_fields(changes)}
            users = [] if plan is None else ranked_users(plan)
            if not store.finish_game(
                table.id, outcome.recorded, stored, events, lines, table.fence, users
            ):  # stored by an attempt whose commit went through: its changes are the ones
                game = store.game(table.id)
                changes = None if game is None else game.result.get("ranks")
            planned[0] = changes

        def recorded(error: BaseException | None) -> None:
            if error is not None:
                table.refused(error)
                return
            table.rank_changes = planned[0]
            table.outbox.stored()

        self.forget(table.id)
        if table.writer is not None:  # after the match's actions; the end is shown once stored
            table.outbox.wrote()
            table.writer.call(table.id, table.fence, record, recorded)
            return
        try:
            record()
        except Fenced:  # another process owns the table now: its owner records the end
            table.lost()
        table.rank_changes = planned[0]

    def run_all(self) -> None:
        loop = asyncio.get_running_loop()
        if self.writer is None:
            self.writer = Writer(self.store, loop)
        for t in list(self.tables.values()):
            t.writer = self.writer
            t.run()
        if self._sweeper is None:
            self._sweeper = loop.create_task(self._sweep())
        if self._probe_task is None:
            self._probe_task = loop.create_task(self._probe())
        self._resume_recovered()

    async def stop_all(self) -> None:
        for task in (self._sweeper, self._probe_task, self._resumer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._sweeper = self._probe_task = None
        if self._gc_timer in gc.callbacks:
            gc.callbacks.remove(self._gc_timer)
        await asyncio.gather(*(t.stop() for t in list(self.tables.values())))
        await self.flush()
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    async def flush(self) -> None:
        """Wait until every action accepted so far is stored (a drain hands the tables over
        only after this)."""
        if self.writer is not None:
            await self.writer.flush()

    def _gc_timer(self, phase: str, info: dict[str, int]) -> None:
        """Time the collections of the oldest generation (they stop the whole process)."""
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.gc_pauses.append(time.perf_counter() - self._gc_started)

    async def _probe(self, period: float = 0.01) -> None:
        """Measure the event loop's delay: how much later than asked a short sleep ends (a
        blocking call on the loop, or too much work for one core, shows here); and the
        pauses of full garbage collections."""
        if self._gc_timer not in gc.callbacks:
            gc.callbacks.append(self._gc_timer)
        while True:
            asked = time.monotonic() + period
            await asyncio.sleep(period)
            self.loop_lags.append(max(0.0, time.monotonic() - asked))

    # ------------------------------------------------------------------ expiry

    async def _sweep(self) -> None:
        period = max(0.2, min(30.0, self.settings.table_idle_seconds / 4))
        while True:
            await asyncio.sleep(period)
            try:
                self.expire_idle()
            except Exception:  # a bad table must not stop the sweeping of the others
                log.exception("expiring idle tables failed")

    def expire_idle(self, now: float | None = None) -> list[str]:
        """Close every open table that has been idle for ``table_idle_seconds``: nobody seated,
        or none of its seated players connected. Live tables are never expired here (computer
        players finish a match for absent players). Returns the expired ids."""
        now = self.idle_clock() if now is None else now
        expired = []
        for table in list(self.tables.values()):
            if table.status != "open":
                self.idle_since.pop(table.id, None)
                continue
            people = [s for s in table.seats if s.user_id is not None]
            if people and any(s.connections for s in people):
                self.idle_since.pop(table.id, None)
                continue
            since = self.idle_since.setdefault(table.id, now)
            if now - since >= self.settings.table_idle_seconds:
                self._expire(table)
                expired.append(table.id)
        return expired

    def _expire(self, table: Table) -> None:
        table.expire()
        self.forget(table.id)

    def forget(self, table_id: str) -> None:
        """Nobody finds the table here any more (it ended, expired or moved elsewhere)."""
        table = self.tables.pop(table_id, None)
        self.idle_since.pop(table_id, None)
        if table is not None and self.on_forget is not None:
            self.on_forget(table)

    def kinds(self) -> list[str]:
        return [k.value for k in TableKind]
