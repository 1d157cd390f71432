"""The account's own writes over HTTP (docs/protocol.md, *Accounts*): resetting its rank and
rating (rank_reset.py).

The session token travels in the ``Authorization`` header, which a page of another site cannot
make a browser send, so no cross-site form can reset anybody's rank. Each reset costs a
database write: limited per account."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jantaku.server.hub import Hub
from jantaku.server.limits import TokenBuckets
from jantaku.server.messages import user_json
from jantaku.server.rank_reset import ResetRefused, reset_rank, seated_at, seated_refusal
from jantaku.server.ranks import RANKS
from jantaku.server.refusals import error, limited

__all__ = ["RESETS_BURST", "RESETS_PER_HOUR", "AccountApi"]

RESETS_BURST, RESETS_PER_HOUR = 3, 6.0  # resets per account

_STATUS = {"ranked_seat": 409, "guests_unranked": 403, "not_found": 404}


class AccountApi:
    """``POST /api/account/reset-rank`` over a :class:`Hub`."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.resets = TokenBuckets(RESETS_BURST, RESETS_PER_HOUR / 3600.0)

    async def reset_rank(self, request: Request) -> Response:
        """Refused with 401 ``bad_token`` without a session, 403 ``guests_unranked`` for a
        guest, 409 ``ranked_seat`` while seated at an unfinished ranked table, 429 past the
        limit; else the account as the profile shows it, reset."""
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header.lower().startswith("bearer ") else ""
        hub = self.hub
        user = await hub.off_loop(lambda: hub.accounts.by_token(token)) if token else None
        if user is None:
            return error("unknown or expired session token", 401, "bad_token")
        if user.guest:
            return error("a guest has no rank to reset", 403, "guests_unranked")
        user_id = user.id
        refusal = await limited(hub, "rank-reset", self.resets, str(user_id), "rank resets")
        if refusal is not None:
            return refusal
        # the tables this process drives, as they are now (a seat taken or given up here may
        # not be stored yet); the others as the database has them
        here = {
            t.id: [s.stored() for s in t.seats]
            for t in hub.lobby.tables.values()
            if t.config.ranked and t.status in ("open", "live")
        }
        table = seated_at(user_id, here.items())
        try:
            if table is not None:
                raise seated_refusal(table)
            user = await hub.off_loop(lambda: reset_rank(hub.store, user_id, checked=here))
        except ResetRefused as e:
            fields = {} if e.table is None else {"table": e.table}
            return error(e.message, _STATUS[e.code], e.code, **fields)
        shown = user_json(user)
        shown["rank_needed"] = RANKS[user.rank_index].needed
        return JSONResponse({"user": shown})

    def routes(self) -> list[Route]:
        return [Route("/api/account/reset-rank", self.reset_rank, methods=["POST"])]
