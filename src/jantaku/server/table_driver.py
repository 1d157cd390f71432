"""A live table's driver task: it plays the computer seats (the same :class:`Player` objects
the arena seats), answers for a player whose time ran out, hands an absent player's seat to a
computer player after the grace period, closes call windows and ends the pause between hands.
An unranked match nobody plays any more stops, and ends as abandoned (abandon.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.events import Event
from jantaku.engine.game import Game, GameResult
from jantaku.families import Family
from jantaku.players.filler import fallback_action
from jantaku.players.protocol import Player
from jantaku.server.abandon import abandoned
from jantaku.server.clientview import drawn_index
from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.messages import ServerMessage, TableUpdate
from jantaku.server.puppets import Lane, decision_pool, decision_threads
from jantaku.server.seating import FILLER, seat_player
from jantaku.server.seats import Seat, TableError
from jantaku.server.storage import ActionRecord, Fenced, Store
from jantaku.server.writer import ActionWrite, Outbox, Writer

__all__ = ["TableDriver"]

log = logging.getLogger("jantaku.server")


def _soonest(a: float | None, b: float | None) -> float | None:
    if a is None:
        return b
    return a if b is None else min(a, b)


class TableDriver:
    """The driving part of :class:`~jantaku.server.tables.Table`."""

    id: str
    status: str
    store: Store
    fence: int | None
    config: TableConfig
    family: Family
    settings: ServerSettings
    seats: list[Seat]
    engine: Game | None
    started_at: float
    lags: list[float]
    latencies: list[float]
    writer: Writer | None
    outbox: Outbox
    _changed: asyncio.Event
    _players: dict[int, Player]
    _lanes: dict[int, Lane]
    _thinking: asyncio.Future[None] | None
    _window_until: float | None
    _hidden_until: float | None
    _deferred: tuple[Action, float] | None
    _pause_until: float | None
    _confirmed: set[int]
    _deal_end: tuple[int, list[Event]] | None
    _rng: random.Random

    if TYPE_CHECKING:  # the rest of the table

        def summary(self) -> dict[str, Any]: ...
        def _send_all(self, message: ServerMessage) -> None: ...
        def _asked(self, seat: int) -> bool: ...
        def _deadline_of(self, seat: int) -> float | None: ...
        def _call_window(self) -> float: ...
        def _start_clocks(self) -> None: ...
        def _broadcast(self, events: list[Any]) -> None: ...
        def _commit(self, action: Action, source: str) -> None: ...
        def _close_window(self) -> None: ...
        def _reveal_due(self, now: float) -> bool: ...
        def _finish(self, outcome: GameResult) -> None: ...
        def lost(self) -> None: ...

    def _controller(self, seat: int) -> Player | None:
        s = self.seats[seat]
        if s.bot is None and not s.takeover:
            return None
        player = self._players.get(seat)
        if player is None:  # a takeover, or a computer player after a restart
            player = self._fresh_player(seat)
        return player

    def _fresh_player(self, seat: int) -> Player:
        """A new computer player for ``seat``, caught up with the match from its events."""
        s = self.seats[seat]
        player = seat_player(s.bot or FILLER, self.family, self.config.preset, seat)
        assert self.engine is not None
        self._lane(seat, player).observe([e.seen_by(seat) for e in self.engine.log])
        self._players[seat] = player
        return player

    def _lane(self, seat: int, player: Player) -> Lane:
        """The lane of the computer player of ``seat``: every call on it goes through it, one at
        a time and in order (puppets.py)."""
        lane = self._lanes.get(seat)
        if lane is None or lane.player is not player:
            lane = self._lanes[seat] = Lane(player)
        return lane

    def _own_lane(self, seat: int, player: Player) -> Lane:
        """The lane of a decision the table waits for (the puppet's own turn). A call decision
        of the puppet that outlasted its window may still run on its thread, and its answer is
        dropped: nothing waits for it. Then a fresh puppet of the same name takes the seat,
        caught up with the match from its events as after a restart (a puppet's state is what
        it observed), and the old one is dropped once its late decision ends; so the turn is
        not late by that decision's time, and no puppet is ever called twice at once."""
        lane = self._lane(seat, player)
        if not lane.stale:
            return lane
        lane.retire()
        return self._lane(seat, self._fresh_player(seat))

    def _take_over_absent(self, now: float) -> float | None:
        """A computer player takes every seat whose person has been away for the grace period,
        whether or not that seat is asked anything now (a takeover at the moment a seat is
        asked would tell everybody it could call). The seconds until the next one is due."""
        wake: float | None = None
        for s in self.seats:
            if s.user_id is None or s.connections or s.takeover:
                continue
            absent = s.absent_since if s.absent_since is not None else now
            if now - absent >= self.settings.grace_seconds:
                s.takeover = True
                if not self.config.ranked:  # stored: it counts towards the abandonment
                    s.left_at = time.time()
                    self._store_seats()
                self._send_all(TableUpdate(self.summary()))
            else:
                wake = _soonest(wake, absent + self.settings.grace_seconds - now)
        return wake

    def abandon_at(self) -> float | None:
        """When (Unix time) this match is abandoned, None while it is played: at a ranked table
        (its result stands, doman-rules.md §5.4) and while a person remains. Nobody remains
        when each person withdrew or stayed away past the grace (taken over): then no computer
        player plays on, and the match ends ``abandon_seconds`` after the last person left, or
        at once when all withdrew (none can come back). A table made of computer players alone
        (in-process, the benchmarks) had nobody to leave it."""
        if self.config.ranked or self.status != "live":
            return None
        persons = [s for s in self.seats if s.user_id is not None]
        if not persons or any(not s.takeover for s in persons):
            return None
        if all(s.withdrawn for s in persons):
            return time.time()
        left = max((self.started_at if s.left_at is None else s.left_at) for s in persons)
        return left + self.settings.abandon_seconds

    def _abandon_in(self) -> float | None:
        """Seconds until this match is abandoned (at most 0: now), None while it is played
        (see :meth:`abandon_at`)."""
        at = self.abandon_at()
        return None if at is None else at - time.time()

    async def _stopped(self) -> bool:
        """Whether nobody plays the match: it waits (for a person to come back, who wakes
        it) until it is abandoned, and nothing else moves meanwhile."""
        left = self._abandon_in()
        if left is None:
            return False
        if left > 0:
            await self._wait(left)
            return True
        assert self.engine is not None
        self._window_until = self._pause_until = None
        self._deferred = None
        self._finish(abandoned(self.engine))
        return True

    def _everyone_confirmed(self) -> bool:
        """Whether the persons the pause waits for have seen the result: at a table of one
        person that person, connected or not (a reloaded page shows the result again, and
        nothing moves on behind their back); with more, nobody waits for one who is gone."""
        persons = {i for i, s in enumerate(self.seats) if s.user_id is not None and not s.takeover}
        if len(persons) > 1:
            persons = {i for i in persons if self.seats[i].connections}
        return persons <= self._confirmed

    def _end_pause(self) -> None:
        self._pause_until = None
        self._confirmed = set()
        self._deal_end = None
        self._start_clocks()
        self._broadcast([])

    def _store_behind(self, record: ActionRecord, t0: float, quiet: bool = False) -> None:
        """Queue an action for the writer thread: what the table sends from now on waits
        until it is stored (``quiet``, an answer in a call window: only what shows the
        window's close, writer.Outbox), and a refusal stops the table (:meth:`refused`)."""
        assert self.writer is not None
        self.outbox.wrote(quiet)

        def done(error: BaseException | None) -> None:
            if error is not None:
                self.refused(error)
                return
            self.outbox.stored()
            self.latencies.append(time.perf_counter() - t0)

        self.writer.append(ActionWrite(record, done))

    def _store_seats(self, quiet: bool = False) -> None:
        """Store the seats (``quiet``: a seat's time bank an answer in a call window used,
        :meth:`_update`)."""
        self._update(quiet=quiet, seats=[s.stored() for s in self.seats])

    def _update(self, *, quiet: bool = False, **values: Any) -> None:
        """Store the table's row, refused once another process owns the table. With the
        writer thread the write queues behind the table's earlier ones (the event loop never
        waits for the database) and what the table sends waits until it is stored; a quiet
        write holds back only what shows the call window's close (writer.Outbox)."""
        if self.writer is None:
            try:
                self.store.update_table(self.id, fence=self.fence, **values)
            except Fenced:
                self.lost()
            return
        store, table_id, fence = self.store, self.id, self.fence
        self.outbox.wrote(quiet)
        self.writer.call(
            table_id,
            fence,
            lambda: store.update_table(table_id, fence=fence, **values),
            self.written,
        )

    def written(self, error: BaseException | None) -> None:
        """A write of the table's row is done (``error``: refused or failed)."""
        if error is None:
            self.outbox.stored()
        else:
            self.refused(error)

    def refused(self, error: BaseException) -> None:
        """A write of this table was refused (Fenced: another process owns it now) or
        failed: nothing held back is sent, and the table stops at once (``moved``; with
        several processes the owner resumes it from what was stored)."""
        self.outbox.refused()
        if not isinstance(error, Fenced):
            log.error("table %s: a write failed, the table stops: %r", self.id, error)
        with contextlib.suppress(TableError):
            self.lost()

    async def _wait(self, timeout: float | None) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout=timeout)

    async def _bot_turn(self, seat: int, player: Player) -> None:
        """A computer player answers; a bot at a table with a ``bot_delay`` thinks a while
        first (a call is answered at once: the call window paces the table). It decides before
        it waits, so that the wait, not the decision, sets when its answer comes: how long a
        decision takes depends on the hand, which nobody else may learn."""
        assert self.engine is not None
        due = None
        asked = time.monotonic()
        decided = await self._decide(seat, player)
        if decided is None:
            return
        action = decided
        if (
            self.settings.bot_delay
            and self.seats[seat].bot is not None
            and not self.engine.awaiting_calls()
        ):
            # 0.5-1.5 x the delay: players do not all think in step
            due = asked + self.settings.bot_delay * (0.5 + self._rng.random())
            seen = len(self.engine.log)
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            if self.status != "live" or not self._asked(seat):
                return
            if len(self.engine.log) != seen:  # the match moved meanwhile: decide again
                player = self._players.get(seat, player)  # a fresh one may have taken over
                action = await self._own_lane(seat, player).choose(self.engine.view(seat))
                if self.status != "live" or not self._asked(seat):
                    return
        self._commit(action, "bot")
        if due is not None:
            await self.outbox.settled()  # sent once stored
            self.lags.append(time.monotonic() - due)

    async def _decide(self, seat: int, player: Player) -> Action | None:
        """A computer player's decision. On its own turn, or without a call window, made here,
        on the event loop (:meth:`_own_lane`). A call decision is made on a thread and bounded
        by the window: one not made when the window ends is a pass. Else a slow decision (a
        classical puppet's may take longer than the window) would close the window late
        exactly when a puppet could call, which everybody at the table sees. None: the match
        moved on meanwhile."""
        engine = self.engine
        assert engine is not None
        seen = len(engine.log)
        window = self._window_until
        if not engine.awaiting_calls() or window is None or self._call_window() <= 0:
            action: Action = await self._own_lane(seat, player).choose(engine.view(seat))
        else:
            action = await self._call_decision(seat, self._lane(seat, player), window)
        if self.status != "live" or not self._asked(seat) or len(engine.log) != seen:
            return None
        return action

    async def _call_decision(self, seat: int, lane: Lane, window: float) -> Action:
        """A call decision on one of the process's decision threads, or a pass when none is
        made by ``window``. The table runs one at a time: one still under way (a puppet's
        decision that outlasted its window) makes the next wait, within its window, so a
        table's slow puppets hold one thread at most (puppets.decision_threads)."""
        engine = self.engine
        assert engine is not None
        seen = len(engine.log)
        action: Action | None = None
        busy = self._thinking
        if busy is not None and not busy.done() and window > time.monotonic():
            await asyncio.wait([busy], timeout=window - time.monotonic())
        left = window - time.monotonic()
        ready = busy is None or busy.done()
        if ready and left > 0 and len(engine.log) == seen and self._asked(seat):
            threads = decision_pool(decision_threads(self.settings.decision_threads))
            job = lane.decide(engine.view(seat), threads)
            self._thinking = job.ended
            try:
                action = await asyncio.wait_for(asyncio.shield(job.result), left)
            except TimeoutError:
                pass
            finally:
                if not job.result.done():
                    job.cancel()  # not begun: it never runs; under way: its answer is dropped
        if action is None:
            legal = engine.legal_actions(seat)
            action = next((a for a in legal if a.kind is ActionKind.PASS), legal[0])
        return action

    def _time_out(self, seat: int) -> None:
        """The seat's time is spent: discard the drawn tile, or pass, for it."""
        assert self.engine is not None
        self.seats[seat].bank = 0.0  # spent; stored with the answer
        legal = self.engine.legal_actions(seat)
        drawn = drawn_index(self.engine, self.engine.view(seat))
        self._commit(fallback_action(legal, drawn, win=False), "timeout")

    async def _seats_step(self, wake: float | None) -> tuple[bool, float | None]:
        """Let the first seat that can answer now answer; (whether one did, when to wake)."""
        assert self.engine is not None
        for seat in list(self.engine.to_act()):
            if not self._asked(seat) or not self.engine.legal_actions(seat):
                continue
            player = self._controller(seat)
            if player is not None:
                await self._bot_turn(seat, player)
                return True, wake
            left = self._deadline_of(seat)
            if left is not None:
                if left <= 0:
                    self._time_out(seat)
                    return True, wake
                wake = _soonest(wake, left)
        return False, wake

    async def _step(self) -> None:
        """One turn of the driver: end a pause, close a window, or let a seat answer."""
        assert self.engine is not None
        if self.outbox.pending:  # one step at a time: the last one is stored first
            await self.outbox.settled()
            return
        self._changed.clear()
        now = time.monotonic()
        if self._reveal_due(now):  # a resumed window's hold is over (table_viewers.py)
            return
        if await self._stopped():
            return
        wake: float | None = None
        if self._hidden_until is not None:
            wake = self._hidden_until - now
        if self._pause_until is not None:
            if now >= self._pause_until or self._everyone_confirmed():
                self._end_pause()
                return
            # a lone person's result waits for them through a lost connection, but one gone
            # past the grace leaves an unranked match nobody plays (abandoned, see _stopped)
            wake = None if self.config.ranked else self._take_over_absent(now)
            if not await self._stopped():
                await self._wait(_soonest(wake, self._pause_until - now))
            return
        if self._window_until is not None:
            if now >= self._window_until and (self._deferred is not None or self.engine.holding):
                self._close_window()
                return
            if now < self._window_until:
                wake = _soonest(wake, self._window_until - now)
        wake = _soonest(wake, self._take_over_absent(now))
        if await self._stopped():  # the last person's seat was just taken over
            return
        acted, wake = await self._seats_step(wake)
        if acted:
            await asyncio.sleep(0)
        else:
            await self._wait(wake)

    async def _drive(self) -> None:
        """Bots, timers and takeovers; bounded by the match: it ends when the match does."""
        try:
            while self.status == "live" and self.engine is not None:
                await self._step()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s driver failed", self.id)
