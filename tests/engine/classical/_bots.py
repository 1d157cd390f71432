"""A greedy-random player for self-play tests: always declares Mah Jongg, takes kongs, calls
when it brings the hand closer to complete, and discards to keep the shanten lowest (random among
equals, sometimes a random tile) — enough for games to end in a reasonable number of deals."""

from __future__ import annotations

import random

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalDeal
from jantaku.hand.lookup import shanten

_WINS = (ActionKind.TSUMO, ActionKind.RON)
_KONGS = (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN, ActionKind.OPEN_KAN)
_CALLS = (ActionKind.PON, ActionKind.CHI)


def choose(deal: ClassicalDeal, seat: int, legal: list[Action], rng: random.Random) -> Action:
    for a in legal:
        if a.kind in _WINS:
            return a
    for a in legal:
        if a.kind in _KONGS:
            return a
    me = deal.seats[seat]
    counts = list(me.counts)
    melds = len(me.melds)
    calls = [a for a in legal if a.kind in _CALLS]
    if calls:
        base = shanten(counts, melds)
        for a in calls:
            for t in a.tiles:
                counts[t.kind_id] -= 1
            better = shanten(counts, melds + 1) < base
            for t in a.tiles:
                counts[t.kind_id] += 1
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
        k = a.tile.kind_id
        counts[k] -= 1
        s = shanten(counts, melds)
        counts[k] += 1
        if s < low:
            low, best = s, [a]
        elif s == low:
            best.append(a)
    return rng.choice(best)
