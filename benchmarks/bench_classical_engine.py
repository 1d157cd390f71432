"""Classical engine speed: whole games (four wind rounds) of random play per second.

Random play alone almost never completes a hand worth the lower limit, and East keeps the deal
after every Remis, so a purely random game would not end. The players here are random but
greedy: they always declare Mah Jongg, take every kong, call a pung or chow when it lowers their
shanten, and discard a tile that keeps the shanten lowest (random among equals; one discard in
twenty fully random). No peer engine plays these rules, so only jantaku's rate is printed.

    .venv/bin/python benchmarks/bench_classical_engine.py [--games 10] [--seed 1] [--lower-limit N]
"""

from __future__ import annotations

import argparse
import random
import time

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalDeal, ClassicalGame
from jantaku.hand.lookup import shanten
from jantaku.rules.classical import preset

_WINS = (ActionKind.TSUMO, ActionKind.RON)
_KONGS = (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN, ActionKind.OPEN_KAN)
_CALLS = (ActionKind.PON, ActionKind.CHI)


def choose(deal: ClassicalDeal, seat: int, legal: list[Action], rng: random.Random) -> Action:
    for a in legal:
        if a.kind in _WINS or a.kind in _KONGS:
            return a
    me = deal.seats[seat]
    counts = list(me.counts)
    melds = len(me.melds)
    calls = [a for a in legal if a.kind in _CALLS]
    if calls:
        base = shanten(counts, melds)
        for a in calls:
            for t in a.tiles:
                counts[t.index >> 2] -= 1
            better = shanten(counts, melds + 1) < base
            for t in a.tiles:
                counts[t.index >> 2] += 1
            if better:
                return a
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if not discards:
        return next(a for a in legal if a.kind is ActionKind.PASS)
    if rng.random() < 0.05:
        return rng.choice(discards)
    best: list[Action] = []
    low = 99
    for a in discards:
        assert a.tile is not None
        k = a.tile.index >> 2
        counts[k] -= 1
        s = shanten(counts, melds)
        counts[k] += 1
        if s < low:
            low, best = s, [a]
        elif s == low:
            best.append(a)
    return rng.choice(best)


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
        rng = random.Random(f"{args.seed}:{n}")
        game = ClassicalGame(options, f"{args.seed}:{n}")
        while not game.finished:
            seat = game.to_act()[0]
            game.apply(choose(game.deal, seat, game.legal_actions(seat), rng))
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
