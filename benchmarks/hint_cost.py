"""What a hint costs beside the puppet's own decision (docs/table.md, *Hints*): over a few
matches of each family played by ``efficiency`` puppets, at every decision of seat 0 with more
than one choice, the time of a hint (``Adviser.advise``: the strongest puppet's choice and the
danger of each own tile) and of the choice alone by another puppet of that level shown the same
events (taken first and second in turn: the first to ask a view pays what the view keeps), with
the hint's percentiles and the ratio of the medians.

Usage: ``PYTHONPATH=src python benchmarks/hint_cost.py [matches]`` (2 by default)."""

from __future__ import annotations

import sys
import time

from jantaku.families import all_families
from jantaku.players.review import Adviser


def measure(family: str, preset: str, matches: int) -> tuple[list[float], list[float]]:
    """(hint times, choice-alone times) in seconds, sorted."""
    from jantaku.families import family as family_named

    fam = family_named(family)
    hints: list[float] = []
    alone: list[float] = []
    for m in range(matches):
        game = fam.new_game(preset, f"hint-cost:{m}")
        bots = [fam.new_player("efficiency", f"{m}:{s}", preset) for s in range(4)]
        adviser = Adviser(family)
        puppet = fam.new_player(adviser.level, "review", preset)
        fed = 0
        while not game.finished:
            seat = game.to_act()[0]
            view = game.view(seat)
            if seat == 0 and len(view.legal_actions) > 1:
                seen = [e.seen_by(0) for e in game.log[fed:]]
                fed = len(game.log)
                adviser.observe(seen)
                puppet.observe(seen)
                calls = [(hints, adviser.advise), (alone, puppet.choose)]
                for times, call in calls if len(hints) % 2 else calls[::-1]:
                    t0 = time.perf_counter()
                    call(view)
                    times.append(time.perf_counter() - t0)
            events = game.apply(bots[seat].choose(view))
            for s, b in enumerate(bots):
                b.observe([e.seen_by(s) for e in events])
    return sorted(hints), sorted(alone)


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    for fam in all_families():
        hints, alone = measure(fam.name, fam.default_preset, matches)

        def pct(t: list[float], q: float) -> float:
            return 1000 * t[min(len(t) - 1, int(q * len(t)))]

        print(
            f"{fam.name:10s} hints {len(hints):5d}  p50 {pct(hints, 0.5):6.2f} ms  "
            f"p99 {pct(hints, 0.99):6.2f} ms  max {1000 * hints[-1]:6.2f} ms  "
            f"hint/choice p50 {pct(hints, 0.5) / max(pct(alone, 0.5), 1e-9):4.2f}"
        )


if __name__ == "__main__":
    main()
