"""The HTTP budget of one client address (``http_tokens_per_second``, ``http_token_burst``):
every HTTP request takes tokens of its address's bucket by the weight of its route, so no
address can spend the process's CPU and bandwidth on requests without end (a finished game's
record is a whole match's events, and anyone may ask for it again and again). Over it: 429
``too_many_requests`` with ``Retry-After``, before the request is routed.

A weight is about the CPU time of its route in milliseconds (docs/deploy.md has the
measurements): a static file 1, a lobby page 3, a database lookup 4, a game's record 10, its
review 20, a password hash 25. The dearest work has limits of its own besides (exports,
reviews and sheets not yet computed, failed logins, sign-ups), which this budget leaves room
for. Counted in this process's memory (one process: no Redis step on any request), or with
Redis for the whole group of processes, spent in shares (shared_budget.py), so N processes
behind a round-robin proxy give an address one budget, not N. WebSocket messages have budgets
of their own (connection.py, message_budget.py)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection
from starlette.routing import compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

from jantaku.server.config import ServerSettings
from jantaku.server.connection import client_address
from jantaku.server.limits import TokenBuckets
from jantaku.server.refusals import refused
from jantaku.server.shared_budget import SharedBudget

if TYPE_CHECKING:
    import redis.asyncio as aioredis

__all__ = ["WEIGHTS", "HttpBudget", "weight"]

# (route, tokens): the first route that matches the path names the weight
WEIGHTS: tuple[tuple[str, float], ...] = (
    # liveness and readiness checks, the client's settings (a constant)
    ("/api/health", 1),
    ("/api/ready", 1),
    ("/api/bots", 1),
    ("/api/lobby", 3),  # in memory, but a page of a full lobby is 100 tables
    ("/api/metrics", 1),  # the server's own machine only, with a budget of its own
    ("/api/logout", 2),
    # a session or a row looked up in the database
    ("/api/me", 4),
    ("/api/me/tables", 4),
    ("/api/tables/{table_id}", 4),
    ("/api/players/{user_id}", 4),
    ("/api/players/{user_id}/games", 4),
    ("/api/guest", 4),  # an account written (sign-ups have a budget of their own)
    # an account's row written and the unfinished ranked tables' seats read (a budget of its
    # own per account besides)
    ("/api/account/reset-rank", 10),
    # a whole game's record: its event log, or a record written from it, or its review (the
    # biggest answer of all)
    ("/api/games/{game_id}/review", 20),
    ("/api/games/{game_id}/{fmt}", 10),
    ("/api/games/{game_id}", 10),
    # a password hash (on threads of their own; failed logins have a back-off besides)
    ("/api/login", 25),
    ("/api/register", 25),
    # score sheets: computing is charged by the hand in a budget of its own; a stored sheet
    # is read, computed and written
    ("/api/sheets/compute", 1),
    ("/api/sheets/compute.csv", 1),
    ("/api/sheets", 10),
    ("/api/me/sheets", 4),
    ("/api/sheets/{sheet_id}/share", 4),
    ("/api/sheets/{sheet_id}", 10),
    ("/api/shared-sheets/{token}", 10),
)
UNKNOWN_API = 1  # a path under /api/ no route has (answered 404)
FILE = 1  # the page and its static files (a page load asks for some 40)
MAX_KEYS = 100_000  # addresses remembered at most (the least recently seen forgotten first)

_COMPILED = tuple((compile_path(path)[0], cost) for path, cost in WEIGHTS)


def weight(path: str) -> float:
    """The tokens a request for ``path`` takes."""
    for pattern, cost in _COMPILED:
        if pattern.match(path):
            return cost
    return UNKNOWN_API if path.startswith("/api/") else FILE


class HttpBudget:
    """The buckets of the addresses; :meth:`around` puts them in front of an ASGI app."""

    def __init__(self, settings: ServerSettings, max_keys: int = MAX_KEYS) -> None:
        self.buckets = TokenBuckets(
            settings.http_token_burst, settings.http_tokens_per_second, max_keys
        )
        self.shared: SharedBudget | None = None  # the group's, with Redis

    def share(self, aio: aioredis.Redis, prefix: str) -> None:
        """Count for the group of processes from now on (Redis keys under ``prefix``); the
        in-memory buckets count only while Redis cannot be reached."""
        params = TokenBuckets(int(self.buckets.burst), self.buckets.rate, 1)
        key_prefix = prefix + "limit:http:"
        self.shared = SharedBudget(aio, key_prefix, params, self.buckets, self.buckets.max_keys)

    def around(self, app: ASGIApp) -> ASGIApp:
        """Pure ASGI middleware: a request over its address's budget is answered 429 at once;
        WebSocket and lifespan traffic passes through untouched."""

        async def budgeted(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "http":
                address, path = client_address(HTTPConnection(scope)), scope["path"]
                if self.shared is None:
                    wait = self.take(address, path)
                else:
                    wait = min(3600.0, await self.shared.take(address, weight(path)))
                if wait > 0:
                    seconds = math.ceil(wait)
                    message = f"too many requests from your address; try again in {seconds} s"
                    answer = refused(message, wait, code="too_many_requests")
                    await answer(scope, receive, send)
                    return
            await app(scope, receive, send)

        return budgeted

    def take(self, address: str, path: str, now: float | None = None) -> float:
        """Take the tokens of a request for ``path``: 0 when granted, else the seconds until
        they are there (at most an hour: no rate at all)."""
        return min(3600.0, self.buckets.take(address, now, weight(path)))
