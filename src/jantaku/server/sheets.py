"""The score-sheet endpoints (docs/sheet.md): the stateless computation of a sheet, the
registered player's stored sheets (owner only), their CSV and JSON exports, and read-only
sharing by an unguessable, revocable token.

Every body is read with a size cap before it is parsed; computing runs off the event loop and
is rate limited per address, writes per player; a sheet holds at most ``MAX_HANDS`` entries."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jantaku.server.connection import client_address
from jantaku.server.hub import Hub
from jantaku.server.limits import Busy, HashPool, TokenBuckets
from jantaku.server.match_summary import reason_code
from jantaku.server.models import SheetRow, UserRow
from jantaku.server.protocol import ProtocolError, loads_bounded
from jantaku.server.sheet_store import SheetStore, TooManySheets
from jantaku.sheet import MAX_HANDS, SheetError, compute_sheet
from jantaku.sheet.csv_export import sheet_csv

__all__ = ["MAX_BODY", "MAX_SHEETS", "SheetApi"]

MAX_BODY = 256 * 1024
"""Largest sheet body read (200 classical hands with all four hands shown fit in ~150 KiB)."""
MAX_SHEETS = 200
"""Most sheets one player keeps."""
COMPUTE_BURST = 3 * MAX_HANDS
"""Hands one address may have computed at once (scoring a classical hand is the dearest part)."""
COMPUTE_RATE = 20.0
"""Hands per second an address may have computed on average (entering hands at a table needs
a few a minute; a page recomputes the sheet after each one, mostly from the scorer's cache)."""
COMPUTE_WORKERS = 2
COMPUTE_QUEUE = 16
"""Sheets computed at once, and waiting or computing at most (beyond: 503 busy)."""
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
_EXPORTS = {"json", "csv"}


class Refused(Exception):
    """A request answered with an error: ``status``, ``code`` and a message."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra

    def response(self) -> Response:
        body = {"error": self.message, "code": self.code, **self.extra}
        headers = {}
        if "retry_after" in self.extra:
            headers["Retry-After"] = str(self.extra["retry_after"])
        return JSONResponse(body, status_code=self.status, headers=headers)


def _split(text: str) -> tuple[str, str | None]:
    """``abc.csv`` -> (``abc``, ``csv``); an unknown suffix or a bad key: 404."""
    key, dot, fmt = text.partition(".")
    if not _KEY.fullmatch(key) or (dot and fmt not in _EXPORTS):
        raise Refused(404, "not_found", "no such sheet")
    return key, fmt if dot else None


class SheetApi:
    """The ``/api/sheets`` routes over a :class:`Hub`."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._store: SheetStore | None = None
        # per address, in hands computed (a sheet of n hands costs n): computations and reads
        self.computes = TokenBuckets(COMPUTE_BURST, COMPUTE_RATE)
        # computing runs on threads of its own, a few sheets at once (the tables keep the rest)
        self.pool = HashPool(COMPUTE_WORKERS, COMPUTE_QUEUE)
        self.writes = TokenBuckets(60, 2.0)  # per player: saves, changes, shares, reads

    def close(self) -> None:
        self.pool.close()

    @property
    def store(self) -> SheetStore:
        """The sheets table (built once the hub is open)."""
        if self._store is None:
            self._store = SheetStore(self.hub.store, MAX_SHEETS)
        return self._store

    # ------------------------------------------------------------------ helpers

    async def _limit(self, buckets: TokenBuckets, key: str, cost: int = 1) -> None:
        name = "sheet-compute" if buckets is self.computes else "sheet-write"
        try:
            wait = await self.hub.limits.take(name, buckets, key, cost)
        except Busy as e:  # the group's limits cannot be counted (Redis): refused
            raise Refused(503, "busy", str(e), retry_after=1) from None
        if wait > 0:
            seconds = max(1, int(wait + 0.999))
            raise Refused(
                429,
                "rate_limited",
                f"too many requests; try again in {seconds} s",
                retry_after=seconds,
            )

    async def _document(self, request: Request) -> dict[str, Any]:
        """The body as a JSON object, read at most ``MAX_BODY`` bytes far."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            raise Refused(413, "too_large", f"a sheet is at most {MAX_BODY // 1024} KiB")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise Refused(413, "too_large", f"a sheet is at most {MAX_BODY // 1024} KiB")
            chunks.append(chunk)
        try:
            data = loads_bounded(b"".join(chunks) or b"null")
        except ProtocolError as e:
            raise Refused(
                400, "bad_sheet", f"the body is not usable JSON: {e.message}", field=""
            ) from None
        if not isinstance(data, dict):
            raise Refused(
                400, "bad_sheet", "the body is a sheet document (a JSON object)", field=""
            )
        return data

    async def _compute(self, document: dict[str, Any], request: Request) -> dict[str, Any]:
        """The computed sheet (off the event loop), its hands charged to the address."""
        hands = document.get("hands")
        cost = min(len(hands), MAX_HANDS) if isinstance(hands, list) else 0
        await self._limit(self.computes, client_address(request), max(1, cost))
        try:
            return _with_reason_codes(await self.pool.run(lambda: compute_sheet(document)))
        except Busy:
            raise Refused(
                503, "busy", "too many sheets at once; try again", retry_after=1
            ) from None
        except SheetError as e:
            raise Refused(400, "bad_sheet", e.message, field=e.field) from None

    async def _owner(self, request: Request) -> UserRow:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header.lower().startswith("bearer ") else None
        user = None
        if token:
            user = await self.hub.off_loop(lambda: self.hub.accounts.by_token(token))
        if user is None:
            raise Refused(401, "bad_token", "log in to keep sheets (unknown or expired token)")
        if user.guest:
            raise Refused(403, "login_required", "guests cannot keep sheets; register to save them")
        await self._limit(self.writes, str(user.id))
        return user

    async def _own(self, user: UserRow, sheet_id: str) -> SheetRow:
        row = await self.hub.off_loop(lambda: self.store.get(user.id, sheet_id))
        if row is None:
            raise Refused(404, "not_found", "no such sheet")
        return row

    @staticmethod
    def _share(row: SheetRow) -> dict[str, str] | None:
        token = row.share_token
        return None if token is None else {"token": token, "path": f"/api/shared-sheets/{token}"}

    async def _shown(self, row: SheetRow, request: Request, status: int = 200) -> Response:
        result = await self._compute(row.document, request)
        return JSONResponse(
            {
                "id": row.id,
                "sheet": row.document,
                "result": result,
                "created_at": row.created_at,
                "updated_at": row.updated_at,
                "share": self._share(row),
            },
            status_code=status,
        )

    async def _export(self, row: SheetRow, request: Request, fmt: str, name: str) -> Response:
        disposition = {"Content-Disposition": f'attachment; filename="{name}.{fmt}"'}
        if fmt == "json":
            body = json.dumps(row.document, ensure_ascii=False, indent=1)
            return Response(body, media_type="application/json", headers=disposition)
        result = await self._compute(row.document, request)
        return Response(
            sheet_csv(result), media_type="text/csv; charset=utf-8", headers=disposition
        )

    # ------------------------------------------------------------------ endpoints

    async def compute(self, request: Request) -> Response:
        await self._limit(self.computes, client_address(request))
        return JSONResponse(await self._compute(await self._document(request), request))

    async def compute_csv(self, request: Request) -> Response:
        """The CSV of a sheet kept only in a browser (a guest's): computed like ``compute``,
        charged the same, nothing stored."""
        await self._limit(self.computes, client_address(request))
        result = await self._compute(await self._document(request), request)
        disposition = {"Content-Disposition": 'attachment; filename="sheet.csv"'}
        return Response(
            sheet_csv(result), media_type="text/csv; charset=utf-8", headers=disposition
        )

    async def create(self, request: Request) -> Response:
        user = await self._owner(request)
        document = await self._document(request)
        await self._compute(document, request)  # an unusable sheet is never stored
        try:
            row = await self.hub.off_loop(lambda: self.store.add(user.id, document))
        except TooManySheets:
            raise Refused(
                409,
                "too_many_sheets",
                f"a player keeps at most {MAX_SHEETS} sheets; delete one first",
            ) from None
        return await self._shown(row, request, 201)

    async def one(self, request: Request) -> Response:
        user = await self._owner(request)
        sheet_id, fmt = _split(request.path_params["sheet_id"])
        if request.method == "GET":
            mine = await self._own(user, sheet_id)
            if fmt is None:
                return await self._shown(mine, request)
            return await self._export(mine, request, fmt, f"sheet-{mine.id}")
        if fmt is not None:
            raise Refused(405, "bad_method", "exports are read with GET")
        if request.method == "DELETE":
            if not await self.hub.off_loop(lambda: self.store.delete(user.id, sheet_id)):
                raise Refused(404, "not_found", "no such sheet")
            return JSONResponse({"ok": True})
        await self._own(user, sheet_id)
        document = await self._document(request)
        await self._compute(document, request)
        row = await self.hub.off_loop(lambda: self.store.replace(user.id, sheet_id, document))
        if row is None:
            raise Refused(404, "not_found", "no such sheet")
        return await self._shown(row, request)

    async def share(self, request: Request) -> Response:
        user = await self._owner(request)
        sheet_id, fmt = _split(request.path_params["sheet_id"])
        if fmt is not None:
            raise Refused(404, "not_found", "no such sheet")
        revoke = request.method == "DELETE"
        row = await self.hub.off_loop(lambda: self.store.share(user.id, sheet_id, revoke=revoke))
        if row is None:
            raise Refused(404, "not_found", "no such sheet")
        if request.method == "DELETE":
            return JSONResponse({"ok": True})
        return JSONResponse(self._share(row))

    async def mine(self, request: Request) -> Response:
        user = await self._owner(request)
        rows = await self.hub.off_loop(lambda: self.store.listing(user.id))
        return JSONResponse(
            {
                "sheets": [
                    {
                        "id": r.id,
                        "title": r.title,
                        "preset": r.preset,
                        "players": r.players,
                        "hands": r.hands,
                        "created_at": r.created_at,
                        "updated_at": r.updated_at,
                        "shared": r.share_token is not None,
                    }
                    for r in rows
                ]
            }
        )

    async def shared(self, request: Request) -> Response:
        await self._limit(self.computes, client_address(request))
        token, fmt = _split(request.path_params["token"])
        row = await self.hub.off_loop(lambda: self.store.shared(token))
        if row is None:
            raise Refused(404, "not_found", "no such shared sheet (the link may have been revoked)")
        if fmt is not None:
            return await self._export(row, request, fmt, "sheet")
        result = await self._compute(row.document, request)
        return JSONResponse(
            {
                "sheet": row.document,
                "result": result,
                "title": row.title,
                "updated_at": row.updated_at,
            }
        )

    def routes(self) -> list[Route]:
        def guarded(handler: Any) -> Any:
            async def endpoint(request: Request) -> Response:
                try:
                    response: Response = await handler(request)
                except Refused as e:
                    return e.response()
                return response

            return endpoint

        return [
            Route("/api/sheets/compute", guarded(self.compute), methods=["POST"]),
            Route("/api/sheets/compute.csv", guarded(self.compute_csv), methods=["POST"]),
            Route("/api/sheets", guarded(self.create), methods=["POST"]),
            Route("/api/me/sheets", guarded(self.mine), methods=["GET"]),
            Route("/api/sheets/{sheet_id}/share", guarded(self.share), methods=["POST", "DELETE"]),
            Route("/api/sheets/{sheet_id}", guarded(self.one), methods=["GET", "PUT", "DELETE"]),
            Route("/api/shared-sheets/{token}", guarded(self.shared), methods=["GET"]),
        ]


def _with_reason_codes(result: dict[str, Any]) -> dict[str, Any]:
    """The computed sheet with ``ended_code`` beside each ``ended`` reason: the code the
    end-of-match screen words in the reader's language (the reason itself is English)."""
    for part in [result, *result.get("hands", ())]:
        ended = part.get("ended")
        part["ended_code"] = None if ended is None else reason_code(str(ended))
    return result
