"""Kongs (kan) in a riichi deal: which a seat may declare on its turn, carrying them out with
their dora and replacement tile, robbing the kong (chankan), and the four/five-kong limits
(doman-rules.md §2.5)."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import riichi_kan_keeps_waits
from jantaku.engine.riichi.drawing import reveal_dora, reveal_pending_dora, start_turn
from jantaku.engine.riichi.ending import abort, win_situation
from jantaku.engine.riichi.events import DrawKind, KanDeclared
from jantaku.engine.riichi.judge import WinOutcome
from jantaku.engine.riichi.position import Position
from jantaku.engine.riichi.state import DealState, Phase, by_index
from jantaku.hand.lookup import shanten_thirteen_orphans
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile

__all__ = [
    "added_kong",
    "after_added_kong",
    "after_concealed_kong",
    "concealed_kong",
    "fifth_kong_aborts",
    "kong_actions",
    "kong_allowed",
    "robbing_win",
]


def kong_allowed(deal: Position) -> bool:
    """Wall and kong-count limits shared by every kind of kong."""
    if deal.live_remaining < 1 and not deal.rules.kan_on_last_draw:
        return False
    if len(deal.kan_seats) < 4:
        return True
    # A fifth kan: Doman lets it be declared (and aborts); Tenhou forbids it.
    return deal.rules.fifth_kan_aborts and len(set(deal.kan_seats)) == 1


def kong_actions(deal: Position, seat_no: int) -> list[Action]:
    """The concealed and added kongs the seat on turn may declare."""
    seat = deal.seats[seat_no]
    if not kong_allowed(deal):
        return []
    actions = []
    counts = seat.counts
    fours = [k for k, n in enumerate(counts) if n == 4] if 4 in counts else []
    for kind in fours:
        if not seat.riichi or _riichi_kong_ok(deal, seat_no, kind):
            tiles = tuple(sorted((t for t in seat.tiles if t.kind_id == kind), key=by_index))
            actions.append(Action(ActionKind.CONCEALED_KAN, seat_no, None, tiles))
    if not seat.riichi:
        for meld in seat.melds:
            if meld.kind is MeldKind.PUNG and counts[meld.first]:
                extra = seat.find(meld.first)
                if extra is not None:
                    actions.append(Action(ActionKind.ADDED_KAN, seat_no, extra))
    return actions


def _riichi_kong_ok(deal: Position, seat_no: int, kind: int) -> bool:
    """A concealed kong in riichi must use the drawn tile and keep the waits."""
    drawn = deal.drawn
    if drawn is None or drawn.kind_id != kind:
        return False
    seat = deal.seats[seat_no]
    strict = deal.rules.riichi_ankan_rule == "tenhou_strict"
    return riichi_kan_keeps_waits(seat.counts, len(seat.melds), kind, strict)


def concealed_kong(deal: DealState, seat_no: int, tiles: tuple[Tile, ...]) -> None:
    seat = deal.seats[seat_no]
    reveal_pending_dora(deal)
    for t in tiles:
        seat.remove(t)
    seat.melds.append(Meld(MeldKind.KONG, tiles, KongKind.CONCEALED))
    seat.kans += 1
    deal.kan_seats.append(seat_no)
    deal.break_first_turn()
    deal.log.append(KanDeclared(seat_no, ActionKind.CONCEALED_KAN.value, tiles))
    if deal.rules.kokushi_rob_ankan and _open_robbing(deal, seat_no, tiles[0], True):
        return
    after_concealed_kong(deal, seat_no)


def after_concealed_kong(deal: DealState, seat_no: int) -> None:
    """The concealed kong stands: its dora is turned at once, then the replacement drawn."""
    deal.kan_tile = None
    if fifth_kong_aborts(deal):
        return
    reveal_dora(deal)
    start_turn(deal, seat_no, replacement=True)


def added_kong(deal: DealState, seat_no: int, tile: Tile) -> None:
    seat = deal.seats[seat_no]
    seat.extend_pung(tile)
    seat.kans += 1
    deal.kan_seats.append(seat_no)
    deal.log.append(KanDeclared(seat_no, ActionKind.ADDED_KAN.value, (tile,)))
    if not _open_robbing(deal, seat_no, tile, False):
        after_added_kong(deal, seat_no)


def robbing_win(
    deal: Position, seat_no: int, kong_seat: int, tile: Tile, orphans_only: bool = False
) -> WinOutcome | None:
    """What ``seat_no`` would win by robbing ``kong_seat``'s kong of ``tile`` (None: it may
    not; for a concealed kong only a thirteen-orphans hand may rob)."""
    seat = deal.seats[seat_no]
    if tile.kind_id not in seat.waits or seat.furiten:
        return None
    if orphans_only and (seat.melds or shanten_thirteen_orphans(seat.counts) != 0):
        return None
    return deal.judge.judge(win_situation(deal, seat_no, tile, kong_seat, chankan=True))


def _open_robbing(deal: DealState, seat_no: int, tile: Tile, orphans_only: bool) -> bool:
    """Offer the others a ron on the kong tile (robbing the kong); for a concealed kong only a
    thirteen-orphans hand may rob. True when somebody is asked."""
    kind = tile.kind_id
    deal.claims = {}
    deal.answers = {}
    deal.wins = {}
    deal.last_discard = (seat_no, tile)
    deal.kan_tile = tile
    deal.robbing_concealed = orphans_only
    for offset in (1, 2, 3):
        other_no = (seat_no + offset) % 4
        outcome = robbing_win(deal, other_no, seat_no, tile, orphans_only)
        if outcome is not None:
            deal.wins[other_no] = outcome
            deal.claims[other_no] = [
                Action(ActionKind.RON, other_no, tile),
                Action(ActionKind.PASS, other_no),
            ]
    if not orphans_only:
        for other_no, other in enumerate(deal.seats):
            if other_no != seat_no and kind in other.waits and other_no not in deal.wins:
                other.temp_furiten = True
                if other.riichi:
                    other.riichi_furiten = True
    if deal.claims or deal.hold_calls:
        deal.phase = Phase.CHANKAN
        return True
    return False


def after_added_kong(deal: DealState, seat_no: int) -> None:
    """The kong stands (nobody robbed it): an earlier kong's pending dora is turned now
    (Tenhou turns nothing when the kong is robbed), then this kong's own."""
    deal.kan_tile = None
    deal.break_first_turn()
    reveal_pending_dora(deal)
    if fifth_kong_aborts(deal):
        return
    if deal.rules.kan_dora_timing == "tenhou":
        deal.pending_dora += 1
    else:
        reveal_dora(deal)
    start_turn(deal, seat_no, replacement=True)


def fifth_kong_aborts(deal: DealState) -> bool:
    """A fifth kong (allowed only while one player holds all four) aborts the hand before any
    dora is turned or replacement drawn: the dead wall has no fifth of either."""
    if len(deal.kan_seats) == 5:
        abort(deal, DrawKind.FOUR_KANS)
        return True
    return False
