"""What a riichi puppet weighs at a decision, laid out per candidate: the shanten after it, the
improving kinds with their unseen copies (the seat's view: visible tiles only), the hand value,
the danger against each opponent and the stance (push or fold against a threat).

The score is the bot's own: its speed score (a step of shanten outweighs any count of tiles,
then accepted tiles, then a small keep value) with no threat; pushing, that less the danger
against the threats weighed by the level's caution; folding, the danger first (a point of
danger weighs :data:`FOLD_WEIGHT` tiles) with the speed score as a tie-break."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.review.model import Candidate, Explained, label_of
from jantaku.players.riichi.bot import TURN_KINDS, RiichiBot
from jantaku.players.riichi.levels import EFFICIENCY
from jantaku.players.riichi.reading import (
    counts_of_tiles,
    danger,
    dora_kinds,
    hand_value,
    threats,
    visible_counts,
    yakuhai_kinds,
)
from jantaku.tiles import TileKind

__all__ = ["FOLD_WEIGHT", "RiichiExplainer"]


def _called_value(view: SeatView, counts: list[int], call: Action) -> float:
    """The bot's value of the hand once ``call`` is made: its set becomes a meld, so the
    called tile adds its dora and red five, and a yakuhai pon or kan is worth its set (as
    :func:`hand_value` counts melds)."""
    me, tile = view.seat, call.tile
    assert me is not None and tile is not None
    kept = list(counts)
    for t in call.tiles:
        kept[t.kind_id] -= 1
    doras = dora_kinds(view)
    meld = (tile, *call.tiles)
    # the hand's red fives are counted from its tiles, the call's own among them
    value = hand_value(view, kept) + tile.red + sum(t.kind_id in doras for t in meld)
    if call.kind is not ActionKind.CHI and tile.kind_id in yakuhai_kinds(view, me):
        value += 1
    return value


FOLD_WEIGHT = 10.0  # folding: accepted tiles one point of danger outweighs
_SPEED_TIE = 0.001  # folding: the speed score's weight as a tie-break


class RiichiExplainer:
    """Explains decisions with the measures of ``bot`` (a level without them, ``random``, is
    explained with the ``efficiency`` level's)."""

    def __init__(self, bot: object) -> None:
        self._own = not isinstance(bot, RiichiBot)
        self.bot = bot if isinstance(bot, RiichiBot) else RiichiBot(EFFICIENCY)

    def observe(self, events: Sequence[object]) -> None:
        """Events for the bot of the explanations when it is not the puppet (which sees them)."""
        if self._own:
            self.bot.observe(events)

    def explain(self, view: SeatView) -> Explained:
        legal = view.legal_actions
        if any(a.kind in TURN_KINDS for a in legal):
            return self._turn(view, legal)
        return self._call(view, legal)

    # ------------------------------------------------------------------ measures

    def _improving(self, view: SeatView, counts: list[int]) -> tuple[int, dict[str, int]]:
        """(shanten, improving kind -> unseen copies) of a 13-tile hand, as the bot sees it."""
        an = self.bot.analysis(view)
        sh, _total, kinds, _mask = an.analyse(counts)
        return sh, {TileKind(k).notation: an.left[k] for k in kinds}

    def _dangers(self, view: SeatView, kind: int, seen: Sequence[int]) -> dict[int, float]:
        me = view.seat
        return {
            s: danger(kind, view, s, seen, self.bot.passed.get(s, set()))
            for s in range(4)
            if s != me
        }

    def weighed_dangers(self, view: SeatView) -> dict[int, float]:
        """Each kind of the own hand -> its danger against the threats (the danger against
        each threat times the threat's weight, summed), as the puppet's reading rates it;
        empty when nobody threatens."""
        me = view.seat
        assert me is not None
        thr = threats(view, me)
        if not thr:
            return {}
        seen = visible_counts(view)
        out: dict[int, float] = {}
        for t in view.hand:
            if t.kind_id not in out:
                dangers = self._dangers(view, t.kind_id, seen)
                out[t.kind_id] = sum(w * dangers[s] for s, w in thr.items())
        return out

    # ------------------------------------------------------------------ own turn

    def _turn(self, view: SeatView, legal: Sequence[Action]) -> Explained:
        bot = self.bot
        me = view.seat
        assert me is not None
        counts = counts_of_tiles(view.hand)
        thr = threats(view, me)
        evals = bot.evaluate(view, legal)
        before = shanten(counts, len(view.seats[me].melds))
        others = [Candidate(a, label_of(a)) for a in legal if a.kind not in TURN_KINDS]
        if not evals:
            return Explained(others, "free", thr, before)
        seen = visible_counts(view)
        best = max(evals, key=lambda k: bot.efficiency_score(view, k, evals[k]))
        stance = self._stance(view, counts, evals[best], thr)
        caution = bot.push_caution(evals[best][0])
        out: list[Candidate] = []
        for kind in evals:
            counts[kind] -= 1
            sh, improving = self._improving(view, counts)
            value = hand_value(view, counts)
            counts[kind] += 1
            dangers = self._dangers(view, kind, seen)
            weighed = sum(w * dangers[s] for s, w in thr.items())
            speed = bot.efficiency_score(view, kind, evals[kind])
            if stance == "fold":
                score = -FOLD_WEIGHT * weighed + _SPEED_TIE * speed
            elif stance == "push":
                score = speed - caution * weighed
            else:
                score = speed
            action = bot.pick_tile(legal, kind, ActionKind.DISCARD)
            if action.tile is not None and action.tile.red:  # a red five thrown counts no more
                value -= 1.0
            out.append(Candidate(action, label_of(action), score, sh, improving, value, dangers))
        out.sort(key=lambda c: -(c.score or 0.0))
        return Explained(out + others, stance, thr, before)

    def _stance(
        self, view: SeatView, counts: list[int], best: tuple[int, int], thr: dict[int, float]
    ) -> str:
        """``free`` with no threat; else whether the level pushes (a level without a push rule,
        ``efficiency``, always does)."""
        if not thr:
            return "free"
        bot = self.bot
        if bot.params.push is None:
            return "push"
        sh, acc = best
        return "push" if bot.should_push(view, sh, acc, hand_value(view, counts), thr) else "fold"

    # ------------------------------------------------------------------ calls

    def _call(self, view: SeatView, legal: Sequence[Action]) -> Explained:
        """Passing keeps the hand; a call is shown by the shanten after its best discard and
        the hand value with the called tile. The bot decides calls by rule, not by a score."""
        me = view.seat
        assert me is not None
        counts = counts_of_tiles(view.hand)
        melds = len(view.seats[me].melds)
        before = shanten(counts, melds)
        out: list[Candidate] = []
        for a in legal:
            candidate = Candidate(a, label_of(a))
            if a.kind is ActionKind.PASS:
                candidate.shanten, candidate.improving = self._improving(view, counts)
                candidate.value = hand_value(view, counts)
            elif a.kind in (ActionKind.CHI, ActionKind.PON):
                _counts, _melds, candidate.shanten = self.bot.after_call(view, a)
            elif a.kind is ActionKind.OPEN_KAN:  # no discard: the replacement tile comes
                kept = list(counts)
                for t in a.tiles:
                    kept[t.kind_id] -= 1
                candidate.shanten = shanten(kept, melds + 1)
            if a.kind in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN) and a.tile:
                candidate.value = _called_value(view, counts, a)
            out.append(candidate)
        return Explained(out, None, threats(view, me), before)
