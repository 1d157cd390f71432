"""The turn in a classical deal: what the seat on turn may do (Mah Jongg, kongs, discard) and
carrying out its choice; a discard is checked against the Störspielgebot (spec §7) as it is
made."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.claims import open_claims
from jantaku.engine.classical.ending import mah_jongg
from jantaku.engine.classical.events import ClassicalDiscarded, DangerousDiscard
from jantaku.engine.classical.judge import is_ready
from jantaku.engine.classical.kongs import added_kong, concealed_kong, kong_actions
from jantaku.engine.classical.seat import RiverTile
from jantaku.engine.classical.state import ClassicalDealState, by_index
from jantaku.rules.classical import discard_exemption
from jantaku.tiles import Tile

__all__ = ["apply_turn", "turn_actions"]


def turn_actions(deal: ClassicalDealState, seat_no: int) -> list[Action]:
    """Everything the seat on turn may do now (one discard per kind); a possible Mah Jongg's
    check is kept in ``deal.tsumo`` for :func:`apply_turn`."""
    seat = deal.seats[seat_no]
    actions: list[Action] = []
    drawn = deal.drawn
    deal.tsumo = None
    if drawn is not None:
        check = None if deal.dead(seat_no) else deal.win_check(seat_no, drawn, discarder=None)
        if check is not None and check.allowed:
            deal.tsumo = check
            actions.append(Action(ActionKind.TSUMO, seat_no, drawn))
        actions.extend(kong_actions(deal, seat_no))
    seen: set[int] = set()
    discards = _DISCARDS[seat_no]
    if drawn is not None:
        seen.add(drawn.kind_id)
        actions.append(discards.get(drawn) or _discard(seat_no, drawn))
    for tile in sorted(seat.tiles, key=by_index):
        if tile.kind_id not in seen:
            seen.add(tile.kind_id)
            actions.append(discards.get(tile) or _discard(seat_no, tile))
    return actions


_DISCARDS: list[dict[Tile, Action]] = [{} for _ in range(4)]
"""The discard actions by seat and tile: immutable and asked for every turn, so built once."""


def _discard(seat_no: int, tile: Tile) -> Action:
    action = _DISCARDS[seat_no][tile] = Action(ActionKind.DISCARD, seat_no, tile)
    return action


def apply_turn(deal: ClassicalDealState, action: Action) -> None:
    """Carry out a legal action of the seat on turn."""
    kind = action.kind
    seat_no = action.seat
    if kind is ActionKind.TSUMO:
        assert deal.tsumo is not None and action.tile is not None
        mah_jongg(deal, seat_no, action.tile, None, deal.tsumo)
    elif kind is ActionKind.CONCEALED_KAN:
        concealed_kong(deal, seat_no, action.tiles)
    elif kind is ActionKind.ADDED_KAN:
        assert action.tile is not None
        added_kong(deal, seat_no, action.tile)
    else:
        assert action.tile is not None
        discard(deal, seat_no, action.tile)


def discard(deal: ClassicalDealState, seat_no: int, tile: Tile) -> None:
    """The seat discards ``tile``; every threat it feeds is logged (exempt or violated), then
    the claim window opens."""
    seat = deal.seats[seat_no]
    kind = tile.kind
    # the kinds held before the discard, for the Störspiel exemptions (only when it feeds one)
    threatened = any(kind in deal.seats[o].dangerous for o in deal.others(seat_no))
    hand = seat.kinds() if threatened else ()
    seat.remove(tile)
    tsumogiri = tile is deal.drawn or tile == deal.drawn
    seat.river.append(RiverTile(tile, tsumogiri))
    deal.log.append(ClassicalDiscarded(seat_no, tile, tsumogiri))
    violated: set[int] = set()
    ready: bool | None = None
    for other in deal.others(seat_no) if threatened else ():
        danger = deal.seats[other].dangerous
        if kind not in danger:
            continue
        if ready is None:
            ready = is_ready(seat.counts, len(seat.melds))
        exemption = discard_exemption(
            kind,
            hand,
            deal.unsafe_for(seat_no, other),
            ready=ready,
            previous_discard=deal.previous_kind(),
        )
        if exemption is None:
            violated.add(other)
        deal.log.append(
            DangerousDiscard(
                seat_no, tile, other, exemption is None, exemption.value if exemption else None
            )
        )
    deal.violations = frozenset(violated)
    deal.last_discard = (seat_no, tile)
    deal.discards += 1
    deal.first_turn = False
    deal.drawn = None
    open_claims(deal, seat_no, tile)
