"""Running a test's coroutine against the real Redis of ``JANTAKU_TEST_REDIS`` with keys of
its own, deleted after."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

REDIS = os.environ.get("JANTAKU_TEST_REDIS")

T = TypeVar("T")


def run_with_redis(job: Callable[[Any, str], Awaitable[T]], tail: str = "") -> T:
    """Run ``job(redis, prefix)`` with a fresh client and key prefix (``jantaku:test-…:`` and
    ``tail``); every key under the prefix is deleted after."""
    import redis.asyncio as aioredis

    async def main() -> T:
        r = aioredis.Redis.from_url(REDIS or "", decode_responses=True)
        prefix = f"jantaku:test-{secrets.token_hex(4)}:{tail}"
        try:
            return await job(r, prefix)
        finally:
            keys = [k async for k in r.scan_iter(prefix + "*")]
            if keys:
                await r.delete(*keys)
            await r.aclose()

    return asyncio.run(main())
