"""The ASGI application: a WebSocket game protocol and a small HTTP API (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from jantaku.server.auth import Accounts, AuthError, token_hash
from jantaku.server.config import ServerSettings, TableRequestError, table_config
from jantaku.server.connection import Client, client_address
from jantaku.server.headers import SecurityHeaders
from jantaku.server.limits import Backoff, Busy, HashPool, TokenBuckets
from jantaku.server.manager import Lobby, check_entry
from jantaku.server.models import name_key
from jantaku.server.protocol import (
    ProtocolError,
    loads_bounded,
    parse_message,
    user_json,
    utf8_size,
)
from jantaku.server.seating import ALIASES, PLAYERS, bot_names
from jantaku.server.storage import Store
from jantaku.server.tables import RANKED_NO_BOTS, Table, TableError

__all__ = ["Server", "create_app"]

log = logging.getLogger("jantaku.server")

STATIC = Path(__file__).parent / "static"


class _Static(StaticFiles):
    """The browser client's files; revalidated on every load so an upgrade is seen at once."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def _bot_name(data: dict[str, Any]) -> str:
    """The puppet a join or start asks for (``filler`` by default); an unknown name is refused
    rather than quietly seating fillers. Another name of a bot (``strongest``) gives its own."""
    bot = data.get("bot", "filler")
    if isinstance(bot, str):
        bot = ALIASES.get(bot, bot)
    if not isinstance(bot, str) or bot not in PLAYERS:
        raise ProtocolError(
            "bad_message", f"unknown bot {bot!r}; choose one of {', '.join(sorted(PLAYERS))}"
        )
    return bot


def _may_fill(table: Table) -> None:
    """``fill_bots`` is refused, before anything is seated, at a ranked table: it starts only
    with four players (doman-rules.md §4: solo queue)."""
    if table.config.ranked:
        raise TableError("ranked_no_bots", RANKED_NO_BOTS)


def _refused(
    message: str, retry_after: float, status: int = 429, code: str = "rate_limited"
) -> Response:
    """A refusal that says when to come back (``Retry-After``, whole seconds, at least 1)."""
    seconds = max(1, math.ceil(retry_after))
    return JSONResponse(
        {"error": message, "code": code, "retry_after": seconds},
        status_code=status,
        headers={"Retry-After": str(seconds)},
    )


def _private_to_others(config: Any, seats: Any, viewer: int | None) -> bool:
    """Whether a private table's (or game's) ``config`` hides it from ``viewer``: only the
    players seated at it may see it."""
    if not isinstance(config, dict) or not config.get("private"):
        return False
    players = {s.get("user_id") for s in seats or () if isinstance(s, dict)}
    return viewer is None or viewer not in players


def _not_found(what: str) -> Response:
    return JSONResponse({"error": f"no such {what}", "code": "not_found"}, status_code=404)


_ID_MAX = 2**31 - 1
_KEY_MAX = 32  # table and game ids are short strings
EXPORT_FORMATS = ("tenhou6", "mjai")


