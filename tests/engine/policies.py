"""Deterministic test policies for driving the engine (not the bots of ``jantaku.players``)."""

from __future__ import annotations

import random

from jantaku.engine import Action, ActionKind
from jantaku.engine.riichi import Match


def greedy_choice(match: Match, seat: int, rng: random.Random) -> Action:
    """A cheap policy that wins often: win when possible, riichi when ready, otherwise the
    discard that keeps the lowest shanten; calls now and then."""
    from jantaku.hand import shanten

    legal = match.legal_actions(seat)
    for kind in (ActionKind.TSUMO, ActionKind.RON, ActionKind.RIICHI):
        chosen = next((a for a in legal if a.kind is kind), None)
        if chosen is not None:
            return chosen
    calls = [a for a in legal if a.kind in (ActionKind.PON, ActionKind.CHI, ActionKind.OPEN_KAN)]
    kans = [a for a in legal if a.kind in (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN)]
    if kans and rng.random() < 0.5:
        return kans[0]
    if calls and rng.random() < 0.25:
        return rng.choice(calls)
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if not discards:
        return next(a for a in legal if a.kind is ActionKind.PASS)
    seat_state = match.deal.seats[seat]
    melds = len(seat_state.melds)

    def after(action: Action) -> int:
        assert action.tile is not None
        counts = list(seat_state.counts)
        counts[action.tile.kind] -= 1
        return shanten(counts, melds)

    best = min(after(a) for a in discards)
    return rng.choice([a for a in discards if after(a) == best])
