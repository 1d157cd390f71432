"""A table's viewers (the seats' connections and the spectators): they attach and detach.

A table resumed in a call window (after a restart, or taken over from another process) is
hidden from everybody but the seats asked in that window until the window's resume hold ends
(:meth:`~jantaku.server.table_time.TableClocks._resume_hold`); then the window closes (unless a
person asked has not answered yet) and the viewers who came meanwhile are let in.

Who may call is each seat's own secret, so the window must end at the same time whether or
not anybody may answer it. It cannot be shown open for the hold either: the stored actions do
not say whether the window had already closed on every screen before the process stopped (the
next draw is not stored), and showing it open again would take back events the viewers saw.
Hidden, it shows nothing until its end, and then what followed, as every viewer may already
have seen it."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import Action
from jantaku.engine.game import Game
from jantaku.server.messages import Error, ServerMessage, Snapshot, TableUpdate
from jantaku.server.seats import Seat, TableError
from jantaku.server.writer import Outbox

__all__ = ["TableViewers"]


class TableViewers:
    """The viewers' part of :class:`~jantaku.server.tables.Table`."""

    engine: Game | None
    outbox: Outbox
    seats: list[Seat]
    watchers: set[Any]
    waiting_since: dict[int, float]
    _changed: asyncio.Event
    _window_until: float | None
    _deferred: tuple[Action, float] | None
    _hidden_until: float | None  # viewers other than the seats asked wait until then
    _waiting: list[tuple[Any, int | None, int | None]]  # (connection, seat, seen), in order

    if TYPE_CHECKING:  # the rest of the table

        def _asked(self, seat: int) -> bool: ...
        def _close_window(self) -> None: ...
        def check_seen(self, seen: int) -> int: ...
        def summary(self) -> dict[str, Any]: ...
        def _send_all(self, message: ServerMessage) -> None: ...
        def snapshot(self, seat: int | None, seen: int | None = None) -> Snapshot: ...
        def _prompt(self, seat: int) -> None: ...
        def _store_seats(self, quiet: bool = False) -> None: ...
        def _start_clocks(self) -> None: ...
        def _abandon_in(self) -> float | None: ...

    def attach(self, conn: Any, seat: int | None, seen: int | None = None) -> None:
        """Add a viewer (``seat`` None: a spectator) and send it the snapshot (with ``seen``,
        the seat's events it missed since then). A table resumed in a call window lets in
        only the seats asked in it until the window's hold ends (table_viewers.py)."""
        if self.hidden_from(seat):
            self._wait_for_hold(conn, seat, seen)
            return
        if seen is not None:
            self.check_seen(seen)  # refused before anything changes
        # during a hold a seat asked that comes back tells nobody (another seat asked would
        # learn it may call too): the hold's end sends one update of the seats for everybody
        if self._connect(conn, seat) and self._hidden_until is None:
            self._send_all(TableUpdate(self.summary()))
        self._greet(conn, seat, seen)

    def _connect(self, conn: Any, seat: int | None) -> bool:
        """Add a viewer; True when a person came back to the seat (every viewer is told)."""
        if seat is None:
            self.watchers.add(conn)
            return False
        s = self.seats[seat]
        stopped = self.engine is not None and self._abandon_in() is not None
        s.connections.add(conn)
        back = s.absent_since is not None or s.takeover
        s.absent_since = None
        s.takeover = False
        if s.left_at is not None:  # back before the match was abandoned
            s.left_at = None
            self._store_seats()
        if stopped:  # the match resumes: the seats to act are timed from now
            self.waiting_since.clear()
            self._start_clocks()
        return back

    def _greet(self, conn: Any, seat: int | None, seen: int | None) -> None:
        """A new viewer's snapshot, and its prompt when its seat is asked."""
        self.outbox.send(conn, self.snapshot(seat, seen))
        if seat is not None and self.engine is not None and self._asked(seat):
            self._prompt(seat)
        self._changed.set()

    def detach(self, conn: Any) -> None:
        self._hidden_gone(conn)
        self.watchers.discard(conn)
        for s in self.seats:
            if conn in s.connections:
                s.connections.discard(conn)
                if not s.connections and s.user_id is not None:
                    s.absent_since = time.monotonic()
        self._changed.set()

    def hidden_from(self, seat: int | None) -> bool:
        """Whether a viewer of ``seat`` (None: a spectator) waits for the resume hold's end:
        everybody but a seat asked in the window (who must be able to answer it)."""
        if self._hidden_until is None:
            return False
        return seat is None or not self._asked(seat)

    def _wait_for_hold(self, conn: Any, seat: int | None, seen: int | None) -> None:
        """Let ``conn`` in (:meth:`attach`, its ``seen`` checked then) at the hold's end."""
        self._waiting.append((conn, seat, seen))

    def _seats_waiting(self) -> set[int]:
        """The seats whose viewers wait for the hold's end."""
        return {seat for _conn, seat, _seen in self._waiting if seat is not None}

    def _hidden_gone(self, conn: Any) -> None:
        """A waiting viewer left before the hold's end."""
        self._waiting = [w for w in self._waiting if w[0] is not conn]

    def _reveal_due(self, now: float) -> bool:
        """At the hold's end: the window closes (unless a seat asked has still to answer,
        which every viewer then sees it wait for, as at a live table), then the viewers who
        came meanwhile are let in, in the order they came; True when it ended now."""
        if self._hidden_until is None or now < self._hidden_until:
            return False
        assert self.engine is not None
        due = self._window_until is not None and now >= self._window_until
        if due and (self._deferred is not None or self.engine.holding):
            self._close_window()
        self._hidden_until = None
        waiting, self._waiting = self._waiting, []
        admitted = []
        for conn, seat, seen in waiting:
            try:
                if seen is not None:
                    self.check_seen(seen)
            except TableError as error:  # a join's count beyond the match's events
                self.outbox.send(conn, Error(error.code, error.message))
                continue
            self._connect(conn, seat)
            admitted.append((conn, seat, seen))
        # one update of the seats for everybody, whether or not a person came back now: a
        # seat asked that came back during the hold must not look any different
        self._send_all(TableUpdate(self.summary()))
        for conn, seat, seen in admitted:
            self._greet(conn, seat, seen)
        return True
