"""A classical bot level as a composition: named policies (how to score the tiles kept after a
discard, when to declare a kong, which discard to claim) and a parameter set, run by one shell
that keeps the Störspiel rule and holds what the policies share (the hand after a call, the
danger of a discard)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.view import ClassicalView
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.players.classical.evaluation import (
    HandState,
    danger_of,
    hand_state,
    threat_level,
    unseen_counts,
)

__all__ = [
    "ClassicalBot",
    "ClassicalParams",
    "ClassicalRandomBot",
    "Level",
    "allowed_discards",
    "without",
]

_WINS = (ActionKind.TSUMO, ActionKind.RON)
_LONE_HONOUR = 0.3  # tie-break: an isolated honour goes first...
_PAIRED_HONOUR = -0.3  # ...a paired one last
_TERMINAL = 0.1  # then terminals


@dataclass(frozen=True, slots=True)
class ClassicalParams:
    """The numbers that tell the levels apart (``value_score`` and the care with discards)."""

    alpha: float = 0.0  # acceptance tiles a doubling of the value is worth
    care: float = 0.0  # acceptance tiles given up per unit of danger (0: no care)
    min_threat: float = 0.05  # an opponent counts only strictly above this threat level
    seven_pairs: bool = True  # seven pairs considered as a special hand
    seven_pairs_slack: int = 1  # up to this many steps behind the standard hand
    flush_weight: float = 1.0  # weight of a Farbspiel in the value estimate
    call_margin: float = 0.0  # a call must beat passing by this much


# (bot, view, hand, counts after the discard, unseen, exact) -> higher is better
ScorePolicy = Callable[
    ["ClassicalBot", ClassicalView, HandState, list[int], list[int], bool], float
]
KongPolicy = Callable[
    ["ClassicalBot", ClassicalView, HandState, list[Action], list[int]], Action | None
]
ClaimPolicy = Callable[["ClassicalBot", ClassicalView, HandState, list[Action], list[int]], Action]


@dataclass(frozen=True, slots=True)
class Level:
    """A named classical bot level: its policies and their parameters."""

    name: str
    score: ScorePolicy
    kong: KongPolicy
    claim: ClaimPolicy
    params: ClassicalParams = ClassicalParams()


def allowed_discards(view: ClassicalView, legal: Sequence[Action]) -> list[Action]:
    """The discards that keep the Störspiel rule. If none does (only possible when the third
    exception is judged per threat, option ``stoerspiel_no_safe_tile = each_threat``), those
    that break it against the fewest seats."""
    discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
    against = Counter(w.kind for w in view.discard_warnings if w.exemption is None)
    fewest = min((against[a.tile.kind] for a in discards if a.tile is not None), default=0)
    return [a for a in discards if a.tile is not None and against[a.tile.kind] == fewest]


def without(counts: Sequence[int], tiles: Sequence[Any]) -> list[int]:
    """``counts`` less one of each of ``tiles``."""
    out = list(counts)
    for t in tiles:
        out[t.kind_id] -= 1
    return out


class ClassicalRandomBot:
    """Any legal action, uniformly, except a discard the Störspiel rule forbids."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"classical-random:{seed}")

    def observe(self, events: Sequence[Any]) -> None:
        pass

    def choose(self, view: ClassicalView) -> Action:
        legal = list(view.legal_actions)
        others = [a for a in legal if a.kind is not ActionKind.DISCARD]
        return self.rng.choice(others + allowed_discards(view, legal))


class ClassicalBot:
    """A seat played by a :class:`Level`: wins first, then on the own turn a kong or the best
    discard the Störspiel rule allows, else the level's claim policy."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.name = level.name
        self.params = level.params

    def observe(self, events: Sequence[Any]) -> None:
        pass

    def choose(self, view: ClassicalView) -> Action:
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.kind in _WINS:
                return a
        hand = hand_state(view)
        unseen = unseen_counts(view)
        if any(a.kind is ActionKind.DISCARD for a in legal):
            kong = self.level.kong(self, view, hand, legal, unseen)
            if kong is not None:
                return kong
            return self.discard(view, hand, allowed_discards(view, legal), unseen)
        return self.level.claim(self, view, hand, legal, unseen)

    def score(
        self,
        view: ClassicalView,
        hand: HandState,
        counts: list[int],
        unseen: list[int],
        exact: bool = True,
    ) -> float:
        """The level's score of the 13 tiles left after a discard. ``exact``: ask the scorer
        which waits of a ready hand may be declared (a call's look-ahead uses the estimate)."""
        return self.level.score(self, view, hand, counts, unseen, exact)

    # ------------------------------------------------------------------ discards

    def discard(
        self, view: ClassicalView, hand: HandState, discards: list[Action], unseen: list[int]
    ) -> Action:
        """The best-scoring discard (the drawn tile among equals)."""
        scores = self.discard_scores(view, hand, discards, unseen)
        best = max(scores.values())
        pick = [a for a in discards if a.tile is not None and scores[a.tile.kind_id] == best]
        drawn = view.drawn
        for a in pick:
            if drawn is not None and a.tile == drawn:
                return a
        return pick[0]

    def discard_scores(
        self, view: ClassicalView, hand: HandState, discards: list[Action], unseen: list[int]
    ) -> dict[int, float]:
        """Score of each discardable kind: the tiles kept, a tie-break, less the danger."""
        out: dict[int, float] = {}
        score = self.level.score
        for a in discards:
            assert a.tile is not None
            k = a.tile.kind_id
            if k in out:
                continue
            counts = list(hand.counts)
            counts[k] -= 1
            out[k] = score(self, view, hand, counts, unseen, True) + self.tiebreak(hand, k)
        care = self.params.care
        if care:
            return {k: v - care * self.danger(view, k, unseen) for k, v in out.items()}
        return out

    @staticmethod
    def tiebreak(hand: HandState, kind: int) -> float:
        """Among equals, throw isolated honors that bring no doubles first, then terminals."""
        if kind >= 27:
            return _LONE_HONOUR if hand.counts[kind] == 1 else _PAIRED_HONOUR
        return _TERMINAL if kind % 9 in (0, 8) else 0.0

    def danger(self, view: ClassicalView, kind: int, unseen: list[int]) -> float:
        """Danger of discarding ``kind``, summed over the opponents that count, each weighted
        by its threat level."""
        assert view.seat is not None
        total = 0.0
        min_threat = self.params.min_threat
        for other in range(4):
            if other == view.seat:
                continue
            threat = threat_level(view, other)
            if threat > min_threat:
                total += threat * danger_of(view, kind, other, unseen)
        return total

    # ------------------------------------------------------------------ calls

    def after_call(self, hand: HandState, call: Action) -> tuple[HandState, list[int]]:
        """The hand and its concealed counts after making ``call``."""
        counts = without(hand.counts, call.tiles)
        called = HandState(
            hand.seat,
            tuple(counts),
            (*hand.melds, _call_meld(call)),
            hand.seat_wind,
            hand.round_wind,
            hand.bonus,
            hand.dealer,
            hand.options,
        )
        return called, counts


def _call_meld(action: Action) -> Meld:
    assert action.tile is not None
    tiles = tuple(sorted((*action.tiles, action.tile), key=lambda t: t.index))
    kind = {
        ActionKind.CHI: MeldKind.CHOW,
        ActionKind.PON: MeldKind.PUNG,
    }.get(action.kind, MeldKind.KONG)
    kong = KongKind.EXPOSED if kind is MeldKind.KONG else None
    return Meld(kind, tiles, kong, called=action.tile, from_seat=1)
