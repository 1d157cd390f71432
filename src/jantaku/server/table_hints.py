"""Hints at a live table (docs/table.md, "Hints"): a seated player at an unranked table asks
for the puppet's advice on its current prompt, and gets it alone.

A hint is made from what the seat may know and nothing else: the events as the seat saw them
(``seen_by``) and the seat's view, shown to an :class:`~jantaku.players.review.Adviser` (the
review's puppet and explainer) of the seat's own. It is made at most once per seat and prompt
step (a second request for the step waits for, or gets, the same answer), on the process's
hint thread (puppets.hint_pool), never on the event loop nor on the threads the puppets' call
decisions take. Asking moves nothing at the table: no step, no message to anybody else, no
wake-up of the table's driver."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from jantaku.engine.game import Game
from jantaku.server.config import TableConfig
from jantaku.server.messages import Error, Hint, Ref
from jantaku.server.puppets import Job, Lane, hint_pool
from jantaku.server.seats import TableError
from jantaku.server.writer import Outbox

if TYPE_CHECKING:
    from jantaku.players.review import Advice, Adviser

__all__ = ["HINTS_RANKED", "TableHints"]

log = logging.getLogger("jantaku.server")

# the project's choice (doman-rules.md §6.2: automation and hint plugins raise fairness
# concerns): a ranked match is played without advice
HINTS_RANKED = "hints are given at unranked tables only: a ranked match is played without advice"


class TableHints:
    """The hint part of :class:`~jantaku.server.tables.Table`."""

    id: str
    status: str
    config: TableConfig
    engine: Game | None
    step: int
    shown_step: int  # the last step whose messages have all left
    outbox: Outbox
    # per seat, the step of its last hint, its call on the hint thread (its result: the
    # hint), the adviser's lane and how many of the match's events it had seen before
    _hint_by_seat: dict[int, tuple[int, Job, Lane, int]]
    # per seat, the lane of its adviser and how many of the match's events it has seen
    _adviser_by_seat: dict[int, tuple[Lane, int]]

    if TYPE_CHECKING:  # the rest of the table

        def seat_of(self, user_id: int | None) -> int | None: ...
        def _asked(self, seat: int) -> bool: ...

    def hint(self, user_id: int | None, conn: Any, ref: Ref | None, seq: int | None) -> None:
        """Answer ``conn`` (of the player ``user_id``) with the hint for its seat's prompt,
        once it is made; raises TableError when none is given (nothing is made)."""
        if self.config.ranked:
            raise TableError("hints_ranked", HINTS_RANKED)
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "hints are for a seated player's own decisions")
        if self.status != "live" or self.engine is None:
            raise TableError("not_live", "the match is not being played")
        if seq is not None and seq != self.step:
            raise TableError("stale", f"the table is at step {self.step}, not {seq}")
        if not self._asked(seat) or not self.engine.legal_actions(seat):
            raise TableError("not_your_turn", "you have nothing to decide now")
        step = self.step
        advice = self._advice(seat)
        advice.add_done_callback(lambda done: self._answer(conn, ref, seat, step, done))

    def _advice(self, seat: int) -> asyncio.Future[Advice]:
        """The advice for ``seat`` at this step: the one being made or made, else a new one
        (its events since the last one and its view are taken now, on the event loop)."""
        kept = self._hint_by_seat.get(seat)
        if kept is not None and kept[0] == self.step:
            return kept[1].result
        engine = self.engine
        assert engine is not None
        lane, fed = self._adviser(seat)
        if kept is not None and kept[2] is lane and kept[1].withdraw():
            # the hint of an earlier step, not begun: nobody needs it now (the seat has moved
            # on), so it never takes the hint thread; its events go with this one
            fed = kept[3]
        new = [e.seen_by(seat) for e in engine.log[fed:]]
        view = engine.view(seat)
        adviser: Adviser = lane.player  # type: ignore[assignment]

        def advise() -> Advice:
            adviser.observe(new)
            return adviser.advise(view)

        self._adviser_by_seat[seat] = (lane, len(engine.log))
        job = lane.run(advise, hint_pool())
        self._hint_by_seat[seat] = (self.step, job, lane, fed)
        return job.result

    def drop_hints(self) -> None:
        """The match is over (or driven elsewhere): the advisers and the hints not begun go."""
        for _step, job, _lane, _fed in self._hint_by_seat.values():
            job.withdraw()
        self._hint_by_seat.clear()
        self._adviser_by_seat.clear()

    def _adviser(self, seat: int) -> tuple[Lane, int]:
        kept = self._adviser_by_seat.get(seat)
        if kept is None:
            from jantaku.players.review import Adviser

            kept = self._adviser_by_seat[seat] = (Lane(Adviser(self.config.family)), 0)
        return kept

    def _answer(
        self, conn: Any, ref: Ref | None, seat: int, step: int, done: asyncio.Future[Advice]
    ) -> None:
        """Send the made hint (or why none came) to the connection that asked: at once when
        the messages of its step have left, else with them (a hint may not show a prompt
        before its step is stored). Never held back behind a later write: the hint's timing
        then depends on its own step alone, not on what the table stores meanwhile."""
        if done.cancelled():  # withdrawn: the seat asked for a later step's hint since
            self._reply(conn, step, Error("stale", f"the table moved on from step {step}", ref))
            return
        error = done.exception()
        if error is not None:
            # a failed adviser may have seen half its events: the next hint starts a new one
            self._adviser_by_seat.pop(seat, None)
            log.error("table %s: a hint for seat %d failed: %r", self.id, seat, error)
            self._reply(conn, step, Error("hint_failed", "no hint could be made now", ref))
            return
        advice = done.result().to_json()
        message = Hint(self.id, step, seat, advice["level"], advice["action"], advice["danger"])
        self._reply(conn, step, message, ref)

    def _reply(self, conn: Any, step: int, message: Any, ref: Ref | None = None) -> None:
        if step <= self.shown_step:
            conn.send(message, ref)
        else:
            self.outbox.send(conn, message, ref)
