"""The actions the tracked seat may take now, by the engine's own rules.

The tracker rebuilds the seat as the engine's :class:`SeatState` and asks the engine's pieces:
calls come from :func:`call_choices` (kuikae included), wins from the engine's judge on a
:class:`WinSituation`, a riichi concealed kan from :func:`riichi_kan_keeps_waits`, and riichi,
kans and the nine-terminals draw follow the :class:`TableRules` the engine reads from the same
options. What the engine decides with the whole deal in view (the turn order, the other seats'
claims) the mjai server decides; the tracker only says what this seat may answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import call_choices, riichi_kan_keeps_waits
from jantaku.engine.riichi.judge import WinSituation
from jantaku.engine.riichi.seat import SeatState
from jantaku.hand.lookup import shanten
from jantaku.meld import MeldKind
from jantaku.tiles import Tile, Wind

if TYPE_CHECKING:
    from jantaku.players.mjai.state import MjaiSeatState

__all__ = ["legal_actions", "own_seat"]

_ORPHANS = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})
_NINE_TERMINALS = 9  # distinct terminals and honours for the abortive draw


def own_seat(state: MjaiSeatState) -> SeatState:
    """The tracked seat as the engine keeps it (waits and furiten included)."""
    mine = state.seats[state.seat]
    seat = SeatState(
        tiles=list(state.hand),
        melds=list(mine.melds),
        discarded_kinds={t.kind_id for t, _g, _r, _c in mine.river},
        riichi=mine.riichi,
        double_riichi=mine.riichi and state.double_riichi,
        ippatsu=mine.riichi and state.ippatsu,
        temp_furiten=state.temp_furiten,
        riichi_furiten=state.riichi_furiten,
    )
    for t in state.hand:
        seat.counts[t.kind_id] += 1
    if len(state.hand) % 3 == 1:
        seat.refresh_waits()
    return seat


def legal_actions(state: MjaiSeatState) -> list[Action]:
    if not state.in_deal:
        return []
    me = state.seat
    seat = own_seat(state)
    if state.turn == me and state.last_discard is None and len(state.hand) % 3 == 2:
        return _turn_actions(state, seat)
    if state.chankan_tile is not None and state.chankan_tile[0] != me:
        kan_seat, tile = state.chankan_tile
        if _may_ron(state, seat, tile, kan_seat, chankan=True):
            return [Action(ActionKind.RON, me, tile), Action(ActionKind.PASS, me)]
        return []
    if state.last_discard is None or state.last_discard[0] == me:
        return []
    discarder, tile = state.last_discard
    out: list[Action] = []
    if _may_ron(state, seat, tile, discarder):
        out.append(Action(ActionKind.RON, me, tile))
    if state.live > 0 and not seat.riichi:
        open_kan = _kan_allowed(state)
        out.extend(call_choices(seat, me, tile, (discarder + 1) % 4 == me, open_kan))
    if out:
        out.append(Action(ActionKind.PASS, me))
    return out


def _may_ron(
    state: MjaiSeatState, seat: SeatState, tile: Tile, from_seat: int, chankan: bool = False
) -> bool:
    return (
        tile.kind_id in seat.waits
        and not seat.furiten
        and _wins(state, seat, tile, from_seat, chankan)
    )


def _wins(
    state: MjaiSeatState, seat: SeatState, tile: Tile, from_seat: int | None, chankan: bool = False
) -> bool:
    """Whether the engine's judge values this win (a yaku is there)."""
    concealed = list(seat.tiles)
    tsumo = from_seat is None
    if tsumo:
        concealed.remove(tile)
    last = state.live == 0
    rinshan = tsumo and state.rinshan
    situation = WinSituation(
        seat=state.seat,
        dealer=state.dealer,
        concealed=tuple(concealed),
        melds=tuple(seat.melds),
        win_tile=tile,
        from_seat=from_seat,
        seat_wind=Wind((state.seat - state.dealer) % 4),
        round_wind=Wind(state.round_wind),
        dora_indicators=tuple(state.dora),
        ura_indicators=(),  # unknown until the win: they add han, never a yaku
        riichi=seat.riichi and not seat.double_riichi,
        double_riichi=seat.double_riichi,
        ippatsu=seat.ippatsu,
        haitei=tsumo and last and (not rinshan or state.rules.rinshan_counts_haitei),
        houtei=not tsumo and last and not chankan,
        rinshan=rinshan,
        chankan=chankan,
        first_turn=tsumo and not state.calls_made and not state.seats[state.seat].river,
        honba=state.honba,
        deposits=state.deposits,
    )
    try:
        return state.judge.judge(situation) is not None
    except Exception:  # a hand the scorer cannot read is no win
        return False


