"""Measure, in self-play, what the strong level's reading models guess: how often an opponent is
ready (by riichi, open melds and wall left), how often a tile of a given danger score deals in to
a ready hand, how often a hand with a given predicted win chance (``strong.win_chance``) wins the
deal, and what a win is worth. The engine knows every hand, so the truth is exact.

    .venv/bin/python tools/calibrate_reading.py --games 60 --players defensive

Prints tables to compare with (or paste into) ``jantaku.players.strong``. Dev-only; not a test.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.engine.events import DealEnded, Won
from jantaku.game import new_match
from jantaku.players.bots import make_player
from jantaku.players.reading import acceptance_count, counts_of_tiles, danger, visible_counts
from jantaku.players.strong import StrongBot, win_chance


def _bucket_live(n: int) -> int:
    return min(6, n // 10)


def _rates(table: dict[Any, list[int]], keys: list[tuple[Any, str]], min_n: int) -> str:
    """``label:rate(n)`` for each key with at least ``min_n`` samples."""
    parts = []
    for key, label in keys:
        n, hit = table.get(key, [0, 0])
        if n >= min_n:
            parts.append(f"{label}:{hit / n:.3f}({n})")
    return " ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", default="defensive", help="comma list of 1 or 4 levels")
    ap.add_argument("--seed", default="calib")
    args = ap.parse_args()
    levels = args.players.split(",")
    if len(levels) == 1:
        levels *= 4
    ready: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])  # (kind, live) -> n, hit
    deal_in: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])  # (kind, danger)
    wins: dict[tuple[str, bool], list[int]] = defaultdict(list)
    # own win chance: (shanten, predicted decile) -> [decisions, of which the seat won the deal]
    own: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    model = StrongBot()
    for g in range(args.games):
        table = new_match("doman", seed=f"{args.seed}:{g}")
        players = [make_player(levels[s], f"{args.seed}:{g}:{s}") for s in range(4)]
        state: dict[int, str] = {}  # seat -> how it played the deal when it won
        pending: list[tuple[int, tuple[int, int]]] = []  # (seat, own-cell) of this deal
        while not table.finished:
            seat = table.to_act()[0]
            view = table.view(seat)
            action = players[seat].choose(view)
            if action.kind in (ActionKind.DISCARD, ActionKind.RIICHI) and action.tile is not None:
                seen = visible_counts(view)
                kind = action.tile.index >> 2
                counts = counts_of_tiles(view.hand)
                counts[kind] -= 1
                sh, acc = acceptance_count(counts, len(view.seats[seat].melds), seen)
                p = win_chance(
                    sh, acc, model.unseen_total(seen), model.draws_left(view), model.ron_factor
                )
                key = (min(sh, 3), min(9, int(p * 10)))
                own[key][0] += 1
                pending.append((seat, key))
                for o in range(4):
                    if o == seat:
                        continue
                    truth = table.view(o)
                    p = view.seats[o]
                    opened = sum(1 for m in p.melds if m.is_open)
                    row = 9 if p.riichi else opened
                    cell = ready[(row, _bucket_live(view.live_remaining))]
                    cell[0] += 1
                    is_ready = bool(truth.waits)
                    cell[1] += is_ready
                    if is_ready:
                        d = danger(kind, view, o, seen)
                        label = "riichi" if p.riichi else ("open" if opened else "dama")
                        dcell = deal_in[(label, min(20, int(d)))]
                        dcell[0] += 1
                        dcell[1] += any(int(w) == kind for w in truth.waits)
            for s in range(4):
                p = view.seats[s]
                opened = sum(1 for m in p.melds if m.is_open)
                state[s] = "riichi" if p.riichi else (f"open{min(opened, 3)}" if opened else "dama")
            events = table.apply(action)
            for e in events:
                if isinstance(e, Won):
                    for s_, key in pending:
                        own[key][1] += s_ == e.seat
                    wins[(state.get(e.seat, "dama"), e.seat == view.dealer)].append(
                        max(e.deltas[e.seat], 0)
                    )
            if any(isinstance(e, DealEnded) for e in events):
                pending = []
            for s, pl in enumerate(players):
                pl.observe([e.seen_by(s) for e in events])
        print(f"game {g + 1}/{args.games}", flush=True)
    print("\nP(ready) by row (0-4 open melds, 9 riichi) and live wall // 10:")
    for row in sorted({r for r, _ in ready}):
        cells = []
        for live in range(7):
            n, hit = ready.get((row, live), [0, 0])
            cells.append(f"{hit / n:5.2f}({n:5d})" if n else "    -       ")
        print(f"  row {row}: " + " ".join(cells))
    print("\nP(deal-in | ready) by danger score:")
    for label in ("riichi", "open", "dama"):
        print(f"  {label}: " + _rates(deal_in, [((label, d), str(d)) for d in range(21)], 30))
    print("\nown win: predicted decile -> actual share that won the deal (n), by shanten:")
    for sh in range(4):
        print(f"  sh {sh}: " + _rates(own, [((sh, d), f"{d / 10:.1f}") for d in range(10)], 20))
    print("\nwin points (mean, n) by how the winner played, dealer or not:")
    for (label, dealer), pts in sorted(wins.items()):
        print(f"  {label:7s} dealer={dealer!s:5s} {sum(pts) / len(pts):7.0f} ({len(pts)})")


if __name__ == "__main__":
    main()
