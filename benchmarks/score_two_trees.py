"""Scoring speed of two checkouts of jantaku, interleaved: the same fresh winning hands (the
differential test's generator, a new seed each round) scored by each tree in its own process,
the order alternating between rounds; medians over the rounds, CPU time per hand.

fresh: the first pass after scoring as many other hands (tables warm, these hands new);
steady: best of three more passes; engine path: ``validate=False``, best of three.

    .venv/bin/python benchmarks/score_two_trees.py OLD_TREE NEW_TREE [--rounds 9] [--hands 3000]

(for example an old commit checked out with ``git worktree add``)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_WORKER = r"""
import gc, json, random, sys, time
root, seed, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, root + "/tests/rules/riichi")
from riichi_handgen import generate, to_context
from jantaku.rules.riichi import preset, score
from jantaku.rules.riichi.scorer import clear_caches
opts = preset("tenhou")
rng = random.Random(seed)
def wins(k, avoid=()):
    out = []
    while len(out) < k:
        c = generate(rng)
        if c not in avoid and score(to_context(c), opts).win:
            out.append(c)
    return out
cases = wins(n)
others = wins(n, cases)
contexts = [to_context(c) for c in cases]
clear_caches()
for c in others:
    score(to_context(c), opts)
def timed(validate):
    gc.collect()
    gc.freeze()
    start = time.process_time()
    for c in contexts:
        score(c, opts, validate=validate)
    return time.process_time() - start
fresh = timed(True)
steady = min(timed(True) for _ in range(3))
engine = min(timed(False) for _ in range(3))
print(json.dumps([fresh, steady, engine]))
"""


def run(root: str, seed: int, hands: int) -> list[float]:
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "src"))
    out = subprocess.run(
        [sys.executable, "-c", _WORKER, root, str(seed), str(hands)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    times: list[float] = json.loads(out.stdout)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--hands", type=int, default=3000)
    args = parser.parse_args()
    results: dict[str, list[list[float]]] = {args.old: [], args.new: []}
    for r in range(args.rounds):
        order = (args.old, args.new) if r % 2 == 0 else (args.new, args.old)
        for root in order:
            results[root].append(run(root, 1000 + r, args.hands))
    n = args.hands
    for i, name in enumerate(("fresh", "steady", "engine path")):
        old = statistics.median(x[i] for x in results[args.old])
        new = statistics.median(x[i] for x in results[args.new])
        print(
            f"{name:12} old {old / n * 1e6:6.2f} us/hand  new {new / n * 1e6:6.2f} us/hand"
            f"  new/old time {new / old:.3f}"
        )


if __name__ == "__main__":
    main()
