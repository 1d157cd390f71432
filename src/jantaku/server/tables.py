"""One owner per live table (the Lichess model): the only code that changes a match.

A table validates an intention against the engine's legal actions, stores it (one row, one
transaction), applies it, and sends each viewer the events filtered for them. A driver task
per table plays computer seats, runs the turn timers and hands an absent player's seat to a
computer player after the grace period.

What the table tells its viewers hides who may call: after every discard the engine holds a
call window open (``hold_calls``), every viewer sees the same "waiting for calls" state (no
seats to act, no deadlines), each seat learns only its own options in a private prompt, and
the window lasts at least ``call_window`` at a table with more than one person, whether or not
anybody may call. Answers that do not close the window send nothing to anybody; the public
step number (``seq`` in messages) moves only when the table shows something new. Between hands
the table pauses until every connected person has confirmed the result, or ``hand_pause``."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from jantaku.engine import Action
from jantaku.engine.riichi.events import Event
from jantaku.server.bots import PLAYERS, SeatPlayer, make_player
from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.engines import FAMILIES, GameEngine, MatchOutcome, match_action
from jantaku.server.messages import Events, MatchEnded, Prompt, ServerMessage, Snapshot, TableUpdate
from jantaku.server.storage import Store

__all__ = ["RANKED_NO_BOTS", "Connection", "Seat", "Table", "TableError", "commitment_of"]

log = logging.getLogger("jantaku.server")


class Connection(Protocol):
    user_id: int | None

    def send(self, message: ServerMessage) -> None: ...


class TableError(Exception):
    """An intention the table refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


RANKED_NO_BOTS = "a ranked table starts only when four players sit; computer players never fill it"


def commitment_of(seed: str) -> str:
    """The published SHA-256 commitment to a seed (hex of sha256 of its UTF-8 bytes)."""
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass
class Seat:
    user_id: int | None = None
    name: str = ""
    bot: str | None = None  # a computer player sits here for the whole match
    connections: set[Any] = field(default_factory=set)
    absent_since: float | None = None
    takeover: bool = False  # a computer player plays for an absent player
    withdrawn: bool = False  # left a started match: a computer player plays on, ranked 4th
    bank: float | None = None  # seconds left in the time bank (None: the match has not begun)

    @property
    def empty(self) -> bool:
        return self.user_id is None and self.bot is None

    def to_json(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "bot": self.bot,
            "connected": bool(self.connections) if self.user_id is not None else None,
            "takeover": self.takeover,
            "withdrawn": self.withdrawn,
        }

    def stored(self) -> dict[str, Any]:
        out: dict[str, Any] = {"user_id": self.user_id, "name": self.name, "bot": self.bot}
        if self.withdrawn:
            out["withdrawn"] = True
        if self.bank is not None:
            out["bank"] = round(self.bank, 3)  # a restart gives the seat its bank back
        return out


class _AutoPlay:
    """What the timer does on expiry: discard the drawn tile, or pass."""

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        drawn = view.get("drawn_index")
        for a in legal_actions:
            if a.kind.value == "pass":
                return a
        for a in legal_actions:
            if a.kind.value == "discard" and a.tile is not None and a.tile.index == drawn:
                return a
        for a in legal_actions:
            if a.kind.value == "discard":
                return a
        return legal_actions[0]


