"""Classical engine speed: whole games (four wind rounds) played by computer players per second.

Random play alone almost never completes a hand worth the lower limit, and East keeps the deal
after every Remis, so a purely random game would not end. The players are the classical
``efficiency`` bots (``jantaku.players.classical``): fastest hand that meets the lower limit,
never breaking the Störspiel rule. No peer engine plays these
rules, so only jantaku's rate is printed.

The bots take most of that time. ``--trees OLD NEW`` measures the engine's own share: the
games are played once by the bots (in this process) and their choices recorded (the position
of each in the view's legal actions, which is what a bot answers with); each checkout then
replays them in its own process, asking what the bot loop asks of the engine at
every decision (``to_act``, ``view`` of the seat to act, ``apply``), CPU time, rounds with the
order alternating; medians with the spread of NEW/OLD.

    .venv/bin/python benchmarks/bench_classical_engine.py [--games 10] [--seed 1] [--lower-limit N]
    .venv/bin/python benchmarks/bench_classical_engine.py --trees OLD NEW [--games 3] [--rounds 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any


def play(games: int, seed: int, lower_limit: int) -> tuple[float, int, int, int, list[Any]]:
    """Play ``games`` with the bots: (seconds, deals, actions, wins, the actions as JSON)."""
    from jantaku.engine.classical import ClassicalMatch
    from jantaku.players.classical import make_player as make_classical_player
    from jantaku.rules.classical import preset

    options = preset("sontag", lower_limit=lower_limit)
    deals = actions = wins = 0
    record: list[Any] = []
    start = time.perf_counter()
    for n in range(games):
        game = ClassicalMatch(options, f"{seed}:{n}")
        bots = [make_classical_player("efficiency", f"{seed}:{n}:{seat}") for seat in range(4)]
        played = []
        while not game.finished:
            seat = game.to_act()[0]
            view = game.view(seat)
            action = bots[seat].choose(view)
            game.apply(action)
            # the bots answer with one of the view's legal actions: replay names its position
            chosen = next((i for i, a in enumerate(view.legal_actions) if a is action), None)
            played.append(action.to_json() if chosen is None else chosen)
            actions += 1
        record.append([f"{seed}:{n}", played])
        deals += game.hand_number
        wins += sum(1 for e in game.log if e.type == "mah_jongg")
    return time.perf_counter() - start, deals, actions, wins, record


def replay(path: str, lower_limit: int) -> float:
    """CPU seconds the engine on ``sys.path`` takes to replay the recorded games (views
    included: the bots read one at every decision)."""
    from jantaku.engine import Action
    from jantaku.engine.classical import ClassicalMatch
    from jantaku.rules.classical import preset

    options = preset("sontag", lower_limit=lower_limit)
    with open(path, encoding="utf-8") as f:
        games = [
            (seed, [a if isinstance(a, int) else Action.from_json(a) for a in acts])
            for seed, acts in json.load(f)
        ]
    begin = time.process_time()
    for seed, actions in games:
        game = ClassicalMatch(options, seed)
        for action in actions:
            seat = game.to_act()[0]
            view = game.view(seat)
            game.apply(view.legal_actions[action] if isinstance(action, int) else action)
        assert game.finished
    return time.process_time() - begin


def two_trees(old: str, new: str, args: argparse.Namespace) -> None:
    _, deals, actions, _, record = play(args.games, args.seed, args.lower_limit)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record, f)
    times: dict[str, list[float]] = {old: [], new: []}
    try:
        for r in range(args.rounds):
            for tree in (old, new) if r % 2 == 0 else (new, old):
                env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
                command = [sys.executable, __file__, "--replay", f.name]
                command += ["--lower-limit", str(args.lower_limit)]
                out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
                times[tree].append(float(out.stdout))
            print(f"round {r + 1}: old {times[old][-1]:.3f} s  new {times[new][-1]:.3f} s")
    finally:
        os.unlink(f.name)
    print(f"replaying {args.games} bot games ({deals} deals, {actions} actions), engine only")
    for name, tree in (("old", old), ("new", new)):
        per = [actions / t for t in times[tree]]
        print(f"{name} {tree}: median {statistics.median(per):8.0f} actions/s")
    ratios = [a / b for a, b in zip(times[old], times[new], strict=True)]
    print(
        f"new/old median {statistics.median(ratios):.2f} "
        f"(min {min(ratios):.2f}, max {max(ratios):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lower-limit", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--trees", nargs=2, metavar=("OLD", "NEW"))
    parser.add_argument("--replay", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay:
        print(replay(args.replay, args.lower_limit))
        return
    if args.trees:
        two_trees(*args.trees, args)
        return
    elapsed, deals, actions, wins, _ = play(args.games, args.seed, args.lower_limit)
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
