"""How likely each kind is a riichi hand's winning tile, counted from the wait shapes that could
hold it instead of guessed from rules of thumb.

A ready hand waits on a shape: two-sided (ryanmen), closed (kanchan), edge (penchan), two pairs
(shanpon) or a single tile (tanki). A shape is live only if none of its winning kinds is safe
against the hand (its own river and what it let pass since riichi: it would be furiten), and it
weighs as many ways as the unseen copies of the kinds it needs can make it. A kind's share of a
shape type is the weight of the live shapes of that type that win on it over the weight of all
live shapes of the type: as a hand's safe kinds pile up, the shapes left grow likelier. The
chance is a logistic function of the five log shares, fitted on riichi hands of self-play
(``tools/fit_wait_model.py``). Suji, kabe (no-chance), honours by the copies seen and the danger
left late in a deal all follow from the counting, without a hand-written rule for each.

Against the real riichi hands of the Phoenix games in the validation data it is calibrated
and separates winning from other unsafe kinds better than
:func:`jantaku.players.riichi.reading.danger` (test_wait_model). The bots do not use it yet:
reading with it placed no better (docs/bots.md has the figures). It is here for
reviews, hints and the next bot to build on."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

__all__ = [
    "KANCHAN",
    "PENCHAN",
    "RYANMEN",
    "SHANPON",
    "SHAPES",
    "SHARE_FLOOR",
    "TANKI",
    "riichi_wait_chances",
    "shape_shares",
]

RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = range(5)

# Fitted by tools/fit_wait_model.py (the run and its figures: docs/bots.md): bias, then one
# coefficient per shape type's log share.
BIAS = -0.3683
COEFFICIENTS = (0.2459, 0.1495, 0.0334, -0.0671, 0.3005)
SHARE_FLOOR = 1e-3  # a share of 0 (no live shape of the type wins on the kind) still has a log


def _shapes() -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """(type, kinds the hand holds, kinds it wins on) of every wait shape."""
    out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for base in (0, 9, 18):
        for r in range(1, 7):
            out.append((RYANMEN, (base + r, base + r + 1), (base + r - 1, base + r + 2)))
        out.append((PENCHAN, (base, base + 1), (base + 2,)))
        out.append((PENCHAN, (base + 7, base + 8), (base + 6,)))
        for r in range(7):
            out.append((KANCHAN, (base + r, base + r + 2), (base + r + 1,)))
    for k in range(34):
        out.append((SHANPON, (k, k), (k,)))
        out.append((TANKI, (k,), (k,)))
    return tuple(out)


SHAPES = _shapes()


def shape_shares(safe: Collection[int], seen: Sequence[int]) -> list[list[float]]:
    """Per kind, its share of each shape type's live weight (see the module docstring).
    ``seen`` counts the copies of each kind the reader can see, own hand included."""
    unseen = [4 - min(4, n) for n in seen]
    totals = [0.0] * 5
    live: list[tuple[int, int, tuple[int, ...]]] = []
    for kind, need, wins in SHAPES:
        if any(w in safe for w in wins):
            continue
        if len(need) == 1:
            weight = unseen[need[0]]
        elif need[0] == need[1]:
            weight = unseen[need[0]] * (unseen[need[0]] - 1) // 2
        else:
            weight = unseen[need[0]] * unseen[need[1]]
        if weight:
            totals[kind] += weight
            live.append((kind, weight, wins))
    shares = [[0.0] * 5 for _ in range(34)]
    for kind, weight, wins in live:
        for w in wins:
            shares[w][kind] += weight / totals[kind]
    return shares


def riichi_wait_chances(safe: Collection[int], seen: Sequence[int]) -> list[float]:
    """The chance each kind is a winning tile of a riichi hand whose safe kinds are ``safe``
    (0 for those), read from ``seen``, the copies of each kind visible to the reader."""
    out = [0.0] * 34
    for k, shares in enumerate(shape_shares(safe, seen)):
        if k in safe:
            continue
        logs = (math.log(s + SHARE_FLOOR) for s in shares)
        z = BIAS + sum(c * x for c, x in zip(COEFFICIENTS, logs, strict=True))
        out[k] = 1.0 / (1.0 + math.exp(-z))
    return out
