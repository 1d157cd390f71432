"""Free-declaration mode (``penalties = true``, spec §8, §11.29): a player may declare Mah Jongg
or a call that turns out false; instead of refusing it, the engine penalises it per the
Strafkatalog (false Mah Jongg 50, call without a figure to lay out 10), paid to each other seat
with East's factor 2 (§6.2). A false call counts as the caller's pass (the tile is put back). In
this mode every other seat is asked after each discard (and each kong that may be robbed),
whatever its hand, so any seat can declare, and being asked tells nobody anything.

The offences the engine cannot see (a real table's mistakes) are reported by the table
(:meth:`ClassicalDeal.report_offence`): each costs its points at once, except a wrong number of
tiles (the offender pays for all at the settlement and claims nothing) and a dead hand or a draw
at the wrong time (no calls until the offender's next turn, when the error is corrected and 30
is paid, and 10 by East if East shares the fault)."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.events import FalseDeclaration, PenaltyPaid
from jantaku.engine.classical.judge import WinCheck
from jantaku.engine.classical.state import ClassicalDealState
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import Penalty, penalty_settlement
from jantaku.rules.classical.settlement import PENALTIES

__all__ = [
    "CONSEQUENCES",
    "bar",
    "check_report",
    "correct",
    "false_declaration",
    "pay",
    "penalty_event",
    "penalty_paid",
]

_CALLS = {ActionKind.CHI: "chow", ActionKind.PON: "pung", ActionKind.OPEN_KAN: "kong"}
_MAH_JONGG = (ActionKind.TSUMO, ActionKind.RON)


# Offences declared through ``apply`` (the engine judges them), not reported.
_DECLARED = frozenset({Penalty.FALSE_MAHJONG, Penalty.FALSE_CALL})

CONSEQUENCES: dict[Penalty, str] = {
    Penalty.FALSE_CALL: "the tile is put back",
    Penalty.FALSE_CALL_REVEALING: "the tile is put back",
    Penalty.BOUGHT_TILE_CONCEALED: "the figure is laid open",
    Penalty.WRONG_TILE_COUNT: "pays for all at the settlement and claims nothing",
    Penalty.DEAD_HAND: "no calls until the own next turn, when the error is corrected",
    Penalty.DEAD_HAND_EAST_SHARE: "East shares the fault of the dead hand",
}
"""What an offence brings besides its points (spec §8), as its events say it."""


def check_report(deal: ClassicalDealState, seat: int, offence: Penalty, east_shares: bool) -> None:
    """IllegalActionError naming what is wrong with reporting ``offence`` of ``seat`` now."""
    if not deal.options.penalties:
        raise IllegalActionError("offences are penalised only with penalties = true")
    if deal.phase.value == "ended":
        raise IllegalActionError("the deal is over: report an offence while it is played")
    if not 0 <= seat < 4:
        raise IllegalActionError(f"seat {seat} is not a seat (0-3)")
    if offence in _DECLARED:
        raise IllegalActionError(
            f"{offence.value} is penalised when it is declared: send the declaration as an action"
        )
    if offence is Penalty.DEAD_HAND_EAST_SHARE:
        raise IllegalActionError("East's share is reported with dead_hand and east_shares")
    if east_shares and (offence is not Penalty.DEAD_HAND or seat == deal.dealer):
        raise IllegalActionError("east_shares is for a dead hand of a seat other than East")
    if offence is Penalty.DEAD_HAND and seat in deal.barred:
        raise IllegalActionError(f"seat {seat}'s dead hand is already reported")
    if offence is Penalty.WRONG_TILE_COUNT and seat in deal.pays_for_all:
        raise IllegalActionError(f"seat {seat}'s wrong number of tiles is already reported")


def penalty_paid(deal: ClassicalDealState, seat: int, offence: Penalty) -> PenaltyPaid:
    """The penalty ``seat`` pays for ``offence``, with the payments by seat."""
    net = penalty_settlement(deal.seat_wind(seat), offence).net
    deltas = tuple(net[deal.seat_wind(s)] for s in range(4))
    points = PENALTIES[offence][1]
    return PenaltyPaid(seat, offence.value, points, CONSEQUENCES.get(offence), deltas)


def _why_not(check: WinCheck | None) -> str:
    if check is None:
        return "not a winning hand"
    if check.result.reason is None:
        return "Mah Jongg not allowed here"
    return check.result.reason.value.replace("_", " ")


def false_declaration(deal: ClassicalDealState, action: Action) -> str | None:
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
    if seat in deal.barred or seat in deal.pays_for_all:
        if phase in ("calls", "rob") and seat in deal.claims:
            return "a dead hand may not call"
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


def penalty_event(deal: ClassicalDealState, action: Action, reason: str) -> FalseDeclaration:
    """The penalty for a false declaration, with the payments by seat."""
    offence = Penalty.FALSE_MAHJONG if action.kind in _MAH_JONGG else Penalty.FALSE_CALL
    net = penalty_settlement(deal.seat_wind(action.seat), offence).net
    deltas = tuple(net[deal.seat_wind(s)] for s in range(4))
    points = PENALTIES[offence][1]
    return FalseDeclaration(action.seat, action.kind.value, offence.value, points, reason, deltas)


def pay(deal: ClassicalDealState, seat_no: int, offence: Penalty) -> None:
    """``seat_no`` pays for ``offence`` now."""
    event = penalty_paid(deal, seat_no, offence)
    for s, d in enumerate(event.deltas):
        deal.balances[s] += d
        deal.penalties[s] += d
    deal.log.append(event)


def bar(deal: ClassicalDealState, seat_no: int) -> None:
    """Withdraw what a newly dead hand was offered: in an open claim window it may only pass (a
    claim it already answered, not yet carried out, becomes a pass), and on its turn it may no
    longer declare Mah Jongg (the turn's legal actions are computed afresh after the report)."""
    if seat_no in deal.claims:
        deal.claims[seat_no] = [Action(ActionKind.PASS, seat_no)]
        deal.wins.pop(seat_no, None)
        if seat_no in deal.answers:
            deal.answers[seat_no] = deal.claims[seat_no][0]


def correct(deal: ClassicalDealState, seat_no: int) -> None:
    """A dead hand's error is corrected: it pays 30, East 10 more when sharing the fault."""
    east_shares = deal.barred.pop(seat_no)
    pay(deal, seat_no, Penalty.DEAD_HAND)
    if east_shares:
        pay(deal, deal.dealer, Penalty.DEAD_HAND_EAST_SHARE)
