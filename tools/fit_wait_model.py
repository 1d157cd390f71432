"""Fit the coefficients of :mod:`jantaku.players.riichi.wait_model` in self-play: ``strong`` against
three ``defensive`` bots on the arena's duplicate schedule. At every discard of a seat not in
riichi, each riichi hand's real waits are known to the engine, so every unsafe kind is a sample
(its five shape shares, and whether it wins). A logistic regression on the log shares is fitted
by Newton's method on all games; a second fit on the first two thirds is checked on the rest.

    .venv/bin/python tools/fit_wait_model.py --games 300 --seed dz --jobs 2

Prints the coefficients to paste into ``wait_model.py`` and the held-out log loss against the
base rate's. Dev-only (needs numpy, a test dependency); not a test.
"""

from __future__ import annotations

import argparse
import math
from multiprocessing import Pool

import numpy as np

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.presets import new_match
from jantaku.players.arena import match_at
from jantaku.players.protocol import Player, tell
from jantaku.players.riichi import make_player
from jantaku.players.riichi.reading import safe_kinds, track_passed, visible_counts
from jantaku.players.riichi.wait_model import SHARE_FLOOR, shape_shares

Rows = list[tuple[list[float], bool]]


def play(args: tuple[int, str]) -> Rows:
    """One duplicate hanchan; the samples of every discard made facing a riichi."""
    index, seed = args
    match_seed, seats = match_at(index, seed, True)
    players: list[Player] = [make_player("defensive", f"{match_seed}:{s}") for s in range(4)]
    players[seats[0]] = make_player("strong", f"{match_seed}:{seats[0]}")
    table = new_match("doman", seed=match_seed)
    passed: dict[int, set[int]] = {}
    tell(players, table.log)
    rows: Rows = []
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        discards = any(a.kind is ActionKind.DISCARD for a in view.legal_actions)
        if discards and not view.seats[seat].riichi:
            seen = visible_counts(view)
            for o in range(4):
                if o == seat or not view.seats[o].riichi:
                    continue
                truth = {int(w) for w in table.view(o).waits}
                safe = safe_kinds(view, o, passed.get(o, ()))
                for k, shares in enumerate(shape_shares(safe, seen)):
                    if k not in safe:
                        rows.append(([math.log(s + SHARE_FLOOR) for s in shares], k in truth))
        events = table.apply(players[seat].choose(view))
        track_passed(passed, events)
        tell(players, events)
    return rows


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression (bias first) by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (y - p)
        hess = (x * (p * (1 - p))[:, None]).T @ x
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", default="dz")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with Pool(args.jobs) as pool:
        games = pool.map(play, [(i, args.seed) for i in range(args.games)], chunksize=1)
    cut = len(games) * 2 // 3
    parts = []
    for chunk in (games, games[:cut], games[cut:]):
        rows = [r for g in chunk for r in g]
        x = np.array([[1.0, *shares] for shares, _ in rows])
        parts.append((x, np.array([float(hit) for _, hit in rows])))
    (x_all, y_all), (x_fit, y_fit), (x_check, y_check) = parts
    part = fit(x_fit, y_fit)
    held = 1.0 / (1.0 + np.exp(-(x_check @ part)))
    print(f"samples: {len(y_all)}; held-out check on the last third: {len(y_check)}")
    print(
        f"held-out log loss {log_loss(held, y_check):.5f}, "
        f"base rate's {log_loss(np.full_like(y_check, y_fit.mean()), y_check):.5f}"
    )
    w = fit(x_all, y_all)
    print(f"BIAS = {w[0]:.4f}")
    print("COEFFICIENTS = (" + ", ".join(f"{c:.4f}" for c in w[1:]) + ")")


if __name__ == "__main__":
    main()
