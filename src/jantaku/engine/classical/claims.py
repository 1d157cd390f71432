"""Call windows in a classical deal: after a discard every other seat may claim it (Mah Jongg,
kong, pung, chow, or in free-declaration mode anything); when all have answered, priority decides
(Mah Jongg > Kong > Pung > Chow, ties to the seat nearest the discarder), spec §3.2."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.calls import chow_tile_pairs, rank
from jantaku.engine.classical.drawing import start_turn
from jantaku.engine.classical.ending import mah_jongg, remis
from jantaku.engine.classical.events import ClassicalCalled
from jantaku.engine.classical.judge import completes_without_chow
from jantaku.engine.classical.state import ClassicalDealState, Phase, by_index
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile

__all__ = ["open_claims", "resolve_claims"]

_CALL_NAMES = {
    ActionKind.CHI: "chow",
    ActionKind.PON: "pung",
    ActionKind.OPEN_KAN: "kong",
    ActionKind.ADDED_KAN: "extended",  # a laid-out pung made a kong with a discard
}


def open_claims(deal: ClassicalDealState, discarder: int, tile: Tile) -> None:
    """Ask the other seats about the discard; with nobody to ask (and no window held), play
    goes on at once."""
    deal.claims = {}
    deal.answers = {}
    deal.wins = {}
    for offset, other in enumerate(deal.others(discarder), start=1):
        acts: list[Action] = []
        dead = deal.dead(other)
        check = None if dead else deal.win_check(other, tile, discarder=discarder)
        if check is not None and check.allowed and _chow_rule_ok(deal, other, offset, tile):
            deal.wins[other] = check
            acts.append(Action(ActionKind.RON, other, tile))
        if deal.live_remaining > 0 and not dead:  # the last discard: Mah Jongg only
            acts.extend(_call_choices(deal, other, offset, tile))
        if acts or deal.options.penalties:  # free declaration: everybody may call
            acts.append(Action(ActionKind.PASS, other))
            deal.claims[other] = acts
    if deal.claims or deal.hold_calls:
        deal.phase = Phase.CALLS
    else:
        after_passes(deal, discarder)


def _call_choices(deal: ClassicalDealState, seat_no: int, offset: int, tile: Tile) -> list[Action]:
    """The kongs, pungs and chows ``seat_no`` may make with the discard."""
    seat = deal.seats[seat_no]
    kind = tile.kind_id
    acts = []
    held = seat.of_kind(kind)
    if len(held) >= 3:
        acts.append(Action(ActionKind.OPEN_KAN, seat_no, tile, tuple(held[:3])))
    if len(held) >= 2:
        acts.append(Action(ActionKind.PON, seat_no, tile, tuple(held[:2])))
    if deal.options.extend_pung_with_discard and any(
        m.kind is MeldKind.PUNG and m.first == kind for m in seat.melds
    ):
        acts.append(Action(ActionKind.ADDED_KAN, seat_no, tile))
    if offset == 1:
        for pair in chow_tile_pairs(seat.counts, kind):
            tiles = tuple(seat.of_kind(k)[0] for k in pair)
            acts.append(Action(ActionKind.CHI, seat_no, tile, tiles))
    return acts


def _chow_rule_ok(deal: ClassicalDealState, seat_no: int, offset: int, tile: Tile) -> bool:
    if offset == 1 or deal.options.mahjong_chow_any_seat:
        return True
    seat = deal.seats[seat_no]
    counts = list(seat.counts)
    counts[tile.kind_id] += 1
    return completes_without_chow(counts, len(seat.melds), tile.kind)


def resolve_claims(deal: ClassicalDealState) -> None:
    """Everybody asked has answered (or the held window closed): the strongest claim wins."""
    assert deal.last_discard is not None
    discarder, tile = deal.last_discard
    claims = [a for a in deal.answers.values() if a.kind is not ActionKind.PASS]
    deal.claims = {}
    deal.answers = {}
    if not claims:
        after_passes(deal, discarder)
        return
    best = min(claims, key=lambda a: (rank(a.kind), (a.seat - discarder) % 4))
    if best.kind is ActionKind.RON:
        deal.seats[discarder].river[-1].called = True
        deal.seats[best.seat].add(tile)
        mah_jongg(deal, best.seat, tile, discarder, deal.wins[best.seat])
        return
    _call(deal, best, discarder, tile)


def after_passes(deal: ClassicalDealState, discarder: int) -> None:
    """Nobody claimed the discard: the next seat draws (a Remis when the wall is empty)."""
    deal.phase = Phase.TURN
    if deal.live_remaining <= 0:
        remis(deal)
        return
    start_turn(deal, (discarder + 1) % 4, replacement=False)


def _call(deal: ClassicalDealState, call: Action, discarder: int, tile: Tile) -> None:
    seat_no = call.seat
    seat = deal.seats[seat_no]
    for t in call.tiles:
        seat.remove(t)
    deal.seats[discarder].river[-1].called = True
    tiles = tuple(sorted((*call.tiles, tile), key=by_index))
    offset = (discarder - seat_no) % 4
    if call.kind is ActionKind.ADDED_KAN:  # extend_pung_with_discard = true
        index = next(
            i for i, m in enumerate(seat.melds) if m.kind is MeldKind.PUNG and m.first == tile.kind
        )
        pung = seat.melds.pop(index)
        tiles = tuple(sorted((*pung.tiles, tile), key=by_index))
        meld = Meld(
            MeldKind.KONG, tiles, KongKind.ADDED, called=pung.called, from_seat=pung.from_seat
        )
    elif call.kind is ActionKind.CHI:
        meld = Meld(MeldKind.CHOW, tiles, called=tile, from_seat=offset)
    elif call.kind is ActionKind.PON:
        meld = Meld(MeldKind.PUNG, tiles, called=tile, from_seat=offset)
    else:
        meld = Meld(MeldKind.KONG, tiles, KongKind.EXPOSED, called=tile, from_seat=offset)
    seat.melds.append(meld)
    seat.refresh_danger(deal.options)
    deal.log.append(ClassicalCalled(seat_no, _CALL_NAMES[call.kind], tile, call.tiles, discarder))
    deal.turn = seat_no
    deal.phase = Phase.TURN
    deal.drawn = None
    deal.replacement = False
    if call.kind in (ActionKind.OPEN_KAN, ActionKind.ADDED_KAN):
        start_turn(deal, seat_no, replacement=True)
