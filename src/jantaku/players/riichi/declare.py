"""Riichi policies: whether to declare riichi this turn, and on which discard.

``widest_riichi`` declares on the discard that leaves the most unseen winning tiles;
``appealing_riichi`` weighs each wait by how readily the others let it go (honours, terminals
and suji of the own river look safe), nearly worthless when furiten; ``quiet_lead_riichi`` is
the latter, except that the leader of the match's last deal stays quiet on a hand that wins
without riichi (a cheap win ends the match, and a quiet hand keeps the freedom to fold)."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.players.riichi.bot import Evals, RiichiBot
from jantaku.players.riichi.placement import dama_wins, placement

__all__ = ["appealing_riichi", "quiet_lead_riichi", "wait_appeal", "widest_riichi"]

_NOT_READY = (9, 0)
_FURITEN_APPEAL = 0.35  # a furiten wait wins by tsumo alone
_APPEAL_KEEP = 0.3  # keep value of the discard, against one appealing unseen tile
_MIN_APPEAL = 0.5  # below this the waits are not worth a riichi
_HONOUR_APPEAL = 1.3  # honours are let go readily
_TERMINAL_APPEAL = 0.2  # terminals a little more than middle tiles
_SUJI_APPEAL = 1.4  # a suji of the own river looks safe


def _riichi_kinds(legal: Sequence[Action]) -> set[int]:
    return {a.tile.kind_id for a in legal if a.kind is ActionKind.RIICHI and a.tile}


def widest_riichi(
    bot: RiichiBot, view: SeatView, legal: Sequence[Action], evals: Evals
) -> Action | None:
    """Riichi on the discard with the most unseen winning tiles; none when every wait is dead
    (stay quiet and keep improving)."""
    kinds = _riichi_kinds(legal)
    if not kinds:
        return None
    best = max(kinds, key=lambda k: (evals.get(k, _NOT_READY)[1], -bot.keep_value(view, k)))
    if evals.get(best, _NOT_READY)[1] == 0:
        return None
    return bot.pick_tile(legal, best, ActionKind.RIICHI)


def appealing_riichi(
    bot: RiichiBot, view: SeatView, legal: Sequence[Action], evals: Evals
) -> Action | None:
    """Riichi on the discard whose waits are best: unseen copies, weighted by how likely
    others let them go, and nearly worthless when the wait is furiten."""
    me = view.seat
    assert me is not None
    kinds = _riichi_kinds(legal)
    if not kinds:
        return None
    counts = bot.hand_counts(view)
    analyse = bot.analysis(view).analyse
    seen = bot.seen(view)
    river = {t.kind_id for t, _g, _r, _c in view.seats[me].river}
    best: tuple[float, int] | None = None
    for k in kinds:
        counts[k] -= 1
        own = river | {k}
        # the waits: the draws that complete the hand, i.e. the improving kinds of a ready one
        sh, _accepted, improving, _mask = analyse(counts)
        waits = list(improving) if sh == 0 else []
        counts[k] += 1
        score = 0.0
        for w in waits:
            score += max(0, 4 - seen[w]) * wait_appeal(w, own)
        if any(w in own for w in waits):
            score *= _FURITEN_APPEAL
        score -= _APPEAL_KEEP * bot.keep_value(view, k)
        if best is None or score > best[0]:
            best = (score, k)
    assert best is not None
    if best[0] <= _MIN_APPEAL:
        return None
    return bot.pick_tile(legal, best[1], ActionKind.RIICHI)


def wait_appeal(w: int, river: set[int]) -> float:
    """How readily the others let ``w`` go, against a plain middle tile (1.0)."""
    if w >= 27:
        return _HONOUR_APPEAL
    n = w % 9
    suji = (n >= 3 and w - 3 in river) or (n <= 5 and w + 3 in river)
    appeal = 1.0 + (_TERMINAL_APPEAL if n in (0, 8) else 0.0)
    return appeal * (_SUJI_APPEAL if suji else 1.0)


def quiet_lead_riichi(
    bot: RiichiBot, view: SeatView, legal: Sequence[Action], evals: Evals
) -> Action | None:
    """``appealing_riichi``, but the leader in the last deal stays quiet on any yaku."""
    choice = appealing_riichi(bot, view, legal, evals)
    if choice is None or choice.tile is None or placement(view) != "lead":
        return choice
    k = choice.tile.kind_id
    if dama_wins(view, k):
        return bot.pick_tile(legal, k, ActionKind.DISCARD)
    return choice
