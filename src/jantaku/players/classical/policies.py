"""Policies of the classical levels.

Scoring the tiles kept after a discard: ``speed_score`` counts shanten and the unseen tiles
that lower it, and scores an open hand that cannot reach the lower limit (or a ready hand whose
waits may not be declared) as infeasible; ``value_score`` adds the value the hand heads for, a
doubling worth ``alpha`` tiles of acceptance (seven pairs and Dreizehn Wunder as special
hands, Farbspiel, honor pungs, the concealed hand's doubles) and values a ready hand by its
expected value over the waits. Kongs: ``speed_kong`` when it costs no speed, ``value_kong``
nearly always (kongs add points and doubles). Claims: ``speed_claim`` when the call is faster
and keeps enough doubles, ``value_claim`` when its value score beats passing."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.view import ClassicalView
from jantaku.hand.lookup import (
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
)
from jantaku.players.classical.bot import ClassicalBot, without
from jantaku.players.classical.evaluation import (
    HandState,
    acceptance,
    acceptance_standard,
    log_value,
    ready_values,
    seven_pairs_value,
    standard_values,
)

__all__ = [
    "claim_score",
    "shanten_after_discard",
    "speed_claim",
    "speed_kong",
    "speed_score",
    "value_claim",
    "value_kong",
    "value_score",
]

INFEASIBLE = -1000.0  # an open hand heading below the lower limit
_SHANTEN_STEP = 100.0  # a step of shanten against tiles of acceptance
_LOWER_LIMIT = 100  # the smallest hand value that may be declared
_RON_SHARE = 1.2  # claimed discards per own draw that can complete a ready hand (rough)
_CLAIM_WAIT = 0.5  # a wait only a self-draw may complete, against one a discard may too
_ORPHANS = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))  # Dreizehn Wunder
_ORPHANS_VALUE = 5000  # Dreizehn Wunder: a whole limit
_FAR = -1e9  # below every score


def speed_score(
    bot: ClassicalBot,
    view: ClassicalView,
    hand: HandState,
    counts: list[int],
    unseen: list[int],
    exact: bool = True,
) -> float:
    melds = len(hand.melds)
    sh = shanten(counts, melds)
    if sh == 0 and exact:
        values = ready_values(hand, counts)
        acc = sum(
            unseen[k] * (1.0 if ron else _CLAIM_WAIT)
            for k, (tsumo, ron) in values.items()
            if tsumo or ron
        )
        if acc == 0:  # ready, but no wait may be declared (the lower limit)
            return INFEASIBLE - _SHANTEN_STEP + 0.1 * acceptance(counts, melds, unseen, 1)
        return acc
    acc = acceptance(counts, melds, unseen, sh)
    score = -_SHANTEN_STEP * sh + acc
    if not hand.concealed:
        tsumo, _ron = standard_values(
            counts, hand.melds, hand.seat_wind, hand.round_wind, hand.bonus
        )
        if tsumo < _LOWER_LIMIT:
            score += INFEASIBLE
    return score


def value_score(
    bot: ClassicalBot,
    view: ClassicalView,
    hand: HandState,
    counts: list[int],
    unseen: list[int],
    exact: bool = True,
) -> float:
    """Speed first, with value as a bonus; seven pairs and Dreizehn Wunder as alternatives."""
    p = bot.params
    melds = len(hand.melds)
    sh = shanten_standard(counts, melds)
    if sh == 0 and exact:
        # Ready: the expected value over the waits (unseen copies x value; a claimed discard
        # only where the lower limit allows it), so a wider wait counts as much as a bigger one.
        values = ready_values(hand, counts)
        ev = sum(unseen[k] * (v[0] + _RON_SHARE * v[1]) for k, v in values.items())
        best = p.alpha * log_value(ev) if ev > 0 else INFEASIBLE - _SHANTEN_STEP
    else:
        acc = acceptance_standard(counts, melds, unseen, sh)
        tsumo, ron = standard_values(
            counts, hand.melds, hand.seat_wind, hand.round_wind, hand.bonus, p.flush_weight
        )
        best = -_SHANTEN_STEP * sh + acc + p.alpha * log_value(max(tsumo, ron))
        if not hand.concealed and tsumo < _LOWER_LIMIT:
            best += INFEASIBLE
    if p.seven_pairs and not hand.melds:
        best = max(best, _special_score(bot, counts, unseen, sh, exact))
    return best


def _special_score(
    bot: ClassicalBot, counts: list[int], unseen: list[int], sh: int, exact: bool
) -> float:
    """The best of seven pairs (within the slack of the standard shanten ``sh``) and Dreizehn
    Wunder (no further than the standard hand); ``_FAR`` when neither is in reach."""
    p = bot.params
    best = _FAR
    sp = shanten_seven_pairs(counts)
    if sp is not None and sp <= sh + p.seven_pairs_slack:
        acc7 = float(sum(unseen[k] for k in range(34) if counts[k] == 1))
        value = seven_pairs_value(counts)
        if sp == 0 and exact:
            best = p.alpha * log_value(acc7 * value * (1.0 + _RON_SHARE))
        else:
            best = -_SHANTEN_STEP * sp + acc7 + p.alpha * log_value(value)
    orphans = shanten_thirteen_orphans(counts)
    if orphans is not None and orphans <= sh:
        paired = any(counts[k] >= 2 for k in _ORPHANS)
        acc13 = float(sum(unseen[k] for k in _ORPHANS if not counts[k] or not paired))
        best = max(best, -_SHANTEN_STEP * orphans + acc13 + p.alpha * log_value(_ORPHANS_VALUE))
    return best


def speed_kong(
    bot: ClassicalBot,
    view: ClassicalView,
    hand: HandState,
    legal: list[Action],
    unseen: list[int],
) -> Action | None:
    """A kong when it costs no speed (a pung's fourth tile is dead weight)."""
    now = shanten(list(hand.counts), len(hand.melds))
    for a in legal:
        if a.kind is ActionKind.ADDED_KAN:
            return a
        if a.kind is ActionKind.CONCEALED_KAN:
            after = without(hand.counts, a.tiles)
            if shanten(after, len(hand.melds) + 1) <= now:
                return a
    return None


def value_kong(
    bot: ClassicalBot,
    view: ClassicalView,
    hand: HandState,
    legal: list[Action],
    unseen: list[int],
) -> Action | None:
    """Any kong (they add points and doubles and keep a concealed hand concealed), except four
    of a kind a seven-pairs hand keeps for now (its pairs are distinct)."""
    for a in legal:
        if a.kind in (ActionKind.ADDED_KAN, ActionKind.CONCEALED_KAN):
            if a.kind is ActionKind.CONCEALED_KAN and not hand.melds:
                seven = shanten_seven_pairs(list(hand.counts))
                if seven is not None and seven < shanten_standard(list(hand.counts), 0):
                    continue
            return a
    return None


def speed_claim(
    bot: ClassicalBot,
    view: ClassicalView,
    hand: HandState,
    legal: list[Action],
    unseen: list[int],
) -> Action:
    """An open kong of an open hand; else the chow or pung that lowers the shanten and keeps
    an open hand above the lower limit, the best of them by the score after its discard."""
    passing = next(a for a in legal if a.kind is ActionKind.PASS)
    calls = [a for a in legal if a.kind in (ActionKind.PON, ActionKind.CHI)]
    kongs = [a for a in legal if a.kind in (ActionKind.OPEN_KAN, ActionKind.ADDED_KAN)]
    if kongs and not hand.concealed:
        return kongs[0]
    if not calls:
        return passing
    now = shanten(list(hand.counts), len(hand.melds))
    best, best_score = passing, _FAR
    for a in calls:
        called, counts = bot.after_call(hand, a)
        score = _best_after(bot, view, called, counts, unseen)
        if shanten_after_discard(counts, len(called.melds)) >= now or score < INFEASIBLE / 2:
            continue  # no faster, or an open hand without doubles
        if score > best_score:
            best, best_score = a, score
    return best


def _best_after(
    bot: ClassicalBot, view: ClassicalView, hand: HandState, counts: list[int], unseen: list[int]
) -> float:
    """The best discard score of a hand that must discard (after a chow or pung)."""
    best = _FAR
    score = bot.level.score
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            best = max(best, score(bot, view, hand, counts, unseen, False))
            counts[k] += 1
    return best


def shanten_after_discard(counts: list[int], melds: int) -> int:
    """The shanten after the best discard of a hand that must discard."""
    best = 99
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            best = min(best, shanten(counts, melds))
            counts[k] += 1
    return best


def value_claim(
    bot: ClassicalBot,
    view: ClassicalView,
    hand: HandState,
    legal: list[Action],
    unseen: list[int],
) -> Action:
    """An added kong; else the call whose score (after its best discard, less that discard's
    danger) beats passing by the level's margin."""
    passing = next(a for a in legal if a.kind is ActionKind.PASS)
    options = [
        a
        for a in legal
        if a.kind in (ActionKind.PON, ActionKind.CHI, ActionKind.OPEN_KAN, ActionKind.ADDED_KAN)
    ]
    if not options:
        return passing
    now = bot.score(view, hand, list(hand.counts), unseen)
    best, best_score = passing, now + bot.params.call_margin
    for a in options:
        if a.kind is ActionKind.ADDED_KAN:
            return a
        called, counts = bot.after_call(hand, a)
        score = claim_score(bot, view, called, counts, unseen, a)
        if score > best_score:
            best, best_score = a, score
    return best


def claim_score(
    bot: ClassicalBot,
    view: ClassicalView,
    called: HandState,
    counts: list[int],
    unseen: list[int],
    action: Action,
) -> float:
    """A call's score as :func:`value_claim` weighs it: an open kong's hand as it stands, a
    chow or pung's after its best discard less that discard's danger."""
    if action.kind is ActionKind.OPEN_KAN:
        return bot.score(view, called, counts, unseen, exact=False)
    care = bot.params.care
    score = _FAR
    level_score = bot.level.score
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            score = max(
                score,
                level_score(bot, view, called, counts, unseen, False)
                - care * bot.danger(view, k, unseen),
            )
            counts[k] += 1
    return score
