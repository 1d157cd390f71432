"""What a classical puppet weighs at a decision, laid out per candidate: the shanten after it, the
improving kinds with their unseen copies (the seat's view), the value of the figures the hand
holds, the danger against each opponent and the stance (the classical bots never fold: they
push with care when an opponent threatens).

The score is the bot's own: the level's score of the tiles kept (speed, and value for the
stronger levels) with its tie-break, less its care times the danger; a call scores as the
level's claim policy weighs it (the hand after the call and its best discard, less that
discard's danger)."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.view import ClassicalView
from jantaku.hand.lookup import shanten
from jantaku.players.classical.bot import ClassicalBot, allowed_discards
from jantaku.players.classical.evaluation import (
    HandState,
    danger_of,
    hand_state,
    standard_values,
    threat_level,
    unseen_counts,
)
from jantaku.players.classical.levels import EFFICIENCY
from jantaku.players.classical.policies import claim_score, shanten_after_discard
from jantaku.players.review.model import Candidate, Explained, label_of
from jantaku.tiles import TileKind

__all__ = ["ClassicalExplainer"]

_CLAIMS = (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN)


def improving(counts: list[int], melds: int, unseen: Sequence[int]) -> tuple[int, dict[str, int]]:
    """(shanten, improving kind -> unseen copies) of a 13-tile hand (``counts`` comes back
    unchanged)."""
    base = shanten(counts, melds)
    out: dict[str, int] = {}
    for k in range(34):
        if counts[k] >= 4 or unseen[k] <= 0:
            continue
        counts[k] += 1
        if shanten(counts, melds) < base:
            out[TileKind(k).notation] = unseen[k]
        counts[k] -= 1
    return base, out


class ClassicalExplainer:
    """Explains decisions with the measures of ``bot`` (``random`` is explained with the
    ``efficiency`` level's)."""

    def __init__(self, bot: object) -> None:
        self.bot = bot if isinstance(bot, ClassicalBot) else ClassicalBot(EFFICIENCY)

    def observe(self, events: Sequence[object]) -> None:
        """The classical bots read the view alone."""

    def explain(self, view: ClassicalView) -> Explained:
        assert view.seat is not None
        legal = list(view.legal_actions)
        thr = {s: threat_level(view, s) for s in range(4) if s != view.seat}
        thr = {s: w for s, w in thr.items() if w > self.bot.params.min_threat}
        hand = hand_state(view)
        before = shanten(list(hand.counts), len(hand.melds))
        if any(a.kind is ActionKind.DISCARD for a in legal):
            out = self._turn(view, hand, legal)
            return Explained(out, "push" if thr else "free", thr, before)
        return Explained(self._call(view, hand, legal), None, thr, before)

    def _measured(
        self, view: ClassicalView, hand: HandState, counts: list[int], action: Action
    ) -> Candidate:
        unseen = unseen_counts(view)
        sh, kinds = improving(counts, len(hand.melds), unseen)
        tsumo, ron = standard_values(
            counts, hand.melds, hand.seat_wind, hand.round_wind, hand.bonus
        )
        candidate = Candidate(action, label_of(action), None, sh, kinds, float(max(tsumo, ron)))
        if action.tile is not None and action.kind is ActionKind.DISCARD:
            kind = action.tile.kind_id
            candidate.danger = {
                s: danger_of(view, kind, s, unseen) for s in range(4) if s != view.seat
            }
        return candidate

    def _turn(self, view: ClassicalView, hand: HandState, legal: list[Action]) -> list[Candidate]:
        bot = self.bot
        unseen = unseen_counts(view)
        discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        allowed = {a.tile.kind_id for a in allowed_discards(view, legal) if a.tile is not None}
        scores = bot.discard_scores(view, hand, discards, unseen)
        out: list[Candidate] = []
        done: set[int] = set()
        for a in discards:
            assert a.tile is not None
            kind = a.tile.kind_id
            if kind in done:
                continue
            done.add(kind)
            counts = list(hand.counts)
            counts[kind] -= 1
            candidate = self._measured(view, hand, counts, a)
            # a discard the Störspiel rule forbids scores below every allowed one
            candidate.score = scores[kind] if kind in allowed else scores[kind] - 1e6
            out.append(candidate)
        out.sort(key=lambda c: -(c.score or 0.0))
        out += [Candidate(a, label_of(a)) for a in legal if a.kind is not ActionKind.DISCARD]
        return out

    def _call(self, view: ClassicalView, hand: HandState, legal: list[Action]) -> list[Candidate]:
        bot = self.bot
        unseen = unseen_counts(view)
        out: list[Candidate] = []
        for a in legal:
            if a.kind is ActionKind.PASS:
                candidate = self._measured(view, hand, list(hand.counts), a)
                candidate.score = bot.score(view, hand, list(hand.counts), unseen)
            elif a.kind in _CLAIMS:
                called, counts = bot.after_call(hand, a)
                candidate = Candidate(a, label_of(a), self._claim_score(view, called, counts, a))
                melds = len(called.melds)
                candidate.shanten = (  # a kong discards nothing: its replacement tile comes
                    shanten(counts, melds)
                    if a.kind is ActionKind.OPEN_KAN
                    else shanten_after_discard(counts, melds)
                )
            else:
                candidate = Candidate(a, label_of(a))
            out.append(candidate)
        return out

    def _claim_score(
        self, view: ClassicalView, called: HandState, counts: list[int], action: Action
    ) -> float:
        """The claim's score as ``value_claim`` weighs it."""
        return claim_score(self.bot, view, called, counts, unseen_counts(view), action)
