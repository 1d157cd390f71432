"""The HTTP API (docs/protocol.md): accounts, the lobby, tables, finished games, players.

Password hashing runs in a bounded pool off the event loop, and logins and sign-ups are
rate-limited per name and per address."""

from __future__ import annotations

import contextlib
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jantaku.families import all_families
from jantaku.server.auth import AuthError
from jantaku.server.connection import client_address, client_host
from jantaku.server.export import export_refusal
from jantaku.server.game_exports import GameExports
from jantaku.server.hub import Hub
from jantaku.server.limits import Backoff, Busy, HashPool, TokenBuckets
from jantaku.server.messages import user_json
from jantaku.server.models import UserRow, name_key
from jantaku.server.player_records import LIMITS_READ, achievements, recent_limits
from jantaku.server.protocol import ProtocolError, loads_bounded
from jantaku.server.record_reads import limit_lines
from jantaku.server.refusals import error, limited, refused
from jantaku.server.reviews import GameReviews
from jantaku.server.seating import bot_names
from jantaku.server.seats import public_summary
from jantaku.server.stats import PlayerStats
from jantaku.server.tables import TableError

__all__ = ["HttpApi"]


# A client on the server's own machine (behind a trusted proxy the address is the forwarded one).
_LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


def _private_to_others(config: Any, seats: Any, viewer: int | None) -> bool:
    """Whether a private table's (or game's) ``config`` hides it from ``viewer``: only the
    players seated at it may see it."""
    if not isinstance(config, dict) or not config.get("private"):
        return False
    players = {s.get("user_id") for s in seats or () if isinstance(s, dict)}
    return viewer is None or viewer not in players


def _public_seat(stored: dict[str, Any]) -> dict[str, Any]:
    """A stored seat in the shape of a live table's summary (``Seat.to_json``): the stored
    extras (a seat's time bank) are nobody else's business."""
    withdrawn = bool(stored.get("withdrawn"))
    return {
        "user_id": stored.get("user_id"),
        "name": stored.get("name"),
        "bot": stored.get("bot"),
        "connected": None,
        "takeover": withdrawn,
        "withdrawn": withdrawn,
    }


def _not_found(what: str) -> Response:
    return error(f"no such {what}", 404, "not_found")


_ID_MAX = 2**31 - 1
_KEY_MAX = 32  # table and game ids are short strings
EXPORT_FORMATS = ("tenhou6", "mjai")
METRICS_BURST, METRICS_PER_MINUTE = 10, 30.0  # /api/metrics reads per client address


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


def _percentiles(samples: list[float]) -> dict[str, Any]:
    """How many, and the median and 99th percentile in ms (None when there are none)."""
    ordered = sorted(samples)
    n = len(ordered)

    def pick(q: float) -> float | None:
        return round(ordered[min(n - 1, int(q * n))] * 1000, 3) if n else None

    return {"n": n, "p50": pick(0.5), "p99": pick(0.99)}


