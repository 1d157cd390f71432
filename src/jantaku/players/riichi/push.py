"""Push/fold policies: whether a hand plays on against a threat (a riichi, or a big open hand)
or throws the safest tiles.

``measured_push`` follows the level's :class:`PushRule` (ready hands push on enough waits or
value, a hand one from ready only on value and while the wall lasts). ``table_push`` is tuned
against tables that fold to every riichi (the ``defensive`` bots): every ready hand pushes, a
hand one from ready pushes against open hands until the last few draws and a two-from-ready hand
early in the deal; against a riichi a hand one from ready does as ``measured_push`` says. In the
last deal the leader folds all but a ready hand and the last-placed seat pushes every hand."""

from __future__ import annotations

from jantaku.engine.riichi.view import SeatView
from jantaku.players.riichi.bot import RiichiBot
from jantaku.players.riichi.placement import placement

__all__ = ["measured_push", "table_push"]

_RIICHI = 1.0  # a threat this heavy is a riichi


def measured_push(
    bot: RiichiBot, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
) -> bool:
    rule = bot.params.push
    assert rule is not None, "measured_push needs the level's PushRule"
    riichis = sum(1 for w in thr.values() if w >= _RIICHI)
    if sh <= 0:
        if riichis >= 2 and rule.two_riichi is not None:
            waits, worth = rule.two_riichi
            return acc >= waits and value >= worth
        return acc >= rule.ready_waits or value >= rule.ready_value
    if sh == 1:
        if riichis:
            if rule.near_vs_riichi is None:
                return False
            worth, accepted, live = rule.near_vs_riichi
            return value >= worth and acc >= accepted and view.live_remaining > live
        return value >= rule.near_value and view.live_remaining > rule.near_live
    return False


def table_push(
    bot: RiichiBot, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
) -> bool:
    rule = bot.params.push
    assert rule is not None, "table_push needs the level's PushRule"
    mode = placement(view)
    if mode == "last":
        return True
    if mode == "lead":
        return sh <= 0 and acc >= rule.ready_waits
    live = view.live_remaining
    riichi = any(w >= _RIICHI for w in thr.values())
    if sh <= 0:
        return True
    if sh == 1:
        if riichi:
            return measured_push(bot, view, sh, acc, value, thr)
        return live > bot.params.table_near_live
    return sh == 2 and live > bot.params.table_far_live and not riichi
