"""The strongest riichi level: ``expert`` with discards chosen by expected value close to
ready, a push/fold tuned against tables that fold, formal-tenpai calls late in the deal, and
placement play in the last deal.

With no threat on the table, a hand one from ready or closer plays, among the discards that
keep it fastest, the one of the highest expected points over its own next draws
(:mod:`jantaku.players.riichi.hand_ev`: win chance and points from the scorer) instead of the
one that keeps the most draws: it gives up a few draws for an all-simples hand, two-sided waits
or dora. It never breaks a ready hand for a wider one: against tables that fold, the early
riichi is worth more than the model credits.

Against three ``defensive`` bots, which fold to every riichi, a ready hand plays on cheaply:
``strong`` pushes every ready hand, pushes a one-from-ready hand against open hands until the
last few draws, and a two-from-ready hand against open hands early in the deal. A
one-from-ready hand folds against a riichi unless the expert would push it: pushing it there
too deals in far more often and places no better.

Late in the deal a call that makes the hand ready without a yaku still earns the exhaustive-draw
tenpai payment (formal tenpai counts, doman-rules.md §8 Q13). All-last (the view's
``all_last``): the leader wins cheaply to end the match (any call that keeps a yaku, dama on
any yaku) and folds all but a ready hand; the last-placed seat pushes every hand. The figures
behind each choice are in docs/bots.md."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import kuikae_forbidden
from jantaku.engine.riichi.flow import ranking
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.analysis import waits
from jantaku.hand.lookup import shanten
from jantaku.players.riichi.bots import ExpertBot
from jantaku.players.riichi.hand_ev import HandSpot, discard_values
from jantaku.players.riichi.reading import counts_of_tiles, threats, visible_counts

__all__ = ["StrongBot", "dama_values", "formal_tenpai_discards"]


def dama_values(view: SeatView, discard: int, kuitan: bool = True) -> list[tuple[int, int]]:
    """(wait kind, ron points without riichi) of the hand after discarding ``discard``; 0
    points when that wait has no yaku. Empty when the hand is not ready."""
    me = view.seat
    assert me is not None
    counts = counts_of_tiles(view.hand)
    assert counts[discard], "the discard is not in the hand"
    counts[discard] -= 1
    spot = HandSpot.of(view, kuitan)
    melds = len(view.seats[me].melds)
    return [(int(w), spot.points(counts, int(w), riichi=False)) for w in waits(counts, melds)]


def formal_tenpai_discards(view: SeatView, call: Action) -> list[int]:
    """The kinds that may be discarded after ``call`` (a chi or pon) leaving a ready hand,
    yaku or not, and not a kind the no-swap-call rule (kuikae) forbids right after the call."""
    me = view.seat
    assert me is not None and call.tile is not None
    counts = counts_of_tiles(view.hand)
    for t in call.tiles:
        counts[t.kind_id] -= 1
    melds = len(view.seats[me].melds) + 1
    k = call.tile.kind_id
    low = min(k, *(t.kind_id for t in call.tiles)) if call.kind is ActionKind.CHI else None
    banned = kuikae_forbidden(k, low)
    out = []
    for j in range(34):
        if counts[j] and j not in banned:
            counts[j] -= 1
            if shanten(counts, melds) == 0:
                out.append(j)
            counts[j] += 1
    return out


class StrongBot(ExpertBot):
    """Expert with a table-tuned push/fold, formal-tenpai calls and all-last placement play."""

    name = "strong"
    formal_tenpai_live = 16  # live tiles left from which a yakuless ready call pays

    def placement(self, view: SeatView) -> str:
        """``lead`` or ``last`` in the match's last deal, else ``""``."""
        me = view.seat
        assert me is not None
        if not view.all_last:
            return ""
        order = ranking([p.score for p in view.seats])
        if order[0] == me:
            return "lead"
        return "last" if order[3] == me else ""

    def riichi_choice(
        self, view: SeatView, legal: Sequence[Action], evals: dict[int, tuple[int, int]]
    ) -> Action | None:
        """The leader in the last deal stays quiet on any yaku: a cheap win ends the match,
        and a quiet hand keeps the freedom to fold."""
        choice = super().riichi_choice(view, legal, evals)
        if choice is None or choice.tile is None or self.placement(view) != "lead":
            return choice
        k = choice.tile.kind_id
        if self.dama_wins(view, k):
            return self.pick_tile(legal, k, ActionKind.DISCARD)
        return choice

    def turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        choice = self.value_turn(view, legal)
        return choice if choice is not None else super().turn(view, legal)

    def value_turn(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        """With no threat on the table and the hand one from ready or closer: among the
        discards that keep it so, the one of the highest expected value
        (:mod:`jantaku.players.riichi.hand_ev`), with riichi when allowed. None leaves the turn to
        the expert (threats, kans, far hands, a hand worth nothing)."""
        me = view.seat
        assert me is not None
        if any(a.kind not in (ActionKind.DISCARD, ActionKind.RIICHI) for a in legal):
            return None
        counts = counts_of_tiles(view.hand)
        if shanten(counts, len(view.seats[me].melds)) > 1 or threats(view, me):
            return None
        kinds = {a.tile.kind_id for a in legal if a.kind is ActionKind.DISCARD and a.tile}
        values = discard_values(HandSpot.of(view, self.kuitan), counts, sorted(kinds))
        if not values:
            return None
        best = max(values, key=lambda k: (values[k], -self.keep_value(view, k)))
        if values[best] <= 0.0:
            return None
        riichi = any(
            a.kind is ActionKind.RIICHI and a.tile is not None and a.tile.kind_id == best
            for a in legal
        )
        if riichi and not (self.placement(view) == "lead" and self.dama_wins(view, best)):
            return self.pick_tile(legal, best, ActionKind.RIICHI)
        return self.pick_tile(legal, best, ActionKind.DISCARD)

    def dama_wins(self, view: SeatView, discard: int) -> bool:
        """Whether every wait after ``discard`` wins without riichi."""
        values = dama_values(view, discard, self.kuitan)
        return bool(values) and all(points > 0 for _w, points in values)

    def should_push(
        self, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
    ) -> bool:
        mode = self.placement(view)
        if mode == "last":
            return True
        if mode == "lead":
            return sh <= 0 and acc >= 2
        live = view.live_remaining
        riichi = any(w >= 1.0 for w in thr.values())
        if sh <= 0:
            return True
        if sh == 1:
            return super().should_push(view, sh, acc, value, thr) if riichi else live > 10
        return sh == 2 and live > 30 and not riichi

    def cheap_calls(self, view: SeatView) -> bool:
        """The leader's cheapest win ends the match (as dealer too: Doman's leading dealer
        stops after a win)."""
        return self.placement(view) == "lead"

    def call(self, view: SeatView, legal: Sequence[Action]) -> Action:
        choice = super().call(view, legal)
        if choice.kind is ActionKind.PASS:
            return self.formal_tenpai_call(view, legal) or choice
        return choice

    def formal_tenpai_call(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        """Late in the deal, a chi or pon that makes the hand ready (even without a yaku) and
        leaves a discard safe against every threat: the tenpai payment at the draw."""
        me = view.seat
        assert me is not None
        if view.live_remaining > self.formal_tenpai_live:
            return None
        if shanten(counts_of_tiles(view.hand), len(view.seats[me].melds)) == 0:
            return None
        thr = threats(view, me)
        seen = visible_counts(view)
        for a in legal:
            if a.kind not in (ActionKind.PON, ActionKind.CHI) or a.tile is None:
                continue
            for k in formal_tenpai_discards(view, a):
                if not thr or self.total_danger(view, k, thr, seen) == 0.0:
                    return a
        return None