def _turn_actions(state: MjaiSeatState, seat: SeatState) -> list[Action]:
    me = state.seat
    mine = state.seats[me]
    rules = state.rules
    drawn = state.drawn
    melds = len(seat.melds)
    current = shanten(seat.counts, melds)
    out: list[Action] = []
    if drawn is not None:
        if current == -1 and _wins(state, seat, drawn, None):
            out.append(Action(ActionKind.TSUMO, me, drawn))
        if (
            not state.calls_made
            and not mine.river
            and "nine_terminals" in rules.abortive_draws
            and sum(1 for k in _ORPHANS if seat.counts[k]) >= _NINE_TERMINALS
        ):
            out.append(Action(ActionKind.NINE_TERMINALS, me))
        out.extend(_kans(state, seat))
    if seat.riichi and drawn is not None:
        out.append(Action(ActionKind.DISCARD, me, drawn))
        return out
    if mine.riichi_pending:  # after the own reach event: the riichi discard
        return _riichi_discards(seat, me)
    out.extend(
        Action(ActionKind.DISCARD, me, t) for t in seat.tiles if t.kind_id not in state.kuikae
    )
    if (
        current <= 0
        and drawn is not None
        and not seat.riichi
        and seat.is_concealed
        and state.scores[me] >= rules.riichi_min_points
        and state.live >= rules.riichi_min_wall
    ):
        out.extend(_riichi_discards(seat, me))
    return out


def _riichi_discards(seat: SeatState, me: int) -> list[Action]:
    out = []
    counts, melds = seat.counts, len(seat.melds)
    for t in seat.tiles:
        k = t.kind_id
        counts[k] -= 1
        ready = shanten(counts, melds) == 0
        counts[k] += 1
        if ready:
            out.append(Action(ActionKind.RIICHI, me, t))
    return out


def _kan_allowed(state: MjaiSeatState) -> bool:
    """The wall and kan-count limits every kan shares, as the engine applies them."""
    if state.live < 1 and not state.rules.kan_on_last_draw:
        return False
    kan_seats = [i for i, p in enumerate(state.seats) for m in p.melds if m.kind is MeldKind.KONG]
    if len(kan_seats) < 4:
        return True
    return state.rules.fifth_kan_aborts and len(set(kan_seats)) == 1


def _kans(state: MjaiSeatState, seat: SeatState) -> list[Action]:
    """Concealed kans (in riichi only on the drawn tile, keeping the waits) and added kans."""
    if not _kan_allowed(state):
        return []
    me = state.seat
    drawn = state.drawn
    strict = state.rules.riichi_ankan_rule == "tenhou_strict"
    out = []
    for kind in range(34):
        if seat.counts[kind] != 4:
            continue
        if seat.riichi and (
            drawn is None
            or drawn.kind_id != kind
            or not riichi_kan_keeps_waits(seat.counts, len(seat.melds), kind, strict)
        ):
            continue
        tiles = tuple(sorted((t for t in seat.tiles if t.kind_id == kind), key=lambda t: t.index))
        out.append(Action(ActionKind.CONCEALED_KAN, me, None, tiles))
    if not seat.riichi:
        for meld in seat.melds:
            if meld.kind is MeldKind.PUNG:
                extra = seat.find(meld.first)
                if extra is not None:
                    out.append(Action(ActionKind.ADDED_KAN, me, extra))
    return out
