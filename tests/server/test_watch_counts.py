"""The door's count of the tables a connection watches at other processes (watch_counts.py):
a watch counts when it is forwarded, an unwatch frees it at once, and the owners' answers,
which come in the order the messages went, leave the count as the last one says: a watch the
owner refused frees its place, a spectator seated by a join watches no more, and an answer
to a watch that was unwatched meanwhile does not count it again."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.server.messages import Error, ServerMessage
from jantaku.server.tables import TableError
from jantaku.server.watch_counts import answered, asks_owner, ended, forwarded

LIMIT = 2


class _Client:
    """What the count reads of a connection, and what it was sent."""

    def __init__(self) -> None:
        self.tables: set[Any] = set()
        self.watched_elsewhere: set[str] = set()
        self.watch_answers: dict[str, int] = {}
        self.routes: dict[str, Any] = {}
        self.sent: list[ServerMessage] = []

    def send(self, message: ServerMessage, ref: Any = None) -> None:
        self.sent.append(message)


def _ask(c: _Client, kind: str, table: str) -> bool:
    return asks_owner(c, kind, table, LIMIT)  # type: ignore[arg-type]


def test_a_watch_counts_when_forwarded_and_an_unwatch_frees_it_at_once() -> None:
    c = _Client()
    assert _ask(c, "watch", "t1") and _ask(c, "watch", "t2")
    with pytest.raises(TableError) as refused:  # before any owner answered
        _ask(c, "watch", "t3")
    assert refused.value.code == "too_many_tables"
    assert _ask(c, "watch", "t1")  # watching one again is no new one
    assert not _ask(c, "act", "t1")  # other messages ask nothing
    _ask(c, "unwatch", "t2")
    assert c.watched_elsewhere == {"t1"}
    assert _ask(c, "watch", "t3")


def test_the_last_answer_decides() -> None:
    c = _Client()
    _ask(c, "watch", "t1")
    assert _ask(c, "unwatch", "t1")  # an answer to the watch is due: this one is asked too
    answered(c, "t1", True)  # the watch's: the unwatch's is due still
    assert c.watched_elsewhere == set()
    answered(c, "t1", False)
    assert c.watched_elsewhere == set() and c.watch_answers == {}
    answered(c, "t1", True)  # not asked for (an owner's stray word): nothing changes
    assert c.watched_elsewhere == set()


def test_a_refused_watch_a_seating_join_and_a_table_that_ended_free_their_places() -> None:
    c = _Client()
    for table in ("t1", "t2"):
        _ask(c, "watch", table)
    answered(c, "t1", False)  # the owner refused it
    answered(c, "t2", True)
    assert c.watched_elsewhere == {"t2"}
    assert _ask(c, "join", "t2")  # a join of a table watched: asked
    assert not _ask(c, "join", "t9")  # of another one: not
    answered(c, "t2", False)  # the spectator sits now
    assert c.watched_elsewhere == set()
    _ask(c, "watch", "t3")
    answered(c, "t3", True)
    ended(c, "t3")
    assert c.watched_elsewhere == set()


def test_a_watch_refused_at_the_door_answers_its_id_and_is_not_followed() -> None:
    c = _Client()
    for table in ("t1", "t2"):
        forwarded(c, f'{{"type": "watch", "table": "{table}"}}', "watch", table, LIMIT)  # type: ignore[arg-type]
    c.routes["t3"] = ("elsewhere", "the watch sent before")
    raw = '{"type": "watch", "table": "t3", "id": "w3"}'
    assert forwarded(c, raw, "watch", "t3", LIMIT) is None  # type: ignore[arg-type]
    assert "t3" not in c.routes
    assert len(c.sent) == 1 and isinstance(c.sent[0], Error)
    assert c.sent[0].to_json()["ref"] == "w3"


def test_a_watch_the_owner_refused_or_whose_table_ended_is_not_followed_a_seat_is() -> None:
    """The door sends a route's message again where its table moves: not a watch refused or
    of a table that ended (the client would be told the refusal again), but a join's seat."""
    c = _Client()
    watch = '{{"type": "watch", "table": "{}"}}'
    for table in ("t1", "t2"):
        _ask(c, "watch", table)
        c.routes[table] = ("elsewhere", watch.format(table))
    c.routes["t3"] = ("elsewhere", '{"type": "join", "table": "t3"}')
    answered(c, "t1", False)  # refused by the owner
    answered(c, "t2", True)
    assert set(c.routes) == {"t2", "t3"}
    ended(c, "t2")
    assert set(c.routes) == {"t3"}
    c.watched_elsewhere.add("t3")  # a spectator there, who then takes a seat
    assert _ask(c, "join", "t3")
    answered(c, "t3", False)  # seated: it watches no more, but its seat is followed
    ended(c, "t3")
    assert set(c.routes) == {"t3"}
