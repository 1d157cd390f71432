"""The lobby's listing: the public tables a page at a time (open unranked ones, live ones, and
the ranked queues' counts), this process's and, with several processes, the others'."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jantaku.server.config import ServerSettings, TableConfig
from jantaku.server.messages import LobbyPage
from jantaku.server.seats import TableError, public_summary
from jantaku.server.tables import Table

__all__ = ["LISTING_FRESH", "LISTING_KEEP", "Listed", "LobbyListing"]


@dataclass(frozen=True, slots=True)
class Listed:
    """A public table as the lobby lists it: one of this process, or another's (its summary)."""

    created: float
    config: TableConfig
    status: str
    seated: int
    summary: Callable[[], dict[str, Any]]


def _listed(t: Table) -> Listed:
    seated = sum(1 for s in t.seats if not s.empty)
    return Listed(t.created_at, t.config, t.status, seated, t.summary)


def _listed_summary(created: float, summary: dict[str, Any]) -> Listed:
    seats = summary.get("seats", [])
    seated = sum(1 for s in seats if s.get("user_id") is not None or s.get("bot") is not None)
    config = TableConfig.from_json(summary["config"])
    return Listed(created, config, summary["status"], seated, lambda: public_summary(summary))


def _count(value: object, what: str, default: int) -> int:
    """A lobby paging parameter: a whole number, at least 0 (``limit`` at least 1)."""
    if value is None:
        return default
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    least = 1 if what == "limit" else 0
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise TableError("bad_request", f"{what} must be a whole number, at least {least}")
    return value


#: a lobby of more public tables than this reuses its listing for LISTING_KEEP seconds
LISTING_FRESH, LISTING_KEEP = 200, 0.25


class LobbyListing:
    """The listing part of :class:`~jantaku.server.manager.Lobby`."""

    settings: ServerSettings
    tables: dict[str, Table]
    # after a restart, the live tables still being resumed, restored from their rows
    returning: dict[str, Table]
    # the other processes' public tables: (created, summary) each
    elsewhere: Callable[[], list[tuple[float, dict[str, Any]]]] | None
    _remote: tuple[object, list[Listed]]  # elsewhere()'s, read once
    # a large lobby's tables as listed, kept a moment: (until when, what _sorted_out gives)
    _sorted: tuple[float, tuple[list[Listed], list[Listed], dict[str, int]]] | None

    def _elsewhere_listed(self) -> list[Listed]:
        """The other processes' public tables, read once per list ``elsewhere`` gives (a new
        one twice a second), not once per lobby request."""
        assert self.elsewhere is not None
        remote = self.elsewhere()
        if remote is not self._remote[0]:
            self._remote = (remote, [_listed_summary(created, s) for created, s in remote])
        return self._remote[1]

    def own_tables(self) -> list[Table]:
        """This process's tables, with those still being resumed after a restart: a player
        finds them in the lobby at once, as live tables, while they come back one by one
        (restored from their rows, not yet played again; a message for one waits until it
        is back, recovery.py), oldest first."""
        tables = list(self.tables.values())
        if self.returning:
            tables += [t for i, t in self.returning.items() if i not in self.tables]
            tables.sort(key=lambda t: t.created_at)
        return tables

    def _sorted_out(self) -> tuple[list[Listed], list[Listed], dict[str, int]]:
        """The open unranked and the live public tables, and the ranked queues' counts: worked
        out afresh for each page while the lobby is small; in a large one (its work grows with
        the tables, and anyone may ask for pages without end) kept for ``LISTING_KEEP``
        seconds, or until a table is created here (its creator sees it at once)."""
        now = time.monotonic()
        if self._sorted is not None and now < self._sorted[0]:
            return self._sorted[1]
        public = [_listed(t) for t in self.own_tables() if not t.config.private]
        if self.elsewhere is not None:
            public += self._elsewhere_listed()
            public.sort(key=lambda t: t.created)
        waiting = [t for t in public if t.status == "open"]
        queues: dict[str, int] = {}
        for t in waiting:
            if t.config.ranked:
                key = f"{t.config.kind.value}-{t.config.length}"
                queues[key] = queues.get(key, 0) + t.seated
        unranked = [t for t in waiting if not t.config.ranked]
        out = (unranked, [t for t in public if t.status == "live"], queues)
        self._sorted = (now + LISTING_KEEP, out) if len(public) > LISTING_FRESH else None
        return out

    def listing(self, offset: object = 0, limit: object = None) -> LobbyPage:
        """One page of the public tables: at most ``lobby_page`` open ones (oldest first) and
        as many live ones, from ``offset`` in each list, with the totals and the
        ``next_offset`` (None on the last page). An open ranked table is never listed: its
        queue says only how many wait (counting every table), never who. With several
        processes, the other processes' tables are listed too."""
        start = _count(offset, "offset", 0)
        size = min(self.settings.lobby_page, _count(limit, "limit", self.settings.lobby_page))
        open_tables, live, queues = self._sorted_out()
        end = start + size
        return LobbyPage(
            open=[t.summary() for t in open_tables[start:end]],
            live=[t.summary() for t in live[start:end]],
            queues=queues,
            offset=start,
            limit=size,
            total={"open": len(open_tables), "live": len(live)},
            next_offset=end if end < max(len(open_tables), len(live)) else None,
        )
