"""A first computer player for the classical game: declares Mah Jongg whenever allowed, takes
kongs, calls when the call brings the hand closer to complete, and discards to keep the shanten
lowest, never breaking the Störspiel rule when another discard is possible. It reads only its
own view, so it can sit in any seat (and in server seats)."""

from __future__ import annotations

import random

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.view import ClassicalView
from jantaku.hand.lookup import shanten

__all__ = ["ClassicalGreedyBot"]

_WINS = (ActionKind.TSUMO, ActionKind.RON)
_KONGS = (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN, ActionKind.OPEN_KAN)
_CALLS = (ActionKind.PON, ActionKind.CHI)


class ClassicalGreedyBot:
    name = "classical-greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"classical-greedy:{seed}")

    def choose(self, view: ClassicalView) -> Action:
        legal = list(view.legal_actions)
        for kinds in (_WINS, _KONGS):
            for action in legal:
                if action.kind in kinds:
                    return action
        counts = [0] * 34
        for tile in view.hand:
            if tile.index < 136:
                counts[tile.index >> 2] += 1
        assert view.seat is not None
        melds = len(view.seats[view.seat].melds)
        calls = [a for a in legal if a.kind in _CALLS]
        if calls and sum(counts) % 3 == 1:
            base = shanten(counts, melds)
            for action in calls:
                for t in action.tiles:
                    counts[t.index >> 2] -= 1
                better = shanten(counts, melds + 1) < base
                for t in action.tiles:
                    counts[t.index >> 2] += 1
                if better:
                    return action
        discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        if not discards:
            return next((a for a in legal if a.kind is ActionKind.PASS), legal[0])
        banned = {w.kind for w in view.discard_warnings if w.exemption is None}
        allowed = [a for a in discards if a.tile is not None and a.tile.kind not in banned]
        discards = allowed or discards
        best: list[Action] = []
        low = 99
        for action in discards:
            assert action.tile is not None
            kind = action.tile.index >> 2
            counts[kind] -= 1
            value = shanten(counts, melds) if sum(counts) % 3 == 1 else 99
            counts[kind] += 1
            if value < low:
                low, best = value, [action]
            elif value == low:
                best.append(action)
        return self.rng.choice(best)
