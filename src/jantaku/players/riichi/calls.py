"""Call policies: which chi, pon (or none) to answer another seat's discard with.

``yakuhai_call`` pons a yakuhai honour that brings the hand closer; ``yaku_call`` makes any chi
or pon that brings the hand closer and keeps a yaku in reach (the table's kuitan rule decides
whether all-simples counts), only for a hand with value (a cheap hand stays closed for riichi)
and not far from ready against a threat; ``placement_call`` lets the leader of the last deal
make cheap calls too (its cheapest win ends the match, as dealer too: Doman's leading dealer
stops after a win) and, late in the deal, makes a call that leaves a ready hand without a yaku
and a safe discard: formal tenpai earns the exhaustive-draw payment (doman-rules.md §8 Q13)."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import kuikae_forbidden
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.riichi.bot import RiichiBot
from jantaku.players.riichi.placement import placement
from jantaku.players.riichi.reading import (
    counts_of_tiles,
    hand_value,
    open_yaku_path,
    threats,
    visible_counts,
    yakuhai_kinds,
)

__all__ = ["formal_tenpai_discards", "placement_call", "yaku_call", "yakuhai_call"]

_CALL_VALUE = 2.0  # hand value from which opening a hand without yakuhai pays
_FAR_UNDER_THREAT = 1  # against a threat, no call leaving the hand further from ready
_PON_BONUS = 0.1  # between calls of equal speed, a pon (keeps the hand's shape simpler)


def _pass(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a.kind is ActionKind.PASS)


def yakuhai_call(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    me = view.seat
    assert me is not None
    counts = counts_of_tiles(view.hand)
    now = shanten(counts, len(view.seats[me].melds))
    for a in legal:
        if a.kind is ActionKind.PON and a.tile is not None:
            k = a.tile.kind_id
            if k in yakuhai_kinds(view, me) and bot.after_call(view, a)[2] < now:
                return a
    return _pass(legal)


def yaku_call(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    return _yaku_call(bot, view, legal, cheap=False)


def placement_call(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    choice = _yaku_call(bot, view, legal, cheap=placement(view) == "lead")
    if choice.kind is ActionKind.PASS:
        return _formal_tenpai_call(bot, view, legal) or choice
    return choice


def _yaku_call(bot: RiichiBot, view: SeatView, legal: Sequence[Action], cheap: bool) -> Action:
    """The fastest call that keeps a yaku; ``cheap``: a hand without value may open too."""
    me = view.seat
    assert me is not None
    thr = threats(view, me)
    counts = counts_of_tiles(view.hand)
    melds_now = view.seats[me].melds
    now = shanten(counts, len(melds_now))
    yakuhai = yakuhai_kinds(view, me)
    value = hand_value(view, counts)
    kuitan = view.options.kuitan
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind not in (ActionKind.PON, ActionKind.CHI) or a.tile is None:
            continue
        after, _melds, sh = bot.after_call(view, a)
        if sh >= now:
            continue
        k = a.tile.kind_id
        group = sorted([k, *(t.kind_id for t in a.tiles)])
        meld_kinds = [list(m.kinds) for m in melds_now] + [group]
        if not open_yaku_path(after, meld_kinds, yakuhai, kuitan):
            continue
        yakuhai_pon = a.kind is ActionKind.PON and k in yakuhai
        opened = any(m.is_open for m in melds_now)
        if not (yakuhai_pon or opened or value >= _CALL_VALUE or cheap):
            continue
        if thr and sh > _FAR_UNDER_THREAT:
            continue
        score = -sh + _PON_BONUS * (a.kind is ActionKind.PON)
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best is not None else _pass(legal)


def _formal_tenpai_call(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action | None:
    """Late in the deal, a chi or pon that makes the hand ready (even without a yaku) and
    leaves a discard safe against every threat."""
    me = view.seat
    assert me is not None
    if view.live_remaining > bot.params.formal_tenpai_live:
        return None
    if shanten(counts_of_tiles(view.hand), len(view.seats[me].melds)) == 0:
        return None
    thr = threats(view, me)
    seen = visible_counts(view)
    for a in legal:
        if a.kind not in (ActionKind.PON, ActionKind.CHI) or a.tile is None:
            continue
        for k in formal_tenpai_discards(view, a):
            if not thr or bot.total_danger(view, k, thr, seen) == 0.0:
                return a
    return None


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
