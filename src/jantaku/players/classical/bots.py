"""Classical (German Mah-Jongg) bots in graded levels, under the riichi level names.

``random`` plays any legal action; ``efficiency`` plays for the fastest hand that may be declared
(the lower limit: a call only when the open hand keeps enough doubles, a ready hand only on
waits the scorer allows); ``expert`` / ``strongest`` weighs value against speed (seven pairs as a
special hand, Farbspiel, honor pungs, the concealed hand's doubles); ``defensive`` plays the same
shapes with a third of that value sense and more care against opponents close to a big hand
(figures laid out, one suit, honor pungs, East). Every
level keeps the Störspiel rule: it never discards a dangerous tile unless an exception (ready,
same tile as the previous discard, nothing else to discard) allows it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.view import ClassicalView
from jantaku.hand.lookup import (
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
)
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.players.classical.evaluation import (
    HandState,
    acceptance,
    acceptance_standard,
    danger_of,
    hand_state,
    log_value,
    ready_values,
    seven_pairs_value,
    standard_values,
    threat_level,
    unseen_counts,
)

__all__ = [
    "CLASSICAL_LEVELS",
    "ClassicalDefensiveBot",
    "ClassicalEfficiencyBot",
    "ClassicalRandomBot",
    "ClassicalValueBot",
    "make_classical_player",
]

_WINS = (ActionKind.TSUMO, ActionKind.RON)
_INFEASIBLE = -1000.0  # an open hand heading below the lower limit
_RON_SHARE = 1.2  # claimed discards per own draw that can complete a ready hand (rough)
_ORPHANS = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))  # Dreizehn Wunder


def allowed_discards(view: ClassicalView, legal: Sequence[Action]) -> list[Action]:
    """The discards that keep the Störspiel rule. If none does (only possible when the third
    exception is judged per threat, option ``stoerspiel_no_safe_tile = each_threat``), those
    that break it against the fewest seats."""
    discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
    against = Counter(w.kind for w in view.discard_warnings if w.exemption is None)
    fewest = min((against[a.tile.kind] for a in discards if a.tile is not None), default=0)
    return [a for a in discards if a.tile is not None and against[a.tile.kind] == fewest]


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


def _without(counts: Sequence[int], tiles: Sequence[Any]) -> list[int]:
    out = list(counts)
    for t in tiles:
        out[t.kind_id] -= 1
    return out


def _call_meld(action: Action, view: ClassicalView) -> Meld:
    assert action.tile is not None
    tiles = tuple(sorted((*action.tiles, action.tile), key=lambda t: t.index))
    kind = {
        ActionKind.CHI: MeldKind.CHOW,
        ActionKind.PON: MeldKind.PUNG,
    }.get(action.kind, MeldKind.KONG)
    kong = KongKind.EXPOSED if kind is MeldKind.KONG else None
    return Meld(kind, tiles, kong, called=action.tile, from_seat=1)


class ClassicalEfficiencyBot:
    """The fastest hand that may be declared: lowest shanten, most unseen tiles that lower it,
    ready only on waits the lower limit allows, calls only towards an open hand with doubles."""

    name = "efficiency"
    seven_pairs = True
    flush_weight = 1.0

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"classical-{self.name}:{seed}")

    def observe(self, events: Sequence[Any]) -> None:
        pass

    # ------------------------------------------------------------------ entry

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
            kong = self.kong(view, hand, legal, unseen)
            if kong is not None:
                return kong
            return self.discard(view, hand, allowed_discards(view, legal), unseen)
        return self.claim(view, hand, legal, unseen)

    # ------------------------------------------------------------------ kongs

    def kong(
        self, view: ClassicalView, hand: HandState, legal: list[Action], unseen: list[int]
    ) -> Action | None:
        """Declare a kong when it costs no speed (a pung's fourth tile is dead weight)."""
        now = shanten(list(hand.counts), len(hand.melds))
        for a in legal:
            if a.kind is ActionKind.ADDED_KAN:
                return a
            if a.kind is ActionKind.CONCEALED_KAN:
                after = _without(hand.counts, a.tiles)
                if shanten(after, len(hand.melds) + 1) <= now:
                    return a
        return None

    # ------------------------------------------------------------------ discards

    def score_discard(
        self,
        view: ClassicalView,
        hand: HandState,
        counts: list[int],
        unseen: list[int],
        exact: bool = True,
    ) -> float:
        """Higher is better for the 13 tiles left after a discard. ``exact``: ask the scorer
        which waits of a ready hand may be declared (a call's look-ahead uses the estimate)."""
        melds = len(hand.melds)
        sh = shanten(counts, melds)
        if sh == 0 and exact:
            values = ready_values(hand, counts)
            acc = sum(
                unseen[k] * (1.0 if ron else 0.5)
                for k, (tsumo, ron) in values.items()
                if tsumo or ron
            )
            if acc == 0:  # ready, but no wait may be declared (the lower limit)
                return _INFEASIBLE - 100.0 + 0.1 * acceptance(counts, melds, unseen, 1)
            return acc
        acc = acceptance(counts, melds, unseen, sh)
        score = -100.0 * sh + acc
        if not hand.concealed:
            tsumo, _ron = standard_values(
                counts, hand.melds, hand.seat_wind, hand.round_wind, hand.bonus
            )
            if tsumo < 100:
                score += _INFEASIBLE
        return score

    def discard(
        self, view: ClassicalView, hand: HandState, discards: list[Action], unseen: list[int]
    ) -> Action:
        scores = self._discard_scores(view, hand, discards, unseen)
        best = max(scores.values())
        pick = [a for a in discards if a.tile is not None and scores[a.tile.kind_id] == best]
        drawn = view.drawn
        for a in pick:
            if drawn is not None and a.tile == drawn:
                return a
        return pick[0]

    def _discard_scores(
        self, view: ClassicalView, hand: HandState, discards: list[Action], unseen: list[int]
    ) -> dict[int, float]:
        out: dict[int, float] = {}
        for a in discards:
            assert a.tile is not None
            k = a.tile.kind_id
            if k in out:
                continue
            counts = list(hand.counts)
            counts[k] -= 1
            out[k] = self.score_discard(view, hand, counts, unseen) + self.tiebreak(hand, k)
        return out

    def tiebreak(self, hand: HandState, kind: int) -> float:
        """Among equals, throw isolated honors that bring no doubles first, then terminals."""
        if kind >= 27:
            return 0.3 if hand.counts[kind] == 1 else -0.3
        return 0.1 if kind % 9 in (0, 8) else 0.0

    # ------------------------------------------------------------------ claims

    def after_call(
        self, view: ClassicalView, hand: HandState, call: Action, unseen: list[int]
    ) -> tuple[HandState, list[int]]:
        meld = _call_meld(call, view)
        counts = _without(hand.counts, call.tiles)
        called = HandState(
            hand.seat,
            tuple(counts),
            (*hand.melds, meld),
            hand.seat_wind,
            hand.round_wind,
            hand.bonus,
            hand.dealer,
        )
        return called, counts

    def best_after(
        self, view: ClassicalView, hand: HandState, counts: list[int], unseen: list[int]
    ) -> float:
        """The best discard score of a hand that must discard (after a chow or pung)."""
        best = -1e9
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = max(best, self.score_discard(view, hand, counts, unseen, exact=False))
                counts[k] += 1
        return best

    def claim(
        self, view: ClassicalView, hand: HandState, legal: list[Action], unseen: list[int]
    ) -> Action:
        passing = next(a for a in legal if a.kind is ActionKind.PASS)
        calls = [a for a in legal if a.kind in (ActionKind.PON, ActionKind.CHI)]
        kongs = [a for a in legal if a.kind in (ActionKind.OPEN_KAN, ActionKind.ADDED_KAN)]
        if kongs and not hand.concealed:
            return kongs[0]
        if not calls:
            return passing
        now = shanten(list(hand.counts), len(hand.melds))
        best, best_score = passing, -1e9
        for a in calls:
            called, counts = self.after_call(view, hand, a, unseen)
            score = self.best_after(view, called, counts, unseen)
            after_sh = self._shanten_after(counts, len(called.melds))
            if after_sh >= now or score < _INFEASIBLE / 2:
                continue  # no faster, or an open hand without doubles
            if score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def _shanten_after(counts: list[int], melds: int) -> int:
        best = 99
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, shanten(counts, melds))
                counts[k] += 1
        return best


