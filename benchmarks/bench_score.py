"""Scoring speed: jantaku's riichi scorer vs the PyPI ``mahjong`` package's HandCalculator.

Both score the same 5,000 random winning hands (the differential test's generator, keeping
hands that are wins with a yaku) in this one process; inputs are prepared beforehand for both
(jantaku: a WinContext; mahjong: tile lists, Meld objects and a HandConfig), so only the
scoring call is timed. CPU time (``process_time``) of whole passes over the 5,000 hands.

* cold: the first pass of each, jantaku's tables emptied first (``clear_caches``: the suit
  readings, hand-level yaku and hand values it memoises as it goes);
* steady: the passes after that, alternating the two scorers (so a busy machine slows both
  alike), best of ``--passes``. jantaku keeps no per-hand result cache: its tables are bounded
  by combinations of counts and flags, so a long-running process sees the steady rate on new
  hands too. The ratio line (issue 3's target) compares the steady rates.

The engine path (``validate=False``: the engine built the context itself) is shown too.

    .venv/bin/python benchmarks/bench_score.py [--hands 5000] [--seed 1] [--passes 5]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rules" / "riichi"))

from riichi_handgen import MahjongOracle, generate, to_context  # noqa: E402

from jantaku.rules.riichi import preset, score  # noqa: E402
from jantaku.rules.riichi.scorer import clear_caches  # noqa: E402


def timed(run: Callable[[], None]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=5)
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

    clear_caches()
    cold = {"mahjong HandCalculator": timed(run_mahjong), "jantaku score": timed(run_jantaku)}
    steady = {"mahjong HandCalculator": float("inf"), "jantaku score": float("inf")}
    steady["  (validate=False)"] = float("inf")
    runs = (run_mahjong, run_jantaku, run_engine_path)
    for _ in range(args.passes):
        for name, run in zip(steady, runs, strict=True):
            steady[name] = min(steady[name], timed(run))
    n = len(cases)
    print(f"hands: {n} winning hands (seed {args.seed}), CPU time per pass")
    for name, t in cold.items():
        print(f"cold  {name + ':':<24}{n / t:10.0f} hands/s ({t / n * 1e6:6.1f} us/hand)")
    for name, t in steady.items():
        print(f"steady {name + ':':<23}{n / t:10.0f} hands/s ({t / n * 1e6:6.1f} us/hand)")
    t_mahjong = steady["mahjong HandCalculator"]
    cold_ratio = cold["mahjong HandCalculator"] / cold["jantaku score"]
    print(f"cold ratio (first passes): {cold_ratio:.2f}x")
    print(f"ratio (jantaku / mahjong rate, steady): {t_mahjong / steady['jantaku score']:.2f}x")
    print(f"ratio, engine path without validation: {t_mahjong / steady['  (validate=False)']:.2f}x")


if __name__ == "__main__":
    main()
