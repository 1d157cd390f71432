"""A computer player is one object, not made for threads: the table calls its ``observe`` and
``choose`` one at a time, in the order it issued them, even when a call decision outlasts its
window and still runs on its thread while the table goes on (the later calls wait behind it;
its late answer is dropped). And one table's slow puppets hold one of the process's decision
threads at most, so the other tables' puppets still decide their calls."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from jantaku.commands.serve import serve
from jantaku.engine.actions import ActionKind
from jantaku.families import Family
from jantaku.players.protocol import Player
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.puppets import Lane
from jantaku.server.seating import PLAYERS, register_player
from jantaku.server.storage import Store
from jantaku.server.tables import Table

_ANSWERS = {"pass", "chi", "pon", "open_kan", "ron"}


class _Gate:
    """Holds call decisions until ``release``: the first one of a table only, or every one."""

    def __init__(self, every: bool = False) -> None:
        self.every = every
        self.release = threading.Event()
        self.held = threading.Event()
        self.seat: int | None = None  # the seat of the first decision held
        self.holding = 0  # decisions held at once, the most so far
        self._now = 0
        self._lock = threading.Lock()

    def hold(self, seat: int) -> None:
        with self._lock:
            if self.seat is not None and not self.every:
                return
            if self.seat is None:
                self.seat = seat
            self._now += 1
            self.holding = max(self.holding, self._now)
        self.held.set()
        self.release.wait(60)
        with self._lock:
            self._now -= 1


class _Noted:
    """The seat filler, noting when each of its calls ran and every event it was shown; its
    call decisions wait at ``gate``."""

    name = "noted"

    def __init__(self, family: Family, seat: int, gate: _Gate) -> None:
        self.inner: Player = family.new_filler(seat)
        self.seat = seat
        self.gate = gate
        self.spans: list[tuple[float, float, str]] = []  # (start, end, observe|choose)
        self.seen: list[dict[str, Any]] = []
        self.decided = 0  # call decisions made

    def _timed(self, what: str, run: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        try:
            return run()
        finally:
            self.spans.append((start, time.perf_counter(), what))

    def observe(self, events: Sequence[Any]) -> None:
        def run() -> None:
            self.inner.observe(events)
            self.seen.extend(e.to_json() for e in events)

        self._timed("observe", run)

    def choose(self, view: Any) -> Any:
        def run() -> Any:
            if any(a.kind is ActionKind.PASS for a in view.legal_actions):
                self.gate.hold(self.seat)
                self.decided += 1
            return self.inner.choose(view)

        return self._timed("choose", run)


def _puppets(name: str, gate: _Gate, made: list[_Noted] | None = None) -> None:
    def build(family: Family, preset: str, seat: int) -> Player:
        player = _Noted(family, seat, gate)
        if made is not None:
            made.append(player)
        return player

    register_player(name, build)


def _one_at_a_time(player: _Noted) -> None:
    """No two calls of ``player`` ran at once."""
    spans = sorted(player.spans)
    overlaps = [(a, b) for a, b in itertools.pairwise(spans) if b[0] < a[1]]
    assert not overlaps, (player.seat, overlaps[:3])


def _table(lobby: Lobby, bot: str, seed: str, window: float) -> Table:
    table = lobby.create("practice", "quick", seed=seed)
    table.fill_with_bots(bot)
    table.start()
    # computer players alone, with the window of a table where one person plays them
    table._call_window = lambda: window  # type: ignore[method-assign]
    return table


async def _until(
    done: Callable[[], bool], what: str, rounds: int = 6000, every: float = 0.01
) -> None:
    for _ in range(rounds):
        if done():
            return
        await asyncio.sleep(every)
    raise AssertionError(f"never: {what}")


def _answers(store: Store, table: Table, since: int = 0) -> int:
    return sum(1 for r in store.actions(table.id)[since:] if r.action["type"] in _ANSWERS)


def test_a_puppet_is_called_one_call_at_a_time_in_order(tmp_path: Path) -> None:
    """A call decision held past its window: the table passes for it and goes on, and the
    puppet's later calls (the events that follow, its next decisions) wait until the held one
    is done; every event reaches it once, in order."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    gate = _Gate()
    _puppets("noted", gate)
    try:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0))
        table = _table(lobby, "noted", "lanes", 0.05)
        engine = table.engine
        assert engine is not None

        async def play() -> None:
            lobby.run_all()
            await _until(gate.held.is_set, "a puppet could call")
            held = len(engine.log)
            seat = gate.seat

            def moved_on() -> bool:  # the window closed; the table went on, or waits for it
                mine = engine.to_act() == [seat] and not engine.awaiting_calls()
                return len(engine.log) >= held + 8 or (len(engine.log) > held and mine)

            await _until(moved_on, "the table went on after the held decision's window")
            gate.release.set()
            await _until(lambda: len(engine.log) >= held + 40 or table.status != "live", "play")
            await lobby.stop_all()
            want = len(engine.log)
            await _until(
                lambda: all(len(p.seen) >= want for p in table._players.values()), "told all"
            )

        asyncio.run(play())
        assert sorted(table._players) == [0, 1, 2, 3]
        for seat, player in table._players.items():
            assert isinstance(player, _Noted)
            assert player.seen == [e.seen_by(seat).to_json() for e in engine.log], seat
            _one_at_a_time(player)
        store.close()
    finally:
        gate.release.set()
        del PLAYERS["noted"]


