"""Group commit: one thread stores the accepted actions (and the ends of matches) of every
table of the process, in the order they were accepted, many per transaction, so that no commit
blocks the event loop.

The event loop queues a write and goes on; the thread takes everything queued so far, stores
the run of actions in one transaction (the fencing numbers checked in it, storage.py), then
each queued end of a match in its own, and hands the outcomes back to the event loop in queue
order: ``done(None)`` once stored, ``done(error)`` when refused (``Fenced``: another process
owns the table) or failed. A write that failed only because the database could not be reached
or was busy (a restart, a fail-over, a lock) is tried again after a pause, for some seconds,
before it counts as failed: the tables wait instead of stopping. A table holds back what it
would send until its writes are done (``Outbox``), so a client is never shown an action that is
not stored."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import InterfaceError, OperationalError

from jantaku.server.storage import ActionRecord, Store

__all__ = ["RETRY_WAITS", "ActionWrite", "Done", "Outbox", "Writer", "transient"]

log = logging.getLogger("jantaku.server")

#: told on the event loop once a write is done: None when stored, else why not
Done = Callable[[BaseException | None], None]


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """One accepted action to store and whom to tell."""

    record: ActionRecord
    done: Done


@dataclass(frozen=True, slots=True)
class _Call:
    """Another write of a table (its finished game), run in its own transaction in queue
    order."""

    table_id: str
    fence: int | None
    run: Callable[[], None]
    done: Done


_STOP = object()

#: pauses before each new try of a write the database could not take (about 14 s in all: a
#: database restart or fail-over; past that the table stops and resumes from what is stored)
RETRY_WAITS = (0.1, 0.2, 0.5, 1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0)


def transient(error: BaseException | None) -> bool:
    """Whether ``error`` says the database could not be reached or was busy, so the same write
    may succeed later; a refusal (``Fenced``) or a bad row is final."""
    if isinstance(error, OperationalError | InterfaceError):
        return True
    return bool(getattr(error, "connection_invalidated", False))


class Writer:
    """The writer thread of one :class:`~jantaku.server.storage.Store`; its outcomes go to
    ``loop``. ``batch``: the most actions stored in one transaction."""

    def __init__(
        self,
        store: Store,
        loop: asyncio.AbstractEventLoop,
        batch: int = 1000,
        retry_waits: tuple[float, ...] = RETRY_WAITS,
    ) -> None:
        self.store = store
        self.loop = loop
        self.batch = batch
        self.retry_waits = retry_waits
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._queued = 0  # writes queued so far (event loop)
        self._finished = 0  # writes whose outcome was told (event loop)
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        # (thread) the tables, by id and fencing number, a write of which was refused or
        # failed: nothing later of theirs is stored (a gap in a table's actions would make it
        # impossible to resume); claimed again, a table has a new number and writes again
        self._broken: dict[tuple[str, int | None], BaseException] = {}
        self._thread = threading.Thread(target=self._work, name="jantaku-writer", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ the event loop's side

    def append(self, write: ActionWrite) -> None:
        """Queue an action; ``write.done`` is called on the event loop once it is stored."""
        self._queued += 1
        self._queue.put(write)

    def call(self, table_id: str, fence: int | None, run: Callable[[], None], done: Done) -> None:
        """Queue another write of a table driven with ``fence`` (``run`` in the writer
        thread, after every write queued before it); ``done`` as for :meth:`append`."""
        self._queued += 1
        self._queue.put(_Call(table_id, fence, run, done))

    @property
    def pending(self) -> int:
        """Writes queued and not yet told."""
        return self._queued - self._finished

    async def flush(self) -> None:
        """Wait until every write queued so far is stored (or refused) and told."""
        if self._finished >= self._queued:
            return
        waiter = self.loop.create_future()
        self._waiters.append((self._queued, waiter))
        await waiter

    def close(self, timeout: float = 30.0) -> None:
        """Store what is queued, then stop the thread (outcomes not yet told are dropped when
        the event loop is gone)."""
        self._queue.put(_STOP)
        self._thread.join(timeout)

    def _tell(self, outcomes: list[tuple[Done, BaseException | None]]) -> None:
        for done, error in outcomes:
            try:
                done(error)
            except Exception:
                log.exception("a stored write's follow-up failed")
        self._finished += len(outcomes)
        ready = [w for w in self._waiters if w[0] <= self._finished]
        self._waiters = [w for w in self._waiters if w[0] > self._finished]
        for _n, waiter in ready:
            if not waiter.done():
                waiter.set_result(None)

    # ------------------------------------------------------------------ the thread

    def _work(self) -> None:
        stop = False
        while not stop:
            taken = [self._queue.get()]
            while len(taken) < self.batch:
                try:
                    taken.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            if _STOP in taken:
                stop = True
                taken = [t for t in taken if t is not _STOP]
            if taken:
                try:
                    outcomes = self._store(taken)
                except Exception as e:  # no connection at all: every write fails
                    log.exception("storing %d writes failed", len(taken))
                    for t in taken:
                        self._broken[_owner(t)] = e
                    outcomes = [(t.done, e) for t in taken]
                with contextlib.suppress(RuntimeError):  # the event loop is closed
                    self.loop.call_soon_threadsafe(self._tell, outcomes)

    def _store(self, taken: list[Any]) -> list[tuple[Done, BaseException | None]]:
        """Each run of actions in one transaction, every other write in its own, in order."""
        outcomes: list[tuple[Done, BaseException | None]] = []
        run: list[ActionWrite] = []
        for item in [*taken, None]:
            if isinstance(item, ActionWrite):
                run.append(item)
                continue
            if run:
                outcomes += self._store_actions(run)
                run = []
            if isinstance(item, _Call):
                error = self._broken.get(_owner(item))
                if error is None:
                    error = self._run(item)
                    if error is not None:
                        self._broken[_owner(item)] = error
                outcomes.append((item.done, error))
        return outcomes

    def _run(self, call: _Call) -> BaseException | None:
        """Run a call in its own transaction, again while the database cannot be reached."""
        waits = iter(self.retry_waits)
        while True:
            try:
                call.run()
                return None
            except Exception as e:
                wait = next(waits, None)
                if wait is None or not transient(e):
                    return e
                log.warning(
                    "a write of table %s failed (%s); again in %.1f s", call.table_id, e, wait
                )
                time.sleep(wait)

    def _append(self, writes: list[ActionWrite]) -> dict[int, BaseException | None]:
        """Store a run of actions; the ones that failed only because the database could not
        be reached are tried again (in order: a table's later actions failed with its first),
        after a pause, until they are stored or the pauses run out. By ``id`` of the write."""
        outcome: dict[int, BaseException | None] = {}
        pending = writes
        for wait in (*self.retry_waits, None):
            try:
                errors = self.store.append_actions([w.record for w in pending])
            except Exception as e:  # not even an answer per row
                errors = [e] * len(pending)
            again = []
            for w, error in zip(pending, errors, strict=True):
                outcome[id(w)] = error
                if transient(error):
                    again.append(w)
            if not again or wait is None:
                return outcome
            log.warning(
                "storing %d actions failed (%s); again in %.1f s",
                len(again),
                outcome[id(again[0])],
                wait,
            )
            time.sleep(wait)
            pending = again
        return outcome

    def _store_actions(self, run: list[ActionWrite]) -> list[tuple[Done, BaseException | None]]:
        broken = self._broken
        fine = [w for w in run if _owner(w) not in broken]
        errors = self._append(fine) if fine else {}
        outcomes: list[tuple[Done, BaseException | None]] = []
        for w in run:
            error = broken.get(_owner(w)) or errors.get(id(w))
            if error is not None:
                broken.setdefault(_owner(w), error)
                if len(broken) > 10000:  # long gone tables; their writes stopped long ago
                    broken.pop(next(iter(broken)))
            outcomes.append((w.done, error))
        return outcomes


def _owner(write: ActionWrite | _Call) -> tuple[str, int | None]:
    """A write's table and fencing number."""
    if isinstance(write, ActionWrite):
        return write.record.table_id, write.record.fence
    return write.table_id, write.fence


class Outbox:
    """A table's messages held back while any of its writes is not yet stored, then sent in
    order; dropped when a write is refused (nothing unstored is ever shown).

    A quiet write (an answer in a call window, and the time bank it used) holds nothing back
    when it is queued: what is sent meanwhile shows nothing of it, and waiting for it would
    tell every viewer that somebody was asked. What shows its outcome (the window's close)
    comes after :meth:`barrier`, which makes the quiet writes still pending hold it back."""

    def __init__(self) -> None:
        self.pending = 0  # writes that hold back what is sent
        self.quiet = 0  # quiet writes not yet stored
        self._kinds: deque[bool] = deque()  # each pending write, in queue order: quiet?
        self._held: list[tuple[Any, Any, Any]] = []
        self._idle: asyncio.Event | None = None
        self.on_sent: Callable[[], None] | None = None  # once held messages have left

    def send(self, conn: Any, message: Any, ref: Any = None) -> None:
        """Send ``message`` (the answer to the client message of id ``ref``, if given) now,
        or once the table's pending writes are stored."""
        if self.pending:
            self._held.append((conn, message, ref))
        else:
            _deliver(conn, message, ref)

    def later(self, show: Callable[[], None]) -> None:
        """Run ``show`` (it sends something) now, or in its place among the held messages
        once the table's pending writes are stored: what it sends is built then, from what
        those writes found (a rated match's rank changes); dropped when a write is refused."""
        if self.pending:
            self._held.append((None, show, None))
        else:
            show()

    def wrote(self, quiet: bool = False) -> None:
        """One more write of the table queued (``quiet``: it holds nothing back yet)."""
        self._kinds.append(quiet)
        if quiet:
            self.quiet += 1
        else:
            self.pending += 1

    def barrier(self) -> None:
        """What is sent from now on waits for the quiet writes pending too."""
        if self.quiet:
            self.pending += self.quiet
            self.quiet = 0
            self._kinds = deque(False for _ in self._kinds)

    def stored(self) -> None:
        """One of the table's writes is stored (they are told in the order they were
        queued): once all that hold messages back are, what was held leaves."""
        if self._kinds.popleft() if self._kinds else False:
            self.quiet = max(0, self.quiet - 1)
            return
        self.pending = max(0, self.pending - 1)
        if not self.pending:
            held, self._held = self._held, []
            for conn, message, ref in held:
                _deliver(conn, message, ref)
            if self.on_sent is not None:
                self.on_sent()
            self._wake()

    def refused(self) -> None:
        """A write was refused or failed: nothing held may leave."""
        self.pending = self.quiet = 0
        self._kinds.clear()
        self._held = []
        self._wake()

    async def settled(self) -> None:
        """Wait until no write of the table that holds messages back is pending."""
        while self.pending:
            if self._idle is None:
                self._idle = asyncio.Event()
            self._idle.clear()
            await self._idle.wait()

    def _wake(self) -> None:
        if self._idle is not None:
            self._idle.set()


def _deliver(conn: Any, message: Any, ref: Any) -> None:
    if conn is None:  # a message built when it leaves (Outbox.later)
        message()
    elif ref is None:
        conn.send(message)
    else:
        conn.send(message, ref)
