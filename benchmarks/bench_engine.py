"""Random-play speed of a whole riichi match: jantaku's engine against the Rust engine of
``riichienv`` (PyPI), in one process. Every seat picks uniformly among its legal actions (jantaku
takes a win when one is offered, as riichienv's random agent may not). Prints hanchan per second
for both and the ratio.

    .venv/bin/python benchmarks/bench_engine.py [--games 50] [--seed 1]
    (needs: pip install riichienv==0.4.11)
"""

from __future__ import annotations

import argparse
import random
import time


def jantaku_rate(games: int, seed: int) -> tuple[float, int]:
    from jantaku.engine import ActionKind
    from jantaku.engine.riichi.presets import new_match

    steps = 0
    begin = time.perf_counter()
    for n in range(games):
        rng = random.Random(seed + n)
        match = new_match("doman", seed=seed + n)
        while not match.finished:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            wins = [a for a in legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
            match.apply(wins[0] if wins else rng.choice(legal))
            steps += 1
    return games / (time.perf_counter() - begin), steps


def riichienv_rate(games: int, seed: int) -> float | None:
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None
    begin = time.perf_counter()
    for n in range(games):
        env = RiichiEnv(game_mode=2, seed=seed + n, skip_mjai_logging=True)
        observations = env.reset()
        agents = {i: RandomAgent(4 * (seed + n) + i) for i in range(4)}
        while not env.done():
            observations = env.step({p: agents[p].act(o) for p, o in observations.items()})
    return games / (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ours, steps = jantaku_rate(args.games, args.seed)
    peer = riichienv_rate(args.games, args.seed)
    print(f"random-play hanchan (East+South), {args.games} each")
    print(f"jantaku   {ours:8.1f} hanchan/s  ({steps / args.games:.0f} decisions per hanchan)")
    if peer is None:
        print("riichienv not installed (pip install riichienv==0.4.11): no ratio")
    else:
        print(f"riichienv {peer:8.1f} hanchan/s")
        print(f"ratio jantaku/riichienv {ours / peer:.2f}")


if __name__ == "__main__":
    main()