class ClassicalValueBot(ClassicalEfficiencyBot):
    """The strongest level: speed weighed against value, a doubling of the value the hand heads
    for (seven pairs and Dreizehn Wunder as special hands, Farbspiel, honor pungs, the concealed
    hand's doubles) worth ``alpha`` tiles of acceptance; a ready hand by its expected value over
    the waits; calls judged the same way; mild care with dangerous discards and no folding,
    since a deal-in costs no more than another player's win (docs/bots.md)."""

    name = "strongest"

    alpha = 30.0  # acceptance tiles a doubling of the value is worth
    seven_pairs_slack = 1  # seven pairs considered up to this many steps behind the standard
    care = 4.0  # acceptance tiles given up per unit of danger
    min_threat = 0.05  # an opponent counts only strictly above this threat level

    def danger(self, view: ClassicalView, kind: int, unseen: list[int]) -> float:
        """Danger of discarding ``kind``, summed over the opponents that count, each weighted
        by its threat level."""
        assert view.seat is not None
        total = 0.0
        for other in range(4):
            if other == view.seat:
                continue
            threat = threat_level(view, other)
            if threat > self.min_threat:
                total += threat * danger_of(view, kind, other, unseen)
        return total

    def _discard_scores(
        self, view: ClassicalView, hand: HandState, discards: list[Action], unseen: list[int]
    ) -> dict[int, float]:
        scores = super()._discard_scores(view, hand, discards, unseen)
        return {k: v - self.care * self.danger(view, k, unseen) for k, v in scores.items()}

    def score_discard(
        self,
        view: ClassicalView,
        hand: HandState,
        counts: list[int],
        unseen: list[int],
        exact: bool = True,
    ) -> float:
        return self.hybrid(view, hand, counts, unseen, exact)

    def hybrid(
        self,
        view: ClassicalView,
        hand: HandState,
        counts: list[int],
        unseen: list[int],
        exact: bool = True,
    ) -> float:
        """Speed first (as ``efficiency``), with value as a bonus: ``alpha`` tiles of acceptance
        per doubling of the value the hand heads for; seven pairs as an alternative shape."""
        melds = len(hand.melds)
        sh = shanten_standard(counts, melds)
        if sh == 0 and exact:
            # Ready: the expected value over the waits (unseen copies x value; a claimed
            # discard only where the lower limit allows it), so a wider wait counts as much
            # as a bigger one.
            values = ready_values(hand, counts)
            ev = sum(unseen[k] * (v[0] + _RON_SHARE * v[1]) for k, v in values.items())
            best = self.alpha * log_value(ev) if ev > 0 else _INFEASIBLE - 100.0
        else:
            acc = acceptance_standard(counts, melds, unseen, sh)
            tsumo, ron = standard_values(
                counts, hand.melds, hand.seat_wind, hand.round_wind, hand.bonus, self.flush_weight
            )
            best = -100.0 * sh + acc + self.alpha * log_value(max(tsumo, ron))
            if not hand.concealed and tsumo < 100:
                best += _INFEASIBLE
        if self.seven_pairs and not hand.melds:
            sp = shanten_seven_pairs(counts)
            if sp is not None and sp <= sh + self.seven_pairs_slack:
                acc7 = float(sum(unseen[k] for k in range(34) if counts[k] == 1))
                value = seven_pairs_value(counts)
                if sp == 0 and exact:
                    seven = self.alpha * log_value(acc7 * value * (1.0 + _RON_SHARE))
                else:
                    seven = -100.0 * sp + acc7 + self.alpha * log_value(value)
                best = max(best, seven)
            orphans = shanten_thirteen_orphans(counts)
            if orphans is not None and orphans <= sh:  # Dreizehn Wunder: a whole limit
                paired = any(counts[k] >= 2 for k in _ORPHANS)
                acc13 = float(sum(unseen[k] for k in _ORPHANS if not counts[k] or not paired))
                best = max(best, -100.0 * orphans + acc13 + self.alpha * log_value(5000))
        return best

    def kong(
        self, view: ClassicalView, hand: HandState, legal: list[Action], unseen: list[int]
    ) -> Action | None:
        for a in legal:  # kongs add points and doubles and keep a concealed hand concealed
            if a.kind in (ActionKind.ADDED_KAN, ActionKind.CONCEALED_KAN):
                if a.kind is ActionKind.CONCEALED_KAN and not hand.melds:
                    seven = shanten_seven_pairs(list(hand.counts))
                    if seven is not None and seven < shanten_standard(list(hand.counts), 0):
                        continue  # seven pairs are distinct: keep the four for now
                return a
        return None

    def claim(
        self, view: ClassicalView, hand: HandState, legal: list[Action], unseen: list[int]
    ) -> Action:
        passing = next(a for a in legal if a.kind is ActionKind.PASS)
        options = [
            a
            for a in legal
            if a.kind in (ActionKind.PON, ActionKind.CHI, ActionKind.OPEN_KAN, ActionKind.ADDED_KAN)
        ]
        if not options:
            return passing
        return self.hybrid_claim(view, hand, options, passing, unseen)

    call_margin = 0.0

    def hybrid_claim(
        self,
        view: ClassicalView,
        hand: HandState,
        options: list[Action],
        passing: Action,
        unseen: list[int],
    ) -> Action:
        now = self.hybrid(view, hand, list(hand.counts), unseen)
        best, best_score = passing, now + self.call_margin
        for a in options:
            if a.kind is ActionKind.ADDED_KAN:
                return a
            called, counts = self.after_call(view, hand, a, unseen)
            if a.kind is ActionKind.OPEN_KAN:
                score = self.hybrid(view, called, counts, unseen, exact=False)
            else:
                score = -1e9
                for k in range(34):
                    if counts[k]:
                        counts[k] -= 1
                        score = max(
                            score,
                            self.hybrid(view, called, counts, unseen, exact=False)
                            - self.care * self.danger(view, k, unseen),
                        )
                        counts[k] += 1
            if score > best_score:
                best, best_score = a, score
        return best


