"""Shanten speed: PyPI ``mahjong`` (``mahjong.shanten.Shanten``) against jantaku on fresh random
13-tile hands, in one process, interleaved. Prints each side's time per hand and the ratio as
median [min, max] over the rounds.

Protocol: both sides first run the same warm-up hands (jantaku's caches then hold what a
long-running engine or bot has seen: suit patterns and their combinations, never these hands);
then every round draws new hands that neither side has seen, times both on them in an order
that alternates between rounds, and checks that they agree on every hand. Loading the shipped
suit table happens at import and is reported separately.

    .venv/bin/python benchmarks/bench_shanten.py [--hands 20000] [--rounds 7] [--warmup 50000]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence


def _hands(rng: random.Random, n: int) -> list[list[int]]:
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for tile in rng.sample(range(136), 13):
            counts[tile // 4] += 1
        hands.append(counts)
    return hands


def _per_hand(fn: Callable[[Sequence[int]], int], hands: list[list[int]]) -> float:
    gc.collect()
    begin = time.process_time()
    for counts in hands:
        fn(counts)
    return (time.process_time() - begin) / len(hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="fresh hands per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=50_000, help="hands seen before round 1")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    from jantaku.hand import shanten

    load = time.perf_counter() - start
    from mahjong.shanten import Shanten

    peer = Shanten.calculate_shanten
    rng = random.Random(args.seed)
    for counts in _hands(rng, args.warmup):
        shanten(counts)
        peer(counts)
    ours: list[float] = []
    theirs: list[float] = []
    mismatches = 0
    for r in range(args.rounds):
        hands = _hands(rng, args.hands)  # new hands every round
        if r % 2 == 0:
            ours.append(_per_hand(shanten, hands))
            theirs.append(_per_hand(peer, hands))
        else:
            theirs.append(_per_hand(peer, hands))
            ours.append(_per_hand(shanten, hands))
        mismatches += sum(shanten(h) != peer(h) for h in hands)
    ratios = [t / o for o, t in zip(ours, theirs, strict=True)]
    print(
        f"{args.rounds} rounds x {args.hands} fresh random 13-tile hands after {args.warmup} "
        f"warm-up hands (seed {args.seed}); mismatches: {mismatches}"
    )
    print(f"jantaku import (loads the suit table): {load * 1000:.0f} ms")
    print(f"mahjong {statistics.median(theirs) * 1e6:7.2f} us a hand (median)")
    print(f"jantaku {statistics.median(ours) * 1e6:7.2f} us a hand (median)")
    print(
        f"ratio   {statistics.median(ratios):6.1f}x  [min {min(ratios):.1f}x, "
        f"max {max(ratios):.1f}x]"
    )


if __name__ == "__main__":
    main()
