"""``python clocked_server.py FILE serve ...``: ``jantaku serve`` whose login back-offs and
whose buckets of sign-ups, metrics reads, game exports and chat lines read the time from FILE
(seconds, a number the test writes; clocked.py) instead of the monotonic clock, and so do the
same limits kept in Redis for a group of processes (``--redis``; there Redis's clock is
read otherwise), the idle time after which an open table expires (``--table-idle-seconds``),
the seats' turn times and banks, and a queued player's wait. Time stands still for them
until the test moves it, so a refusal lasts, an open table waits, a turn keeps its time and
the wait told stays what it was, however slowly a loaded machine answers, and each ends or
grows when the test says; every other clock of the server runs as usual.

``python clocked_server.py FILE --tables serve ...``: the live tables' clocks too (call
windows, the seats' deadlines, the grace before a takeover, the pause between hands: every
``time.monotonic`` of tables.py, table_driver.py, table_time.py and table_viewers.py), and a
table's driver looks at the clock at least every :data:`TABLE_POLL` seconds, so that a window
ends soon after the test moved the clock past its end, and never before."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

from jantaku.server.config import ServerSettings
from jantaku.server.limits import Backoff, TokenBuckets
from jantaku.server.manager import Lobby
from jantaku.server.shared_limits import Check, SharedLimits
from jantaku.server.storage import Store
from jantaku.server.table_driver import TableDriver

_FILE = Path()  # set by the command line
#: real seconds a clocked table's driver waits at most before it reads the clock again
TABLE_POLL = 0.02


def _clock() -> float:
    return float(_FILE.read_text(encoding="utf-8"))


class ClockedBackoff(Backoff):
    def retry_after(self, key: str, now: float | None = None) -> float:
        return super().retry_after(key, _clock() if now is None else now)

    def fail(self, key: str, now: float | None = None) -> None:
        super().fail(key, _clock() if now is None else now)


class ClockedBuckets(TokenBuckets):
    def take(self, key: str, now: float | None = None, cost: float = 1.0) -> float:
        return super().take(key, _clock() if now is None else now, cost)

    def spend(self, key: str, cost: float, now: float | None = None) -> None:
        super().spend(key, cost, _clock() if now is None else now)


class ClockedSharedLimits(SharedLimits):
    async def take(
        self,
        name: str,
        buckets: TokenBuckets,
        key: str,
        cost: float = 1.0,
        now: float | None = None,
    ) -> float:
        return await super().take(name, buckets, key, cost, _clock() if now is None else now)

    async def attempt(self, checks: Sequence[Check], now: float | None = None) -> list[float]:
        return await super().attempt(checks, _clock() if now is None else now)

    async def forgive(
        self, checks: Sequence[Check], all_of_them: bool = True, now: float | None = None
    ) -> None:
        await super().forgive(checks, all_of_them, _clock() if now is None else now)


class ClockedLobby(Lobby):
    def __init__(self, store: Store, settings: ServerSettings) -> None:
        super().__init__(store, settings)
        self.idle_clock = self.turn_clock = self.wait_clock = _clock


def _install() -> None:
    from jantaku.server import chat, cluster, game_exports, http_api, hub

    # the names the modules build their limiters from (a rename must not unclock them silently)
    assert http_api.Backoff is Backoff and http_api.TokenBuckets is TokenBuckets
    assert game_exports.TokenBuckets is TokenBuckets
    assert chat.TokenBuckets is TokenBuckets
    assert cluster.SharedLimits is SharedLimits
    cluster.SharedLimits = ClockedSharedLimits  # type: ignore[misc]
    assert hub.Lobby is Lobby
    hub.Lobby = ClockedLobby  # type: ignore[misc]
    http_api.Backoff = ClockedBackoff  # type: ignore[misc]
    http_api.TokenBuckets = ClockedBuckets  # type: ignore[misc]
    game_exports.TokenBuckets = ClockedBuckets  # type: ignore[misc]
    chat.TokenBuckets = ClockedBuckets  # type: ignore[misc]


def _install_tables() -> None:
    """The live tables read their time from the file too (the wall clock stays: the match's
    stored times are the server's own)."""
    from jantaku.server import table_driver, table_time, table_viewers, tables

    clocked = SimpleNamespace(monotonic=_clock, time=time.time, perf_counter=time.perf_counter)
    for module in (tables, table_driver, table_time, table_viewers):
        assert module.time is time  # the name the modules read their clock from
        module.time = clocked  # type: ignore[assignment]
    wait = TableDriver._wait

    async def polled(self: TableDriver, timeout: float | None) -> None:
        await wait(self, TABLE_POLL if timeout is None else min(timeout, TABLE_POLL))

    TableDriver._wait = polled  # type: ignore[method-assign]


if __name__ == "__main__":
    _FILE = Path(sys.argv.pop(1))
    _install()
    if sys.argv[1] == "--tables":
        sys.argv.pop(1)
        _install_tables()
    from jantaku.cli import main

    main()
