"""One owner per live table (the Lichess model): the only code that changes a match.

A table validates an intention against the match's legal actions, stores it (one row; with
the writer thread, writer.py, many tables' rows per transaction, and what the table sends waits
until the row is stored; for an answer in a call window only what shows the window's close
waits, see :meth:`Table._store`), applies it, and sends each viewer the events filtered for them. A
driver task per table (:mod:`~jantaku.server.table_driver`) plays computer seats, runs the turn
timers and hands an absent player's seat to a computer player after the grace period.

What the table tells its viewers hides who may call: after every discard the match holds a
call window open (``hold_calls``), every viewer sees the same "waiting for calls" state (no
seats to act, no deadlines), each seat learns only its own options in a private prompt, and
the window lasts at least ``call_window`` (``solo_call_window`` at a table of one person and
computer players), whether or not anybody may call. Answers that do not close the window send
nothing to anybody; the public step number (``seq`` in messages) moves only when the table
shows something new. Between hands the table pauses until every connected person has
confirmed the result, or ``hand_pause``."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.clock import ManualClock
from jantaku.engine.events import Event
from jantaku.engine.game import Game, GameResult
from jantaku.engine.timed_replay import timed_steps
from jantaku.families import UnknownFamilyError, family
from jantaku.players.protocol import Player
from jantaku.server.chat import TableChat, clean_text
from jantaku.server.clientview import match_action
from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.messages import Chat, MatchEnded, TableUpdate
from jantaku.server.puppets import Lane
from jantaku.server.seating import PLAYERS
from jantaku.server.seats import RANKED_NO_BOTS, Connection, Seat, TableError, commitment_of
from jantaku.server.storage import ActionRecord, Fenced, Store
from jantaku.server.table_driver import TableDriver
from jantaku.server.table_hints import TableHints
from jantaku.server.table_messages import TableMessages, resumed_step
from jantaku.server.table_time import TableClocks
from jantaku.server.table_viewers import TableViewers
from jantaku.server.writer import Outbox, Writer

__all__ = ["RANKED_NO_BOTS", "Connection", "Seat", "Table", "TableError", "commitment_of"]


class Table(TableMessages, TableClocks, TableDriver, TableViewers, TableHints):
    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        store: Store,
        settings: ServerSettings,
        *,
        seed: str | None = None,
        invite_code: str | None = None,
        on_finish: Callable[[Table, GameResult], None] | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.store = store
        self.settings = settings
        self.seed = seed or secrets.token_hex(16)
        self.commitment = commitment_of(self.seed)
        self.invite_code = invite_code
        self.created_by: int | None = None  # the player who created it (limits open tables)
        self.created_at = time.time()
        self.status = "open"
        self.seats = [Seat() for _ in range(4)]
        self.watchers: set[Any] = set()
        self.engine: Game | None = None
        self.clock = ManualClock()  # elapsed seconds since the match began, set before each apply
        self.seq = 0  # stored actions
        self.step = 0  # what viewers see as ``seq``: one per message that shows something new
        self.started_at = 0.0
        self.waiting_since: dict[int, float] = {}
        # the clocks of the seats' turn times and banks, and of a queued player's wait (a
        # test may give ones it moves)
        self.turn_clock: Callable[[], float] = time.monotonic
        self.wait_clock: Callable[[], float] = time.monotonic
        self.on_finish = on_finish
        # several processes: this process's fencing number for the table (None: the only one)
        self.fence: int | None = None
        self.on_lost: Callable[[Table], None] | None = None  # called once a newer owner wrote
        # the writer thread storing the actions (None: each is stored on the spot), and what
        # the table sends, held back until its actions are stored
        self.writer: Writer | None = None
        self.outbox = Outbox()
        self.outbox.on_sent = self._sent
        self.outcome: GameResult | None = None
        self.latencies: list[float] = []  # seconds to store, apply and send one action
        self.lags: list[float] = []  # computer players: from due time to the action sent
        self._changed = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._players: dict[int, Player] = {}  # computer players, by seat (takeovers too)
        self._lanes: dict[int, Lane] = {}  # each one's calls, one at a time (puppets.py)
        self._thinking: asyncio.Future[None] | None = None  # the call decision on a thread
        self._window_until: float | None = None  # an open call window closes no earlier
        self._window_opened: float | None = None  # a replayed match's open window: its discard
        # the window's discard is still being stored: its window is timed again from when
        # its messages leave (a slow write must not use up the window nobody saw open)
        self._window_held = False
        # the answer that would close it early, stored, and when in the match it is applied
        self._deferred: tuple[Action, float] | None = None
        # resumed in a call window: who waits for its hold's end to see the table (table_viewers)
        self._hidden_until: float | None = None
        self._waiting: list[tuple[Any, int | None, int | None]] = []
        self._pause_until: float | None = None  # between hands: the result is on screen
        self._confirmed: set[int] = set()  # seats whose person has seen the result
        # between hands: the step and the events that ended the deal (a reloaded page shows
        # the result again)
        self._deal_end: tuple[int, list[Event]] | None = None
        self._rng = random.Random()  # thinking times only; never reaches the match
        self.chat = TableChat()  # a party table's last lines (never stored)
        self._hint_by_seat = {}  # hints asked for (table_hints.py)
        self._adviser_by_seat = {}
        self.shown_step = 0  # the last step whose messages have all left (not held back)

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    # ------------------------------------------------------------------ seating

    def sit(
        self, user_id: int, name: str, seat: int | None = None, origin: str | None = None
    ) -> int:
        """Seat a player (``origin``: the keyed hash of a queued player's address)."""
        mine = self.seat_of(user_id)
        if mine is not None and self.seats[mine].withdrawn:
            raise TableError("withdrawn", "you left this match; you can watch it")
        if mine is not None:
            return mine
        if self.status != "open":
            raise TableError("table_started", "the match has started; you can watch it")
        free = [i for i, s in enumerate(self.seats) if s.empty]
        if seat is not None:
            if seat not in free:
                raise TableError("seat_taken", f"seat {seat} is not free")
            free = [seat]
        if not free:
            raise TableError("table_full", "the table is full")
        self.seats[free[0]] = Seat(
            user_id=user_id, name=name, since=self.wait_clock(), origin=origin
        )
        self._store_seats()
        self._send_all(TableUpdate(self.summary()))
        return free[0]

    def leave(self, user_id: int) -> None:
        """Before the start: give the seat up. During the match: withdraw (a computer player
        plays on; at a ranked table the result counts as 4th place, doman-rules.md §5.1; an
        unranked match nobody plays any more is abandoned, see :meth:`_abandon_in`)."""
        seat = self.seat_of(user_id)
        if seat is None:
            return
        if self.status == "open":
            self.seats[seat] = Seat()
        elif self.status == "live":
            s = self.seats[seat]
            s.withdrawn = s.takeover = True
            s.connections.clear()
            if not self.config.ranked:
                s.left_at = time.time()
        else:
            return
        self._store_seats()
        self._send_all(TableUpdate(self.summary()))
        self._changed.set()

    def say(self, user_id: int | None, text: str, allowed: Callable[[int], None]) -> Chat:
        """A seated person's chat line at a party table (chat.py), sent to the connections of
        the seated persons alone; raises TableError when refused: another kind of table
        (``chat_unavailable``), not seated or withdrawn (``not_seated``), a bad text, or
        ``allowed`` (the sayer's rate) refusing it. The line is returned, not sent: the
        caller sends it, answering the sayer's message on the sayer's own connection."""
        TableChat.check_table(self.config.kind)
        seat = self.seat_of(user_id)
        if seat is None or user_id is None or self.seats[seat].withdrawn:
            raise TableError("not_seated", "only the players seated at this table chat here")
        line = clean_text(text)
        allowed(user_id)
        return self.chat.say(seat, self.seats[seat].name, line).message(self.id)

    def chat_connections(self) -> list[Any]:
        """The connections a chat line goes to: the seated persons' (never a spectator's)."""
        return [c for s in self.seats if s.user_id is not None for c in s.connections]

    def fill_with_bots(self, bot: str = "filler") -> None:
        """Computer players in the empty seats of an unranked table (``ranked_no_bots`` at a
        ranked one: its result must be four players')."""
        if self.config.ranked:
            raise TableError("ranked_no_bots", RANKED_NO_BOTS)
        if bot not in PLAYERS:
            raise TableError("unknown_bot", f"no puppet called {bot!r}")
        for i, s in enumerate(self.seats):
            if s.empty:
                self.seats[i] = Seat(bot=bot, name=f"{bot}-{i}")
        self._store_seats()

    def expire(self) -> None:
        """Close an open table nobody uses: stored as expired (by the writer thread, after the
        table's earlier writes; not when another process owns it now, it is not this one's
        to close), and every viewer is told once it is stored."""
        self.status = "expired"
        with contextlib.suppress(TableError):
            self._update(status="expired")
        message = TableUpdate(self.summary())
        for conn in {c for s in self.seats for c in s.connections} | set(self.watchers):
            self.outbox.send(conn, message)

    def lost(self) -> None:
        """Another process drives the table now: stop at once (nothing more is stored or
        sent from here) and tell the owner of this object; raises TableError ``moved``."""
        if self.status in ("open", "live"):
            self.status = "moved"
            self.drop_hints()
            self._changed.set()
            if self.on_lost is not None:
                self.on_lost(self)
        raise TableError("moved", "the table moved to another server; join it again")

    # ------------------------------------------------------------------ connections

    # ------------------------------------------------------------------ the match

    def start(self) -> None:
        if self.status != "open":
            raise TableError("table_started", "the match has already started")
        if any(s.empty for s in self.seats):
            raise TableError("seats_empty", "empty seats: wait for players or fill with bots")
        if self.config.ranked and any(s.user_id is None for s in self.seats):
            raise TableError("ranked_no_bots", RANKED_NO_BOTS)
        self.status = "live"
        self.started_at = time.time()
        for s in self.seats:
            s.origin = None  # the queue's addresses are forgotten once the match starts
        self._update(
            status="live", started_at=self.started_at, seats=[s.stored() for s in self.seats]
        )
        engine = self._begin()
        for i, s in enumerate(self.seats):
            for c in s.connections:
                self.outbox.send(c, self.snapshot(i))
        for c in self.watchers:
            self.outbox.send(c, self.snapshot(None))
        self._show(list(engine.log))

    def _begin(self) -> Game:
        try:
            self.family = family(self.config.family)
        except UnknownFamilyError:
            raise TableError(
                "unavailable", f"no {self.config.family} engine on this server"
            ) from None
        engine = self.family.new_game(
            self.config.preset, self.seed, clock=self.clock, overrides=self.config.overrides
        )
        engine.hold_calls = True  # the same call window after every discard
        self.engine = engine
        for s in self.seats:
            if s.bank is None:
                s.bank = self.settings.bank_seconds
        return engine

    def resume(self, stored: list[Any], started_at: float) -> None:
        """Rebuild a live table from its stored actions (after a restart); every seat's stored
        time bank is kept, the seats to act get their deadlines from now, and an open call
        window the same time from now whoever may answer it (:meth:`_window_left`)."""
        self.replay(stored, started_at)
        self.resumed()

    def replay(self, stored: list[Any], started_at: float) -> None:
        """The match of :meth:`resume` played again, engine work only: it may run on a thread
        while nothing else holds the table (a long match must not hold the event loop). It
        notes when the call window open at the end opened: its discard's time in the match."""
        self.status = "live"
        self.started_at = started_at
        engine = self._begin()
        steps = ((row.action, row.elapsed) for row in stored)
        for n, _action in timed_steps(engine, steps, close_last=False):
            row = stored[n - 1]
            if not engine.awaiting_calls():  # the window open at the end (if any) opened
                self._window_opened = row.elapsed  # with the last action taken outside one
            self.seq = row.seq
        self.step = self.shown_step = resumed_step(engine)

    def resumed(self) -> None:
        """The replayed match resumes from now (on the event loop). An open call window stays
        open the same time whoever may answer it (:meth:`_window_left`: the resume hold at a
        table with a person, hidden meanwhile from all but the seats asked, table_viewers.py;
        at a table of computer players alone only what was left of it, so one whose time ran
        out meanwhile closes before anybody finds the table)."""
        engine, now = self.engine, time.monotonic()
        assert engine is not None
        for s in self.seats:
            if s.user_id is not None:
                s.absent_since = now
        if engine.awaiting_calls():
            self._window_until = now + self._window_left()
            if self._resume_hold() > 0:  # nobody but the seats asked sees it meanwhile
                self._hidden_until = self._window_until
        self._start_clocks()
        if engine.result is not None:
            self._finish(engine.result)
        elif engine.holding and self._window_until is not None and self._window_until <= now:
            self._close_window()

    def run(self) -> None:
        """Start the driver (bots, timers, takeovers)."""
        if self._driver is None and self.status == "live":
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._driver
            self._driver = None

    def submit(self, user_id: int | None, data: dict[str, Any], expect_seq: int | None) -> None:
        """A player's intention; raises TableError when it is refused (nothing is stored)."""
        if self.status != "live" or self.engine is None:
            raise TableError("not_live", "the match is not being played")
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "you have no seat at this table")
        if expect_seq is not None and expect_seq != self.step:
            raise TableError("stale", f"the table is at step {self.step}, not {expect_seq}")
        if self._pause_until is not None:
            raise TableError("between_hands", "the next hand has not begun; confirm the result")
        legal = self.engine.legal_actions(seat) if self._asked(seat) else []
        if not legal:
            raise TableError("not_your_turn", "you have nothing to decide now")
        if not isinstance(data, dict):
            raise TableError("bad_action", "action must be an object")
        action = match_action(legal, data)
        if action is None:
            raise TableError("illegal_action", f"not a legal action now: {data}")
        self._commit(action, "player")

    def _commit(self, action: Action, source: str) -> None:
        engine = self.engine
        assert engine is not None
        seat = action.seat
        self._charge(seat)
        t0 = time.perf_counter()
        elapsed = time.time() - self.started_at
        window = self._window_until
        if window is not None and time.monotonic() < window and engine.to_act() == [seat]:
            # the last answer would close the call window before its time, which would tell
            # everybody that someone could call: it waits for the window's end. It is stored
            # now (quietly, see _store), so that the window then closes as fast as an empty
            # one, with nothing to store.
            elapsed += window - time.monotonic()
            self._store(action, source, elapsed, t0)
            self._deferred = (action, elapsed)
            self._changed.set()
            return
        self._store(action, source, elapsed, t0)
        self._apply(action, elapsed)
        if self.writer is None:
            self.latencies.append(time.perf_counter() - t0)

    def _store(self, action: Action, source: str, elapsed: float, t0: float) -> None:
        """Store the next action, applied ``elapsed`` seconds into the match. An answer in a
        call window is stored at once but quietly: what the table sends meanwhile (a
        spectator's snapshot, any reply) shows nothing of it and does not wait for it, else
        the wait would tell that somebody was asked; what shows the window's close waits
        for it (:meth:`_show`)."""
        record = ActionRecord(self.id, self.seq + 1, action.to_json(), elapsed, source, self.fence)
        if self.writer is not None:
            self._store_behind(record, t0, quiet=self._in_window())
        else:
            try:
                self.store.append_action(*record.row())
            except Fenced:
                self.lost()
        self.seq += 1

    def _in_window(self) -> bool:
        """Whether a call window is open: an action stored now is an answer in it."""
        return self.status == "live" and self.engine is not None and self.engine.awaiting_calls()

    def _apply(self, action: Action, elapsed: float) -> None:
        """Apply a stored action and show what follows."""
        engine = self.engine
        assert engine is not None
        self.clock.time = elapsed
        events = engine.apply(action)
        self._tell_players(events)
        if events:  # an answer that leaves the window open shows nothing to anybody
            self._show(events)
        self._changed.set()

    def _close_window(self) -> None:
        """The call window's time is up: the answer kept back (stored already) is applied, or
        an empty window closes as if everybody had passed."""
        engine = self.engine
        assert engine is not None
        self._window_until, self._window_held = None, False
        if self._deferred is not None:
            action, elapsed = self._deferred
            self._deferred = None
            self._apply(action, elapsed)
            return
        self.clock.time = time.time() - self.started_at
        events = engine.close_calls()
        self._tell_players(events)
        self._show(events)
        self._changed.set()

    def _show(self, events: list[Event]) -> None:
        """After the match moved: open a call window or a pause between hands as the events
        ask, send every viewer what it may see, and finish the match when it is over."""
        engine, now = self.engine, time.monotonic()
        assert engine is not None
        self.outbox.barrier()  # what follows an answer is sent once the answer is stored
        if engine.awaiting_calls():
            if self._window_until is None:
                self._window_until = now + self._call_window()
                self._window_held = bool(self.outbox.pending)
        else:
            self._window_until = None
        pause = engine.result is None and any(e.type == "deal_ended" for e in events)
        if pause:
            self._pause_until = now + self._hand_pause()
            self._confirmed = set()
        self._start_clocks()
        self._broadcast(events)
        if pause:
            self._deal_end = (self.step, events)
        if engine.result is not None:
            self._finish(engine.result)

    def _sent(self) -> None:
        """What the table held back has left: a call window whose discard was being stored
        lasts its full time from now, as every viewer sees it open from now."""
        if self._window_held and self._window_until is not None:
            self._window_until = max(self._window_until, time.monotonic() + self._call_window())
            self._changed.set()
        self._window_held = False
        self.shown_step = self.step

    def _tell_players(self, events: list[Event]) -> None:
        """Every computer player sees every event its seat may see, as in the arena: once its
        lane is free (a call decision of its may still run; the table does not wait)."""
        for seat, player in self._players.items():
            self._lane(seat, player).observe([e.seen_by(seat) for e in events])

    def confirm(self, user_id: int | None) -> None:
        """A person has seen the hand's result; the next hand begins once all connected
        persons have (or when the pause runs out)."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "you have no seat at this table")
        if self._pause_until is not None:
            self._confirmed.add(seat)
            self._changed.set()

    def _finish(self, outcome: GameResult) -> None:
        self.outbox.barrier()  # the match's end is told once every answer is stored
        self.outcome = outcome
        self.status = "finished"
        self.drop_hints()
        if self.on_finish is not None:
            self.on_finish(self, outcome)
        # built once the game is stored: with the rank changes worked out as it was stored
        self.outbox.later(lambda: self._send_all(MatchEnded(self.id, self._result_json())))
        self._changed.set()
