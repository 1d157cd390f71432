"""Memory of the limits' bookkeeping when many client addresses (or login names) come by.

Fills each kind of table of server/limits.py to its bound (``max_keys``, 100,000 by default)
with keys as an attacker would make them (IPv6 addresses, 32-character names), measures the
bytes it holds with ``tracemalloc`` and checks that the next fresh keys leave it at its
bound. Prints bytes per key and per full table. The figures are in docs/deploy.md ("The
bookkeeping of the limits"). The record of sessions ended lately (hub.py) is filled to its own
bound.

    PYTHONPATH=src python benchmarks/limit_memory.py
    PYTHONPATH=src python benchmarks/limit_memory.py --keys 20000
"""

from __future__ import annotations

import argparse
import gc
import tracemalloc
from collections.abc import Callable

from jantaku.server.auth import token_hash
from jantaku.server.config import ServerSettings
from jantaku.server.http_budget import MAX_KEYS, HttpBudget
from jantaku.server.hub import ENDED_KEPT, Hub
from jantaku.server.limits import Backoff, TokenBuckets


def _address(n: int) -> str:
    """An IPv6 address of the longest usual form (one of a /64 an attacker may hold)."""
    groups = ":".join(f"{n >> shift & 0xFFFF:x}" for shift in (48, 32, 16, 0))
    return f"2001:db8:ffff:ffff:{groups}"


def _name(n: int) -> str:
    return f"login-name-of-32-characters-{n:04x}"[-32:]


def _measure(
    label: str,
    make: Callable[[], object],
    fill: Callable[[object, int], None],
    keys: int,
    size: Callable[[object], int],
) -> None:
    gc.collect()
    tracemalloc.start()
    table = make()
    base = tracemalloc.get_traced_memory()[0]
    for n in range(keys):
        fill(table, n)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base
    for n in range(keys, keys + keys // 10):  # fresh keys past the bound
        fill(table, n)
    tracemalloc.stop()
    print(f"| {label} | {size(table):,} | {held / keys:,.0f} | {held / 2**20:,.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=MAX_KEYS, help="keys (the tables' bound)")
    args = parser.parse_args()
    keys = args.keys
    settings = ServerSettings()
    print("| table | keys held after 10% more | bytes per key | MiB when full |")
    print("|---|---:|---:|---:|")
    _measure(
        "HTTP budget per address (TokenBuckets)",
        lambda: HttpBudget(settings, keys),
        lambda t, n: t.take(_address(n), "/api/games/x", 0.0),  # type: ignore[attr-defined]
        keys,
        lambda t: len(t.buckets),  # type: ignore[attr-defined]
    )
    _measure(
        "a token bucket per key (sign-ups, exports, messages)",
        lambda: TokenBuckets(20, 1.0, keys),
        lambda t, n: t.take(_address(n), 0.0),  # type: ignore[attr-defined]
        keys,
        len,  # type: ignore[arg-type]
    )
    _measure(
        "sessions ended lately (Hub, a logout each)",
        lambda: Hub("sqlite://", settings),
        lambda t, n: t.session_ended(token_hash(f"token-{n}")),  # type: ignore[attr-defined]
        ENDED_KEPT,
        lambda t: len(t._ended),  # type: ignore[attr-defined]
    )
    for failures in (1, 5, 20):

        def fail(t: object, n: int, failures: int = failures) -> None:
            for _ in range(failures):
                t.fail(_name(n), 0.0)  # type: ignore[attr-defined]

        _measure(
            f"login back-off per name (Backoff), {failures} failures a key",
            lambda: Backoff(settings.login_failures_per_name, 600.0, 300.0, keys),
            fail,
            keys,
            len,  # type: ignore[arg-type]
        )


if __name__ == "__main__":
    main()
