"""Compare two bot levels on the first deal of many walls: the level under test sits in seat
``i % 4`` of wall ``i`` against three ``--against`` bots (by default ``base``), and ``base``
itself sits in the same seat of the same wall. Both deals start alike, so the per-deal difference
of the seat's points is zero wherever the two levels decide alike; that pairing makes it far less
noisy than whole matches (a push/fold change shows in a few minutes, not hours).

    .venv/bin/python tools/first_deal.py strong --base defensive --deals 2000 --jobs 2
    .venv/bin/python tools/first_deal.py strongest --base efficiency --rules sontag \
        --deals 8000 --jobs 2

Prints the mean points a deal of each level and the paired difference with its 95% interval.
Dev-only; not a test.

For the classical family (``--rules sontag``) this is the only way found to grade the levels:
a classical game's balance swings by thousands with every half-limit hand, so 800 whole games
(``jantaku arena --rules sontag``) leave a +/- 450 interval, while 8,000 paired first deals
(about 7 minutes on two cores) leave +/- 60 to 80 points a deal.

Use it to screen, not to decide: points in one deal are not placement, and the best of many
variants tried on the same walls looks better than it is. The push rule that won here at
+212 +/- 128 a deal placed no better than a more careful one in whole matches, with a third
more deal-ins. Confirm on fresh walls with ``jantaku arena ... --duplicate`` (400 hanchan take
about 6 minutes on two cores).
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from typing import Any

from jantaku.engine.classical import ClassicalDealEnded, ClassicalMatch
from jantaku.engine.riichi.events import DealEnded
from jantaku.engine.riichi.presets import new_match
from jantaku.players.arena import mean_ci
from jantaku.players.classical import make_player as make_classical_player
from jantaku.players.protocol import tell
from jantaku.players.riichi import make_player


def first_deal(rules: str, level: str, against: str, seed: str, i: int) -> int:
    """The points ``level`` wins or loses in the first deal of wall ``i``."""
    match_seed = f"{seed}:{i}"
    me = i % 4
    names = [level if s == me else against for s in range(4)]
    table: Any
    if rules == "sontag":
        players = [make_classical_player(n, f"{match_seed}:{s}") for s, n in enumerate(names)]
        table = ClassicalMatch(None, match_seed)
    else:
        players = [make_player(n, f"{match_seed}:{s}") for s, n in enumerate(names)]
        table = new_match("doman", seed=match_seed)
    tell(players, table.log)
    while True:
        seat = table.to_act()[0]
        events = table.apply(players[seat].choose(table.view(seat)))
        tell(players, events)
        for e in events:
            if isinstance(e, (DealEnded, ClassicalDealEnded)):
                return int(e.deltas[me])


def _job(args: tuple[str, str, str, str, int]) -> int:
    return first_deal(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level")
    parser.add_argument("--base", default="defensive")
    parser.add_argument("--against", help="the three other seats' level (default: --base)")
    parser.add_argument("--rules", choices=("doman", "sontag"), default="doman")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", default="d1")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.level == args.base:
        parser.error("the level under test and --base must differ")
    against = args.against or args.base
    results = {}
    with Pool(args.jobs) as pool:
        for level in (args.level, args.base):
            jobs = [(args.rules, level, against, args.seed, i) for i in range(args.deals)]
            results[level] = pool.map(_job, jobs, chunksize=8)
    for level, points in results.items():
        mean, ci = mean_ci(points)
        print(f"{level}: {mean:+.1f} ± {ci:.1f} points a deal ({args.deals} deals)")
    test, base = results[args.level], results[args.base]
    mean, ci = mean_ci([a - b for a, b in zip(test, base, strict=True)])
    differ = sum(1 for a, b in zip(test, base, strict=True) if a != b)
    print(f"{args.level} - {args.base}: {mean:+.1f} ± {ci:.1f} ({differ} deals differ)")


if __name__ == "__main__":
    main()
