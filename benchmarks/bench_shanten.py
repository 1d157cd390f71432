"""Shanten speed: PyPI ``mahjong`` (``mahjong.shanten.Shanten``) against jantaku on the same random
13-tile hands, in one process. Prints both rates and the ratio.

jantaku's caches start empty, so the first pass ("cold") pays for every first sight of a suit
pattern; later passes ("warm") are what a long-running engine or bot sees. Loading the shipped suit
table happens at import and is reported separately.

    .venv/bin/python benchmarks/bench_shanten.py [--hands 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="passes for the warm/peer best")
    args = parser.parse_args()

    start = time.perf_counter()
    from jantaku.hand import shanten

    load = time.perf_counter() - start
    from mahjong.shanten import Shanten

    rng = random.Random(args.seed)
    hands = []
    for _ in range(args.hands):
        counts = [0] * 34
        for tile in rng.sample(range(136), 13):
            counts[tile // 4] += 1
        hands.append(counts)

    def rate(fn: object) -> float:
        begin = time.perf_counter()
        for counts in hands:
            fn(counts)  # type: ignore[operator]
        return len(hands) / (time.perf_counter() - begin)

    cold = rate(shanten)
    warm = max(rate(shanten) for _ in range(args.repeat))
    peer = max(rate(Shanten.calculate_shanten) for _ in range(args.repeat))
    mismatches = sum(shanten(h) != Shanten.calculate_shanten(h) for h in hands)

    print(f"hands: {len(hands)} random 13-tile hands (seed {args.seed}); mismatches: {mismatches}")
    print(f"jantaku import (loads the suit table): {load * 1000:.0f} ms")
    print(f"mahjong {peer:>12,.0f} hands/s")
    print(f"jantaku {cold:>12,.0f} hands/s cold (first pass)  ratio {cold / peer:5.1f}x")
    print(f"jantaku {warm:>12,.0f} hands/s warm               ratio {warm / peer:5.1f}x")


if __name__ == "__main__":
    main()
