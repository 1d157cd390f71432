"""Scoring speed: jantaku's riichi scorer vs the PyPI ``mahjong`` package's HandCalculator.

Both score the same 5,000 random winning hands (the differential test's generator, keeping
hands that are wins with a yaku) in this one process; inputs are prepared beforehand for both
(jantaku: a WinContext; mahjong: tile lists, Meld objects and a HandConfig), so only the
scoring call is timed. Each side runs a warm-up pass, then the best of three passes counts.
The engine path (``validate=False``: the engine built the context itself) is shown too.

    .venv/bin/python benchmarks/bench_score.py [--hands 5000] [--seed 1]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rules" / "riichi"))

from riichi_handgen import MahjongOracle, generate, to_context  # noqa: E402

from jantaku.rules.riichi import preset, score  # noqa: E402


def best_of(passes: int, run: object) -> float:
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    options = preset("tenhou")
    oracle = MahjongOracle()
    rng = random.Random(args.seed)
    cases = []
    while len(cases) < args.hands:
        case = generate(rng)
        if score(to_context(case), options).win:
            cases.append(case)
    contexts = [to_context(c) for c in cases]
    prepared = [oracle.prepare(c) for c in cases]

    def run_jantaku() -> None:
        for ctx in contexts:
            score(ctx, options)

    def run_engine_path() -> None:
        for ctx in contexts:
            score(ctx, options, validate=False)

    def run_mahjong() -> None:
        for p in prepared:
            oracle.run(p)

    run_jantaku()
    run_mahjong()
    t_mahjong = best_of(3, run_mahjong)
    t_jantaku = best_of(3, run_jantaku)
    t_engine = best_of(3, run_engine_path)
    n = len(cases)
    print(f"hands: {n} winning hands (seed {args.seed})")
    for name, t in (
        ("mahjong HandCalculator", t_mahjong),
        ("jantaku score", t_jantaku),
        ("  (validate=False)", t_engine),
    ):
        print(f"{name + ':':<24}{n / t:10.0f} hands/s ({t / n * 1e6:6.1f} us/hand)")
    print(f"ratio (jantaku / mahjong rate): {t_mahjong / t_jantaku:.2f}x")
    print(f"ratio, engine path without validation: {t_mahjong / t_engine:.2f}x")


if __name__ == "__main__":
    main()
