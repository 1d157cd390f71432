"""How much placement a perfect dodge is worth: a level that sees the other hands and never
discards a tile that completes one (otherwise it plays exactly as the level does) against three
``base`` bots, on the arena's duplicate schedule. The gap to the plain level is the ceiling of
what better reading (safer tiles at the same push/fold) can gain; it says where to work.

    .venv/bin/python tools/dodge_ceiling.py strong --games 400 --seed s8 --jobs 2 [--when riichi]

Measured (400 duplicate hanchan, seed s8, against three defensive): strong 2.4075, win 18.7%,
deal-in 9.7% (``jantaku arena ... --seed s8 --duplicate``); the dodging strong 2.1675 +/- 0.10,
win 19.0%, deal-in 2.4% (what is left: its riichi hand's forced discards, and tiles that
complete a hand without a yaku are dodged too). About 0.03 of average placement per point of
deal-in rate. With ``--when riichi`` (only while another seat is in riichi): 2.2150 +/- 0.10,
win 19.0%, deal-in 4.9%: most of the ceiling is the tile choice against a riichi. Every real
reading change tried so far traded wins for deal-ins one for one instead. Dev-only; not a test.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.analysis import waits
from jantaku.hand.lookup import shanten
from jantaku.players.arena import match_at, mean_ci
from jantaku.players.riichi import make_player
from jantaku.players.riichi.arena import play_one
from jantaku.players.riichi.reading import counts_of_tiles


class Dodger:
    """Wraps a bot; replaces a discard that would complete another hand by the fastest one that
    completes none (the riichi hand's forced discard stays)."""

    def __init__(self, inner: Any, table: list[Any], when: str = "always") -> None:
        self.inner = inner
        self.table = table  # filled with the live table once the match starts
        self.when = when  # "always", or "riichi": only while another seat is in riichi

    def dodging(self, view: SeatView) -> bool:
        me = view.seat
        assert me is not None
        if self.when == "always":
            return True
        others = any(p.riichi for s, p in enumerate(view.seats) if s != me)
        return others and not view.seats[me].riichi

    def observe(self, events: Any) -> None:
        self.inner.observe(events)

    def deadly(self, view: SeatView) -> set[int]:
        """The kinds that complete another seat's hand (yaku and furiten not asked)."""
        out: set[int] = set()
        for s in range(4):
            if s != view.seat:
                hand = counts_of_tiles(self.table[0].view(s).hand)
                out.update(int(k) for k in waits(hand, len(view.seats[s].melds)))
        return out

    def choose(self, view: SeatView) -> Action:
        action: Action = self.inner.choose(view)
        if action.kind not in (ActionKind.DISCARD, ActionKind.RIICHI) or action.tile is None:
            return action
        if not self.dodging(view):
            return action
        deadly = self.deadly(view)
        if action.tile.kind_id not in deadly:
            return action
        safe = [
            a
            for a in view.legal_actions
            if a.kind is ActionKind.DISCARD and a.tile is not None and a.tile.kind_id not in deadly
        ]
        if not safe:
            return action
        me = view.seat
        assert me is not None
        counts = counts_of_tiles(view.hand)
        melds = len(view.seats[me].melds)

        def after(a: Action) -> int:
            assert a.tile is not None
            k = a.tile.kind_id
            counts[k] -= 1
            sh = shanten(counts, melds)
            counts[k] += 1
            return sh

        return min(safe, key=after)


def one(job: tuple[int, str, str, str, str]) -> tuple[int, int, int, int]:
    """(placement, deals, wins, deal-ins) of the dodging level in the ``i``-th match."""
    i, seed, level, base, when = job
    match_seed, seats = match_at(i, seed, True)
    live: list[Any] = [None]

    def new_table(m: str) -> Any:
        live[0] = new_match("doman", seed=m)
        return live[0]

    def player(index: int, s: str) -> Any:
        bot = make_player(level if index == 0 else base, s)
        return Dodger(bot, live, when) if index == 0 else bot

    stats = play_one(match_seed, seats, new_table, player).by_seat[seats[0]]
    return stats.placement, stats.deals, stats.wins, stats.deal_ins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("--base", default="defensive")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="s8")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--when", choices=("always", "riichi"), default="always", help="riichi: only against one"
    )
    args = parser.parse_args()
    jobs = [(i, args.seed, args.level, args.base, args.when) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        rows = pool.map(one, jobs, chunksize=1)
    mean, ci = mean_ci([r[0] for r in rows])
    deals = sum(r[1] for r in rows)
    wins, deal_ins = sum(r[2] for r in rows), sum(r[3] for r in rows)
    print(
        f"dodging {args.level} ({args.when}): placement {mean:.4f} +/- {ci:.4f}"
        f"  win {wins / deals:.3f}  deal-in {deal_ins / deals:.3f}"
        f"  ({args.games} games, seed {args.seed})"
    )


if __name__ == "__main__":
    main()
