"""What a table tells its viewers: its summary, a (re)joining viewer's snapshot, the events of
each step filtered for each seat and the spectators, a seat's private prompt, the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jantaku.engine.events import Event
from jantaku.engine.game import Game, GameResult
from jantaku.server.abandon import Abandoned
from jantaku.server.chat import TableChat
from jantaku.server.clientview import client_view, drawn_index, ended_client_view
from jantaku.server.config import TableConfig, TableKind
from jantaku.server.match_summary import leftover_sticks, rank_fields
from jantaku.server.messages import Events, Prompt, ServerMessage, Snapshot
from jantaku.server.seats import Seat, TableError, public_summary
from jantaku.server.writer import Outbox

__all__ = ["EVENTS_PER_MESSAGE", "MISSED_PAGE", "TableMessages", "missed_charge"]

#: the most events one snapshot's ``missed`` holds (a rejoin asks again for the rest): each
#: costs its filtering and JSON, so what one join may cost stays near what a snapshot costs
MISSED_PAGE = 128
#: the missed events a join's snapshot sends (``seen``) for the cost of one more message of
#: the connection's and its address's budgets: catching a whole match up costs a few dozen
EVENTS_PER_MESSAGE = 16


def missed_charge(sent: int = MISSED_PAGE) -> float:
    """The messages ``sent`` missed events cost (a whole page's by default: what a door
    charges ahead for a join another process answers, cluster.py)."""
    return min(sent, MISSED_PAGE) / EVENTS_PER_MESSAGE


class TableMessages:
    """The viewer-facing part of :class:`~jantaku.server.tables.Table`."""

    id: str
    status: str
    config: TableConfig
    seed: str
    commitment: str
    seats: list[Seat]
    watchers: set[Any]
    engine: Game | None
    seq: int
    step: int
    shown_step: int  # the last step whose messages have all left (table_hints.py)
    outcome: GameResult | None
    chat: TableChat  # a party table's last chat lines (sent to its seats in the snapshot)
    _pause_until: float | None
    _confirmed: set[int]
    _deal_end: tuple[int, list[Event]] | None
    _deferred: tuple[Any, float] | None
    outbox: Outbox  # what is sent waits until the table's actions are stored
    wait_clock: Callable[[], float]  # the clock of a queued player's wait (Seat.since)
    rank_changes: list[dict[str, Any]] | None = None  # a rated match's, by seat (records.py)

    if TYPE_CHECKING:  # the table's clocks (see :class:`~jantaku.server.table_time.TableClocks`)

        def _deadline_of(self, seat: int) -> float | None: ...

        def _deadlines_json(
            self, viewer: int | None, clocks: dict[str, dict[str, float]] | None = None
        ) -> dict[str, float]: ...

        def _clock_of(self, seat: int) -> tuple[float, float] | None: ...

        def _seats_waiting(self) -> set[int]: ...

        def _clocks_json(
            self, viewer: int | None, to_act: list[int] | None = None
        ) -> dict[str, dict[str, float]]: ...

        def abandon_at(self) -> float | None: ...

    def summary(self) -> dict[str, Any]:
        """The table as its viewers and the lobby see it (anonymous seats while a ranked table
        is open, see :func:`~jantaku.server.seats.public_summary`)."""
        return public_summary(self.full_summary())

    def full_summary(self) -> dict[str, Any]:
        """The summary with every seat's player: for the other processes of a group alone
        (their ``GET /api/me/tables`` finds one's table by it), never sent to a client."""
        return {
            "id": self.id,
            "status": self.status,
            "config": self.config.to_json(),
            "seats": self._seats_json(),
            "commitment": self.commitment,
            "seq": self.step,
            # nobody plays the match: it waits, and ends as abandoned then (Unix time) unless
            # a person comes back; null while it is played
            "abandon_at": self.abandon_at(),
        }

    def _seats_json(self) -> list[dict[str, Any]]:
        """The seats as everybody sees them. While a resumed call window is hidden
        (table_viewers.py) a person whose join waits for its end shows as back already, as a
        seat asked in the window who came back meanwhile does: else the seats would tell who
        was let in, and so who may call."""
        seats = [s.to_json() for s in self.seats]
        for seat in self._seats_waiting():
            seats[seat].update(connected=True, takeover=False)
        return seats

    def snapshot(self, seat: int | None, seen: int | None = None) -> Snapshot:
        """Everything a (re)joining viewer needs: the table, its own view, what is asked;
        with ``seen`` (a seat's count of the match's events it has seen) the seat's events
        since then (:meth:`missed`)."""
        result = self._result_json() if self.outcome is not None else None
        missed = None if seen is None or seat is None else self.missed(seat, seen)
        chat = self._chat_backlog(seat)
        if self.engine is None:
            return Snapshot(
                self.summary(),
                seat,
                result=result,
                waited=self.waited(seat),
                missed=missed,
                chat=chat,
            )
        clocks = self._clocks_json(seat)
        return Snapshot(
            self.summary(),
            seat,
            view=client_view(self.engine, seat),
            to_act=self._public_to_act(),
            deadlines=self._deadlines_json(seat, clocks),
            between_hands=self._pause_until is not None,
            result=result,
            clocks=dict(clocks),
            hand_end=self._hand_end_json(seat),
            missed=missed,
            chat=chat,
        )

    def _chat_backlog(self, seat: int | None) -> list[dict[str, Any]] | None:
        """A party table's last chat lines, for a seated person's snapshot alone (None
        elsewhere: a spectator, a computer player's seat, another kind of table)."""
        if self.config.kind is not TableKind.PARTY or seat is None:
            return None
        if self.seats[seat].user_id is None:
            return None
        return self.chat.backlog(self.id)

    def events_count(self) -> int:
        """The events of the match so far: every viewer was sent each of them once, in this
        order (as its viewer may see it), so a seat's count of those seen says where it is."""
        return 0 if self.engine is None else len(self.engine.log)

    def check_seen(self, seen: int) -> int:
        """The events so far; ``bad_seen`` when ``seen`` is more than that."""
        count = self.events_count()
        if not 0 <= seen <= count:
            raise TableError(
                "bad_seen", f"join.seen is {seen}, but the match has {count} events so far"
            )
        return count

    def missed(self, seat: int, seen: int) -> dict[str, Any]:
        """The events of the match from the ``seen``-th on as ``seat`` may see them, at most
        :data:`MISSED_PAGE` (the client asks again from where the page ends), and ``count``,
        the events so far. Only a seat's own join asks (never a spectator's); a count beyond
        the match's events is refused (``bad_seen``) before anything is sent."""
        count = self.check_seen(seen)
        page = [] if self.engine is None else self.engine.log[seen : seen + MISSED_PAGE]
        return {"from": seen, "events": [e.seen_by(seat).to_json() for e in page], "count": count}

    def _hand_end_json(self, seat: int | None) -> dict[str, Any] | None:
        """Between hands, the result ``seat`` (None: a spectator) has not confirmed: the step
        that ended the deal, its events as the viewer may see them, and the deal at its end."""
        if self._deal_end is None or self._pause_until is None or self.engine is None:
            return None
        if seat is not None and seat in self._confirmed:
            return None
        step, events = self._deal_end
        return {
            "seq": step,
            "events": [e.seen_by(seat).to_json() for e in events],
            "ended_view": ended_client_view(self.engine, seat),
        }

    def waited(self, seat: int | None) -> float | None:
        """How long the player of ``seat`` has waited at this open ranked table (the queue's
        wait, for that player alone), else None."""
        if seat is None or self.status != "open" or not self.config.ranked:
            return None
        return self.seats[seat].waited(self.wait_clock())

    def _send_all(self, message: ServerMessage) -> None:
        for s in self.seats:
            for c in s.connections:
                self.outbox.send(c, message)
        for c in self.watchers:
            self.outbox.send(c, message)

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

    def _events_message(
        self,
        seat: int | None,
        events: list[Event],
        shared: list[dict[str, Any] | None],
        to_act: list[int],
    ) -> Events:
        """The step's message for ``seat``: ``shared`` holds the JSON of the events every
        viewer sees alike (None where this seat's own version is made here)."""
        assert self.engine is not None
        clocks = self._clocks_json(seat, to_act)
        return Events(
            self.id,
            self.step,
            [
                e.seen_by(seat).to_json() if j is None else j
                for e, j in zip(events, shared, strict=True)
            ],
            to_act,
            self._deadlines_json(seat, clocks),
            self._pause_until is not None,
            client_view(self.engine, seat),
            dict(clocks),
            ended_client_view(self.engine, seat) if _ends_deal(events) else None,
        )

    def _broadcast(self, events: list[Event]) -> None:
        """One step: every seated viewer and every spectator sees the events as it may. What
        all see alike (a public event, one a spectator sees unchanged; the seats to act) is
        made once for the step."""
        assert self.engine is not None
        self.step += 1
        shared = [e.to_json() if e.seen_by(None) is e else None for e in events]
        to_act = self._public_to_act()
        for i, s in enumerate(self.seats):
            if not s.connections:
                continue
            msg = self._events_message(i, events, shared, to_act)
            for c in s.connections:
                self.outbox.send(c, msg)
            if self._asked(i):
                self._prompt(i)
        if self.watchers:
            msg = self._events_message(None, events, shared, to_act)
            for c in self.watchers:
                self.outbox.send(c, msg)
        if not self.outbox.pending:  # else once the held messages leave (tables.py, _sent)
            self.shown_step = self.step

    def _prompt(self, seat: int) -> None:
        assert self.engine is not None
        legal = self.engine.legal_actions(seat)
        if not legal:
            return
        clock = self._clock_of(seat)
        msg = Prompt(
            self.id,
            self.step,
            seat,
            [a.to_json() for a in legal],
            self._deadline_of(seat),
            drawn_index(self.engine, self.engine.view(seat)),
            turn_left=None if clock is None else clock[0],
            bank=None if clock is None else clock[1],
        )
        for c in self.seats[seat].connections:
            self.outbox.send(c, msg)

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
            **self._summary_json(o),
        }

    def _summary_json(self, o: GameResult) -> dict[str, Any]:
        """The end-of-match screen's facts beyond scores and ranking (docs/protocol.md)."""
        rules = getattr(self.engine, "rules", None)  # riichi's table rules (deposits, sticks)
        leftover = None  # none at a classical table, nor in a match abandoned mid-hand
        if rules is not None and self.engine is not None and not isinstance(o, Abandoned):
            to_first = getattr(rules, "leftover_sticks", None) == "to_first"
            leftover = leftover_sticks(self.engine.log, o, to_first)
        return {
            "reason_code": o.code.value,
            "reason_seats": list(o.seats),
            "leftover": leftover,
            "ranked": self.config.ranked,
            **rank_fields(self.rank_changes),
        }


def _ends_deal(events: list[Event]) -> bool:
    """Whether the step's ``events`` end a deal (its message carries the ended deal's view)."""
    return any(e.type == "deal_ended" for e in events)