class HttpApi:
    """The HTTP endpoints over a :class:`Hub`, with the limits on logins and sign-ups."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        settings = self.settings = hub.settings
        self.hashing = HashPool(settings.hash_workers, settings.hash_queue)
        window, cap = settings.login_window_seconds, settings.login_backoff_max_seconds
        self.login_names = Backoff(settings.login_failures_per_name, window, cap)
        self.login_addresses = Backoff(settings.login_failures_per_address, window, cap)
        self.signups = TokenBuckets(settings.signup_burst, settings.signups_per_minute / 60.0)
        self.reviews = GameReviews(hub)  # a seat's review of a finished game (a worker process)
        self.exports = GameExports(hub)  # a finished game in a record format (replayed once)
        self.player_stats = PlayerStats()  # kept until the player's next game
        # /api/metrics sorts every table's recent timings: anyone may ask, so not without end
        self.metric_reads = TokenBuckets(METRICS_BURST, METRICS_PER_MINUTE / 60.0)

    async def _body(self, request: Request) -> dict[str, Any]:
        """The body as a JSON object, read at most ``max_message_bytes`` far (a bigger one is
        refused before the rest of it is read into memory)."""
        most = self.settings.max_message_bytes
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > most:
            raise AuthError("request too large", "too_large")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > most:
                raise AuthError("request too large", "too_large")
            chunks.append(chunk)
        try:
            data = loads_bounded(b"".join(chunks) or b"{}")
        except ProtocolError as e:
            raise AuthError(f"the body is not usable JSON: {e.message}") from None
        if not isinstance(data, dict):
            raise AuthError("the body is a JSON object")
        return data

    async def _signup_refused(self, request: Request) -> Response | None:
        address = client_address(request)
        what = "new accounts from your address"
        return await limited(self.hub, "signup", self.signups, address, what)

    async def register(self, request: Request) -> Response:
        accounts = self.hub.accounts
        refusal = await self._signup_refused(request)
        if refusal is not None:
            return refusal
        try:
            data = await self._body(request)
            name, password = data.get("name"), data.get("password")
            # the argon2 hash runs in the hashing pool, never on the event loop
            user, token = await self.hashing.run(lambda: accounts.register(name, password))
        except AuthError as e:
            return error(e.message, 400, e.code, **e.fields)
        except Busy as e:
            return refused(str(e), 1.0, status=503, code="busy")
        return JSONResponse({"token": token, "user": user_json(user)})

    async def login(self, request: Request) -> Response:
        """Checked against the back-off of the name and of the client's address first; the
        attempt counts as a failure until its password is verified (so a burst of concurrent
        attempts cannot slip past the count while they are being hashed)."""
        accounts = self.hub.accounts
        try:
            data = await self._body(request)
        except AuthError as e:
            return error(e.message, 401, e.code, **e.fields)
        name, password = data.get("name"), data.get("password")
        # the name as a login finds it: another case or width is the same name
        who = name_key(name[:64]) if isinstance(name, str) else ""
        limits = self.hub.limits
        by_name = (self.login_names, "login-name", who)
        by_address = (self.login_addresses, "login-address", client_address(request))
        try:  # checked and counted in one step (Redis: one round trip for both)
            waits = await limits.attempt([by_name, by_address])
            for wait, what in zip(waits, ("this name", "your address"), strict=True):
                if wait > 0:
                    return refused(
                        f"too many failed logins for {what}; try again in {math.ceil(wait)} s",
                        wait,
                    )
            try:
                user, token = await self.hashing.run(lambda: accounts.login(name, password))
            except Busy:
                with contextlib.suppress(Busy):
                    await limits.forgive([by_name, by_address], all_of_them=False)
                raise
            with contextlib.suppress(Busy):  # the login stands even if Redis fails just now
                await limits.forgive([by_name])
                await limits.forgive([by_address], all_of_them=False)
        except AuthError as e:
            return error(e.message, 401, e.code, **e.fields)
        except Busy as e:  # the hashing pool is full, or the group's limits are unreachable
            return refused(str(e), 1.0, status=503, code="busy")
        return JSONResponse({"token": token, "user": user_json(user)})

    async def guest(self, request: Request) -> Response:
        refusal = await self._signup_refused(request)
        if refusal is not None:
            return refusal
        user, token = await self.hub.off_loop(self.hub.accounts.guest)
        return JSONResponse({"token": token, "user": user_json(user)})

    async def logout(self, request: Request) -> Response:
        """Invalidates the token (``Authorization: Bearer …`` or ``{"token"}``); idempotent."""
        token = _bearer(request)
        if token is None:
            with contextlib.suppress(AuthError):
                token = (await self._body(request)).get("token")
        ended = await self.hub.off_loop(lambda: self.hub.accounts.logout(token))
        # only a session that was one is noted as ended (and told to the other processes): a
        # made-up token costs nothing to send, and would push real ends out of the record
        if isinstance(token, str) and (ended or self.hub.holds(token)):
            self.hub.logged_out(token)
        return JSONResponse({"ok": True})

    async def _user(self, request: Request) -> UserRow | None:
        """The user of the request's ``Authorization: Bearer`` token, if any (looked up on
        the database threads)."""
        token = _bearer(request)
        if token is None:
            return None
        return await self.hub.off_loop(lambda: self.hub.accounts.by_token(token))

    async def me(self, request: Request) -> Response:
        user = await self._user(request)
        if user is None:
            return JSONResponse(
                {"error": "unknown or expired session token", "code": "bad_token"},
                status_code=401,
            )
        return JSONResponse({"user": user_json(user)})

    async def my_tables(self, request: Request) -> Response:
        """The open and live tables where the token's player sits (private ones too), so the
        lobby can offer the way back to a table left by navigating away; at an open ranked
        table, how long the player has ``waited`` in its queue."""
        user = await self._user(request)
        if user is None:
            return JSONResponse(
                {"error": "unknown or expired session token", "code": "bad_token"},
                status_code=401,
            )
        tables = []
        for t in self.hub.lobby.own_tables():  # those still being resumed too
            seat = t.seat_of(user.id)
            if seat is not None and t.status in ("open", "live") and not t.seats[seat].withdrawn:
                mine = {**t.summary(), "seat": seat}
                waited = t.waited(seat)  # the own wait in a ranked queue
                if waited is not None:
                    mine["waited"] = waited
                tables.append(mine)
        elsewhere = self.hub.lobby.elsewhere  # several processes: their public tables too
        for _created, summary in elsewhere() if elsewhere is not None else []:
            for i, s in enumerate(summary["seats"]):
                if s.get("user_id") == user.id and not s.get("withdrawn"):
                    tables.append({**public_summary(summary), "seat": i})
        return JSONResponse({"tables": tables})

    async def lobby_http(self, request: Request) -> Response:
        """A page of the lobby (``?offset=&limit=``, see docs/protocol.md)."""
        query = request.query_params
        try:
            page = self.hub.lobby.listing(query.get("offset"), query.get("limit"))
        except TableError as e:
            return error(e.message, 400, e.code)
        return JSONResponse(page.to_json())

    async def _viewer(self, request: Request) -> int | None:
        """The user id of the request's ``Authorization: Bearer`` token, if any."""
        user = await self._user(request)
        return None if user is None else user.id

    async def table_http(self, request: Request) -> Response:
        table_id = request.path_params["table_id"]
        if len(table_id) > _KEY_MAX:
            return _not_found("table")
        viewer = await self._viewer(request)
        await self.hub.lobby.until_resumed(table_id)  # after a restart: until it is back
        table = self.hub.lobby.tables.get(table_id)
        if table is not None:
            if table.config.private and table.seat_of(viewer) is None:
                return _not_found("table")
            return JSONResponse(table.summary())
        row = await self.hub.off_loop(lambda: self.hub.store.table(table_id))
        if row is None or _private_to_others(row.config, row.seats, viewer):
            return _not_found("table")
        summary = {
            "id": row.id,
            "status": row.status,
            "config": row.config,
            "commitment": row.commitment,
            "seats": [_public_seat(seat) for seat in row.seats],
        }
        return JSONResponse(public_summary(summary))  # a table driven by another process

    async def game_http(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        fmt = request.path_params.get("fmt", "json")
        if len(game_id) > _KEY_MAX:
            return _not_found("game")
        if fmt != "json" and fmt not in EXPORT_FORMATS:
            return _not_found(f"format {fmt[:20]!r} (json, {', '.join(EXPORT_FORMATS)})")
        game = await self.hub.off_loop(lambda: self.hub.store.game(game_id))
        result = game.result if game is not None and isinstance(game.result, dict) else {}
        if game is None or _private_to_others(
            result.get("config"), result.get("seats"), await self._viewer(request)
        ):
            return _not_found("game")
        if fmt == "json":
            return JSONResponse(
                {
                    "id": game.id,
                    "recorded": game.recorded,
                    "result": game.result,
                    "events": game.events,
                    # the record formats this game can be written in (the replay's downloads)
                    "formats": [
                        f
                        for f in EXPORT_FORMATS
                        if "config" in result and export_refusal(result, f) is None
                    ],
                }
            )
        # kept answers, and a token of the asker's address for each one not yet kept
        return await self.exports.answer(request, game.id, fmt, game.result)

    async def player_http(self, request: Request) -> Response:
        user_id = _user_id(request.path_params["user_id"])
        if user_id is None:
            return _not_found("player")
        store = self.hub.store
        user = await self.hub.off_loop(lambda: store.user(user_id))
        if user is None:
            return _not_found("player")
        from jantaku.server.ranks import RANKS

        shown = user_json(user)
        # rank points needed for the next rank (None at the top), for the profile's progress bar
        shown["rank_needed"] = RANKS[user.rank_index].needed
        stats = await self.hub.off_loop(lambda: self.player_stats.of(store, user_id))
        viewer = await self._viewer(request)
        # the newest games with a limit hand (a bounded read); a private one for its players only
        found = await self.hub.off_loop(lambda: limit_lines(store, user_id, LIMITS_READ))
        limits = recent_limits(found, lambda g: not _private_to_others(g.config, g.seats, viewer))
        return JSONResponse(
            {
                "user": shown,
                "stats": stats,
                "limit_hands": limits,
                "achievements": achievements(user.rating_max),
            }
        )

    async def player_games_http(self, request: Request) -> Response:
        """A player's recent finished games (newest first), for the profile's replay links."""
        user_id = _user_id(request.path_params["user_id"])
        if user_id is None:
            return _not_found("player")
        store = self.hub.store
        found = await self.hub.off_loop(
            lambda: None if store.user(user_id) is None else store.player_games(user_id)
        )
        if found is None:
            return _not_found("player")
        games = []
        viewer = await self._viewer(request)
        for line, game in found:
            config = game.result.get("config", {}) if isinstance(game.result, dict) else {}
            if _private_to_others(config, game.result.get("seats"), viewer):
                continue  # a private game is listed only for its own players
            games.append(
                {
                    "id": game.id,
                    "finished_at": game.finished_at,
                    "recorded": game.recorded,
                    # why it ended (``abandoned``: nobody was left to play it); null for a
                    # game stored by an older server
                    "reason_code": game.result.get("reason_code"),
                    "kind": config.get("kind"),
                    "length": config.get("length"),
                    "seat": line.seat,
                    "place": line.place,
                    "score": line.score,
                }
            )
        return JSONResponse({"games": games})

    async def bots_http(self, request: Request) -> Response:
        """The computer players a table can be filled with (``join``'s ``bot``), by name, and
        the levels each family's tables offer (weakest first; another family's are refused)."""
        levels = {f.name: list(f.table_levels) for f in all_families()}
        return JSONResponse({"bots": bot_names(), "default": "filler", "levels": levels})

    async def health(self, request: Request) -> Response:
        live = sum(1 for t in self.hub.lobby.tables.values() if t.status == "live")
        return JSONResponse({"ok": True, "live_tables": live, "clients": len(self.hub.clients)})

    async def metrics(self, request: Request) -> Response:
        """This process's recent action timings in ms (the last 100 of each table it drives):
        ``commit`` to store, apply and send an action, ``lag`` from a computer player's due
        time until its action was sent (event-loop delay included), ``loop`` the event loop's
        delay, ``transaction`` the time of a transaction storing actions (``batch``: how many
        transactions stored how many actions); ``?reset=1`` clears them (a load benchmark
        measures from then). For the server's own machine only: its counts grow with every
        stored action, a pass in a call window too, so read after each discard they would
        tell anybody whether someone could have called it; and nobody else may wipe what an
        operator watches. Its work grows with the tables: limited per client address."""
        address = client_host(request)
        reset = bool(request.query_params.get("reset"))
        if address not in _LOOPBACK:
            message = "only a client on the server's own machine may read the metrics"
            return error(message, 403, "forbidden")
        refusal = await limited(self.hub, "metrics", self.metric_reads, address, "metrics reads")
        if refusal is not None:
            return refusal
        tables = list(self.hub.lobby.tables.values())
        out: dict[str, Any] = {"tables": sum(1 for t in tables if t.status == "live")}
        for name, samples in (
            ("commit", [x for t in tables for x in t.latencies[-100:]]),
            ("lag", [x for t in tables for x in t.lags[-100:]]),
        ):
            out[name] = _percentiles(samples)
        # the event loop's delay, and the transactions that stored actions (how many each)
        out["loop"] = _percentiles(list(self.hub.lobby.loop_lags))
        pauses = list(self.hub.lobby.gc_pauses)
        out["gc"] = {"n": len(pauses), "max": round(max(pauses, default=0.0) * 1000, 1)}
        done = list(self.hub.store.transactions)
        out["transaction"] = _percentiles([s for s, _n in done])
        out["batch"] = {"n": len(done), "actions": sum(n for _s, n in done)}
        if reset:
            for t in tables:
                t.latencies.clear()
                t.lags.clear()
            self.hub.lobby.loop_lags.clear()
            self.hub.lobby.gc_pauses.clear()
            self.hub.store.transactions.clear()
        return JSONResponse(out)

    async def ready(self, request: Request) -> Response:
        """Whether to send this process new connections: not while it drains (stopping), nor
        while it cannot reach Redis (it could drive no table). 503 when not ready."""
        cluster = self.hub.cluster
        ok, why = True, "ready"
        if cluster is not None:
            try:
                await cluster.leases.aio.ping()
            except Exception:
                ok, why = False, "redis unreachable"
            if cluster.draining:
                ok, why = False, "draining"
        return JSONResponse({"ready": ok, "status": why}, status_code=200 if ok else 503)

    def routes(self) -> list[Route]:
        return [
            Route("/api/register", self.register, methods=["POST"]),
            Route("/api/login", self.login, methods=["POST"]),
            Route("/api/guest", self.guest, methods=["POST"]),
            Route("/api/logout", self.logout, methods=["POST"]),
            Route("/api/me", self.me),
            Route("/api/me/tables", self.my_tables),
            Route("/api/lobby", self.lobby_http),
            Route("/api/tables/{table_id}", self.table_http),
            Route("/api/games/{game_id}", self.game_http),
            Route("/api/games/{game_id}/review", self.reviews.handle),
            Route("/api/games/{game_id}/{fmt}", self.game_http),
            Route("/api/players/{user_id}", self.player_http),
            Route("/api/players/{user_id}/games", self.player_games_http),
            Route("/api/bots", self.bots_http),
            Route("/api/health", self.health),
            Route("/api/ready", self.ready),
            Route("/api/metrics", self.metrics),
        ]
