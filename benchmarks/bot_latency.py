"""Time every bot decision over a few self-play matches; print percentiles per level.

Usage: python benchmarks/bot_latency.py [matches] [level,level...] (the acceptance asks
p99 < 50 ms; every level by default)."""

from __future__ import annotations

import sys

from jantaku.engine.riichi.presets import new_match
from jantaku.players.riichi import LEVELS, make_player
from jantaku.players.riichi.arena import play_match


def measure(level: str, matches: int) -> list[float]:
    times: list[float] = []
    for m in range(matches):
        players = [make_player(level, f"{m}:{s}") for s in range(4)]
        play_match(new_match("doman", seed=f"latency:{m}"), players, on_decision=times.append)
    return sorted(times)


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    levels = sys.argv[2].split(",") if len(sys.argv) > 2 else list(LEVELS)
    for level in levels:
        t = measure(level, matches)

        def pct(q: float, t: list[float] = t) -> float:
            return 1000 * t[min(len(t) - 1, int(q * len(t)))]

        print(
            f"{level:11s} decisions {len(t):6d}  p50 {pct(0.5):6.2f} ms  "
            f"p99 {pct(0.99):6.2f} ms  max {1000 * t[-1]:6.2f} ms"
        )


if __name__ == "__main__":
    main()
