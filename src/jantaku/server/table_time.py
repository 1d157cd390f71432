"""A table's clocks: each seat's base time per decision, its time bank, the deadlines shown,
how long a call window stays open at least (also one open when a stored match resumes), and
how long a hand's result stays on screen."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from jantaku.engine.actions import ActionKind
from jantaku.engine.game import Game
from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.seats import Seat

__all__ = ["TableClocks"]


class TableClocks:
    """The time-keeping part of :class:`~jantaku.server.tables.Table`."""

    config: TableConfig
    settings: ServerSettings
    seats: list[Seat]
    engine: Game | None
    waiting_since: dict[int, float]  # seat -> turn_clock time it was asked to decide
    turn_clock: Callable[[], float]  # the clock the turn times and banks run on
    started_at: float
    _window_opened: float | None
    _pause_until: float | None

    if TYPE_CHECKING:  # the table's own (see :class:`~jantaku.server.tables.Table`)

        def _store_seats(self, quiet: bool = False) -> None: ...
        def _in_window(self) -> bool: ...

        def _public_to_act(self) -> list[int]: ...

    def _call_window(self) -> float:
        """How long every call window stays open at least, whether or not anybody may call:
        ``call_window`` at a table with more than one person, ``solo_call_window`` at one of
        a person and computer players (the person and the spectators would see the puppets'
        decisions otherwise); none at a table of computer players alone (nobody plays them)."""
        persons = sum(1 for s in self.seats if s.user_id is not None)
        if persons > 1:
            return self.settings.call_window
        return self.settings.solo_call_window if persons else 0.0

    def _resume_hold(self) -> float:
        """How long a call window open when a stored match resumes (after a restart, or a
        takeover) stays open at least, counted from the resume, whether or not anybody may
        answer it: the call-prompt time, and never less than the call window, at a table
        with a person seated (which everybody sees); none at a table of computer players
        alone. The seats asked are timed again from the resume, so a person who may call has
        the call-prompt time to reconnect and answer; a window that closed at once when nobody
        may answer, and waited when a person may, would tell every viewer that someone could
        call."""
        if not any(s.user_id is not None for s in self.seats):
            return 0.0
        return max(self._call_window(), self._call_prompt_time())

    def _window_left(self) -> float:
        """Seconds left of the call window open when a stored match was played again (after a
        restart, or a takeover): at least :meth:`_resume_hold`, the same whoever may answer;
        and when the window's own end is later, that end (the call window after its
        discard's time in the match, which every stored action carries, as the 80- and
        120-minute rules read it), so a restart never ends a window sooner than it would
        have ended without one. An answer that would close it sooner waits for its end, as
        in any window (:meth:`~jantaku.server.tables.Table._commit`)."""
        hold = self._resume_hold()
        if self._window_opened is None:
            return max(hold, self._call_window())
        closes = self.started_at + self._window_opened + self._call_window()
        return max(hold, closes - time.time(), 0.0)

    def _hand_pause(self) -> float:
        """How long a hand's result stays on screen at most: until its one person has seen it
        when the other seats are computer players (nobody else waits, and nothing moves on
        behind the person's back), else ``hand_pause`` (an absent-minded person does not hold
        up the others)."""
        persons = sum(1 for s in self.seats if s.user_id is not None and not s.takeover)
        if persons > 1:
            return self.settings.hand_pause
        solo = self.settings.solo_hand_pause
        return math.inf if solo is None else solo

    def _base_time(self, seat: int) -> float | None:
        if not self.config.timer or self.engine is None:
            return None
        overrides = self.config.overrides
        turn = self.engine.legal_actions(seat)
        is_turn = any(a.kind is ActionKind.DISCARD for a in turn) or not any(
            a.kind is ActionKind.PASS for a in turn
        )
        if is_turn:
            return self.settings.turn_seconds or float(overrides.get("per_action_time_s") or 15)
        return self._call_prompt_time()

    def _call_prompt_time(self) -> float:
        """A call prompt's base time (the server's ``call_seconds``, else the table's rule
        option, doman-rules.md Q12)."""
        overrides = self.config.overrides
        return self.settings.call_seconds or float(overrides.get("call_prompt_time_s") or 8)

    def _clock_of(self, seat: int) -> tuple[float, float] | None:
        """``seat``'s clock, (turn time left, bank left) in seconds, None without a timer: the
        turn time runs first, then the bank."""
        since = self.waiting_since.get(seat)
        base = self._base_time(seat)
        if since is None or base is None:
            return None
        bank = self.seats[seat].bank or 0.0
        used = self.turn_clock() - since
        over = max(0.0, used - base)
        return round(max(0.0, base - used), 3), round(max(0.0, bank - over), 3)

    def _deadline_of(self, seat: int) -> float | None:
        """Seconds left for ``seat`` (turn time plus its bank), None without a timer."""
        since = self.waiting_since.get(seat)
        base = self._base_time(seat)
        if since is None or base is None:
            return None
        bank = self.seats[seat].bank or 0.0
        return round(since + base + bank - self.turn_clock(), 3)

    def _deadlines_json(
        self, viewer: int | None, clocks: dict[str, dict[str, float]] | None = None
    ) -> dict[str, float]:
        """The deadlines ``viewer`` sees (from its ``clocks`` when given, so that the two
        agree): of the seat on turn only (a call window has none to show); another seat's is
        its turn time alone, see :meth:`_clocks_json`."""
        shown = self._clocks_json(viewer) if clocks is None else clocks
        return {s: round(c["turn_left"] + c.get("bank", 0.0), 3) for s, c in shown.items()}

    def _clocks_json(
        self, viewer: int | None, to_act: list[int] | None = None
    ) -> dict[str, dict[str, float]]:
        """The clocks ``viewer`` sees, turn time and bank apart, of the seat on turn only
        (``to_act``: the public seats to act, when known already). The bank is the seat's own
        secret: it shrinks when the seat thinks long over a call prompt, so showing it to the
        others would tell them who could have called."""
        out: dict[str, dict[str, float]] = {}
        for s in self._public_to_act() if to_act is None else to_act:
            clock = self._clock_of(s)
            if clock is not None:
                own = s == viewer
                out[str(s)] = (
                    {"turn_left": clock[0], "bank": clock[1]} if own else {"turn_left": clock[0]}
                )
        return out

    def _start_clocks(self) -> None:
        """Each seat asked to decide is timed from now; nobody is timed between hands."""
        assert self.engine is not None
        now = self.turn_clock()
        to_act = [] if self._pause_until is not None else self.engine.to_act()
        for n in to_act:
            self.waiting_since.setdefault(n, now)
        for n in list(self.waiting_since):
            if n not in to_act:
                del self.waiting_since[n]

    def _charge(self, seat: int) -> None:
        """Take the time ``seat`` used beyond its base time from its bank; it has answered."""
        waited = self.waiting_since.pop(seat, None)
        base = self._base_time(seat)
        s = self.seats[seat]
        if waited is not None and base is not None and s.bank is not None:
            over = self.turn_clock() - waited - base
            if over > 0:
                s.bank = max(0.0, s.bank - over)
                # an answer in a call window: stored quietly with it (tables.py, _store)
                self._store_seats(quiet=self._in_window())
