"""What playing the ranked matches again costs ``jantaku ranked-audit`` (the wins passed up,
docs/ranked-audit.md): ``--matches`` ranked matches of ``--accounts`` accounts seated at
random, played by bots and stored in a fresh SQLite database as the server stores them (not
timed), then the audit run over them with ``--together 2`` and ``--last`` (by default every
match of an account: every match whose accounts form a tested pair is played again). Printed:
the time to read the matches and list the pairs alone, and the whole audit with the matches
played again, and the difference per match.

Run with a checkout's ``src`` on PYTHONPATH, e.g.
``PYTHONPATH=src .venv/bin/python benchmarks/audit_replay.py --matches 200``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.played_matches import START, Seen, play

from jantaku.server.passed_wins import ReplayError, win_offers
from jantaku.server.ranked_audit import audit
from jantaku.server.ranked_reading import read_plays, read_ranked
from jantaku.server.storage import Store


def _store(url: str, matches: int, accounts: int, seed: int) -> None:
    store = Store(url)
    try:
        ids = [store.add_user(f"A{i}", None, False).id for i in range(accounts)]
        rng = random.Random(seed)
        for i in range(matches):
            play(store, f"b{i:04d}", START + i * 600, rng.sample(ids, 4), Seen())
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--accounts", type=int, default=12)
    parser.add_argument("--last", type=int, default=None, help="M (default: --matches)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/audit.sqlite3"
        t0 = time.perf_counter()
        _store(url, args.matches, args.accounts, args.seed)
        print(f"stored {args.matches} matches in {time.perf_counter() - t0:.1f} s (not timed)")
        t0 = time.perf_counter()
        matches, names = read_ranked(url)
        last = args.last or args.matches
        report = audit(matches, 2, last, names, 1.0)
        alone = time.perf_counter() - t0
        replayed = 0

        def offers(wanted):  # type: ignore[no-untyped-def]
            nonlocal replayed
            found = {}
            for p in read_plays(url, [m.game_id for m in wanted]):
                try:
                    found[p.game_id] = win_offers(p)
                except ReplayError as e:
                    found[p.game_id] = str(e)
                replayed += 1
            return found

        t0 = time.perf_counter()
        matches, names = read_ranked(url)
        report = audit(matches, 2, last, names, 1.0, offers)
        whole = time.perf_counter() - t0
    print(f"audit without replays: {alone:.2f} s; tested pairs {report.tested}")
    print(
        f"audit with {replayed} matches played again: {whole:.2f} s "
        f"({(whole - alone) / max(1, replayed) * 1000:.0f} ms a match); "
        f"did not replay: {len(report.unreplayed)}"
    )


if __name__ == "__main__":
    main()
