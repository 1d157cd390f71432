"""Time every classical bot decision over a few quick self-play games (the East wind round);
print percentiles per level.

Usage: python benchmarks/classical_bot_latency.py [games] (the target is p99 < 50 ms)."""

from __future__ import annotations

import sys
import time

from jantaku.players.classical import make_player as make_classical_player
from jantaku.players.classical.table import ClassicalTable


def measure(level: str, games: int) -> list[float]:
    times: list[float] = []
    for g in range(games):
        table = ClassicalTable(seed=f"latency:{g}", rounds=1, max_hands=40)
        players = [make_classical_player(level, f"{g}:{s}") for s in range(4)]
        while not table.finished:
            seat = table.to_act()[0]
            view = table.view(seat)
            start = time.perf_counter()
            action = players[seat].choose(view)
            times.append(time.perf_counter() - start)
            table.apply(action)
    return sorted(times)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for level in ("random", "efficiency", "defensive", "strongest"):
        t = measure(level, games)

        def pct(q: float, t: list[float] = t) -> float:
            return 1000 * t[min(len(t) - 1, int(q * len(t)))]

        print(
            f"{level:11s} decisions {len(t):6d}  p50 {pct(0.5):6.2f} ms  "
            f"p99 {pct(0.99):6.2f} ms  max {1000 * t[-1]:6.2f} ms"
        )


if __name__ == "__main__":
    main()