def test_a_puppets_own_turn_does_not_wait_for_its_dropped_decision(tmp_path: Path) -> None:
    """A call decision held until the end of the test: its window closes (a pass), and when
    that puppet's own turn comes the table does not wait for the held decision (its answer is
    dropped): a fresh puppet of the same name, caught up with the match from its events, plays
    the seat, and the table goes on. No puppet object is ever called twice at once, and the
    one playing the seat has seen every event once, in order. Before, the turn waited until
    the held decision ended, and the table with it."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    gate = _Gate()
    made: list[_Noted] = []
    _puppets("held", gate, made)
    try:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0))
        table = _table(lobby, "held", "own-turn", 0.05)
        engine = table.engine
        assert engine is not None
        held: list[_Noted] = []

        async def play() -> None:
            lobby.run_all()
            await _until(gate.held.is_set, "a puppet could call")
            seat = gate.seat
            assert seat is not None
            held.append(table._players[seat])  # type: ignore[arg-type]
            at = len(engine.log)

            def went_on() -> bool:  # the seat's turns came and went; the decision still held
                return len(engine.log) >= at + 40 or table.status != "live"

            try:
                await _until(went_on, "the table went on past the held seat's turn", 2000)
                assert not gate.release.is_set() and held[0].decided == 0  # still held
                assert table._players[seat] is not held[0]  # a fresh one plays the seat
            finally:
                gate.release.set()
            await lobby.stop_all()
            want = len(engine.log)
            await _until(
                lambda: all(len(p.seen) >= want for p in table._players.values()), "told all"
            )

        asyncio.run(play())
        for seat, player in table._players.items():
            assert isinstance(player, _Noted)
            assert player.seen == [e.seen_by(seat).to_json() for e in engine.log], seat
        assert len(made) > 4 and held[0] in made  # the held one was replaced
        for player in made:
            _one_at_a_time(player)
        store.close()
    finally:
        gate.release.set()
        del PLAYERS["held"]


def test_one_tables_slow_puppets_leave_threads_to_the_others(tmp_path: Path) -> None:
    """Every call decision at one table waits until the end of the test: that table holds one
    of the process's two decision threads at most, and the other table's puppets still get a
    thread for their call decisions (before, two held decisions anywhere took both threads, and
    every other table's puppets passed every call for want of one)."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    slow, quick = _Gate(every=True), _Gate()
    quick.release.set()
    _puppets("stuck", slow)
    _puppets("quick", quick)
    try:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0, decision_threads=2))
        stuck = _table(lobby, "stuck", "stuck", 0.02)

        async def play() -> None:
            lobby.run_all()
            await _until(slow.held.is_set, "a stuck puppet could call")
            engine = stuck.engine
            assert engine is not None
            last = [-1]
            answered = _answers(store, stuck)  # the held decision's pass is not stored yet

            def stalled() -> bool:  # it waits for the held seat's own turn, and nothing moves
                waiting = engine.to_act() == [slow.seat] and not engine.awaiting_calls()
                still, last[0] = last[0] == len(engine.log), len(engine.log)
                return waiting and still

            # a second decision would take the second thread, unless the table waits for the
            # first: later windows pass for want of it (or, before, the held seat's turn
            # waited for it)
            def later() -> bool:
                return slow.holding >= 2 or stalled() or _answers(store, stuck) >= answered + 4

            await _until(later, "later windows", 200, 0.3)
            other = _table(lobby, "quick", "quick", 0.3)
            lobby.run_all()

            def decided() -> int:
                return sum(p.decided for p in other._players.values())  # type: ignore[attr-defined]

            try:
                await _until(lambda: decided() >= 3, "three call decisions at the other table")
                assert slow.holding == 1  # the stuck table ran one decision at a time
            finally:
                slow.release.set()
                await lobby.stop_all()

        asyncio.run(play())
        store.close()
    finally:
        slow.release.set()
        del PLAYERS["stuck"], PLAYERS["quick"]


