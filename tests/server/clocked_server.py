"""``python clocked_server.py FILE serve ...``: ``jantaku serve`` whose login back-offs and
whose buckets of sign-ups, metrics reads and game exports read the time from FILE (seconds, a
number the test writes; clocked.py) instead of the monotonic clock. Time stands still for them
until the test moves it, so a refusal lasts however slowly a loaded machine answers, and ends
when the test says its wait is over; every other clock of the server runs as usual."""

from __future__ import annotations

import sys
from pathlib import Path

from jantaku.server.limits import Backoff, TokenBuckets

_FILE = Path()  # set by the command line


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


def _install() -> None:
    from jantaku.server import game_exports, http_api

    # the names the modules build their limiters from (a rename must not unclock them silently)
    assert http_api.Backoff is Backoff and http_api.TokenBuckets is TokenBuckets
    assert game_exports.TokenBuckets is TokenBuckets
    http_api.Backoff = ClockedBackoff  # type: ignore[misc]
    http_api.TokenBuckets = ClockedBuckets  # type: ignore[misc]
    game_exports.TokenBuckets = ClockedBuckets  # type: ignore[misc]


if __name__ == "__main__":
    _FILE = Path(sys.argv.pop(1))
    _install()
    from jantaku.cli import main

    main()
