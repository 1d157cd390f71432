"""The turn in a riichi deal: what the seat on turn may do (tsumo, nine terminals, kongs,
discard, riichi) and carrying out its choice (doman-rules.md §2.2-2.3)."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.claims import open_claims
from jantaku.engine.riichi.drawing import reveal_pending_dora
from jantaku.engine.riichi.ending import abort, settle_wins, win_situation
from jantaku.engine.riichi.events import DrawKind, discarded
from jantaku.engine.riichi.kongs import added_kong, concealed_kong, kong_actions
from jantaku.engine.riichi.position import Position
from jantaku.engine.riichi.seat import RiverTile, SeatState
from jantaku.engine.riichi.state import DealState
from jantaku.hand.lookup import shanten
from jantaku.meld import MeldKind
from jantaku.tiles import Tile

__all__ = ["apply_turn", "riichi_discards", "turn_actions"]

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def turn_actions(deal: Position, seat_no: int) -> list[Action]:
    """Everything the seat on turn may do now; a possible tsumo's outcome is kept in
    ``deal.tsumo`` for :func:`apply_turn`."""
    seat = deal.seats[seat_no]
    actions: list[Action] = []
    drawn = deal.drawn
    current = 1  # after a call (no drawn tile) neither a win nor riichi is asked about
    if drawn is not None:
        deal.tsumo = None
        # A floor of 0 already rules out a win: the exact shanten matters only for riichi.
        current = seat.shanten_floor
        if current < 0 or (current == 0 and _may_riichi(deal, seat_no)):
            current = seat.low_shanten()
        if current == -1:
            outcome = deal.judge.judge(win_situation(deal, seat_no, drawn, None))
            if outcome is not None:
                deal.tsumo = outcome
                actions.append(Action(ActionKind.TSUMO, seat_no, drawn))
        if (
            deal.first_turn(seat_no)
            and "nine_terminals" in deal.rules.abortive_draws
            and sum(1 for k in _ORPHANS if seat.counts[k]) >= 9
        ):
            actions.append(Action(ActionKind.NINE_TERMINALS, seat_no))
        if 4 in seat.counts or (seat.melds and any(m.kind is MeldKind.PUNG for m in seat.melds)):
            actions.extend(kong_actions(deal, seat_no))
    discards = _DISCARDS[seat_no]
    if seat.riichi and drawn is not None:
        actions.append(discards[drawn.index * 2 + drawn.red] or _discard(seat_no, drawn))
        return actions
    kuikae = deal.kuikae
    tiles = [t for t in seat.tiles if t.kind_id not in kuikae] if kuikae else seat.tiles
    actions += [discards[t.index * 2 + t.red] or _discard(seat_no, t) for t in tiles]
    if current <= 0 and _may_riichi(deal, seat_no):
        actions.extend(riichi_discards(seat, seat_no))
    return actions


def riichi_discards(seat: SeatState, seat_no: int) -> list[Action]:
    """The riichi declarations the seat may make: one for each discard that leaves it ready."""
    counts, melds = seat.counts, len(seat.melds)
    out = []
    for tile in seat.tiles:
        kind = tile.kind_id
        counts[kind] -= 1
        ready = shanten(counts, melds) == 0
        counts[kind] += 1
        if ready:
            out.append(_action(ActionKind.RIICHI, seat_no, tile))
    return out


def _may_riichi(deal: Position, seat_no: int) -> bool:
    seat = deal.seats[seat_no]
    return (
        deal.drawn is not None
        and not seat.riichi
        and seat.is_concealed
        and deal.scores[seat_no] >= deal.rules.riichi_min_points
        and deal.live_remaining >= deal.rules.riichi_min_wall
    )


def apply_turn(deal: DealState, action: Action) -> None:
    """Carry out a legal action of the seat on turn."""
    kind = action.kind
    seat_no = action.seat
    if kind is ActionKind.TSUMO:
        assert deal.tsumo is not None and action.tile is not None
        settle_wins(deal, [(seat_no, deal.tsumo)], None, action.tile)
    elif kind is ActionKind.NINE_TERMINALS:
        abort(deal, DrawKind.NINE_TERMINALS)
    elif kind is ActionKind.CONCEALED_KAN:
        concealed_kong(deal, seat_no, action.tiles)
    elif kind is ActionKind.ADDED_KAN:
        assert action.tile is not None
        added_kong(deal, seat_no, action.tile)
    else:
        assert action.tile is not None
        discard(deal, seat_no, action.tile, riichi=kind is ActionKind.RIICHI)


def discard(deal: DealState, seat_no: int, tile: Tile, riichi: bool) -> None:
    """The seat discards ``tile`` (declaring riichi with it); the call window opens."""
    seat = deal.seats[seat_no]
    drawn = deal.drawn
    tsumogiri = tile is drawn or tile == drawn
    kind = tile.kind_id
    # In riichi the drawn tile goes (after a replacement draw the kong changed the hand): the
    # hand is the one whose waits are known.
    same_hand = seat.riichi and tsumogiri and not deal.rinshan
    seat.remove(tile)
    if seat.riichi:
        seat.ippatsu = False
        if tsumogiri and kind in seat.waits:
            seat.riichi_furiten = True  # let a winning draw go by
    seat.temp_furiten = False
    seat.river.append(RiverTile(tile, tsumogiri, riichi))
    seat.discarded_kinds.add(kind)
    if riichi:
        seat.riichi = True
        # the first discard, just appended, with no call before it: double riichi
        seat.double_riichi = not deal.calls_made and len(seat.river) == 1
        deal.riichi_pending = seat_no
    if same_hand:
        pass
    elif seat.shanten_floor > 0:
        seat.waits = ()  # as refresh_waits() would find: not ready
    else:
        seat.refresh_waits()
    deal.drawn = None
    deal.last_discard = (seat_no, tile)
    deal.log.append(discarded(seat_no, tile, tsumogiri, riichi))
    if deal.pending_dora:
        reveal_pending_dora(deal)
    open_claims(deal, seat_no, tile)


_ACTIONS: dict[tuple[ActionKind, int, int, bool], Action] = {}
_DISCARDS: list[list[Action | None]] = [[None] * 288 for _ in range(4)]
"""The discard actions by seat, then by ``tile.index * 2 + tile.red``: the list the turn's
legal actions are read from without building a key per tile."""


def _discard(seat: int, tile: Tile) -> Action:
    action = _DISCARDS[seat][tile.index * 2 + tile.red] = _action(ActionKind.DISCARD, seat, tile)
    return action


def _action(kind: ActionKind, seat: int, tile: Tile) -> Action:
    """Discard-like actions are immutable and asked for every turn: build each only once."""
    key = (kind, seat, tile.index, tile.red)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(kind, seat, tile)
    return action
