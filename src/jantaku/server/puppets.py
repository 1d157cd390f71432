"""The computer players ("puppets") of a live table: each one's lane, and the threads their
call decisions run on.

A puppet is one :class:`~jantaku.players.protocol.Player` object, not made for threads: its
``observe`` and ``choose`` must run one at a time, in the order the table made them. A call
decision runs on a thread, and the table stops waiting for it when the window ends (a pass);
it may still run then. So each puppet has a lane: while a decision of its runs on a thread,
the table's later calls for it wait behind it, in order. The event loop never waits for a
thread: a queued ``observe`` simply runs when the lane is free, and the table waits only for a
``choose`` it needs (its own turn: nobody else is asked then). A late decision's answer is
dropped; and the own turn does not wait for it: the table retires that lane and seats a fresh
puppet caught up from the match's events (table_driver.py)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from jantaku.players.protocol import Player

__all__ = ["Job", "Lane", "decision_pool", "decision_threads", "hint_pool"]

log = logging.getLogger("jantaku.server")


def decision_threads(setting: int | None) -> int:
    """How many threads a process's puppets make their call decisions on: ``setting``, or one
    per core and at least two. A decision is Python code that holds the interpreter lock, so
    threads beyond the cores decide no faster and take the lock from the event loop more often;
    two let a slow decision leave a thread to every other table. A table runs one decision on
    a thread at a time (a slow one, still running when its window ended, keeps the next call
    of that table waiting: it is a pass), so a table's slow puppets hold one thread, never
    all of them; the other tables share the rest in the order they asked."""
    return setting if setting is not None and setting > 0 else max(2, os.cpu_count() or 1)


_POOLS: dict[int, ThreadPoolExecutor] = {}


def decision_pool(threads: int) -> ThreadPoolExecutor:
    """The process's decision threads (one pool for every table of the process)."""
    pool = _POOLS.get(threads)
    if pool is None:
        pool = _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="jantaku-decisions")
    return pool


_HINTS: list[ThreadPoolExecutor] = []


def hint_pool() -> ThreadPoolExecutor:
    """The process's one thread for hints (table_hints.py): apart from the decision threads,
    so that a person asking for hints never keeps a puppet's call decision from a thread
    (which would make it pass, and so show at the table that somebody asked)."""
    if not _HINTS:
        _HINTS.append(ThreadPoolExecutor(1, thread_name_prefix="jantaku-hints"))
    return _HINTS[0]


class Job:
    """One call on a puppet, queued in its lane: ``result`` is what it returned (what the table
    awaits), ``ended`` is done once it ran, or was cancelled before it began."""

    def __init__(
        self, call: Callable[[], Any], pool: Executor | None, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.call = call
        self.pool = pool  # None: on the event loop
        self.result: asyncio.Future[Any] = loop.create_future()
        self.ended: asyncio.Future[None] = loop.create_future()
        self.started = False
        self.thread: Future[Any] | None = None  # handed to the pool (it may wait for a thread)

    def cancel(self) -> None:
        """Nobody waits for it any more: a call not begun never runs (nor takes a thread when
        the pool is busy); one under way runs to its end (a thread cannot be stopped) and what
        it returns is dropped."""
        self.result.cancel()
        if self.thread is not None:
            self.thread.cancel()  # not yet on a thread: it never will be
        elif not self.started and not self.ended.done():
            self.ended.set_result(None)

    def withdraw(self) -> bool:
        """Cancel the call if it has not begun (:meth:`cancel`); whether it never runs."""
        if self.thread is not None:
            if not self.thread.cancel():  # under way on its thread, or over
                return False
        elif self.started:  # ran on the event loop
            return False
        self.cancel()
        return True


class Lane:
    """One puppet's calls, one at a time, in the order the table made them."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self._running: Job | None = None
        self._queue: deque[Job] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def busy(self) -> bool:
        """Whether a call of this puppet is under way (on a thread) or waits for one."""
        return self._running is not None or bool(self._queue)

    @property
    def stale(self) -> bool:
        """Whether the call under way on a thread is a decision nobody waits for any more (it
        outlasted its window: its answer will be dropped)."""
        return self._running is not None and self._running.result.cancelled()

    def retire(self) -> None:
        """The table stops using this puppet: what waits in its lane never runs (the call
        under way, if any, runs to its end and its answer is dropped)."""
        queued, self._queue = list(self._queue), deque()
        for job in queued:
            job.cancel()

    def observe(self, events: Sequence[Any]) -> None:
        """Show the puppet ``events``: now, or after what its lane holds. A failure is logged
        (a puppet's fault must not refuse a person's action)."""
        if not self.busy:
            try:
                self.player.observe(events)
            except Exception:
                log.exception("a computer player failed to observe the table")
            return
        self._submit(lambda: self.player.observe(events), None).result.add_done_callback(_logged)

    def choose(self, view: Any) -> asyncio.Future[Any]:
        """The puppet's decision, made on the event loop: now (the future is done at once), or
        after what its lane holds; its place in the lane is taken at this call."""
        return self._submit(lambda: self.player.choose(view), None).result

    def decide(self, view: Any, pool: Executor) -> Job:
        """The puppet's decision, made on a thread of ``pool`` after what its lane holds."""
        return self._submit(lambda: self.player.choose(view), pool)

    def run(self, call: Callable[[], Any], pool: Executor) -> Job:
        """Any other call on the puppet (a hint's advice, table_hints.py), on a thread of
        ``pool`` after what its lane holds."""
        return self._submit(call, pool)

    def _submit(self, call: Callable[[], Any], pool: Executor | None) -> Job:
        if self._loop is None or not self.busy:
            self._loop = asyncio.get_running_loop()
        job = Job(call, pool, self._loop)
        self._queue.append(job)
        self._next()
        return job

    def _next(self) -> None:
        """Start what waits, in order, until a call runs on a thread or nothing is left."""
        while self._running is None and self._queue:
            job = self._queue.popleft()
            if job.result.cancelled():
                job.cancel()
                continue
            job.started = True
            if job.pool is None:
                try:
                    value = job.call()
                except Exception as error:
                    job.result.set_exception(error)
                else:
                    job.result.set_result(value)
                job.ended.set_result(None)
                continue
            self._running = job
            assert self._loop is not None
            job.thread = job.pool.submit(job.call)
            job.thread.add_done_callback(functools.partial(_back, self._loop, self._ended, job))

    def _ended(self, job: Job, done: Future[Any]) -> None:
        """A call that ran on a thread is over (on the event loop): the next one may start."""
        self._running = None
        error = None if done.cancelled() else done.exception()
        if done.cancelled():  # never began (cancelled, or the pool shut down)
            job.result.cancel()
        elif job.result.cancelled():
            if error is not None:
                log.error("a computer player's late decision failed: %r", error)
        elif error is not None:
            job.result.set_exception(error)
        else:
            job.result.set_result(done.result())
        job.ended.set_result(None)
        self._next()


def _back(
    loop: asyncio.AbstractEventLoop,
    ended: Callable[[Job, Future[Any]], None],
    job: Job,
    done: Future[Any],
) -> None:
    """From the thread: hand the finished call back to the event loop (gone at shutdown)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(ended, job, done)


def _logged(result: asyncio.Future[Any]) -> None:
    if not result.cancelled() and result.exception() is not None:
        log.error("a computer player failed to observe the table: %r", result.exception())