def _user_id(text: str) -> int | None:
    """A player id of a path (a decimal integer the database can hold), else None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 10:
        return None
    value = int(text)
    return value if 1 <= value <= _ID_MAX else None


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


class Server:
    """Everything one process holds: storage, accounts, the lobby, the connections."""

    def __init__(self, database_url: str, settings: ServerSettings) -> None:
        self.database_url = database_url
        self.settings = settings
        self.store: Store | None = None
        self.lobby: Lobby | None = None
        self.accounts: Accounts | None = None
        self.clients: set[Client] = set()
        self.sessions: dict[str, set[Client]] = {}  # token hash -> connections that said hello
        self.hashing = HashPool(settings.hash_workers, settings.hash_queue)
        window, cap = settings.login_window_seconds, settings.login_backoff_max_seconds
        self.login_names = Backoff(settings.login_failures_per_name, window, cap)
        self.login_addresses = Backoff(settings.login_failures_per_address, window, cap)
        self.signups = TokenBuckets(settings.signup_burst, settings.signups_per_minute / 60.0)

    def open(self) -> None:
        self.store = Store(self.database_url)
        self.accounts = Accounts(self.store, self.settings.session_days * 86400.0)
        self.lobby = Lobby(self.store, self.settings)
        resumed = self.lobby.recover()
        log.info("resumed %d live tables", resumed)

    async def announce_shutdown(self, timeout: float = 2.0) -> None:
        """Tell every client to reconnect, then wait (at most ``timeout``) until each queue has
        been sent: uvicorn closes the sockets right after, and a message still queued is lost."""
        clients = [c for c in self.clients if not c.closed]
        for c in clients:
            c.send(
                {
                    "type": "shutdown",
                    "reconnect": True,
                    "message": "the server is restarting; reconnect and rejoin your table",
                }
            )
        sent = [asyncio.ensure_future(c.queue.join()) for c in clients]
        if not sent:
            return
        _, late = await asyncio.wait(sent, timeout=timeout)
        for task in late:
            task.cancel()

    # ------------------------------------------------------------------ websocket

    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        client = Client(ws, self.settings)
        limit = self.settings.sockets_per_address
        if sum(1 for c in self.clients if c.address == client.address) >= limit:
            with contextlib.suppress(Exception):
                await ws.send_text(
                    json.dumps(
                        {
                            "type": "error",
                            "code": "too_many_connections",
                            "message": f"at most {limit} connections from one address",
                        }
                    )
                )
                await ws.close(code=1008)
            return
        self.clients.add(client)
        pump = asyncio.get_running_loop().create_task(client.pump())
        try:
            while not client.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text")
                if raw is None:
                    raw = msg.get("bytes") or b""
                if utf8_size(raw) > self.settings.max_message_bytes:
                    client.send(
                        {
                            "type": "error",
                            "code": "too_large",
                            "message": f"messages are at most "
                            f"{self.settings.max_message_bytes} bytes",
                        }
                    )
                    client.closed = True
                    client.queue.put_nowait(None)
                    break
                if not client.allow():
                    if client.refused > 2 * self.settings.message_burst:
                        client.send(
                            {
                                "type": "error",
                                "code": "flood",
                                "message": "too many messages; closing",
                            }
                        )
                        client.closed = True
                        client.queue.put_nowait(None)
                        break
                    client.send(
                        {
                            "type": "error",
                            "code": "rate_limited",
                            "message": "too many messages; slow down",
                        }
                    )
                    continue
                self.handle(client, raw)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            client.closed = True
            self.clients.discard(client)
            self._forget_session(client)
            for t in list(client.tables):
                t.detach(client)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=1.0)
            pump.cancel()

    def handle(self, client: Client, raw: str | bytes) -> None:
        ref: Any = None
        try:
            data = parse_message(raw)
            ref = data.get("id")
            reply = self.dispatch(client, data)
            if reply is not None:
                if ref is not None:
                    reply["ref"] = ref
                client.send(reply)
        except (ProtocolError, TableError) as error:
            out = {"type": "error", "code": error.code, "message": error.message}
            if ref is None and isinstance(error, ProtocolError):
                ref = error.ref
            if ref is not None:
                out["ref"] = ref
            client.send(out)
        except (TableRequestError, AuthError) as error:
            client.send({"type": "error", "code": "bad_request", "message": str(error), "ref": ref})
        except Exception:  # a bug must not take the connection or the table down silently
            log.exception("message %r failed", raw[:200])
            client.send(
                {"type": "error", "code": "internal", "message": "internal error", "ref": ref}
            )

    def _table(self, client: Client, data: dict[str, Any]) -> Table:
        """The table a message names: by ``invite`` code, or by ``table`` id (a private table
        only for its players and connections already at it)."""
        assert self.lobby is not None
        if "invite" in data:
            return self.lobby.by_invite(data["invite"])
        return self.lobby.get(data.get("table"), client.user_id, client.tables)

    def _welcome(self, client: Client, user: Any, token: str) -> None:
        """Bind the connection to the user and to its session (a logout closes it); a player
        has at most ``sockets_per_user`` connections."""
        limit = self.settings.sockets_per_user
        if client.user_id != user.id and (
            sum(1 for c in self.clients if c.user_id == user.id and not c.closed) >= limit
        ):
            raise ProtocolError(
                "too_many_connections",
                f"at most {limit} connections per player; close another tab first",
            )
        self._forget_session(client)
        client.user_id, client.name, client.rank_index = user.id, user.name, user.rank_index
        client.guest = bool(user.guest)
        client.token_hash = token_hash(token)
        self.sessions.setdefault(client.token_hash, set()).add(client)

    def _forget_session(self, client: Client) -> None:
        if client.token_hash is not None:
            same = self.sessions.get(client.token_hash)
            if same is not None:
                same.discard(client)
                if not same:
                    del self.sessions[client.token_hash]
            client.token_hash = None

    def _need_user(self, client: Client) -> int:
        if client.user_id is None:
            raise ProtocolError("not_authenticated", "say hello with a token first")
        return client.user_id

    def dispatch(self, client: Client, data: dict[str, Any]) -> dict[str, Any] | None:
        assert self.lobby is not None and self.accounts is not None
        kind = data["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "hello":
            user = self.accounts.by_token(data.get("token"))
            if user is None:
                raise ProtocolError("bad_token", "unknown session token")
            self._welcome(client, user, data["token"])
            return {"type": "welcome", "user": user_json(user)}
        if kind == "lobby":
            return self.lobby.listing(data.get("offset"), data.get("limit"))
        if kind == "create":
            return self._create(client, data)
        if kind == "join":
            user_id = self._need_user(client)
            table = self._table(client, data)
            if table.seat_of(user_id) is None:
                check_entry(table.config, client.guest, client.rank_index)
            if data.get("fill_bots") and table.status == "open":
                _may_fill(table)
            seat_req = data.get("seat")  # 0-3 or None (protocol.MESSAGES)
            bot = _bot_name(data)
            seat = table.sit(user_id, client.name, seat_req)
            for t in list(client.tables):
                if t is table:
                    t.detach(client)
            client.tables.add(table)
            table.attach(client, seat)
            if data.get("fill_bots") and table.status == "open":
                table.fill_with_bots(bot)
            self._maybe_start(table, data)
            return None
        if kind == "queue":
            user_id = self._need_user(client)
            table = self.lobby.queue(
                user_id,
                client.rank_index,
                str(data.get("kind", "novice")),
                str(data.get("length", "quick")),
                client.guest,
            )
            seat = table.sit(user_id, client.name)
            client.tables.add(table)
            table.attach(client, seat)
            self._maybe_start(table, data)
            return None
        if kind == "watch":
            table = self._table(client, data)
            client.tables.add(table)
            table.attach(client, None)
            return None
        if kind == "unwatch":
            table = self._table(client, data)
            table.detach(client)
            client.tables.discard(table)
            return {"type": "ok"}
        if kind == "start":
            user_id = self._need_user(client)
            table = self._table(client, data)
            if table.seat_of(user_id) is None:
                raise TableError("not_seated", "only a seated player can start the table")
            if data.get("fill_bots"):
                _may_fill(table)
                table.fill_with_bots(_bot_name(data))
            self._maybe_start(table, data, force=True)
            return None
        if kind == "leave":
            user_id = self._need_user(client)
            table = self._table(client, data)
            table.leave(user_id)
            table.detach(client)
            client.tables.discard(table)
            return {"type": "ok"}
        if kind == "continue":
            table = self._table(client, data)
            table.confirm(self._need_user(client))
            return None
        if kind == "act":
            user_id = self._need_user(client)
            table = self._table(client, data)
            table.submit(user_id, data["action"], data.get("seq"))
            return None
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")

    def _create(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        """A new table. The creator of a private table sits in it at once (its id alone lets
        nobody else in), and ``created`` says the seat."""
        user_id = self._need_user(client)
        assert self.lobby is not None
        kind, length = str(data.get("kind", "novice")), str(data.get("length", "quick"))
        kuitan, private = bool(data.get("kuitan", True)), bool(data.get("private", False))
        if private:  # its creator sits in it: the seat's rules apply now
            config = table_config(kind, length, kuitan, private)
            check_entry(config, client.guest, client.rank_index)
        table = self.lobby.create(kind, length, kuitan, private, created_by=user_id)
        out: dict[str, Any] = {"type": "created", "table": table.summary()}
        if table.invite_code:
            out["invite"] = table.invite_code
            out["seat"] = table.sit(user_id, client.name)
            out["table"] = table.summary()
        return out

    def _maybe_start(self, table: Table, data: dict[str, Any], force: bool = False) -> None:
        if table.status != "open":
            return
        if all(not s.empty for s in table.seats):
            table.start()
            table.run()
        elif force:
            wait = "wait for four players" if table.config.ranked else "wait or fill with bots"
            raise TableError("seats_empty", f"empty seats: {wait}")

    # ------------------------------------------------------------------ http

    async def _body(self, request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > self.settings.max_message_bytes:
            raise AuthError("request too large")
        try:
            data = loads_bounded(raw or b"{}")
        except ProtocolError as e:
            raise AuthError(f"the body is not usable JSON: {e.message}") from None
        if not isinstance(data, dict):
            raise AuthError("the body is a JSON object")
        return data

    def _signup_refused(self, request: Request) -> Response | None:
        wait = self.signups.take(client_address(request))
        if wait <= 0:
            return None
        return _refused(
            f"too many new accounts from your address; try again in {math.ceil(wait)} s", wait
        )

    async def register(self, request: Request) -> Response:
        accounts = self.accounts
        assert accounts is not None
        refused = self._signup_refused(request)
        if refused is not None:
            return refused
        try:
            data = await self._body(request)
            name, password = data.get("name"), data.get("password")
            # the argon2 hash runs in the hashing pool, never on the event loop
            user, token = await self.hashing.run(lambda: accounts.register(name, password))
        except AuthError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        except Busy as e:
            return _refused(str(e), 1.0, status=503, code="busy")
        return JSONResponse({"token": token, "user": user_json(user)})

    async def login(self, request: Request) -> Response:
        """Checked against the back-off of the name and of the client's address first; the
        attempt counts as a failure until its password is verified (so a burst of concurrent
        attempts cannot slip past the count while they are being hashed)."""
        accounts = self.accounts
        assert accounts is not None
        try:
            data = await self._body(request)
        except AuthError as e:
            return JSONResponse({"error": str(e)}, status_code=401)
        name, password = data.get("name"), data.get("password")
        # the name as a login finds it: another case or width is the same name
        who = name_key(name[:64]) if isinstance(name, str) else ""
        address = client_address(request)
        for limiter, key, what in (
            (self.login_names, who, "this name"),
            (self.login_addresses, address, "your address"),
        ):
            wait = limiter.retry_after(key)
            if wait > 0:
                return _refused(
                    f"too many failed logins for {what}; try again in {math.ceil(wait)} s", wait
                )
        self.login_names.fail(who)
        self.login_addresses.fail(address)
        try:
            user, token = await self.hashing.run(lambda: accounts.login(name, password))
        except AuthError as e:
            return JSONResponse({"error": str(e)}, status_code=401)
        except Busy as e:
            self.login_names.forgive(who, all_of_them=False)
            self.login_addresses.forgive(address, all_of_them=False)
            return _refused(str(e), 1.0, status=503, code="busy")
        self.login_names.forgive(who)
        self.login_addresses.forgive(address, all_of_them=False)
        return JSONResponse({"token": token, "user": user_json(user)})

    async def guest(self, request: Request) -> Response:
        assert self.accounts is not None
        refused = self._signup_refused(request)
        if refused is not None:
            return refused
        user, token = self.accounts.guest()
        return JSONResponse({"token": token, "user": user_json(user)})

    async def logout(self, request: Request) -> Response:
        """Invalidates the token (``Authorization: Bearer …`` or ``{"token"}``); idempotent."""
        assert self.accounts is not None
        token = _bearer(request)
        if token is None:
            with contextlib.suppress(AuthError):
                token = (await self._body(request)).get("token")
        self.accounts.logout(token)
        if isinstance(token, str):
            for client in list(self.sessions.pop(token_hash(token), ())):
                client.token_hash = None
                client.kick("logged_out", "this session has logged out")
        return JSONResponse({"ok": True})

    async def me(self, request: Request) -> Response:
        assert self.accounts is not None
        user = self.accounts.by_token(_bearer(request))
        if user is None:
            return JSONResponse(
                {"error": "unknown or expired session token", "code": "bad_token"},
                status_code=401,
            )
        return JSONResponse({"user": user_json(user)})

    async def my_tables(self, request: Request) -> Response:
        """The open and live tables where the token's player sits (private ones too), so the
        lobby can offer the way back to a table left by navigating away."""
        assert self.accounts is not None and self.lobby is not None
        user = self.accounts.by_token(_bearer(request))
        if user is None:
            return JSONResponse(
                {"error": "unknown or expired session token", "code": "bad_token"},
                status_code=401,
            )
        tables = []
        for t in self.lobby.tables.values():
            seat = t.seat_of(user.id)
            if seat is not None and t.status in ("open", "live") and not t.seats[seat].withdrawn:
                tables.append({**t.summary(), "seat": seat})
        return JSONResponse({"tables": tables})

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def lobby_http(self, request: Request) -> Response:
        """A page of the lobby (``?offset=&limit=``, see docs/protocol.md)."""
        assert self.lobby is not None
        query = request.query_params
        try:
            page = self.lobby.listing(query.get("offset"), query.get("limit"))
        except TableError as e:
            return JSONResponse({"error": e.message, "code": e.code}, status_code=400)
        return JSONResponse(page)

    def _viewer(self, request: Request) -> int | None:
        """The user id of the request's ``Authorization: Bearer`` token, if any."""
        assert self.accounts is not None
        token = _bearer(request)
        user = self.accounts.by_token(token) if token is not None else None
        return None if user is None else user.id

    async def table_http(self, request: Request) -> Response:
        assert self.lobby is not None and self.store is not None
        table_id = request.path_params["table_id"]
        if len(table_id) > _KEY_MAX:
            return _not_found("table")
        viewer = self._viewer(request)
        table = self.lobby.tables.get(table_id)
        if table is not None:
            if table.config.private and table.seat_of(viewer) is None:
                return _not_found("table")
            return JSONResponse(table.summary())
        row = self.store.table(table_id)
        if row is None or _private_to_others(row.config, row.seats, viewer):
            return _not_found("table")
        return JSONResponse(
            {
                "id": row.id,
                "status": row.status,
                "config": row.config,
                "commitment": row.commitment,
                "seats": row.seats,
            }
        )

    async def game_http(self, request: Request) -> Response:
        assert self.store is not None
        game_id = request.path_params["game_id"]
        fmt = request.path_params.get("fmt", "json")
        if len(game_id) > _KEY_MAX:
            return _not_found("game")
        if fmt != "json" and fmt not in EXPORT_FORMATS:
            return _not_found(f"format {fmt[:20]!r} (json, {', '.join(EXPORT_FORMATS)})")
        game = self.store.game(game_id)
        result = game.result if game is not None and isinstance(game.result, dict) else {}
        if game is None or _private_to_others(
            result.get("config"), result.get("seats"), self._viewer(request)
        ):
            return _not_found("game")
        if fmt == "json":
            return JSONResponse(
                {
                    "id": game.id,
                    "recorded": game.recorded,
                    "result": game.result,
                    "events": game.events,
                }
            )
        from jantaku.server.export import export_game

        try:
            body = export_game(game.result, self.store.actions(game.id), fmt)
        except ValueError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return Response(body, media_type="application/json")

    async def player_http(self, request: Request) -> Response:
        assert self.store is not None
        user_id = _user_id(request.path_params["user_id"])
        user = None if user_id is None else self.store.user(user_id)
        if user_id is None or user is None:
            return _not_found("player")
        from jantaku.server.ranks import RANKS
        from jantaku.server.stats import statistics

        shown = user_json(user)
        # rank points needed for the next rank (None at the top), for the profile's progress bar
        shown["rank_needed"] = RANKS[user.rank_index].needed
        return JSONResponse({"user": shown, "stats": statistics(self.store.player_lines(user_id))})

    async def player_games_http(self, request: Request) -> Response:
        """A player's recent finished games (newest first), for the profile's replay links."""
        assert self.store is not None
        user_id = _user_id(request.path_params["user_id"])
        if user_id is None or self.store.user(user_id) is None:
            return _not_found("player")
        games = []
        viewer = self._viewer(request)
        for line, game in self.store.player_games(user_id):
            config = game.result.get("config", {}) if isinstance(game.result, dict) else {}
            if _private_to_others(config, game.result.get("seats"), viewer):
                continue  # a private game is listed only for its own players
            games.append(
                {
                    "id": game.id,
                    "finished_at": game.finished_at,
                    "recorded": game.recorded,
                    "kind": config.get("kind"),
                    "length": config.get("length"),
                    "seat": line.seat,
                    "place": line.place,
                    "score": line.score,
                }
            )
        return JSONResponse({"games": games})

    async def bots_http(self, request: Request) -> Response:
        """The computer players a table can be filled with (``join``'s ``bot``), by name."""
        return JSONResponse({"bots": bot_names(), "default": "filler"})

    async def health(self, request: Request) -> Response:
        assert self.lobby is not None
        live = sum(1 for t in self.lobby.tables.values() if t.status == "live")
        return JSONResponse({"ok": True, "live_tables": live, "clients": len(self.clients)})