class ClassicalDefensiveBot(ClassicalValueBot):
    """``strongest``'s shapes (seven pairs, Dreizehn Wunder, kongs, calls and ready hands by
    value) with a light value sense and more care, but only against an opponent close to a big
    hand (figures laid out, one suit, honor pungs, East involved). It does not fold: the former
    level, which folded, placed below ``efficiency``; this one is level with it (docs/bots.md)."""

    name = "defensive"

    alpha = 10.0  # a third of strongest's weight on value
    care = 12.0
    # An opponent counts only above this threat level. At 0.05 an opponent without a figure
    # laid out counted whenever East was involved (0.075), and the care bent every discard.
    min_threat = 0.99  # strictly above: a threat of exactly 1.0 (four plain figures out) counts


CLASSICAL_LEVELS: dict[str, Callable[..., Any]] = {
    "random": ClassicalRandomBot,
    "efficiency": ClassicalEfficiencyBot,
    "defensive": ClassicalDefensiveBot,
    "expert": ClassicalValueBot,
    "strongest": ClassicalValueBot,
}


def make_classical_player(level: str, seed: int | str = 0) -> Any:
    """A classical bot of a named level. A riichi level without a classical counterpart of its
    own (a newer, stronger riichi bot) plays the strongest classical level."""
    factory = CLASSICAL_LEVELS.get(level)
    if factory is None:
        from jantaku.players.riichi import LEVELS

        if level not in LEVELS:
            from jantaku.errors import JantakuError

            raise JantakuError(
                f"unknown bot level {level!r}; choose one of {', '.join(CLASSICAL_LEVELS)}"
            )
        factory = ClassicalValueBot
    bot = factory(seed)
    bot.name = level
    return bot
