"""Reviews of finished games for the browser: ``GET /api/games/{id}/review?seat=N&level=L``
answers the JSON of one seat's review (docs/review.md).

A review plays a whole game again with a puppet weighing every decision of a seat: seconds of
CPU. So it runs in a worker process of its own (never on the event loop, never in the threads
other requests share); one review of a (game, seat, level) runs at a time (a second request
waits for the first) and the answers are kept (bounded); at most ``queue`` reviews wait or run
at once, beyond that the answer is 503 at once; and every review not yet kept costs a token of
the asker's bucket (per user and per address), so nobody can keep the worker busy. Only a
stored game is reviewed: a table's game is stored when it has finished (its seed revealed), so
a live table, whose review would show hidden hands, is not found."""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from jantaku.server.connection import client_address
from jantaku.server.hub import Hub
from jantaku.server.limits import Busy, TokenBuckets
from jantaku.server.refusals import error, refused

__all__ = ["GameReviews", "compute_review"]

log = logging.getLogger("jantaku.server")

WORKERS = 1  # worker processes (a review is pure Python: one process per core it may take)
QUEUE = 4  # reviews waiting or running at once
KEPT = 64  # answers kept, the least recently asked forgotten first (each some 100 kB)
BURST = 6  # reviews a user (or an address, twice as many) may ask for at once...
PER_MINUTE = 6.0  # ...and then per minute
_KEY_MAX = 32


def compute_review(
    result: dict[str, Any], actions: list[tuple[dict[str, Any], float]], seat: int, level: str
) -> dict[str, Any]:
    """The review of a stored game (its result with rules and seed, its actions with the clock
    of each), in the worker process."""
    from jantaku.engine.actions import Action
    from jantaku.engine.clock import ManualClock
    from jantaku.families import family
    from jantaku.players.review import review_game

    config = result["config"]
    fam = family(config["family"])
    clock = ManualClock()
    game = fam.new_game(
        config["preset"], result["seed"], clock=clock, overrides=config.get("overrides")
    )

    def steps() -> Any:
        for raw, elapsed in actions:
            clock.time = elapsed
            yield Action.from_json(raw)

    seats = result.get("seats") or []
    name = seats[seat].get("name") if seat < len(seats) and isinstance(seats[seat], dict) else None
    review = review_game(
        game, steps(), family=fam.name, seat=seat, level=level, player=str(name or "")
    )
    return review.to_json()


class GameReviews:
    """The endpoint, its worker process, the answers kept and the buckets."""

    def __init__(self, hub: Hub, workers: int = WORKERS, queue: int = QUEUE) -> None:
        self.hub = hub
        self.workers = max(1, workers)
        self.limit = max(self.workers, queue)
        self.pending = 0
        self._executor: ProcessPoolExecutor | None = None
        self._kept: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self._running: dict[tuple[str, int, str], asyncio.Future[dict[str, Any]]] = {}
        self.users = TokenBuckets(BURST, PER_MINUTE / 60.0)
        self.addresses = TokenBuckets(2 * BURST, 2 * PER_MINUTE / 60.0)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def _viewer(self, request: Request) -> int | None:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header.lower().startswith("bearer ") else ""
        if not token:
            return None
        user = await self.hub.off_loop(lambda: self.hub.accounts.by_token(token))
        return None if user is None else user.id

    async def handle(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        viewer = await self._viewer(request)
        game = None
        if len(game_id) <= _KEY_MAX:
            game = await self.hub.off_loop(lambda: self.hub.store.game(game_id))
        result = game.result if game is not None and isinstance(game.result, dict) else {}
        config = result.get("config")
        seats = result.get("seats") or []
        if game is None or not isinstance(config, dict) or "seed" not in result:
            return error("no such game", 404, "not_found")
        players = {s.get("user_id") for s in seats if isinstance(s, dict)}
        if config.get("private") and (viewer is None or viewer not in players):
            return error("no such game", 404, "not_found")
        asked = self._asked(request, config)
        if isinstance(asked, Response):
            return asked
        seat, level = asked
        key = (game_id, seat, level)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return JSONResponse(kept)
        refusal = await self._refused(request, viewer)
        if refusal is not None:
            return refusal
        return await self._run(key, result)

    def _asked(self, request: Request, config: dict[str, Any]) -> tuple[int, str] | Response:
        """The seat (0-3) and the level (of the game's family, default its strongest)."""
        from jantaku.families import default_family
        from jantaku.players.review import DEFAULT_LEVELS, LEVELS

        fam = config.get("family", default_family().name)
        if fam not in LEVELS:
            return error(f"a {fam} game cannot be reviewed", 400, "bad_request")
        seat_text = request.query_params.get("seat", "0")
        if seat_text not in ("0", "1", "2", "3"):
            return error("seat must be 0, 1, 2 or 3", 400, "bad_request")
        level = request.query_params.get("level") or DEFAULT_LEVELS[fam]
        levels = LEVELS[fam]()
        if level not in levels:
            return error(f"level must be one of {', '.join(levels)}", 400, "bad_request")
        return int(seat_text), level

    async def _refused(self, request: Request, viewer: int | None) -> Response | None:
        limits = self.hub.limits
        try:
            wait = await limits.take("review-address", self.addresses, client_address(request))
            if viewer is not None:
                wait = max(wait, await limits.take("review-user", self.users, str(viewer)))
        except Busy as e:  # the group's limits cannot be counted (Redis): refused
            return refused(str(e), 1, status=503, code="busy")
        if wait > 0:
            return refused(f"too many reviews asked for; try again in {math.ceil(wait)} s", wait)
        return None

    async def _run(self, key: tuple[str, int, str], result: dict[str, Any]) -> Response:
        running = self._running.get(key)
        if running is None:
            if self.pending >= self.limit:
                return refused(
                    "the reviewer is busy; try again in a moment", 5, status=503, code="busy"
                )
            running = asyncio.ensure_future(self._compute(key, result))
            self._running[key] = running
        try:
            answer = await asyncio.shield(running)
        except Exception:  # a game the reviewer cannot read: an answer, not a crash
            log.exception("review of %s failed", key)
            return error("this game cannot be reviewed", 500, "review_failed")
        return JSONResponse(answer)

    async def _compute(self, key: tuple[str, int, str], result: dict[str, Any]) -> dict[str, Any]:
        game_id, seat, level = key
        self.pending += 1
        try:
            stored = await self.hub.off_loop(lambda: self.hub.store.actions(game_id))
            actions = [(a.action, a.elapsed) for a in stored]
            if self._executor is None:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
            loop = asyncio.get_running_loop()
            try:
                answer = await loop.run_in_executor(
                    self._executor, compute_review, result, actions, seat, level
                )
            except BrokenProcessPool:  # the worker died: the next review starts a new one
                self.close()
                raise
            answer["source"] = game_id
            self._kept[key] = answer
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
            return answer
        finally:
            self.pending -= 1
            self._running.pop(key, None)
