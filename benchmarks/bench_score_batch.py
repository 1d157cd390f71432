"""``jantaku score --batch`` throughput: whole runs of the command (interpreter start included)
on the same request lines, for one tree or two trees interleaved (say, before and after a
change), with the outputs compared line by line.

The lines are random winning hands of the differential test's generator written as score
requests (doman preset), one JSON object per line. Each round runs every tree once, the order
alternating; the figure is the median of wall time over the rounds, with min and max. The CPU
time of each run (user + system, from ``getrusage`` of the children) is shown too: on a machine
that other work keeps busy, wall time measures the queue as much as the program.

    .venv/bin/python benchmarks/bench_score_batch.py [OLD] NEW [--lines 20000] [--rounds 5]

(an old commit checked out with ``git worktree add``; one tree alone gives its hands/s)."""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rules" / "riichi"))

from riichi_handgen import generate, to_request  # noqa: E402


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(tree: Path, lines: Path, out: Path) -> tuple[float, float]:
    """Wall time and CPU time of one whole run of the command."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cpu = _children_cpu()
    start = time.perf_counter()
    with out.open("wb") as sink:
        subprocess.run(
            [sys.executable, "-m", "jantaku", "score", "--batch", str(lines)],
            env=env,
            stdout=sink,
            check=True,
        )
    return time.perf_counter() - start, _children_cpu() - cpu


def _report(label: str, times: dict[Path, list[float]], lines: int) -> None:
    for tree, ts in times.items():
        med = statistics.median(ts)
        print(
            f"{tree} ({label}): {lines / med:,.0f} hands/s "
            f"(median {med:.3f} s, min {min(ts):.3f}, max {max(ts):.3f}, {len(ts)} runs)"
        )
    if len(times) == 2:
        old, new = times
        ratios = [o / n for o, n in zip(times[old], times[new], strict=True)]
        print(
            f"new/old speed ({label}): {statistics.median(ratios):.2f}x "
            f"(min {min(ratios):.2f}, max {max(ratios):.2f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path, help="one or two jantaku checkouts")
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if len(args.trees) > 2:
        parser.error("give one tree, or two to compare")
    work = Path(tempfile.mkdtemp(prefix="score-batch-"))
    lines = work / "requests.jsonl"
    rng = random.Random(args.seed)
    with lines.open("w") as f:
        for _ in range(args.lines):
            f.write(json.dumps(to_request(generate(rng))) + "\n")
    times: dict[Path, list[float]] = {t: [] for t in args.trees}
    cpu: dict[Path, list[float]] = {t: [] for t in args.trees}
    outputs = {t: work / f"out{i}.jsonl" for i, t in enumerate(args.trees)}
    for r in range(args.rounds):
        order = args.trees if r % 2 == 0 else args.trees[::-1]
        for tree in order:
            wall, used = run(tree, lines, outputs[tree])
            times[tree].append(wall)
            cpu[tree].append(used)
    _report("wall", times, args.lines)
    _report("CPU", cpu, args.lines)
    if len(args.trees) == 2:
        old, new = args.trees
        same = outputs[old].read_bytes() == outputs[new].read_bytes()
        print("outputs identical" if same else "OUTPUTS DIFFER")


if __name__ == "__main__":
    main()
