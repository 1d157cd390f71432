"""Random-play speed of a whole riichi match: jantaku's engine against the Rust engine of
``riichienv`` (PyPI), and optionally two jantaku checkouts against each other.

The protocol (the same kind of random play on both sides): every seat picks uniformly among its
legal actions with a seeded ``random.Random``; jantaku takes a win when one is offered (as
riichienv's random agent may not: a won deal ends sooner, so this leans against jantaku if at all).
riichienv runs its own ``RandomAgent`` (``rng.choice(obs.legal_actions())``) in ``game_mode=2``
(East+South), without its mjai log. Each measure plays ``--games`` hanchan with seeds
``seed .. seed+games-1`` (round ``r`` adds ``r * games``: new deals each round, the same for
every side within a round, so no side replays deals its caches have already seen) and counts CPU
time of the process (``time.process_time``: on a shared
machine another process's load does not count against either side; riichienv plays on one
thread, so its CPU time is its wall time). Rounds alternate which side goes first; the figures
are medians over the rounds with the spread (min, max) of the per-round ratios.

    .venv/bin/python benchmarks/bench_engine.py [--games 30] [--rounds 5] [--seed 1]
        jantaku (this checkout, in this process) against riichienv, in one process
    .venv/bin/python benchmarks/bench_engine.py --trees OLD NEW [--rounds 7]
        also two checkouts (each in its own process, PYTHONPATH=<tree>/src, order alternating
        between rounds): NEW/OLD and each tree against riichienv measured in the same round
    (needs: pip install riichienv==0.4.11)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time


def jantaku_rate(games: int, seed: int) -> tuple[float, int]:
    """(hanchan per CPU second, decisions played) of the jantaku on ``sys.path``."""
    from jantaku.engine import ActionKind
    from jantaku.engine.riichi.presets import new_match

    wins = (ActionKind.TSUMO, ActionKind.RON)
    steps = 0
    begin = time.process_time()
    for n in range(games):
        rng = random.Random(seed + n)
        match = new_match("doman", seed=seed + n)
        while not match.finished:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            won = [a for a in legal if a.kind in wins]
            match.apply(won[0] if won else rng.choice(legal))
            steps += 1
    return games / (time.process_time() - begin), steps


def riichienv_rate(games: int, seed: int) -> float | None:
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None
    begin = time.process_time()
    for n in range(games):
        env = RiichiEnv(game_mode=2, seed=seed + n, skip_mjai_logging=True)
        observations = env.reset()
        agents = {i: RandomAgent(4 * (seed + n) + i) for i in range(4)}
        while not env.done():
            observations = env.step({p: agents[p].act(o) for p, o in observations.items()})
    return games / (time.process_time() - begin)


def tree_rate(tree: str, games: int, seed: int) -> float:
    """jantaku's rate in a fresh process that imports the checkout at ``tree``."""
    env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
    out = subprocess.run(
        [sys.executable, __file__, "--worker", "--games", str(games), "--seed", str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rate: float = json.loads(out.stdout)[0]
    return rate


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} (min {min(values):.2f}, max {max(values):.2f})"


def one_process(games: int, rounds: int, seed: int) -> None:
    ours: list[float] = []
    peers: list[float] = []
    steps = 0
    for r in range(rounds):
        first = seed + r * games
        peer_first = r % 2 == 1
        peer = riichienv_rate(games, first) if peer_first else None
        rate, steps = jantaku_rate(games, first)
        if not peer_first:
            peer = riichienv_rate(games, first)
        ours.append(rate)
        if peer is not None:
            peers.append(peer)
        print(f"round {r + 1}: jantaku {rate:6.1f}  riichienv {peer or 0:6.1f} hanchan/s")
    print(f"random-play hanchan (East+South), {games} a measure, {rounds} rounds")
    print(
        f"jantaku   {statistics.median(ours):8.1f} hanchan/s  ({steps / games:.0f} decisions each)"
    )
    if not peers:
        print("riichienv not installed (pip install riichienv==0.4.11): no ratio")
        return
    print(f"riichienv {statistics.median(peers):8.1f} hanchan/s")
    print(f"ratio jantaku/riichienv {spread([a / b for a, b in zip(ours, peers, strict=True)])}")


def two_trees(old: str, new: str, games: int, rounds: int, seed: int) -> None:
    rates: dict[str, list[float]] = {old: [], new: []}
    peers: list[float] = []
    for r in range(rounds):
        first = seed + r * games
        order = (old, new) if r % 2 == 0 else (new, old)
        for tree in order:
            rates[tree].append(tree_rate(tree, games, first))
        peer = riichienv_rate(games, first)
        peers.append(peer or float("nan"))
        print(
            f"round {r + 1}: old {rates[old][-1]:6.1f}  new {rates[new][-1]:6.1f}  "
            f"riichienv {peers[-1]:6.1f} hanchan/s"
        )
    print(f"random-play hanchan (East+South), {games} a measure, {rounds} rounds")
    for name, tree in (("old", old), ("new", new)):
        print(f"{name} {tree}: {spread(rates[tree])} hanchan/s")
    print(f"riichienv: {spread(peers)} hanchan/s")
    print(f"new/old       {spread([b / a for a, b in zip(rates[old], rates[new], strict=True)])}")
    print(f"new/riichienv {spread([a / b for a, b in zip(rates[new], peers, strict=True)])}")
    print(f"old/riichienv {spread([a / b for a, b in zip(rates[old], peers, strict=True)])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trees", nargs=2, metavar=("OLD", "NEW"))
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(jantaku_rate(args.games, args.seed)))
    elif args.trees:
        two_trees(*args.trees, args.games, args.rounds, args.seed)
    else:
        one_process(args.games, args.rounds, args.seed)


if __name__ == "__main__":
    main()
