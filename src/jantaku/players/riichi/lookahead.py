"""A turn policy that looks one draw further ahead: two from ready, with no threat on the table,
it weighs each of the best discards by the expected points of the one-from-ready hands its
improving draws lead to (:mod:`jantaku.players.riichi.hand_ev`), where the two-step look counts
only how wide those hands are. Everything else plays as ``value_turn``."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.riichi.bot import TURN_KINDS, RiichiBot
from jantaku.players.riichi.hand_ev import HandSpot
from jantaku.players.riichi.reading import counts_of_tiles, threats
from jantaku.players.riichi.turns import value_turn

__all__ = ["hand_value_ahead", "lookahead_turn", "two_away_value"]

_TOP = 4  # how many of the fastest discards (by the speed score) it weighs


def lookahead_turn(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    """The two-from-ready discard of the highest expected value when it applies, else
    ``value_turn``."""
    choice = _two_away_discard(bot, view, legal)
    return choice if choice is not None else value_turn(bot, view, legal)


def _two_away_discard(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action | None:
    """None unless the hand is two from ready, nothing threatens and only discards are legal
    (a kan or an abortive draw goes to ``value_turn``)."""
    me = view.seat
    assert me is not None
    if any(a.kind not in TURN_KINDS for a in legal):
        return None
    counts = counts_of_tiles(view.hand)
    if shanten(counts, len(view.seats[me].melds)) != 2 or threats(view, me):
        return None
    evals = bot.evaluate(view, legal)
    if not evals:
        return None
    fastest = min(sh for sh, _acc in evals.values())
    top = sorted(
        (k for k in evals if evals[k][0] == fastest),
        key=lambda k: -bot.efficiency_score(view, k, evals[k]),
    )[:_TOP]
    if len(top) < 2:
        return None
    spot = HandSpot.of(view, bot.analysis(view), bot.scored(view))
    values = {k: two_away_value(spot, counts, k) for k in top}
    best = max(top, key=lambda k: (values[k], -bot.keep_value(view, k)))
    if values[best] <= 0.0:
        return None
    return bot.pick_tile(legal, best, ActionKind.DISCARD)


def two_away_value(spot: HandSpot, counts: list[int], discard: int) -> float:
    """Expected points of the hand after ``discard`` (two from ready; ``counts`` comes back
    unchanged)."""
    counts[discard] -= 1
    value = _two_away(spot, counts)
    counts[discard] += 1
    return value


def hand_value_ahead(spot: HandSpot, counts: list[int]) -> float | None:
    """Expected points of a 13-tile hand ready, one or two from ready (None: further)."""
    sh = spot.analysis.shanten(counts)
    if sh == 0:
        return spot.ready_value(counts, spot.draws)
    if sh == 1:
        return spot.one_away_value(counts, spot.draws)
    return _two_away(spot, counts) if sh == 2 else None


def _two_away(spot: HandSpot, counts: list[int]) -> float:
    """For each improving draw of a two-from-ready hand, the best one-from-ready hand it
    allows, valued over the draws left once it has come, times the chance that some improving
    draw comes at all."""
    an = spot.analysis
    _sh, _accepted, kinds, _mask = an.analyse(counts)
    live = [k for k in kinds if spot.unseen[k] > 0]
    chance = sum(spot.unseen[k] for k in live) / spot.wall
    draws = spot.draws
    after = max(0, draws - _wait(chance, draws))  # own draws left once an improving one came
    weighed = 0.0
    for k in live:
        p = spot.unseen[k] / spot.wall
        counts[k] += 1
        _keep_sh, keep = an.keeps(counts)
        best = 0.0
        while keep:
            low = keep & -keep  # the kinds of the mask, lowest first
            keep ^= low
            j = low.bit_length() - 1
            counts[j] -= 1
            best = max(best, spot.one_away_value(counts, after))
            counts[j] += 1
        weighed += p * best
        counts[k] -= 1
    if chance <= 0.0 or not draws:
        return 0.0
    return weighed / chance * (1.0 - (1.0 - chance) ** draws)


def _wait(chance: float, draws: int) -> int:
    """Own draws until an improving draw of per-draw ``chance`` is expected (at least one)."""
    return min(draws, max(1, round(1.0 / chance))) if chance > 0.0 else draws
