"""Reset Rank/Rating (doman-rules.md §5.2): an account starts the ladder again.

The rank goes back to Novice with 0 rank points and the shown rating to its start value; the
highest rating, the count of rated matches (the rating's k factor, Q14), the hidden skill
estimate, past matches and statistics are kept. The one rank and rating serve quick and full
matches alike, so a reset is of both at once.

A reset never touches a match that is still to be settled: it is refused while the account has
a seat at an open (queued) or live ranked table, a withdrawn one included (its 4th place is
still to be counted). A ranked result reads the accounts when it is stored, in the transaction
that marks the table finished, so the reset's own transaction (its write first, then the
look at the tables) either sees that table unfinished and is undone, or comes after the
result and starts from it."""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable
from typing import Any

from sqlalchemy import case, select, update

from jantaku.server.config import TableKind
from jantaku.server.models import TableRow, UserRow
from jantaku.server.storage import Store

__all__ = [
    "RANKED_KINDS",
    "START_RATING",
    "ResetRefused",
    "reset_rank",
    "seated_at",
    "seated_refusal",
]

START_RATING = 1500.0  # §5.2: "starts at 1,500"
RANKED_KINDS = (TableKind.NOVICE.value, TableKind.ADVANCED.value)
_UNFINISHED = ("open", "live")


class ResetRefused(Exception):
    """The reset is not done now: ``code`` says why (``ranked_seat``, ``guests_unranked``,
    ``not_found``)."""

    def __init__(self, code: str, message: str, table: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.table = code, message, table


def seated_at(user_id: int, tables: Iterable[tuple[str, Any]]) -> str | None:
    """The first of ``tables`` (each ``(id, stored seats)``) with a seat of ``user_id``."""
    for table_id, seats in tables:
        for seat in seats if isinstance(seats, list) else ():
            if isinstance(seat, dict) and seat.get("user_id") == user_id:
                return table_id
    return None


def seated_refusal(table_id: str) -> ResetRefused:
    return ResetRefused(
        "ranked_seat",
        "you have a seat at a ranked table that is not finished (queued or playing); "
        "reset your rank once that match is over or you have left its queue",
        table_id,
    )


def reset_rank(
    store: Store, user_id: int, now: float | None = None, checked: Collection[str] = ()
) -> UserRow:
    """Reset the account's rank and rating in one transaction and return it as stored;
    ResetRefused when it is a guest's, unknown, or seated at an unfinished ranked table
    (then nothing changed). ``checked``: tables whose seats the caller has looked at in the
    process that drives them (their stored row may lag behind a seat just given up)."""
    stamp = time.time() if now is None else now
    with store.sessions.begin() as s:
        # the write first: it takes the row's lock (SQLite: the database's write lock) before
        # the tables are read, so a ranked result stored meanwhile is seen below
        done = s.connection().execute(
            update(UserRow)
            .where(UserRow.id == user_id, UserRow.guest.is_(False))
            .values(
                rank_index=0,
                rank_points=0,
                rating=START_RATING,
                rating_max=_highest(),
                rank_reset_at=stamp,
            )
        )
        if done.rowcount != 1:
            user = s.get(UserRow, user_id)
            if user is None:
                raise ResetRefused("not_found", "no such account")
            raise ResetRefused("guests_unranked", "a guest has no rank to reset")
        unfinished = s.execute(
            select(TableRow.id, TableRow.seats).where(
                TableRow.status.in_(_UNFINISHED), TableRow.kind.in_(RANKED_KINDS)
            )
        ).all()
        table = seated_at(user_id, ((r[0], r[1]) for r in unfinished if r[0] not in checked))
        if table is not None:
            raise seated_refusal(table)  # leaving the block rolls the write back
        user = s.get(UserRow, user_id, populate_existing=True)
        assert user is not None
        return user


def _highest() -> Any:
    """The highest rating kept: never below the start value the rating is set to."""
    return case(
        (UserRow.rating_max < START_RATING, START_RATING),
        else_=UserRow.rating_max,
    )