def create_app(database_url: str, settings: ServerSettings | None = None) -> Starlette:
    server = Server(database_url, settings or ServerSettings())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.open()
        assert server.lobby is not None
        server.lobby.run_all()
        yield
        await server.lobby.stop_all()
        server.hashing.close()
        assert server.store is not None
        server.store.close()

    async def not_found(request: Request, exc: Exception) -> Response:
        """An unknown path under /api answers JSON too."""
        if request.url.path.startswith("/api/"):
            return _not_found("resource")
        return Response("Not Found", status_code=404, media_type="text/plain")

    app = Starlette(
        exception_handlers={404: not_found},
        routes=[
            WebSocketRoute("/ws", server.websocket),
            Route("/api/register", server.register, methods=["POST"]),
            Route("/api/login", server.login, methods=["POST"]),
            Route("/api/guest", server.guest, methods=["POST"]),
            Route("/api/logout", server.logout, methods=["POST"]),
            Route("/api/me", server.me),
            Route("/api/me/tables", server.my_tables),
            Route("/api/lobby", server.lobby_http),
            Route("/api/tables/{table_id}", server.table_http),
            Route("/api/games/{game_id}", server.game_http),
            Route("/api/games/{game_id}/{fmt}", server.game_http),
            Route("/api/players/{user_id}", server.player_http),
            Route("/api/players/{user_id}/games", server.player_games_http),
            Route("/api/bots", server.bots_http),
            Route("/api/health", server.health),
            Route("/", server.index),
            Mount("/static", app=_Static(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    # outside Starlette's own error handling too, so a 500 answer carries the headers
    build = app.build_middleware_stack
    app.build_middleware_stack = lambda: SecurityHeaders(build())  # type: ignore[method-assign]
    return app
