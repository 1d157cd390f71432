"""Measure, in self-play, what the bots' reading (``jantaku.players.riichi.reading``) guesses:
how often an opponent is ready (by riichi, open melds and wall left), how often a tile of a given
danger score deals in to a ready hand, how often an unseen kind of a given description (rank, suji,
kabe, copies seen) is a riichi hand's winning tile, and what a win is worth. The engine knows
every hand, so the truth is exact.

    .venv/bin/python tools/calibrate_reading.py --games 60 --players defensive

Prints tables to compare with ``threats`` and ``danger``. Dev-only; not a test.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.events import Won
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import PublicSeat, SeatView
from jantaku.players.protocol import tell
from jantaku.players.riichi import make_player
from jantaku.players.riichi.reading import danger, safe_kinds, track_passed, visible_counts

Cell = list[int]  # [samples, hits]


def _cell() -> Cell:
    return [0, 0]


def _rates(table: dict[Any, Cell], keys: Sequence[tuple[Any, str]], min_n: int) -> str:
    """``label:rate(n)`` for each key with at least ``min_n`` samples."""
    parts = []
    for key, label in keys:
        n, hit = table.get(key, [0, 0])
        if n >= min_n:
            parts.append(f"{label}:{hit / n:.3f}({n})")
    return " ".join(parts)


def wait_cell(kind: int, safe: set[int], seen: Sequence[int]) -> tuple[int, int, int, int]:
    """How a reader describes an unseen kind against a riichi hand whose safe kinds (river and
    tiles let pass) are ``safe``: (rank 0-4 folded from 1-9, or 9 for an honour; suji partners
    shown safe 0-2; kabe, a used-up inner neighbour, 0/1; copies seen 0-3)."""
    copies = min(3, seen[kind])
    if kind >= 27:
        return (9, 0, 0, copies)
    n = kind % 9
    if n in (3, 4, 5):
        suji = (kind - 3 in safe) + (kind + 3 in safe)
    else:
        suji = 2 if (kind + 3 if n < 3 else kind - 3) in safe else 0
    inner = [kind + 1] if n == 0 else [kind - 1] if n == 8 else [kind - 1, kind + 1]
    return (min(n, 8 - n), suji, int(any(seen[j] >= 4 for j in inner)), copies)


def _style(seat: PublicSeat) -> str:
    opened = sum(1 for m in seat.melds if m.is_open)
    return "riichi" if seat.riichi else (f"open{min(opened, 3)}" if opened else "dama")


@dataclass
class Tallies:
    """What the self-play measured, keyed as the printed tables are."""

    # (open melds 0-4, or 9 for riichi; live wall // 10) -> opponents seen, of which ready
    ready: dict[tuple[int, int], Cell] = field(default_factory=lambda: defaultdict(_cell))
    # (riichi | open | dama, danger score) -> discards into a ready hand, of which won on
    deal_in: dict[tuple[str, int], Cell] = field(default_factory=lambda: defaultdict(_cell))
    # wait_cell of every unseen kind not safe against a riichi hand -> kinds, of which waits
    waits: dict[tuple[int, int, int, int], Cell] = field(default_factory=lambda: defaultdict(_cell))
    # (how the winner played, dealer) -> points won
    wins: dict[tuple[str, bool], list[int]] = field(default_factory=lambda: defaultdict(list))
    # per riichi seat this deal: the kinds others discarded since (it cannot ron on them)
    passed: dict[int, set[int]] = field(default_factory=dict)

    def discard(self, table: Match, view: SeatView, seat: int, kind: int) -> None:
        """Measure one discard against every other seat's real hand."""
        seen = visible_counts(view)
        for o in range(4):
            if o == seat:
                continue
            waits = {int(w) for w in table.view(o).waits}  # the truth: o's real hand
            pub = view.seats[o]
            opened = sum(1 for m in pub.melds if m.is_open)
            cell = self.ready[(9 if pub.riichi else opened, min(6, view.live_remaining // 10))]
            cell[0] += 1
            cell[1] += bool(waits)
            if pub.riichi:
                safe = safe_kinds(view, o, self.passed.get(o, ()))
                for k in range(34):
                    if k not in safe and seen[k] < 4:
                        tally = self.waits[wait_cell(k, safe, seen)]
                        tally[0] += 1
                        tally[1] += k in waits
            if waits:
                label = "riichi" if pub.riichi else ("open" if opened else "dama")
                let_pass = self.passed.get(o, set())  # as the bots read it
                hit = self.deal_in[(label, min(20, int(danger(kind, view, o, seen, let_pass))))]
                hit[0] += 1
                hit[1] += kind in waits

    def report(self) -> None:
        print("\nP(ready) by row (0-4 open melds, 9 riichi) and live wall // 10:")
        for row in sorted({r for r, _ in self.ready}):
            cells = []
            for live in range(7):
                n, hit = self.ready.get((row, live), [0, 0])
                cells.append(f"{hit / n:5.2f}({n:5d})" if n else "    -       ")
            print(f"  row {row}: " + " ".join(cells))
        print("\nP(deal-in | ready) by danger score:")
        for label in ("riichi", "open", "dama"):
            danger_keys = [((label, d), str(d)) for d in range(21)]
            print(f"  {label}: " + _rates(self.deal_in, danger_keys, 30))
        print("\nP(winning tile of a riichi hand) by (rank, suji, kabe, copies seen):")
        for key, (n, hit) in sorted(self.waits.items()):
            if n >= 100:
                print(f"  {key}: {hit / n:.4f} ({n})")
        print("\nwin points (mean, n) by how the winner played, dealer or not:")
        for (label, dealer), pts in sorted(self.wins.items()):
            print(f"  {label:7s} dealer={dealer!s:5s} {sum(pts) / len(pts):7.0f} ({len(pts)})")


def play(tallies: Tallies, levels: list[str], seed: str) -> None:
    """One hanchan of self-play, measured at every discard."""
    table = new_match("doman", seed=seed)
    players = [make_player(levels[s], f"{seed}:{s}") for s in range(4)]
    tell(players, table.log)  # the opening deal, as the arena tells it
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        action = players[seat].choose(view)
        if action.kind in (ActionKind.DISCARD, ActionKind.RIICHI) and action.tile is not None:
            tallies.discard(table, view, seat, action.tile.kind_id)
        events = table.apply(action)
        track_passed(tallies.passed, events)
        for e in events:
            if isinstance(e, Won):
                style = _style(view.seats[e.seat])
                tallies.wins[(style, e.seat == view.dealer)].append(max(e.deltas[e.seat], 0))
        tell(players, events)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", default="defensive", help="comma list of 1 or 4 levels")
    ap.add_argument("--seed", default="calib")
    args = ap.parse_args()
    levels = args.players.split(",")
    if len(levels) == 1:
        levels *= 4
    tallies = Tallies()
    for g in range(args.games):
        play(tallies, levels, f"{args.seed}:{g}")
        print(f"game {g + 1}/{args.games}", flush=True)
    tallies.report()


if __name__ == "__main__":
    main()
