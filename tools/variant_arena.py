"""The riichi duplicate arena (``jantaku arena --rules doman --duplicate --json``) for bot
variants the levels module defines but does not offer under a name: every :class:`Level` object
of :mod:`jantaku.players.riichi.levels` plays by its ``name`` beside the named levels.

    .venv/bin/python tools/variant_arena.py value-calls,defensive,defensive,defensive \\
        --games 400 --seed L1 --jobs 2

Prints the arena's JSON (``avg_placement_ci95_by_wall``: the interval over the wall sets).
Dev-only; not a test.
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from jantaku.families import family
from jantaku.players.riichi import levels
from jantaku.players.riichi.bot import RiichiBot


def register_variants() -> list[str]:
    """Make every Level object of the levels module a player name (named levels stay)."""
    added = []
    for obj in vars(levels).values():
        if isinstance(obj, levels.Level) and obj.name not in levels.LEVELS:
            levels.LEVELS[obj.name] = partial(RiichiBot, obj)
            added.append(obj.name)
    return added


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", help="four names, comma-separated")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    register_variants()
    names = args.players.split(",")
    unknown = [n for n in names if n not in levels.LEVELS]
    if len(names) != 4 or unknown:
        ap.error(f"four players of {', '.join(levels.LEVELS)} (unknown: {unknown})")
    games = args.games + (-args.games) % 4  # whole wall sets
    fam = family("riichi")
    run = partial(fam.arena.play_one, "doman", "full", 400, names, args.seed, True)
    with ProcessPoolExecutor(args.jobs) as pool:  # forked: the workers see the variants
        records = list(pool.map(run, range(games), chunksize=4))
    rows = fam.arena.summarize(names, records)
    out = {"rules": "doman", "games": games, "seed": args.seed, "duplicate": True}
    print(json.dumps({**out, "players": rows}))


if __name__ == "__main__":
    main()
