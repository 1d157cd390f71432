"""How often each bot level discards what the players of recorded games discarded
(:mod:`jantaku.players.riichi.agreement`), overall and by situation.

    .venv/bin/python tools/agreement.py efficiency defensive strong \\
        --games ../shared/riichi-validation-data/mjx/tests_py_mjlog

The mjx sample holds Tenhou Phoenix-room games: strong players, so agreement is a rough
measure of discard quality (not of push/fold, which a single table's result shows better).
``--top N`` instead counts how often the player's tile is among each level's first N
ranked discards (``ranked_discards``: its choice, then its choice without the kinds before).
Dev-only; not a test.
"""

from __future__ import annotations

import argparse
import json

from jantaku.formats import record as rec
from jantaku.formats.detect import load_games
from jantaku.players.riichi.agreement import measure, measure_top


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("levels", nargs="+")
    ap.add_argument("--games", required=True, help="a log file or a folder of logs")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--top", type=int, help="top-N agreement by the levels' ranked discards")
    args = ap.parse_args()
    games = [g for g in load_games(args.games) if isinstance(g, rec.GameRecord)]
    if args.top:
        tops = measure_top(games, args.levels, args.top)
        for top in tops:
            print(json.dumps(top.to_json()) if args.json else _top_line(top.to_json()))
        return
    tallies = measure(games, args.levels)
    if args.json:
        print(json.dumps([t.to_json() for t in tallies], indent=2))
        return
    for t in tallies:
        cells = "  ".join(f"{k} {a / n:.1%} ({n})" for k, (n, a) in sorted(t.by_situation.items()))
        print(f"{t.level}: {t.rate:.1%} of {t.decisions} discards  {cells}")
        print(
            f"  riichi: both {t.riichi_both}, player only {t.riichi_player_only}, "
            f"level only {t.riichi_level_only}; illegal choices {t.illegal}"
        )


def _top_line(row: dict[str, object]) -> str:
    cells = "  ".join(f"{k} {v:.1%}" for k, v in row.items() if k.startswith("top"))
    return f"{row['level']}: {cells} of {row['decisions']} discards"


if __name__ == "__main__":
    main()
