"""``GET /api/games/{id}/{fmt}``: a finished game in a record format of its family.

Writing one plays the whole game again from its stored actions, milliseconds of CPU on the
event loop each time, and anyone may ask. So the answers are kept (bounded; a finished game
never changes), and every answer not yet kept costs a token of the asker's address's bucket
(counted across the processes of a group): nobody can keep the event loop busy replaying
games. A kept answer costs nothing."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from jantaku.server.connection import client_address
from jantaku.server.export import export_game, export_refusal
from jantaku.server.hub import Hub
from jantaku.server.limits import TokenBuckets
from jantaku.server.refusals import limited

__all__ = ["GameExports"]

KEPT = 64  # answers kept, the least recently asked forgotten first (some 10-100 kB each)
BURST = 10  # exports not yet kept an address may ask for at once...
PER_MINUTE = 10.0  # ...and then per minute


class GameExports:
    """The answers kept and the addresses' buckets."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._kept: OrderedDict[tuple[str, str], str] = OrderedDict()
        self.addresses = TokenBuckets(BURST, PER_MINUTE / 60.0)

    async def answer(
        self, request: Request, game_id: str, fmt: str, result: dict[str, Any]
    ) -> Response:
        """The export of a stored game the asker may see (``result``: its stored result)."""
        key = (game_id, fmt)
        body = self._kept.get(key)
        if body is not None:
            self._kept.move_to_end(key)
            return Response(body, media_type="application/json")
        refusal = export_refusal(result, fmt)  # a format the family lacks costs no token
        if refusal is not None:
            return JSONResponse({"error": refusal}, status_code=400)
        address = client_address(request)
        limit = await limited(self.hub, "export", self.addresses, address, "game exports")
        if limit is not None:
            return limit
        actions = await self.hub.off_loop(lambda: self.hub.store.actions(game_id))
        body = export_game(result, actions, fmt)
        self._kept[key] = body
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return Response(body, media_type="application/json")