def test_the_decision_threads_are_a_setting() -> None:
    """One per core by default (at least two); ``--decision-threads`` sets them."""
    assert ServerSettings().decision_threads is None
    out = CliRunner().invoke(serve, ["--help"], terminal_width=200).output
    assert "--decision-threads" in out


class _Calls:
    """A player noting its calls in order; ``choose`` waits for ``gate`` on its first call."""

    name = "calls"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.calls: list[str] = []

    def choose(self, view: Any) -> Any:
        if not self.calls:
            self.gate.wait(30)
        self.calls.append(f"choose {view}")
        return view

    def observe(self, events: Sequence[Any]) -> None:
        self.calls.append(f"observe {events[0]}")


def test_a_lane_runs_the_calls_behind_a_decision_in_order() -> None:
    """The event loop goes on while a decision runs on its thread; what the table asks of the
    same player meanwhile runs after it, in the order asked."""
    player = _Calls()
    lane = Lane(player)
    pool = ThreadPoolExecutor(1)

    async def run() -> list[str]:
        held = lane.decide("call", pool)
        lane.observe(["a"])
        turn = asyncio.ensure_future(lane.choose("turn"))
        lane.observe(["b"])
        await asyncio.sleep(0.05)
        assert player.calls == [] and not turn.done()  # all wait for the held decision
        player.gate.set()
        assert await turn == "turn"
        assert await held.result == "call"
        return player.calls

    try:
        calls = asyncio.run(run())
    finally:
        player.gate.set()
        pool.shutdown()
    assert calls == ["choose call", "observe a", "choose turn", "observe b"]
    assert not lane.busy


def test_a_decision_not_begun_when_its_window_ends_never_runs() -> None:
    """A call decision waiting for a thread (all of them busy) is dropped when its table stops
    waiting for it: it never takes a thread from the decisions still wanted."""
    pool = ThreadPoolExecutor(1)
    busy = threading.Event()
    player = _Calls()
    player.calls.append("first")  # its choose does not wait
    lane = Lane(player)

    async def run() -> None:
        pool.submit(busy.wait, 30)  # another table's decision holds the only thread
        job = lane.decide("late", pool)
        await asyncio.sleep(0.05)
        job.cancel()
        busy.set()
        await job.ended
        assert job.result.cancelled() and not lane.busy

    try:
        asyncio.run(run())
    finally:
        busy.set()
        pool.shutdown()
    assert player.calls == ["first"]


def test_a_retired_lane_runs_nothing_more() -> None:
    """A decision nobody waits for any more makes its lane ``stale``; retired, the lane drops
    what waits behind it (the table plays that seat with a fresh puppet): only the decision
    under way runs to its end."""
    player = _Calls()
    lane = Lane(player)
    pool = ThreadPoolExecutor(1)

    async def run() -> None:
        job = lane.decide("late", pool)
        lane.observe(["a"])
        await asyncio.sleep(0.05)
        assert not lane.stale  # still wanted
        job.cancel()
        assert lane.stale
        lane.retire()
        player.gate.set()
        await job.ended
        assert job.result.cancelled() and not lane.busy

    try:
        asyncio.run(run())
    finally:
        player.gate.set()
        pool.shutdown()
    assert player.calls == ["choose late"]
