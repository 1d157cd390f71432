"""The lobby's stored tables made live again: after a restart (``recover``) or when another
process's table is taken over (cluster.py). A live table is played again from its stored
actions on a thread, never on the event loop: a long match would hold every other table of the
process (and every client) meanwhile. The table is found only once it is resumed; until then
a message for it waits (:meth:`LobbyRecovery.until_resumed`; with several processes the
cluster's claim holds it). The lobby lists a table still coming back after a restart at once,
as restored from its row (``returning``): a lobby page does not wait for every replay."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.models import TableRow
from jantaku.server.origins import forgotten
from jantaku.server.storage import Store, StoredAction
from jantaku.server.tables import Seat, Table
from jantaku.server.writer import Writer

if TYPE_CHECKING:
    from collections.abc import Callable

    from jantaku.engine.game import GameResult

__all__ = ["LobbyRecovery"]

log = logging.getLogger("jantaku.server")


class LobbyRecovery:
    """The resuming part of :class:`~jantaku.server.manager.Lobby`."""

    store: Store
    settings: ServerSettings
    tables: dict[str, Table]
    idle_since: dict[str, float]
    idle_clock: Callable[[], float]
    turn_clock: Callable[[], float]
    wait_clock: Callable[[], float]
    writer: Writer | None
    on_lost: Callable[[Table], None] | None
    # the live tables found by ``recover(later=True)``, each one's id with what its messages
    # wait for until it is resumed (run_all resumes them)
    resuming: dict[str, asyncio.Event]
    # the same tables as restored from their rows, not yet played again: the lobby lists them
    # meanwhile (lobby_listing.py), nobody else finds them
    returning: dict[str, Table]
    _recovered: list[TableRow]
    _resumer: asyncio.Task[None] | None

    if TYPE_CHECKING:  # the rest of the lobby

        def _index_invite(self, table: Table) -> None: ...
        def _finished(self, table: Table, outcome: GameResult) -> None: ...

    def recover(self, later: bool = False) -> int:
        """Rebuild every stored open or live table; returns how many live ones resume. An open
        table older than ``table_idle_seconds`` is expired instead: nobody is connected after a
        restart, and it has been waiting long enough. ``later``: the live ones are resumed
        once :meth:`run_all` runs the tables, each played again on a thread, while the server
        answers; a message for one waits until it is resumed."""
        resumed = 0
        for row in self.store.tables("open", "live"):
            if row.status == "open" and forgotten(row.config, self.settings):
                self.store.update_table(row.id, status="expired")  # its players queue again
                continue
            if later and row.status == "live":
                self.resuming[row.id] = asyncio.Event()
                self._recovered.append(row)
                restored = self._restored(row, None)  # only an open one may have expired
                if restored is not None:
                    self.returning[row.id] = restored
                resumed += 1
                continue
            table = self.rebuild(row)
            resumed += table is not None and table.status == "live"
        return resumed

    def _resume_recovered(self) -> None:
        """From :meth:`run_all`: resume the live tables ``recover(later=True)`` found."""
        if self._recovered and self._resumer is None:
            self._resumer = asyncio.get_running_loop().create_task(self._resume_all())

    async def _resume_all(self) -> None:
        rows, self._recovered = self._recovered, []
        resumed = 0
        try:
            for row in rows:
                restored = self.returning.get(row.id)
                if restored is not None:  # it stores its actions as the lobby's tables do
                    restored.writer = self.writer
                try:
                    table = await self._played_again(restored, row, None)
                finally:  # what waited for it goes on (to the table, or to "no such table")
                    self.returning.pop(row.id, None)
                    waited = self.resuming.pop(row.id, None)
                    if waited is not None:
                        waited.set()
                if table is not None and table.status == "live":
                    table.run()
                    resumed += 1
        finally:  # stopped meanwhile: nothing waits any more
            for waited in self.resuming.values():
                waited.set()
            self.resuming.clear()
            self.returning.clear()
            self._resumer = None
        log.info("resumed %d live tables", resumed)

    async def until_resumed(self, table_id: str | None) -> None:
        """Wait while the table of ``table_id`` is being resumed after a restart (None: a
        table named by its invite code, which is known once it is resumed: while any is)."""
        if table_id is None:
            waits = list(self.resuming.values())
        else:
            waited = self.resuming.get(table_id)
            waits = [] if waited is None else [waited]
        for w in waits:
            await w.wait()

    def rebuild(
        self, row: TableRow, fence: int | None = None, stored: list[StoredAction] | None = None
    ) -> Table | None:
        """One stored open or live table, live again in this process (driven with the fencing
        number ``fence`` when several processes share the database; ``stored``: its actions,
        read already); None when it expired or cannot be resumed. Played again here: for a
        caller without an event loop (:meth:`resume` is the event loop's)."""
        table = self._restored(row, fence)
        if table is not None and row.status == "live":
            try:
                self._replay(table, row, stored)
            except Exception:
                _unresumable(row)
                return None
        return self._registered(table, row)

    async def resume(
        self, row: TableRow, fence: int | None = None, stored: list[StoredAction] | None = None
    ) -> Table | None:
        """:meth:`rebuild`, the match played again on a thread (its actions read there too
        when not given): the event loop goes on meanwhile."""
        return await self._played_again(self._restored(row, fence), row, stored)

    async def _played_again(
        self, table: Table | None, row: TableRow, stored: list[StoredAction] | None
    ) -> Table | None:
        """The restored ``table`` of ``row`` resumed (:meth:`resume`)."""
        if table is not None and row.status == "live":
            try:
                await asyncio.to_thread(self._replay, table, row, stored)
            except Exception:
                _unresumable(row)
                return None
        return self._registered(table, row)

    def _restored(self, row: TableRow, fence: int | None) -> Table | None:
        """The table of a stored row, not yet played again nor found by anybody; None when it
        waited open past ``table_idle_seconds`` (stored as expired)."""
        if row.status == "open":
            waited = max(0.0, time.time() - row.created_at)
            if waited >= self.settings.table_idle_seconds:
                self._store_expired(row.id)
                return None
            self.idle_since[row.id] = self.idle_clock() - waited
        config = TableConfig.from_json(row.config)
        table = Table(
            row.id,
            config,
            self.store,
            self.settings,
            seed=row.seed,
            invite_code=row.invite_code,
            on_finish=self._finished,
        )
        table.fence, table.on_lost, table.writer = fence, self.on_lost, self.writer
        table.turn_clock, table.wait_clock = self.turn_clock, self.wait_clock
        table.seats = [Seat.restored(s, self.wait_clock()) for s in row.seats]
        table.created_by, table.created_at = row.created_by, row.created_at
        table.status, table.started_at = row.status, row.started_at or 0.0  # as it is listed
        return table

    def _replay(self, table: Table, row: TableRow, stored: list[StoredAction] | None) -> None:
        """Play a live table's stored actions again (nobody else holds it yet)."""
        actions = self.store.actions(row.id) if stored is None else stored
        table.replay(actions, row.started_at or time.time())

    def _registered(self, table: Table | None, row: TableRow) -> Table | None:
        """A restored table found from now on; a live one resumes from now."""
        if table is None:
            return None
        self.tables[row.id] = table
        self._index_invite(table)
        if row.status == "live":
            try:
                table.resumed()
            except Exception:
                self.tables.pop(row.id, None)
                _unresumable(row)
                return None
        return table

    def _store_expired(self, table_id: str) -> None:
        """Store that a table nobody drives any more expired: on the writer thread once it
        runs (a takeover's event loop never waits for the database); nothing waits for it."""
        if self.writer is None:
            self.store.update_table(table_id, status="expired")
            return
        store = self.store

        def stored(error: BaseException | None) -> None:
            if error is not None:
                log.warning("storing that table %s expired failed: %r", table_id, error)

        self.writer.call(
            table_id, None, lambda: store.update_table(table_id, status="expired"), stored
        )


def _unresumable(row: TableRow) -> None:
    """Log why a stored table cannot be resumed (from its ``except`` block)."""
    log.exception("table %s cannot be resumed", row.id)
