"""Free-declaration mode (``penalties = true``, spec §8, §11.29): a player may declare Mah Jongg
or a call that turns out false; instead of refusing it, the engine penalises it per the
Strafkatalog (false Mah Jongg 50, call without a figure to lay out 10), paid to each other seat
with East's factor 2 (§6.2). A false call counts as the caller's pass. In this mode every other
seat is asked after each discard (and each kong that may be robbed), whatever its hand, so any
seat can declare, and being asked tells nobody anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.events import FalseDeclaration
from jantaku.engine.classical.judge import WinCheck
from jantaku.rules.classical import Penalty, penalty_settlement
from jantaku.rules.classical.settlement import PENALTIES

if TYPE_CHECKING:
    from jantaku.engine.classical.deal import ClassicalDeal

__all__ = ["false_declaration", "penalty_event"]

_CALLS = {ActionKind.CHI: "chow", ActionKind.PON: "pung", ActionKind.OPEN_KAN: "kong"}
_MAH_JONGG = (ActionKind.TSUMO, ActionKind.RON)


def _why_not(check: WinCheck | None) -> str:
    if check is None:
        return "not a winning hand"
    if check.result.reason is None:
        return "Mah Jongg not allowed here"
    return check.result.reason.value.replace("_", " ")


def false_declaration(deal: ClassicalDeal, action: Action) -> str | None:
    """Why ``action`` (not a legal action) is a false declaration to penalise, or None when it is
    simply not allowed now and must be refused (mode off, not a declaration, not the seat's
    moment to declare)."""
    if not deal.options.penalties or action.kind not in (*_MAH_JONGG, *_CALLS):
        return None
    seat = action.seat
    if not 0 <= seat < 4:
        return None
    phase = deal.phase.value
    if action.kind is ActionKind.TSUMO:
        if phase != "turn" or seat != deal.turn:
            return None
        if deal.drawn is None:
            return "no tile drawn: a called tile cannot complete a self-drawn Mah Jongg"
        return _why_not(deal.win_check(seat, deal.drawn, discarder=None))
    if seat in deal.answers:
        return None
    if phase == "calls":
        assert deal.last_discard is not None
        discarder, tile = deal.last_discard
        if seat == discarder:
            return None
        if action.kind is ActionKind.RON:
            return _why_not(deal.win_check(seat, tile, discarder=discarder))
        return f"cannot lay out a {_CALLS[action.kind]} with {tile.notation}"
    if phase == "rob" and action.kind is ActionKind.RON:
        assert deal.rob is not None
        if seat == deal.rob.seat:
            return None
        check = deal.win_check(seat, deal.rob.tile, discarder=deal.rob.seat, robbing=True)
        return _why_not(check)
    return None


def penalty_event(deal: ClassicalDeal, action: Action, reason: str) -> FalseDeclaration:
    """The penalty for a false declaration, with the payments by seat."""
    offence = Penalty.FALSE_MAHJONG if action.kind in _MAH_JONGG else Penalty.FALSE_CALL
    net = penalty_settlement(deal.seat_wind(action.seat), offence).net
    deltas = tuple(net[deal.seat_wind(s)] for s in range(4))
    points = PENALTIES[offence][1]
    return FalseDeclaration(action.seat, action.kind.value, offence.value, points, reason, deltas)
