"""The state of one riichi deal: every field the parts of the deal read and change, and the small
queries they share. :class:`~jantaku.engine.riichi.deal.Deal` adds the public methods; the
modules beside it (drawing, turn, claims, kongs, ending) carry out one job each on this state."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jantaku.engine.actions import Action
from jantaku.engine.deal import BaseDeal
from jantaku.engine.riichi.events import DrawKind, Event
from jantaku.engine.riichi.judge import WinJudge, WinOutcome
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.seat import SeatState
from jantaku.engine.riichi.view import SeatView
from jantaku.engine.riichi.wall import WallSetup
from jantaku.tiles import BY_INDEX, Tile, Wind

__all__ = ["DealResult", "DealState", "Phase", "by_index"]


class Phase(Enum):
    TURN = "turn"
    CALLS = "calls"
    CHANKAN = "chankan"
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended, for the match: winners, the draw kind, tenpai, the score changes."""

    winners: tuple[int, ...]
    draw: DrawKind | None
    tenpai: tuple[bool, ...]
    deltas: tuple[int, ...]
    deposits_left: int
    scores: tuple[int, ...]  # after the deal: its deltas and the riichi sticks paid during it


by_index = BY_INDEX  # sort key: tiles in index order (the order hands and melds are shown in)


class DealState(BaseDeal[Phase, SeatState, SeatView]):
    """The fields of a deal, from the first draw to the settlement."""

    TURN_PHASE = Phase.TURN
    WINDOW_PHASES = (Phase.CALLS, Phase.CHANKAN)
    ENDED_PHASE = Phase.ENDED
    _COPIED = ("scores", "kan_seats", "wins")

    def __init__(
        self,
        rules: TableRules,
        judge: WinJudge,
        wall: WallSetup,
        *,
        dealer: int,
        round_wind: Wind,
        honba: int,
        deposits: int,
        scores: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.judge = judge
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.honba = honba
        self.deposits = deposits
        self.scores = list(scores)
        self.seats = [SeatState() for _ in range(4)]
        self.phase = Phase.TURN
        self.turn = dealer
        self.live_next = 0  # index of the next live draw
        self.live_end = len(wall.live)  # each kan gives the last live tile to the dead wall
        self.kan_seats: list[int] = []  # who made each kan, in order
        self.dora_shown = 1
        self.pending_dora = 0  # open/added kan dora waiting for the replacement discard
        self.calls_made = False  # any call or kan so far (ends first-turn rules)
        self.drawn: Tile | None = None  # this turn's drawn tile; None after chi/pon
        self.rinshan = False  # the drawn tile is a replacement tile
        self.kuikae: frozenset[int] = frozenset()
        self.riichi_pending: int | None = None  # seat whose riichi discard awaits acceptance
        self.last_discard: tuple[int, Tile] | None = None
        self.claims: dict[int, list[Action]] = {}  # an open call window: seat -> its choices
        self.answers: dict[int, Action] = {}
        self.wins: dict[int, WinOutcome] = {}  # who may ron in the open window, and for what
        self.tsumo: WinOutcome | None = None  # found with the turn's legal actions
        self.kan_tile: Tile | None = None  # the tile of a kan being robbed
        self.robbing_concealed = False  # the kan being robbed is concealed (thirteen orphans)
        # Hold a call window open after every discard and robbable kan even when nobody may
        # call, so that a table can give every discard the same pause (no hidden information
        # in the timing); ``close_calls`` ends such an empty window.
        self.hold_calls = False
        self.result: DealResult | None = None
        self.log: list[Event] = []
        # Answers computed once per state (see Deal.legal_actions and Deal.view); every public
        # step that changes the deal drops them.
        self._turn_cache: list[Action] | None = None
        self._views: dict[int | None, SeatView] = {}

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return self.wall.dora[: self.dora_shown]

    def first_turn(self, seat_no: int) -> bool:
        """No call or kan yet and the seat has not discarded: first-turn rules still hold."""
        return not self.calls_made and not self.seats[seat_no].river

    def break_first_turn(self) -> None:
        """A call or kan ends every first-turn rule and every ippatsu."""
        self.calls_made = True
        for seat in self.seats:
            seat.ippatsu = False

    def ura_indicators(self) -> tuple[Tile, ...]:
        """One ura indicator under each shown dora indicator (kan ura), or only the first."""
        return self.wall.ura[: self.dora_shown if self.rules.kan_ura else 1]
