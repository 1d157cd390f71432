"""Connections whose session has ended elsewhere are closed within a bounded time.

A logout closes its session's connections at once, here and (one message on the group's
channel) at the other processes of a group. That message can be lost (Redis unreachable for
a moment); and a session also ends by age (``session_days``) while its connections stay open.
So every ``session_recheck_seconds`` each process asks the database which sessions of its
connections are still there and young enough (one query per 500 sessions) and closes the
connections of the others, as a logout does."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import select

from jantaku.server.models import SessionRow

if TYPE_CHECKING:
    from jantaku.server.hub import Hub

__all__ = ["ended_sessions", "recheck_sessions"]

log = logging.getLogger("jantaku.server")

_CHUNK = 500  # sessions per query


def ended_sessions(hub: Hub, held: list[str]) -> list[str]:
    """Of the sessions (token hashes) ``held`` by this process's connections, those the
    database no longer holds, or holds past their lifetime (blocking: the queries)."""
    oldest = time.time() - hub.settings.session_days * 86400.0
    live: set[str] = set()
    with hub.store.session() as s:
        for start in range(0, len(held), _CHUNK):
            chunk = held[start : start + _CHUNK]
            query = select(SessionRow.token_hash).where(
                SessionRow.token_hash.in_(chunk), SessionRow.created_at >= oldest
            )
            live.update(s.scalars(query))
    return [h for h in held if h not in live]


async def recheck_sessions(hub: Hub) -> None:
    """Every ``session_recheck_seconds``, close the connections of ended sessions."""
    while True:
        await asyncio.sleep(hub.settings.session_recheck_seconds)
        if not hub.sessions:
            continue
        try:
            held = list(hub.sessions)  # on the loop; the queries on the database threads
            ended = await hub.off_loop(functools.partial(ended_sessions, hub, held))
        except Exception:  # the database is away for a moment: the next round asks again
            log.warning("checking the sessions of the connections failed", exc_info=True)
            continue
        for session in ended:
            hub.session_ended(session)
