"""HTTP refusals that say when to come back, and the per-key limits that give them: one shape
(``{"error", "code", "retry_after"}`` with a ``Retry-After`` header) for every endpoint."""

from __future__ import annotations

import math

from starlette.responses import JSONResponse, Response

from jantaku.server.hub import Hub
from jantaku.server.limits import Busy, TokenBuckets

__all__ = ["error", "limited", "refused"]


def error(message: str, status: int, code: str, **fields: str | int) -> Response:
    """A refusal that coming back will not mend (``{"error", "code"}``, and ``fields``: the
    values a translated text of it needs)."""
    return JSONResponse({"error": message, "code": code, **fields}, status_code=status)


def refused(
    message: str, retry_after: float, status: int = 429, code: str = "rate_limited"
) -> Response:
    """A refusal that says when to come back (``Retry-After``, whole seconds, at least 1)."""
    seconds = max(1, math.ceil(retry_after))
    return JSONResponse(
        {"error": message, "code": code, "retry_after": seconds},
        status_code=status,
        headers={"Retry-After": str(seconds)},
    )


async def limited(
    hub: Hub, name: str, buckets: TokenBuckets, key: str, what: str
) -> Response | None:
    """Take a token of ``key`` from the ``name`` limit: None when there was one, else the 429
    (``too many {what}``), or 503 while the group's limits cannot be counted (Redis)."""
    try:
        wait = await hub.limits.take(name, buckets, key)
    except Busy as e:
        return refused(str(e), 1.0, status=503, code="busy")
    if wait <= 0:
        return None
    return refused(f"too many {what}; try again in {math.ceil(wait)} s", wait)
