"""Riichi bot speed of two checkouts, interleaved: the same seeded self-play hanchan at each bot
level, played by each tree in its own process (the order alternating between rounds), with the
decisions compared by a digest of the whole decision sequence.

Per level it prints decisions per second (CPU time inside ``choose`` only) and arena throughput
(hanchan per second, CPU time of the whole match: engine, views, events and bots), each tree's
median over the rounds and the ratio new/old as median [min, max] over the rounds; ``same``
says whether every round's decision digests agree. Then the p50 and p99 decision latency.

    .venv/bin/python benchmarks/bench_bots.py OLD_TREE NEW_TREE [--rounds 5] [--matches 1]
        [--levels random,efficiency,defensive,expert,strong]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_WORKER = r"""
import gc, hashlib, json, sys, time
levels, rnd, matches = sys.argv[1].split(","), int(sys.argv[2]), int(sys.argv[3])
from jantaku.engine.riichi.presets import new_match
from jantaku.players.protocol import tell
from jantaku.players.riichi import make_player
clock = time.process_time
out = {}
for level in levels:
    digest = hashlib.sha256()
    decisions = 0
    thinking = 0.0
    playing = 0.0
    times = []
    for m in range(matches):
        seed = f"bench:{level}:{rnd}:{m}"
        gc.collect()
        begin = clock()
        players = [make_player(level, f"{seed}:{s}") for s in range(4)]
        table = new_match("doman", seed=seed)
        tell(players, list(getattr(table, "log", ())))
        while not table.finished:
            seat = table.to_act()[0]
            view = table.view(seat)
            start = clock()
            action = players[seat].choose(view)
            took = clock() - start
            thinking += took
            times.append(took)
            decisions += 1
            digest.update(json.dumps(action.to_json(), sort_keys=True).encode() + b"\n")
            tell(players, table.apply(action))
        playing += clock() - begin
    times.sort()
    p50, p99 = (times[min(len(times) - 1, int(q * len(times)))] for q in (0.5, 0.99))
    out[level] = [decisions, thinking, playing, matches, digest.hexdigest()[:16], p50, p99]
print(json.dumps(out))
"""


def run(root: str, levels: list[str], rnd: int, matches: int) -> dict[str, list]:
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "src"))
    out = subprocess.run(
        [sys.executable, "-c", _WORKER, ",".join(levels), str(rnd), str(matches)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, list] = json.loads(out.stdout)
    return result


def _spread(ratios: list[float]) -> str:
    return f"{statistics.median(ratios):5.2f}x [{min(ratios):5.2f}, {max(ratios):5.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--matches", type=int, default=1, help="hanchan per level and round")
    parser.add_argument("--levels", default="random,efficiency,defensive,expert,strong")
    args = parser.parse_args()
    levels = args.levels.split(",")
    runs: dict[str, list[dict[str, list]]] = {args.old: [], args.new: []}
    for r in range(args.rounds):
        order = (args.old, args.new) if r % 2 == 0 else (args.new, args.old)
        for root in order:
            runs[root].append(run(root, levels, r, args.matches))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    print(
        f"{args.rounds} rounds x {args.matches} hanchan per level; old {args.old}, new {args.new}"
    )
    print(
        f"{'level':10s} {'decisions':>9s} {'old dec/s':>10s} {'new dec/s':>10s} "
        f"{'ratio [min, max]':>22s} {'old h/s':>8s} {'new h/s':>8s} {'ratio [min, max]':>22s} same"
    )
    latency: list[str] = []
    for level in levels:
        old = [run_[level] for run_ in runs[args.old]]
        new = [run_[level] for run_ in runs[args.new]]
        same = all(o[0] == n[0] and o[4] == n[4] for o, n in zip(old, new, strict=True))
        dec = [[d / t for d, t, *_ in side] for side in (old, new)]
        hanchan = [[m / p for _d, _t, p, m, *_ in side] for side in (old, new)]
        p50 = [statistics.median(r[5] * 1000 for r in side) for side in (old, new)]
        p99 = [statistics.median(r[6] * 1000 for r in side) for side in (old, new)]
        latency.append(
            f"{level:10s} p50 {p50[0]:6.2f} -> {p50[1]:6.2f} ms  "
            f"p99 {p99[0]:6.2f} -> {p99[1]:6.2f} ms"
        )
        dec_ratio = [n / o for o, n in zip(*dec, strict=True)]
        han_ratio = [n / o for o, n in zip(*hanchan, strict=True)]
        print(
            f"{level:10s} {sum(o[0] for o in old):9d} {statistics.median(dec[0]):10.0f} "
            f"{statistics.median(dec[1]):10.0f} {_spread(dec_ratio):>22s} "
            f"{statistics.median(hanchan[0]):8.2f} {statistics.median(hanchan[1]):8.2f} "
            f"{_spread(han_ratio):>22s} {'yes' if same else 'NO'}"
        )
    print(
        "decision latency (CPU time; each round's percentile, median over the rounds), old -> new:"
    )
    print("\n".join(latency))


if __name__ == "__main__":
    main()
