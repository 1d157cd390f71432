"""Turn policies of the riichi levels: which tile to discard (or riichi on) on the own turn.

``speed_turn`` plays for the fastest hand; ``guarded_turn`` adds a concealed kan that costs
nothing, a two-step look at the best discards and push/fold against threats (the level's push
policy); ``value_turn`` first picks, with no threat on the table and the hand one from ready or
closer, the discard of the highest expected value (:mod:`jantaku.players.riichi.hand_ev`)."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.incremental import HandAnalysis
from jantaku.players.riichi.bot import KEEP_WEIGHT, TURN_KINDS, Evals, RiichiBot
from jantaku.players.riichi.hand_ev import HandSpot, discard_values
from jantaku.players.riichi.kans import concealed_kan
from jantaku.players.riichi.placement import dama_wins, placement
from jantaku.players.riichi.reading import hand_value

__all__ = ["guarded_turn", "second_step", "speed_turn", "value_turn"]

_TWO_STEP_SHANTEN = (1, 2)  # the two-step look pays one or two from ready
_TWO_STEP_TOP = 3  # how many of the best discards it compares
_TWO_STEP_SCALE = 10.0  # second-step draws against one accepted tile


def _nine_terminals_or_nothing(
    bot: RiichiBot, view: SeatView, legal: Sequence[Action]
) -> tuple[Action | None, Evals]:
    """An abortive draw to call, or the evaluated discards (a turn with none: its first action)."""
    for a in legal:
        if a.kind is ActionKind.NINE_TERMINALS:
            return a, {}
    evals = bot.evaluate(view, legal)
    if not evals:
        return next(a for a in legal if a.kind in TURN_KINDS), evals
    return None, evals


def speed_turn(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    """The fastest hand: riichi when the level's riichi policy says so, else the discard of the
    best speed score."""
    early, evals = _nine_terminals_or_nothing(bot, view, legal)
    if early is not None:
        return early
    riichi = bot.riichi_choice(view, legal, evals)
    if riichi is not None:
        return riichi
    best = max(evals, key=lambda k: bot.efficiency_score(view, k, evals[k]))
    return bot.pick_tile(legal, best, ActionKind.DISCARD)


def guarded_turn(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    """Speed with no threat on the table (refined by the two-step look); against a threat,
    push (speed less the danger, weighed by the level's caution) or fold (the safest tile)."""
    me = view.seat
    assert me is not None
    early, evals = _nine_terminals_or_nothing(bot, view, legal)
    if early is not None:
        return early
    kan = concealed_kan(view, legal)
    thr = bot.threats(view)
    if kan is not None and not thr:
        return kan
    scores = {k: bot.efficiency_score(view, k, ev) for k, ev in evals.items()}
    best = max(evals, key=scores.__getitem__)
    if not thr:
        riichi = bot.riichi_choice(view, legal, evals)
        if riichi is not None:
            return riichi
        pick = two_step_pick(bot, view, evals, best, scores)
        return bot.pick_tile(legal, pick, ActionKind.DISCARD)
    seen = bot.seen(view)
    sh, acc = evals[best]
    value = hand_value(view, bot.hand_counts(view))
    if bot.should_push(view, sh, acc, value, thr):
        riichi = bot.riichi_choice(view, legal, evals)
        if riichi is not None:
            return riichi
        caution = bot.push_caution(sh)
        choice = max(
            evals,
            key=lambda k: scores[k] - caution * bot.total_danger(view, k, thr, seen),
        )
    else:
        choice = min(
            evals,
            key=lambda k: (bot.total_danger(view, k, thr, seen), -scores[k]),
        )
    return bot.pick_tile(legal, choice, ActionKind.DISCARD)


def value_turn(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    """The discard of the highest expected value when it applies, else ``guarded_turn``."""
    choice = _value_discard(bot, view, legal)
    return choice if choice is not None else guarded_turn(bot, view, legal)


def _value_discard(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action | None:
    """With no threat on the table and the hand one from ready or closer: among the discards
    that keep it so, the one of the highest expected value, with riichi when allowed (the
    leader of the last deal stays quiet on a hand that wins without it). None leaves the turn
    to ``guarded_turn`` (threats, kans, far hands, a hand worth nothing)."""
    me = view.seat
    assert me is not None
    if any(a.kind not in TURN_KINDS for a in legal):
        return None
    counts = bot.hand_counts(view)
    if bot.analysis(view).shanten(counts) > 1 or bot.threats(view):
        return None
    kinds = {a.tile.kind_id for a in legal if a.kind is ActionKind.DISCARD and a.tile}
    spot = HandSpot.of(view, bot.analysis(view), bot.scored(view), bot.seen(view))
    values = discard_values(spot, counts, sorted(kinds))
    if not values:
        return None
    best = max(values, key=lambda k: (values[k], -bot.keep_value(view, k)))
    if values[best] <= 0.0:
        return None
    riichi = any(
        a.kind is ActionKind.RIICHI and a.tile is not None and a.tile.kind_id == best for a in legal
    )
    if riichi and not (placement(view) == "lead" and dama_wins(view, best)):
        return bot.pick_tile(legal, best, ActionKind.RIICHI)
    return bot.pick_tile(legal, best, ActionKind.DISCARD)


def two_step_pick(
    bot: RiichiBot, view: SeatView, evals: Evals, best: int, scores: dict[int, float] | None = None
) -> int:
    """One or two from ready: among the three best discards by plain acceptance, the one
    whose improving draws leave the widest next step (the classic ukeire-2 refinement).
    ``scores``: the discards' efficiency scores when the caller has them."""
    me = view.seat
    assert me is not None
    best_sh = evals[best][0]
    if best_sh not in _TWO_STEP_SHANTEN:
        return best
    score = (
        scores
        if scores is not None
        else {k: bot.efficiency_score(view, k, ev) for k, ev in evals.items()}
    )
    level = [k for k in evals if evals[k][0] == best_sh]
    top = sorted(level, key=lambda k: -score[k])[:_TWO_STEP_TOP]
    if len(top) < 2:
        return best
    counts = bot.hand_counts(view)
    an = bot.analysis(view)
    scored = {k: second_step(an, counts, k) - KEEP_WEIGHT * bot.keep_value(view, k) for k in top}
    return max(top, key=lambda k: scored[k])


def second_step(an: HandAnalysis, counts: list[int], discard: int) -> float:
    """The draws that improve the hand after ``discard``, each weighed by the widest
    acceptance the best discard after it leaves (``counts`` comes back unchanged). The drawn
    copy is no longer in the wall, so it leaves the acceptance after it once less."""
    counts[discard] -= 1
    _base, _total, kinds, _mask = an.analyse(counts)
    left = an.left
    analyse = an.analyse
    total = 0.0
    for k in kinds:
        copies = left[k]
        if copies <= 0:
            continue
        counts[k] += 1
        # the discards after the draw that keep its improved shanten
        _sh, keep = an.keeps(counts)
        keep &= ~(1 << k)
        best = 0
        while keep:
            low = keep & -keep  # the kinds of the mask, lowest first
            keep ^= low
            j = low.bit_length() - 1
            counts[j] -= 1
            _sh, accepted, _kinds, mask = analyse(counts)
            counts[j] += 1
            accepted -= mask >> k & 1
            if accepted > best:
                best = accepted
        total += copies * (1 + best)
        counts[k] -= 1
    counts[discard] += 1
    return total / _TWO_STEP_SCALE
