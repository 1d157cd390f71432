"""Kongs in a classical deal: which the seat on turn may declare, carrying them out, and robbing
the kong (spec §3.4, BER): the others may take the kong's tile for Mah Jongg only; a robbed kong
is undone."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.drawing import can_replace, start_turn
from jantaku.engine.classical.ending import mah_jongg
from jantaku.engine.classical.events import KongDeclared
from jantaku.engine.classical.state import ClassicalDealState, Phase, RobbedKong
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile

__all__ = ["added_kong", "concealed_kong", "kong_actions", "resolve_robbing"]


def kong_actions(deal: ClassicalDealState, seat_no: int) -> list[Action]:
    """The concealed and added kongs the seat on turn may declare."""
    if not can_replace(deal):
        return []
    seat = deal.seats[seat_no]
    actions = []
    for kind in range(34):
        if seat.counts[kind] == 4:
            actions.append(
                Action(ActionKind.CONCEALED_KAN, seat_no, None, tuple(seat.of_kind(kind)))
            )
    for meld in seat.melds:
        if meld.kind is MeldKind.PUNG and seat.counts[meld.first]:
            actions.append(Action(ActionKind.ADDED_KAN, seat_no, seat.of_kind(meld.first)[0]))
    return actions


def concealed_kong(deal: ClassicalDealState, seat_no: int, tiles: tuple[Tile, ...]) -> None:
    seat = deal.seats[seat_no]
    for t in tiles:
        seat.remove(t)
    seat.melds.append(Meld(MeldKind.KONG, tiles, KongKind.CONCEALED))
    seat.refresh_danger(deal.options)
    deal.first_turn = False
    deal.log.append(KongDeclared(seat_no, "concealed", tiles))
    robbable = deal.options.rob_concealed_kong
    _open_robbing(deal, seat_no, tiles[-1], KongKind.CONCEALED, robbable)


def added_kong(deal: ClassicalDealState, seat_no: int, tile: Tile) -> None:
    seat = deal.seats[seat_no]
    seat.extend_pung(tile)
    seat.refresh_danger(deal.options)
    deal.first_turn = False
    deal.log.append(KongDeclared(seat_no, "added", (tile,)))
    _open_robbing(deal, seat_no, tile, KongKind.ADDED, True)


def _open_robbing(
    deal: ClassicalDealState, seat_no: int, tile: Tile, kong: KongKind, robbable: bool
) -> None:
    """Ask the others who may rob the kong; with nobody to ask (and no window held), the
    replacement tile is drawn at once."""
    deal.claims = {}
    deal.answers = {}
    deal.wins = {}
    if robbable:
        for other in deal.others(seat_no):
            check = (
                None
                if deal.dead(other)
                else deal.win_check(other, tile, discarder=seat_no, robbing=True)
            )
            if check is not None and check.allowed:
                deal.wins[other] = check
                deal.claims[other] = [
                    Action(ActionKind.RON, other, tile),
                    Action(ActionKind.PASS, other),
                ]
            elif deal.options.penalties:  # free declaration: everybody may claim
                deal.claims[other] = [Action(ActionKind.PASS, other)]
    if deal.claims or (deal.hold_calls and robbable):
        deal.rob = RobbedKong(seat_no, tile, kong)
        deal.phase = Phase.ROB
    else:
        start_turn(deal, seat_no, replacement=True)


def resolve_robbing(deal: ClassicalDealState) -> None:
    """Everybody asked has answered: the nearest robber wins, else the kong stands."""
    rob = deal.rob
    assert rob is not None
    robbers = [a.seat for a in deal.answers.values() if a.kind is ActionKind.RON]
    deal.claims = {}
    deal.answers = {}
    deal.rob = None
    if not robbers:
        start_turn(deal, rob.seat, replacement=True)
        return
    winner = min(robbers, key=lambda s: (s - rob.seat) % 4)
    # The kong is undone: the robbed tile goes to the winner, the rest stays a pung.
    seat = deal.seats[rob.seat]
    kind = rob.tile.kind_id
    index = next(i for i, m in enumerate(seat.melds) if m.kind is MeldKind.KONG and m.first == kind)
    kong = seat.melds[index]
    rest = tuple(t for t in kong.tiles if t != rob.tile)
    if rob.kong is KongKind.ADDED:
        seat.melds[index] = Meld(MeldKind.PUNG, rest, called=kong.called, from_seat=kong.from_seat)
    else:
        del seat.melds[index]
        for t in rest:
            seat.add(t)
    seat.refresh_danger(deal.options)
    deal.seats[winner].add(rob.tile)
    mah_jongg(deal, winner, rob.tile, rob.seat, deal.wins[winner])
