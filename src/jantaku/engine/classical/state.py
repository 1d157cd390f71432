"""The state of one classical deal: every field the parts of the deal read and change, and the
queries they share (whether a seat may win now, which discards the Störspielgebot allows).
:class:`~jantaku.engine.classical.deal.ClassicalDeal` adds the public methods; the modules beside
it (drawing, turn, claims, kongs, ending, penalties) carry out one job each on this state."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jantaku.engine.actions import Action
from jantaku.engine.classical.judge import WinCheck, check_win, could_complete, is_ready
from jantaku.engine.classical.seat import ClassicalSeat
from jantaku.engine.classical.view import ClassicalView
from jantaku.engine.classical.wall import DEAL_SIZE, ClassicalWall
from jantaku.engine.deal import BaseDeal
from jantaku.engine.events import Event
from jantaku.hand.lookup import shanten
from jantaku.meld import KongKind
from jantaku.rules.classical import (
    ClassicalOptions,
    DealScore,
    Exemption,
    SeatHand,
    Win,
    discard_exemption,
)
from jantaku.rules.classical.options import StoerspielNoSafeTile
from jantaku.tiles import BY_INDEX, Tile, TileKind, Wind

__all__ = ["ClassicalDealResult", "ClassicalDealState", "Phase", "RobbedKong", "by_index"]


class Phase(Enum):
    TURN = "turn"
    CALLS = "calls"  # the last discard may be claimed
    ROB = "rob"  # a kong just declared may be robbed for Mah Jongg
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class ClassicalDealResult:
    """How the deal ended: ``winner`` None for a Remis; ``deltas`` of the settlement by seat
    (penalties paid during the deal are in ``penalties``)."""

    winner: int | None
    score: DealScore
    deltas: tuple[int, ...]
    penalties: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RobbedKong:
    """A kong that others may rob: who declared it, its tile, its kind."""

    seat: int
    tile: Tile
    kong: KongKind


by_index = BY_INDEX  # sort key: tiles in index order (the order hands and melds are shown in)


class ClassicalDealState(BaseDeal[Phase, ClassicalSeat, ClassicalView]):
    """The fields of a deal, from the deal to the settlement."""

    TURN_PHASE = Phase.TURN
    WINDOW_PHASES = (Phase.CALLS, Phase.ROB)
    ENDED_PHASE = Phase.ENDED
    _COPIED = ("balances", "penalties", "wins", "barred", "pays_for_all")

    def __init__(
        self,
        options: ClassicalOptions,
        wall: ClassicalWall,
        *,
        dealer: int,
        round_wind: Wind,
        hand_number: int,
        balances: tuple[int, ...],
    ) -> None:
        self.options = options
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.hand_number = hand_number
        self.balances = list(balances)
        self.penalties = [0, 0, 0, 0]
        self.seats = [ClassicalSeat() for _ in range(4)]
        self.phase = Phase.TURN
        self.turn = dealer
        self.live_next = DEAL_SIZE
        self.live_end = len(wall.live)  # replacements come from here once the dead wall is empty
        self.dead_next = 0
        self.drawn: Tile | None = None  # the tile received this turn; None after a chow or pung
        self.replacement = False  # the drawn tile came as a replacement
        self.first_turn = True  # East's first turn, before any kong or discard (heavenly hand)
        self.discards = 0
        self.last_discard: tuple[int, Tile] | None = None
        self.violations: frozenset[int] = frozenset()  # threateners the last discard violated
        self.claims: dict[int, list[Action]] = {}
        self.answers: dict[int, Action] = {}
        self.wins: dict[int, WinCheck] = {}
        self.tsumo: WinCheck | None = None  # found with the turn's legal actions
        self.rob: RobbedKong | None = None
        # Hold a claim window open after every discard and robbable kong even when nobody may
        # claim, so that a table can give each the same pause; ``close_calls`` ends it.
        self.hold_calls = False
        # Reported offences (free-declaration mode): dead hands awaiting their correction at the
        # seat's next turn (seat -> East shares the fault), and seats with a wrong number of
        # tiles, who pay for all at the settlement; neither may call or win meanwhile.
        self.barred: dict[int, bool] = {}
        self.pays_for_all: list[int] = []
        self.result: ClassicalDealResult | None = None
        self.log: list[Event] = []
        # Answers computed once per state (see ClassicalDeal.legal_actions and .view); every
        # public step that changes the deal drops them.
        self._turn_cache: list[Action] | None = None
        self._views: dict[int | None, ClassicalView] = {}

    @property
    def dead_remaining(self) -> int:
        return len(self.wall.dead) - self.dead_next

    def seat_of(self, wind: Wind) -> int:
        return (self.dealer + int(wind)) % 4

    def others(self, seat_no: int) -> list[int]:
        """The other seats in turn order after ``seat_no``."""
        return [(seat_no + offset) % 4 for offset in (1, 2, 3)]

    def dead(self, seat_no: int) -> bool:
        """The seat may neither call nor win now (a reported dead hand or wrong count)."""
        return seat_no in self.barred or seat_no in self.pays_for_all

    def win_check(
        self, seat_no: int, tile: Tile, *, discarder: int | None, robbing: bool = False
    ) -> WinCheck | None:
        """Whether ``seat_no`` may declare Mah Jongg with ``tile`` now (self-drawn when
        ``discarder`` is None): None when the hand cannot be complete, else the scorer's verdict
        (``allowed``: complete and not below the lower limit)."""
        seat = self.seats[seat_no]
        self_draw = discarder is None
        melds = len(seat.melds)
        if seat.shanten_floor >= (0 if self_draw else 1) and (melds or not self_draw):
            return None  # no complete shape (see ClassicalSeat.shanten_floor), no lanterns
        counts = seat.counts
        kind = tile.kind_id
        if not self_draw:
            counts = list(counts)
            counts[kind] += 1
        distance = shanten(counts, melds)
        # the hand without the discard is no closer than with it; a self-drawn tile is held
        seat.shanten_floor = max(seat.shanten_floor, distance)
        if not could_complete(counts, melds, self_draw, kind, distance):
            return None
        concealed = list(seat.kinds())
        if self_draw:
            concealed.remove(tile.kind)
        win = Win(
            winner=self.seat_wind(seat_no),
            win_tile=tile.kind,
            self_draw=self_draw,
            discarder=None if discarder is None else self.seat_wind(discarder),
            last_wall_tile=self_draw and self.live_remaining == 0 and not self.replacement,
            last_discard=not self_draw and not robbing and self.live_remaining == 0,
            robbing_kong=robbing,
            heavenly_hand=self_draw and seat_no == self.dealer and self.first_turn,
            earthly_hand=not self_draw and not robbing and self.discards == 1,
        )
        hand = SeatHand(
            self.seat_wind(seat_no),
            tuple(concealed),
            tuple(seat.melds),
            tuple(t.kind for t in seat.bonus),
        )
        return check_win(hand, self.round_wind, win, self.options)

    def exemption_for(self, seat_no: int, kind: TileKind, threatener: int) -> Exemption | None:
        """The Störspiel exception that would allow ``seat_no`` to discard ``kind`` now."""
        seat = self.seats[seat_no]
        counts = list(seat.counts)
        counts[kind] -= 1
        return discard_exemption(
            kind,
            seat.kinds(),
            self.unsafe_for(seat_no, threatener),
            ready=is_ready(counts, len(seat.melds)),
            previous_discard=self.previous_kind(),
        )

    def previous_kind(self) -> TileKind | None:
        """The kind of the last discard (exception 4 of §7.2)."""
        return None if self.last_discard is None else self.last_discard[1].kind

    def unsafe_for(self, seat_no: int, threatener: int) -> frozenset[TileKind]:
        """The tiles that are not "non-dangerous" for exception 3 of §7.2 when ``seat_no``
        discards against ``threatener``: by default those any other seat's threat forbids
        (option ``stoerspiel_no_safe_tile``)."""
        if self.options.stoerspiel_no_safe_tile is StoerspielNoSafeTile.EACH_THREAT:
            return self.seats[threatener].dangerous
        return frozenset().union(*(self.seats[o].dangerous for o in self.others(seat_no)))
