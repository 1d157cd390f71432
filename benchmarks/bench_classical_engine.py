"""Classical engine speed: whole games (four wind rounds) played by computer players per second.

Random play alone almost never completes a hand worth the lower limit, and East keeps the deal
after every Remis, so a purely random game would not end. The players are the classical
``efficiency`` bots (``jantaku.players.classical``): fastest hand that meets the lower limit,
never breaking the Störspiel rule. No peer engine plays these
rules, so only jantaku's rate is printed.

    .venv/bin/python benchmarks/bench_classical_engine.py [--games 10] [--seed 1] [--lower-limit N]
"""

from __future__ import annotations

import argparse
import time

from jantaku.engine.classical import ClassicalMatch
from jantaku.players.classical import make_player as make_classical_player
from jantaku.rules.classical import preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lower-limit", type=int, default=100)
    args = parser.parse_args()
    options = preset("sontag", lower_limit=args.lower_limit)
    deals = actions = wins = 0
    start = time.perf_counter()
    for n in range(args.games):
        game = ClassicalMatch(options, f"{args.seed}:{n}")
        bots = [make_classical_player("efficiency", f"{args.seed}:{n}:{seat}") for seat in range(4)]
        while not game.finished:
            seat = game.to_act()[0]
            game.apply(bots[seat].choose(game.view(seat)))
            actions += 1
        deals += game.hand_number
        wins += sum(1 for e in game.log if e.type == "mah_jongg")
    elapsed = time.perf_counter() - start
    print(
        f"classical engine, lower limit {args.lower_limit}: {args.games} games in {elapsed:.2f} s"
    )
    print(f"  {args.games / elapsed:8.2f} games/s (four wind rounds each)")
    print(
        f"  {deals / elapsed:8.1f} deals/s   ({deals / args.games:.1f} deals per game, "
        f"{wins / max(deals, 1):.0%} won)"
    )
    print(f"  {actions / elapsed:8.0f} actions/s")


if __name__ == "__main__":
    main()
