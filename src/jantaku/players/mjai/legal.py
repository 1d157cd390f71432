"""The actions the tracked seat may take now, asked of the engine itself.

The tracker rebuilds its seat as the engine's :class:`SeatState` and the deal as far as it can
see it as a :class:`~jantaku.engine.riichi.position.Position`, then asks the engine's own
legality functions: :func:`turn_actions` on its turn, :func:`claim_choices` on a discard,
:func:`robbing_win` on a kong. What the engine decides with the whole deal in view (the turn
order, the other seats' claims) the mjai server decides; the tracker only says what this seat
may answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.claims import claim_choices
from jantaku.engine.riichi.judge import WinJudge, WinOutcome, WinSituation
from jantaku.engine.riichi.kongs import robbing_win
from jantaku.engine.riichi.seat import SeatState
from jantaku.engine.riichi.turn import riichi_discards, turn_actions
from jantaku.meld import MeldKind
from jantaku.tiles import Tile, Wind

if TYPE_CHECKING:
    from jantaku.players.mjai.state import MjaiSeatState

__all__ = ["legal_actions", "own_seat"]


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
    position = _Tracked(state, own_seat(state))
    if state.turn == me and state.last_discard is None and len(state.hand) % 3 == 2:
        if state.seats[me].riichi_pending:  # after the own reach event: the riichi discard
            return riichi_discards(position.seats[me], me)
        return turn_actions(position, me)
    if state.chankan_tile is not None and state.chankan_tile[0] != me:
        kan_seat, tile = state.chankan_tile
        if robbing_win(position, me, kan_seat, tile) is not None:
            return [Action(ActionKind.RON, me, tile), Action(ActionKind.PASS, me)]
        return []
    if state.last_discard is None or state.last_discard[0] == me:
        return []
    discarder, tile = state.last_discard
    return claim_choices(position, me, discarder, tile)[0]


class _SafeJudge:
    """The engine's judge, for which a hand the scorer cannot read is no win (a tracker may
    follow a server whose rules differ in corners)."""

    def __init__(self, judge: WinJudge) -> None:
        self._judge = judge

    def judge(self, situation: WinSituation) -> WinOutcome | None:
        try:
            return self._judge.judge(situation)
        except Exception:
            return None


class _Tracked:
    """The tracked deal as a :class:`Position`: the own seat in full, the others empty (the
    legality of the own choices never reads them), the wall by its count."""

    def __init__(self, state: MjaiSeatState, seat: SeatState) -> None:
        self._state = state
        self.seats = [seat if i == state.seat else SeatState() for i in range(4)]
        self.drawn = state.drawn
        self.judge: WinJudge = _SafeJudge(state.judge)
        self.rules = state.rules
        self.kuikae = frozenset(state.kuikae)
        self.scores = state.scores
        self.rinshan = state.rinshan
        self.dealer = state.dealer
        self.round_wind = Wind(state.round_wind)
        self.honba = state.honba
        self.deposits = state.deposits
        self.kan_seats = [
            i for i, p in enumerate(state.seats) for m in p.melds if m.kind is MeldKind.KONG
        ]
        self.tsumo: WinOutcome | None = None

    @property
    def live_remaining(self) -> int:
        return self._state.live

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return tuple(self._state.dora)

    def seat_wind(self, seat: int) -> Wind:
        return Wind((seat - self.dealer) % 4)

    def first_turn(self, seat_no: int) -> bool:
        return not self._state.calls_made and not self._state.seats[seat_no].river

    def ura_indicators(self) -> tuple[Tile, ...]:
        return ()  # unknown until the win: they add han, never a yaku
