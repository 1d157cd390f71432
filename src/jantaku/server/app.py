"""The ASGI application: a WebSocket game protocol and a small HTTP API (docs/protocol.md).

The parts: :class:`~jantaku.server.hub.Hub` holds storage, accounts, the lobby and the
connections; :class:`~jantaku.server.websocket.SocketEndpoint` serves ``/ws`` (one handler per
client message kind, handlers.py); :class:`~jantaku.server.http_api.HttpApi` serves ``/api``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from jantaku.server.account_api import AccountApi
from jantaku.server.config import ServerSettings
from jantaku.server.headers import SecurityHeaders
from jantaku.server.http_api import HttpApi
from jantaku.server.http_budget import HttpBudget
from jantaku.server.hub import Hub
from jantaku.server.limits import Busy
from jantaku.server.refusals import refused
from jantaku.server.session_check import recheck_sessions
from jantaku.server.sheets import SheetApi
from jantaku.server.websocket import SocketEndpoint

__all__ = ["STATIC", "Server", "create_app"]

STATIC = Path(__file__).parent / "static"


class _Static(StaticFiles):
    """The browser client's files; revalidated on every load so an upgrade is seen at once."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


class Server:
    """One server process: the hub and the two ways in (WebSocket, HTTP)."""

    def __init__(
        self, database_url: str, settings: ServerSettings, redis_url: str | None = None
    ) -> None:
        self.hub = Hub(database_url, settings)
        self.redis_url = redis_url
        self.sockets = SocketEndpoint(self.hub)
        self.http = HttpApi(self.hub)
        self.sheets = SheetApi(self.hub)
        self.account = AccountApi(self.hub)
        self.http_budget = HttpBudget(settings)  # every HTTP request, by its address

    def open(self) -> None:
        self.hub.open(recover=self.redis_url is None)

    async def join_cluster(self) -> None:
        """With Redis: share the database's tables with the other processes (cluster.py)."""
        if self.redis_url is not None:
            from jantaku.server.cluster import Cluster

            cluster = self.hub.cluster = Cluster(self.hub, self.redis_url)
            await cluster.start(self.sockets.handle)
            # one per group: the HTTP budget and the message budget of each address
            self.http_budget.share(cluster.leases.aio, cluster.leases.prefix)
            self.sockets.by_address.share(cluster.leases.aio, cluster.leases.prefix)

    async def drain(self) -> None:
        """Hand every table to the other processes at once (before the sockets close)."""
        if self.hub.cluster is not None:
            await self.hub.cluster.drain()

    async def announce_shutdown(self, timeout: float = 2.0) -> None:
        """Tell every client to reconnect before the sockets close (see SocketEndpoint)."""
        await self.sockets.announce_shutdown(timeout)

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _busy(request: Request, exc: Exception) -> Response:
    """The database threads (or another bounded pool) are full: come back in a moment."""
    return refused(str(exc), 1.0, status=503, code="busy")


async def _not_found(request: Request, exc: Exception) -> Response:
    """An unknown path under /api answers JSON too."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": "no such resource", "code": "not_found"}, status_code=404)
    return Response("Not Found", status_code=404, media_type="text/plain")


def create_app(
    database_url: str, settings: ServerSettings | None = None, redis_url: str | None = None
) -> Starlette:
    """The server; with ``redis_url``, one of several processes sharing the database."""
    server = Server(database_url, settings or ServerSettings(), redis_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.open()
        await server.join_cluster()
        server.hub.lobby.run_all()
        recheck = asyncio.get_running_loop().create_task(recheck_sessions(server.hub))
        yield
        recheck.cancel()
        if server.hub.cluster is not None:
            await server.hub.cluster.close()
        await server.hub.lobby.stop_all()
        server.http.hashing.close()
        server.http.reviews.close()
        server.sheets.close()
        server.hub.db.close()
        server.hub.store.close()

    app = Starlette(
        exception_handlers={404: _not_found, Busy: _busy},
        routes=[
            WebSocketRoute("/ws", server.sockets.serve),
            *server.http.routes(),
            *server.sheets.routes(),
            *server.account.routes(),
            Route("/", server.index),
            Mount("/static", app=_Static(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    # outside Starlette's own error handling too, so a 500 answer carries the headers; a
    # request over its address's budget is refused before any routing
    build = app.build_middleware_stack

    def stack() -> ASGIApp:
        return SecurityHeaders(server.http_budget.around(build()))

    app.build_middleware_stack = stack  # type: ignore[method-assign]
    return app