class Table:
    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        store: Store,
        settings: ServerSettings,
        *,
        seed: str | None = None,
        invite_code: str | None = None,
        on_finish: Callable[[Table, MatchOutcome], None] | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.store = store
        self.settings = settings
        self.seed = seed or secrets.token_hex(16)
        self.commitment = commitment_of(self.seed)
        self.invite_code = invite_code
        self.created_by: int | None = None  # the player who created it (limits open tables)
        self.status = "open"
        self.seats = [Seat() for _ in range(4)]
        self.watchers: set[Any] = set()
        self.engine: GameEngine | None = None
        self.seq = 0  # stored actions
        self.step = 0  # what viewers see as ``seq``: one per message that shows something new
        self.started_at = 0.0
        self.waiting_since: dict[int, float] = {}
        self.on_finish = on_finish
        self.outcome: MatchOutcome | None = None
        self.latencies: list[float] = []  # seconds to store, apply and send one action
        self.lags: list[float] = []  # computer players: from due time to the action sent
        self._changed = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._players: dict[int, SeatPlayer] = {}  # computer players, by seat (takeovers too)
        self._auto = _AutoPlay()
        self._window_until: float | None = None  # an open call window closes no earlier
        self._deferred: tuple[Action, str] | None = None  # the answer that would close it early
        self._pause_until: float | None = None  # between hands: the result is on screen
        self._confirmed: set[int] = set()  # seats whose person has seen the result
        self._rng = random.Random()  # thinking times only; never reaches the match

    # ------------------------------------------------------------------ public state

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "status": self.status,
            "config": self.config.to_json(),
            "seats": [s.to_json() for s in self.seats],
            "commitment": self.commitment,
            "seq": self.step,
        }

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def snapshot(self, seat: int | None) -> Snapshot:
        """Everything a (re)joining viewer needs: the table, its own view, what is asked."""
        result = self._result_json() if self.outcome is not None else None
        if self.engine is None:
            return Snapshot(self.summary(), seat, result=result)
        return Snapshot(
            self.summary(),
            seat,
            view=self.engine.view_json(seat),
            to_act=self._public_to_act(),
            deadlines=self._deadlines_json(),
            between_hands=self._pause_until is not None,
            result=result,
        )

    # ------------------------------------------------------------------ seating

    def sit(self, user_id: int, name: str, seat: int | None = None) -> int:
        mine = self.seat_of(user_id)
        if mine is not None and self.seats[mine].withdrawn:
            raise TableError("withdrawn", "you left this match; you can watch it")
        if mine is not None:
            return self.seat_of(user_id)  # type: ignore[return-value]
        if self.status != "open":
            raise TableError("table_started", "the match has started; you can watch it")
        free = [i for i, s in enumerate(self.seats) if s.empty]
        if seat is not None:
            if seat not in free:
                raise TableError("seat_taken", f"seat {seat} is not free")
            free = [seat]
        if not free:
            raise TableError("table_full", "the table is full")
        self.seats[free[0]] = Seat(user_id=user_id, name=name)
        self._store_seats()
        self._send_all(TableUpdate(self.summary()))
        return free[0]

    def leave(self, user_id: int) -> None:
        """Before the start: give the seat up. During the match: withdraw (a computer player
        plays on; at a ranked table the result counts as 4th place, doman-rules.md §5.1)."""
        seat = self.seat_of(user_id)
        if seat is None:
            return
        if self.status == "open":
            self.seats[seat] = Seat()
        elif self.status == "live":
            s = self.seats[seat]
            s.withdrawn = s.takeover = True
            s.connections.clear()
        else:
            return
        self._store_seats()
        self._send_all(TableUpdate(self.summary()))
        self._changed.set()

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

    def _store_seats(self) -> None:
        self.store.update_table(self.id, seats=[s.stored() for s in self.seats])

    # ------------------------------------------------------------------ connections

    def attach(self, conn: Any, seat: int | None) -> None:
        if seat is None:
            self.watchers.add(conn)
        else:
            s = self.seats[seat]
            s.connections.add(conn)
            if s.absent_since is not None or s.takeover:
                s.absent_since = None
                s.takeover = False
                self._send_all(TableUpdate(self.summary()))
        conn.send(self.snapshot(seat))
        if seat is not None and self.engine is not None and self._asked(seat):
            self._prompt(seat)
        self._changed.set()

    def detach(self, conn: Any) -> None:
        self.watchers.discard(conn)
        for s in self.seats:
            if conn in s.connections:
                s.connections.discard(conn)
                if not s.connections and s.user_id is not None:
                    s.absent_since = time.monotonic()
        self._changed.set()

    def _send_all(self, message: ServerMessage) -> None:
        for s in self.seats:
            for c in s.connections:
                c.send(message)
        for c in self.watchers:
            c.send(message)

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
        self.store.update_table(
            self.id,
            status="live",
            started_at=self.started_at,
            seats=[s.stored() for s in self.seats],
        )
        self._begin()
        assert self.engine is not None
        for i, s in enumerate(self.seats):
            for c in s.connections:
                c.send(self.snapshot(i))
        for c in self.watchers:
            c.send(self.snapshot(None))
        self._show(list(self.engine.log))

    def _begin(self) -> None:
        factory = FAMILIES.get(self.config.family)
        if factory is None:
            raise TableError("unavailable", f"no {self.config.family} engine on this server")
        self.engine = factory(self.config.preset, self.seed, dict(self.config.overrides))
        self.engine.hold_calls = True  # the same call window after every discard
        for s in self.seats:
            if s.bank is None:
                s.bank = self.settings.bank_seconds

    def _call_window(self) -> float:
        """How long every call window stays open at least: at a table with one person there
        is nobody to hide anything from, so no pause."""
        persons = sum(1 for s in self.seats if s.user_id is not None)
        return self.settings.call_window if persons > 1 else 0.0

    def resume(self, stored: list[Any], started_at: float) -> None:
        """Rebuild a live table from its stored actions (after a restart); every seat's stored
        time bank is kept, and the seats to act get their deadlines from now."""
        self.status = "live"
        self.started_at = started_at
        self._begin()
        engine = self.engine
        assert engine is not None
        for row in stored:
            engine.clock.time = row.elapsed
            if engine.holding:
                engine.close_calls()
            engine.apply(engine.action_from_json(row.action))
            self.seq = row.seq
        self.step = self.seq
        now = time.monotonic()
        for s in self.seats:
            if s.user_id is not None:
                s.absent_since = now
        if engine.awaiting_calls():
            self._window_until = now + self._call_window()
        self._start_clocks(now)
        if engine.outcome is not None:
            self._finish(engine.outcome)

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
        if (
            self._window_until is not None
            and time.monotonic() < self._window_until
            and engine.to_act() == [seat]
        ):
            # the last answer would close the call window before its time, which would tell
            # everybody that someone could call: it waits for the window's end
            self._deferred = (action, source)
            self._changed.set()
            return
        t0 = time.perf_counter()
        elapsed = time.time() - self.started_at
        self.store.append_action(self.id, self.seq + 1, action.to_json(), elapsed, source)
        self.seq += 1
        engine.clock.time = elapsed
        events = engine.apply(action)
        self._tell_players(events)
        if events:  # an answer that leaves the window open shows nothing to anybody
            self._show(events)
        self.latencies.append(time.perf_counter() - t0)
        self._changed.set()

    def _charge(self, seat: int) -> None:
        """Take the time ``seat`` used beyond its base time from its bank; it has answered."""
        waited = self.waiting_since.pop(seat, None)
        base = self._base_time(seat)
        s = self.seats[seat]
        if waited is not None and base is not None and s.bank is not None:
            over = time.monotonic() - waited - base
            if over > 0:
                s.bank = max(0.0, s.bank - over)
                self._store_seats()

    def _close_window(self) -> None:
        """The call window's time is up: the answer kept back is applied, or an empty window
        closes as if everybody had passed."""
        engine = self.engine
        assert engine is not None
        self._window_until = None
        if self._deferred is not None:
            action, source = self._deferred
            self._deferred = None
            self._commit(action, source)
            return
        engine.clock.time = time.time() - self.started_at
        events = engine.close_calls()
        self._tell_players(events)
        self._show(events)
        self._changed.set()

    def _show(self, events: list[Event]) -> None:
        """After the engine moved: open a call window or a pause between hands as the events
        ask, send every viewer what it may see, and finish the match when it is over."""
        engine = self.engine
        assert engine is not None
        now = time.monotonic()
        if engine.awaiting_calls():
            if self._window_until is None:
                self._window_until = now + self._call_window()
        else:
            self._window_until = None
        if engine.outcome is None and any(e.type == "deal_ended" for e in events):
            self._pause_until = now + self.settings.hand_pause
            self._confirmed = set()
        self._start_clocks(now)
        self._broadcast(events)
        if engine.outcome is not None:
            self._finish(engine.outcome)

    def _start_clocks(self, now: float) -> None:
        """Each seat asked to decide is timed from now; nobody is timed between hands."""
        assert self.engine is not None
        to_act = [] if self._pause_until is not None else self.engine.to_act()
        for n in to_act:
            self.waiting_since.setdefault(n, now)
        for n in list(self.waiting_since):
            if n not in to_act:
                del self.waiting_since[n]

    def _asked(self, seat: int) -> bool:
        """Whether ``seat`` is asked to decide now (not between hands, not answered yet)."""
        assert self.engine is not None
        if self._pause_until is not None:
            return False
        if self._deferred is not None and self._deferred[0].seat == seat:
            return False
        return seat in self.engine.to_act()

    def _public_to_act(self) -> list[int]:
        """The seats every viewer may know are deciding: the seat on turn; nobody while a call
        window is open (who may call is each seat's own secret) or between hands."""
        assert self.engine is not None
        if self._pause_until is not None or self.engine.awaiting_calls():
            return []
        return self.engine.to_act()

    def _tell_players(self, events: list[Event]) -> None:
        """Every computer player sees every event its seat may see, as in the arena."""
        for seat, player in self._players.items():
            player.observe([e.seen_by(seat) for e in events])

    def _broadcast(self, events: list[Event]) -> None:
        assert self.engine is not None
        self.step += 1
        to_act = self._public_to_act()
        deadlines = self._deadlines_json()
        for i, s in enumerate(self.seats):
            if not s.connections:
                continue
            msg = Events(
                self.id,
                self.step,
                [e.seen_by(i).to_json() for e in events],
                to_act,
                deadlines,
                self._pause_until is not None,
                self.engine.view_json(i),
            )
            for c in s.connections:
                c.send(msg)
            if self._asked(i):
                self._prompt(i)
        if self.watchers:
            msg = Events(
                self.id,
                self.step,
                [e.seen_by(None).to_json() for e in events],
                to_act,
                deadlines,
                self._pause_until is not None,
                self.engine.view_json(None),
            )
            for c in self.watchers:
                c.send(msg)

    def confirm(self, user_id: int | None) -> None:
        """A person has seen the hand's result; the next hand begins once all connected
        persons have (or when the pause runs out)."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "you have no seat at this table")
        if self._pause_until is not None:
            self._confirmed.add(seat)
            self._changed.set()

    def _everyone_confirmed(self) -> bool:
        waiting = {
            i
            for i, s in enumerate(self.seats)
            if s.user_id is not None and s.connections and not s.takeover
        }
        return waiting <= self._confirmed

    def _end_pause(self) -> None:
        self._pause_until = None
        self._confirmed = set()
        self._start_clocks(time.monotonic())
        self._broadcast([])

    def _prompt(self, seat: int) -> None:
        assert self.engine is not None
        legal = self.engine.legal_actions(seat)
        if not legal:
            return
        msg = Prompt(
            self.id,
            self.step,
            seat,
            [a.to_json() for a in legal],
            self._deadline_of(seat),
            self.engine.drawn_index(seat),
        )
        for c in self.seats[seat].connections:
            c.send(msg)

    # ------------------------------------------------------------------ time

    def _base_time(self, seat: int) -> float | None:
        if not self.config.timer or self.engine is None:
            return None
        overrides = self.config.overrides
        turn = self.engine.legal_actions(seat)
        is_turn = any(a.kind.value == "discard" for a in turn) or not any(
            a.kind.value == "pass" for a in turn
        )
        if is_turn:
            return self.settings.turn_seconds or float(overrides.get("per_action_time_s") or 15)
        return self.settings.call_seconds or float(overrides.get("call_prompt_time_s") or 8)

    def _deadline_of(self, seat: int) -> float | None:
        """Seconds left for ``seat`` (turn time plus its bank), None without a timer."""
        since = self.waiting_since.get(seat)
        base = self._base_time(seat)
        if since is None or base is None:
            return None
        bank = self.seats[seat].bank or 0.0
        return round(since + base + bank - time.monotonic(), 3)

    def _deadlines_json(self) -> dict[str, float]:
        """The public deadlines: of the seat on turn only (a call window has none to show)."""
        out: dict[str, float] = {}
        for s in self._public_to_act():
            d = self._deadline_of(s)
            if d is not None:
                out[str(s)] = d
        return out

    # ------------------------------------------------------------------ driver

    def _controller(self, seat: int) -> SeatPlayer | None:
        s = self.seats[seat]
        if s.bot is None and not s.takeover:
            return None
        player = self._players.get(seat)
        if player is None:
            # a takeover, or a computer player after a restart: it catches up with the match
            player = make_player(s.bot or "filler", self.config.family, self.config.kuitan)
            assert self.engine is not None
            player.observe([e.seen_by(seat) for e in self.engine.log])
            self._players[seat] = player
        return player

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
                self._send_all(TableUpdate(self.summary()))
            else:
                left = absent + self.settings.grace_seconds - now
                wake = left if wake is None else min(wake, left)
        return wake

    def _bot_view(self, seat: int) -> dict[str, Any]:
        engine = self.engine
        assert engine is not None
        return {
            "seat": seat,
            "drawn_index": engine.drawn_index(seat),
            "engine": engine,
            # the seat's full view, built only when a player asks for it (it costs)
            "seat_view": lambda: engine.seat_view(seat),
        }

    async def _drive(self) -> None:
        """Bots, timers and takeovers; bounded by the match: it ends when the match does."""
        try:
            while self.status == "live" and self.engine is not None:
                self._changed.clear()
                now = time.monotonic()
                acted = False
                wake: float | None = None
                if self._pause_until is not None:
                    if now >= self._pause_until or self._everyone_confirmed():
                        self._end_pause()
                        continue
                    wake = self._pause_until - now
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._changed.wait(), timeout=wake)
                    continue
                if self._window_until is not None:
                    if now >= self._window_until and (
                        self._deferred is not None or self.engine.holding
                    ):
                        self._close_window()
                        continue
                    elif now < self._window_until:
                        wake = self._window_until - now
                absent_wake = self._take_over_absent(now)
                if absent_wake is not None:
                    wake = absent_wake if wake is None else min(wake, absent_wake)
                for seat in list(self.engine.to_act()):
                    if not self._asked(seat):
                        continue
                    s = self.seats[seat]
                    player = self._controller(seat)
                    legal = self.engine.legal_actions(seat)
                    if not legal:
                        continue
                    if player is not None:
                        due = None
                        # a call is answered at once: the call window paces the table
                        if (
                            self.settings.bot_delay
                            and s.bot is not None
                            and not self.engine.awaiting_calls()
                        ):
                            # 0.5-1.5 x the delay: players do not all think in step
                            delay = self.settings.bot_delay * (0.5 + self._rng.random())
                            due = time.monotonic() + delay
                            await asyncio.sleep(delay)
                            if self.status != "live" or not self._asked(seat):
                                acted = True
                                break
                            legal = self.engine.legal_actions(seat)
                        self._commit(player.choose(self._bot_view(seat), legal), "bot")
                        if due is not None:
                            self.lags.append(time.monotonic() - due)
                        acted = True
                        break
                    left_t = self._deadline_of(seat)
                    if left_t is not None:
                        if left_t <= 0:
                            self.seats[seat].bank = 0.0  # spent; stored with the answer
                            self._commit(self._auto.choose(self._bot_view(seat), legal), "timeout")
                            acted = True
                            break
                        wake = left_t if wake is None else min(wake, left_t)
                if acted:
                    await asyncio.sleep(0)
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), timeout=wake)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s driver failed", self.id)

    # ------------------------------------------------------------------ the end

    def _result_json(self) -> dict[str, Any]:
        o = self.outcome
        assert o is not None
        return {
            "scores": list(o.scores),
            "ranking": list(o.ranking),
            "recorded": o.recorded,
            "reason": o.reason,
            "seed": self.seed,
            "commitment": self.commitment,
            "seats": [s.stored() for s in self.seats],
            "config": self.config.to_json(),
            "actions": self.seq,
        }

    def _finish(self, outcome: MatchOutcome) -> None:
        self.outcome = outcome
        self.status = "finished"
        if self.on_finish is not None:
            self.on_finish(self, outcome)
        self._send_all(MatchEnded(self.id, self._result_json()))
        self._changed.set()
