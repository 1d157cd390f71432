"""The state machine of one riichi deal (kyoku): draws, discards, calls, kans, riichi, furiten, wins
and draws, per doman-rules.md §2 and the table rules of :class:`TableRules`.

Public shape: ``legal_actions(seat)``, ``apply(action) -> events``, ``view(seat)``, ``clone()``.
A seat is asked to decide in two situations: on its turn (``Phase.TURN``: discard, riichi, tsumo,
kans, nine terminals) and when a discard or an added kan offers it a claim (``Phase.CALLS`` /
``Phase.CHANKAN``: ron, pon, kan, chi or pass; all asked seats answer, then priority decides)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import call_choices, kuikae_forbidden, riichi_kan_keeps_waits
from jantaku.engine.riichi.draws import draw_payments, is_nagashi, is_tenpai
from jantaku.engine.riichi.events import (
    Called,
    DealEnded,
    DealStarted,
    Discarded,
    DoraRevealed,
    DrawKind,
    Drew,
    Event,
    KanDeclared,
    RiichiAccepted,
    Won,
)
from jantaku.engine.riichi.judge import WinJudge, WinOutcome, WinSituation
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.seat import RiverTile, SeatState
from jantaku.engine.riichi.view import SeatView, build_view
from jantaku.engine.riichi.wall import WallSetup
from jantaku.errors import IllegalActionError
from jantaku.hand.lookup import shanten, shanten_thirteen_orphans
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile, Wind

__all__ = ["Deal", "DealResult", "Phase"]

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_WIND_KINDS = (27, 28, 29, 30)


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


def _signature(action: Action) -> tuple[object, ...]:
    """Actions that differ only in which physical copy of a plain tile they use are the same."""

    def sig(tile: Tile | None) -> tuple[int, bool] | None:
        return None if tile is None else (tile.kind_id, tile.red)

    return (action.kind, action.seat, sig(action.tile), tuple(sorted(sig(t) for t in action.tiles)))  # type: ignore[type-var]


class Deal:
    """One deal from the first draw to the settlement."""

    def __init__(
        self,
        rules: TableRules,
        judge: WinJudge,
        wall: WallSetup,
        *,
        dealer: int,
        round_wind: Wind,
        honba: int = 0,
        deposits: int = 0,
        scores: tuple[int, ...] = (25000, 25000, 25000, 25000),
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
        self.options: dict[int, list[Action]] = {}  # open claims: seat -> its choices
        self.answers: dict[int, Action] = {}
        self.ron_outcomes: dict[int, WinOutcome] = {}
        self.kan_tile: Tile | None = None  # the tile of a kan being robbed
        self.robbing_concealed = False  # the kan being robbed is concealed (thirteen orphans)
        # Hold a call window open after every discard and robbable kan even when nobody may
        # call, so that a table can give every discard the same pause (no hidden information
        # in the timing); ``close_calls`` ends such an empty window.
        self.hold_calls = False
        self.result: DealResult | None = None
        self.log: list[Event] = []
        self._turn_cache: list[Action] | None = None
        self._tsumo_outcome: WinOutcome | None = None
        # How the deal began and the actions applied since: enough to rebuild it (see _restore).
        self._start = (dealer, round_wind, honba, deposits, tuple(scores))
        self._applied: list[Action | None] = []  # None: a held call window closed
        for i, hand in enumerate(wall.hands):
            seat = self.seats[(dealer + i) % 4]
            for tile in hand:
                seat.add(tile)
        for seat in self.seats:
            seat.refresh_waits()
        self.log.append(
            DealStarted(
                int(round_wind),
                dealer,
                honba,
                deposits,
                tuple(self.scores),
                wall.dora[0],
                tuple(tuple(sorted(s.tiles, key=lambda t: t.index)) for s in self.seats),
            )
        )
        self._draw(dealer, replacement=False)

    # ----------------------------------------------------------------------------- queries

    @property
    def live_remaining(self) -> int:
        return self.live_end - self.live_next

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return self.wall.dora[: self.dora_shown]

    def seat_wind(self, seat: int) -> Wind:
        return Wind((seat - self.dealer) % 4)

    def to_act(self) -> list[int]:
        """The seats that must decide now."""
        if self.phase is Phase.TURN:
            return [self.turn]
        if self.phase in (Phase.CALLS, Phase.CHANKAN):
            return [s for s in self.options if s not in self.answers]
        return []

    @property
    def holding(self) -> bool:
        """A call window is held open that nobody may answer (see ``hold_calls``)."""
        return self.phase in (Phase.CALLS, Phase.CHANKAN) and not self.options

    def close_calls(self) -> list[Event]:
        """End a held call window as if everybody had passed; nothing happens otherwise."""
        if not self.holding:
            return []
        start = len(self.log)
        try:
            self._resolve_claims()
        except Exception:
            self._restore(len(self._applied))
            raise
        self._applied.append(None)
        return self.log[start:]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                self._turn_cache = self._turn_actions(seat)
            return self._turn_cache
        if self.phase in (Phase.CALLS, Phase.CHANKAN) and seat not in self.answers:
            return self.options.get(seat, [])
        return []

    # ----------------------------------------------------------------------------- apply

    def check(self, action: Action) -> Action:
        """The legal action ``action`` stands for (the same choice may name other physical
        copies, as in log replays); IllegalActionError when it is not allowed now. Changes
        nothing."""
        if self.phase is Phase.ENDED:
            raise IllegalActionError("the deal is over")
        legal = self.legal_actions(action.seat)
        if not legal:
            raise IllegalActionError(f"seat {action.seat} has nothing to decide now")
        if any(a is action for a in legal) or action in legal:
            return action
        wanted = _signature(action)
        match = next((a for a in legal if _signature(a) == wanted), None)
        if match is None:
            raise IllegalActionError(f"{action} is not allowed now")
        return self._own_copies(action, match)

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action. An illegal one raises IllegalActionError and one that fails
        half-way re-raises its error; either way the deal is left as it was."""
        return self.apply_checked(self.check(action))

    def apply_checked(self, action: Action) -> list[Event]:
        """Carry out an action :meth:`check` returned (the match checks before its clock rules
        and must not pay for the check twice)."""
        start = len(self.log)
        try:
            if self.phase is Phase.TURN:
                self._turn_cache = None
                self._apply_turn(action)
            else:
                self.answers[action.seat] = action
                if len(self.answers) == len(self.options):
                    self._resolve_claims()
        except Exception:
            self._restore(len(self._applied))
            raise
        self._applied.append(action)
        return self.log[start:]

    def _restore(self, actions: int) -> None:
        """Rebuild the deal as it stood after its first ``actions`` actions, in place.

        A legal action is checked before anything changes, so this runs only when carrying one
        out fails half-way (an engine fault, or a judge that raises): the deal is replayed from
        its wall, which costs the hot path nothing but one list append per action."""
        dealer, round_wind, honba, deposits, scores = self._start
        fresh = Deal(
            self.rules,
            self.judge,
            self.wall,
            dealer=dealer,
            round_wind=round_wind,
            honba=honba,
            deposits=deposits,
            scores=scores,
        )
        fresh.hold_calls = self.hold_calls
        for action in self._applied[:actions]:
            if action is None:
                fresh.close_calls()
            else:
                fresh.apply(action)
        self.__dict__.update(fresh.__dict__)

    def undo_last(self) -> None:
        """Take back the last applied action (the match uses it when what follows a deal's
        last action fails, so that the action changes nothing)."""
        if not self._applied:
            raise IllegalActionError("no action to take back")
        self._restore(len(self._applied) - 1)

    def _own_copies(self, action: Action, match: Action) -> Action:
        """Use the physical tiles the action names when the seat holds them (log replays)."""
        seat = self.seats[action.seat]
        own = set(seat.tiles)
        tiles = action.tiles if all(t in own for t in action.tiles) else match.tiles
        tile = match.tile
        if action.tile is not None and match.kind in (ActionKind.DISCARD, ActionKind.RIICHI):
            tile = action.tile if action.tile in own else match.tile
        if len(set(tiles)) != len(tiles):
            tiles = match.tiles
        return Action(match.kind, match.seat, tile, tiles)

    # ----------------------------------------------------------------------------- turn

    def _turn_actions(self, seat_no: int) -> list[Action]:
        seat = self.seats[seat_no]
        actions: list[Action] = []
        drawn = self.drawn
        melds = len(seat.melds)
        current = shanten(seat.counts, melds)
        if drawn is not None:
            self._tsumo_outcome = None
            if current == -1:
                outcome = self.judge.judge(self._situation(seat_no, drawn, None))
                if outcome is not None:
                    self._tsumo_outcome = outcome
                    actions.append(Action(ActionKind.TSUMO, seat_no, drawn))
            if (
                self._first_turn(seat_no)
                and "nine_terminals" in self.rules.abortive_draws
                and sum(1 for k in _ORPHANS if seat.counts[k]) >= 9
            ):
                actions.append(Action(ActionKind.NINE_TERMINALS, seat_no))
            if 4 in seat.counts or any(m.kind is MeldKind.PUNG for m in seat.melds):
                actions.extend(self._kan_actions(seat_no))
        if seat.riichi and drawn is not None:
            actions.append(_action(ActionKind.DISCARD, seat_no, drawn))
            return actions
        kuikae = self.kuikae
        for tile in seat.tiles:
            if tile.kind_id not in kuikae:
                actions.append(_action(ActionKind.DISCARD, seat_no, tile))
        if current <= 0 and self._may_riichi(seat_no):
            counts = seat.counts
            for tile in seat.tiles:
                kind = tile.kind_id
                counts[kind] -= 1
                ready = shanten(counts, melds) == 0
                counts[kind] += 1
                if ready:
                    actions.append(_action(ActionKind.RIICHI, seat_no, tile))
        return actions

    def _first_turn(self, seat_no: int) -> bool:
        return not self.calls_made and not self.seats[seat_no].river

    def _may_riichi(self, seat_no: int) -> bool:
        seat = self.seats[seat_no]
        return (
            self.drawn is not None
            and not seat.riichi
            and seat.is_concealed
            and self.scores[seat_no] >= self.rules.riichi_min_points
            and self.live_remaining >= self.rules.riichi_min_wall
        )

    def _kan_allowed(self, seat_no: int) -> bool:
        """Wall and kan-count limits shared by every kind of kan."""
        if self.live_remaining < 1 and not self.rules.kan_on_last_draw:
            return False
        if len(self.kan_seats) < 4:
            return True
        # A fifth kan: Doman lets it be declared (and aborts); Tenhou forbids it.
        return self.rules.fifth_kan_aborts and len(set(self.kan_seats)) == 1

    def _kan_actions(self, seat_no: int) -> list[Action]:
        seat = self.seats[seat_no]
        if not self._kan_allowed(seat_no):
            return []
        actions = []
        for kind in range(34):
            if seat.counts[kind] == 4 and (not seat.riichi or self._riichi_kan_ok(seat_no, kind)):
                tiles = tuple(sorted((t for t in seat.tiles if t.kind_id == kind), key=_idx))
                actions.append(Action(ActionKind.CONCEALED_KAN, seat_no, None, tiles))
        if not seat.riichi:
            for meld in seat.melds:
                if meld.kind is MeldKind.PUNG:
                    extra = seat.find(meld.first)
                    if extra is not None:
                        actions.append(Action(ActionKind.ADDED_KAN, seat_no, extra))
        return actions

    def _riichi_kan_ok(self, seat_no: int, kind: int) -> bool:
        """A concealed kan in riichi must use the drawn tile and keep the waits."""
        drawn = self.drawn
        if drawn is None or drawn.kind_id != kind:
            return False
        seat = self.seats[seat_no]
        strict = self.rules.riichi_ankan_rule == "tenhou_strict"
        return riichi_kan_keeps_waits(seat.counts, len(seat.melds), kind, strict)

    def _apply_turn(self, action: Action) -> None:
        kind = action.kind
        seat_no = action.seat
        if kind is ActionKind.TSUMO:
            assert self._tsumo_outcome is not None
            self._settle_wins([(seat_no, self._tsumo_outcome)], None, action.tile)
        elif kind is ActionKind.NINE_TERMINALS:
            self._abort(DrawKind.NINE_TERMINALS)
        elif kind is ActionKind.CONCEALED_KAN:
            self._concealed_kan(seat_no, action.tiles)
        elif kind is ActionKind.ADDED_KAN:
            assert action.tile is not None
            self._added_kan(seat_no, action.tile)
        else:
            assert action.tile is not None
            self._discard(seat_no, action.tile, riichi=kind is ActionKind.RIICHI)

    # ----------------------------------------------------------------------------- draws

    def _draw(self, seat_no: int, replacement: bool) -> None:
        if replacement:
            tile = self.wall.replacements[len(self.kan_seats) - 1]
            if self.live_end > self.live_next:  # the dead wall takes the last live tile
                self.live_end -= 1
        else:
            tile = self.wall.live[self.live_next]
            self.live_next += 1
        seat = self.seats[seat_no]
        seat.add(tile)
        self.turn = seat_no
        self.drawn = tile
        self.rinshan = replacement
        self.kuikae = frozenset()
        self.phase = Phase.TURN
        self._turn_cache = None
        self.log.append(Drew(seat_no, tile, replacement))

    def _discard(self, seat_no: int, tile: Tile, riichi: bool) -> None:
        seat = self.seats[seat_no]
        tsumogiri = tile == self.drawn
        kind = tile.kind_id
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
            seat.double_riichi = self._first_turn_before_discard(seat_no)
            self.riichi_pending = seat_no
        seat.refresh_waits()
        self.drawn = None
        self.last_discard = (seat_no, tile)
        self.log.append(Discarded(seat_no, tile, tsumogiri, riichi))
        while self.pending_dora:
            self._reveal_dora()
        self._open_claims(seat_no, tile)

    def _first_turn_before_discard(self, seat_no: int) -> bool:
        return not self.calls_made and len(self.seats[seat_no].river) == 1

    def _reveal_dora(self) -> None:
        self.pending_dora -= 1
        self.dora_shown += 1
        self.log.append(DoraRevealed(self.wall.dora[self.dora_shown - 1]))

    # ----------------------------------------------------------------------------- claims

    def _open_claims(self, discarder: int, tile: Tile) -> None:
        kind = tile.kind_id
        last = self.live_remaining == 0
        self.options = {}
        self.answers = {}
        self.ron_outcomes = {}
        for offset in (1, 2, 3):
            seat_no = (discarder + offset) % 4
            seat = self.seats[seat_no]
            choices: list[Action] = []
            if kind in seat.waits and not seat.furiten:
                outcome = self.judge.judge(self._situation(seat_no, tile, discarder))
                if outcome is not None:
                    self.ron_outcomes[seat_no] = outcome
                    choices.append(Action(ActionKind.RON, seat_no, tile))
            if not last and not seat.riichi:
                open_kan = self._kan_allowed(seat_no) and self.live_remaining >= 1
                choices.extend(call_choices(seat, seat_no, tile, offset == 1, open_kan))
            if choices:
                choices.append(Action(ActionKind.PASS, seat_no))
                self.options[seat_no] = choices
        self._missed_wins(kind, set(self.ron_outcomes))
        if self.options or self.hold_calls:
            self.phase = Phase.CALLS
        else:
            self._after_discard_passes()

    def _missed_wins(self, kind: int, can_ron: set[int]) -> None:
        """A winning tile that goes by sets temporary (or, in riichi, permanent) furiten; for
        seats that could ron this is settled when they answer."""
        assert self.last_discard is not None
        for seat_no, seat in enumerate(self.seats):
            if seat_no != self.last_discard[0] and kind in seat.waits and seat_no not in can_ron:
                seat.temp_furiten = True
                if seat.riichi:
                    seat.riichi_furiten = True

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        answers = self.answers
        for seat_no, answer in answers.items():
            if answer.kind is not ActionKind.RON and seat_no in self.ron_outcomes:
                seat = self.seats[seat_no]
                seat.temp_furiten = True
                if seat.riichi:
                    seat.riichi_furiten = True
        rons = [
            (discarder + o) % 4
            for o in (1, 2, 3)
            if answers.get((discarder + o) % 4, Action(ActionKind.PASS, 0)).kind is ActionKind.RON
        ]
        chankan = self.phase is Phase.CHANKAN
        self.options = {}
        self.answers = {}
        if rons:
            if len(rons) == 3 and "triple_ron" in self.rules.abortive_draws:
                self.riichi_pending = None  # a riichi discard that causes the abort is void
                self._abort(DrawKind.TRIPLE_RON)
                return
            if self.rules.head_bump or not self.rules.double_ron:
                rons = rons[:1]
            self.riichi_pending = None  # the riichi discard dealt in: no stick is paid
            winners = [(s, self.ron_outcomes[s]) for s in rons]
            if len(winners) > 1:  # only the nearest winner collects honba and deposits
                winners = [winners[0]] + [
                    (s, self._rejudge_without_bonus(s, tile, discarder, chankan))
                    for s, _ in winners[1:]
                ]
            self._settle_wins(winners, discarder, tile)
            return
        if chankan:
            if self.robbing_concealed:
                self._after_concealed_kan(discarder)
            else:
                self._after_added_kan(discarder)
            return
        self._accept_riichi()
        call = next(
            (a for a in answers.values() if a.kind in (ActionKind.PON, ActionKind.OPEN_KAN)), None
        ) or next((a for a in answers.values() if a.kind is ActionKind.CHI), None)
        if call is None:
            self._after_discard_passes(riichi_done=True)
        elif self._four_kan_abort_due():
            self._abort(DrawKind.FOUR_KANS)
        else:
            self._call(call, discarder, tile)

    def _rejudge_without_bonus(
        self, seat_no: int, tile: Tile, discarder: int, chankan: bool
    ) -> WinOutcome:
        situation = self._situation(seat_no, tile, discarder, chankan=chankan)
        from dataclasses import replace

        outcome = self.judge.judge(replace(situation, honba=0, deposits=0))
        assert outcome is not None
        return outcome

    def _accept_riichi(self) -> None:
        seat_no = self.riichi_pending
        if seat_no is None:
            return
        self.riichi_pending = None
        self.scores[seat_no] -= 1000
        self.deposits += 1
        self.seats[seat_no].ippatsu = True
        self.log.append(RiichiAccepted(seat_no, tuple(self.scores), self.deposits))

    def _four_kan_abort_due(self) -> bool:
        return (
            "four_kans" in self.rules.abortive_draws
            and len(self.kan_seats) == 4
            and len(set(self.kan_seats)) > 1
        )

    def _after_discard_passes(self, riichi_done: bool = False) -> None:
        if not riichi_done:
            self._accept_riichi()
        if self._four_kan_abort_due():
            self._abort(DrawKind.FOUR_KANS)
            return
        if "four_riichi" in self.rules.abortive_draws and all(s.riichi for s in self.seats):
            self._abort(DrawKind.FOUR_RIICHI)
            return
        if "four_winds" in self.rules.abortive_draws and not self.calls_made:
            firsts = [s.river[0].tile.kind_id for s in self.seats if len(s.river) == 1]
            if len(firsts) == 4 and firsts[0] in _WIND_KINDS and len(set(firsts)) == 1:
                self._abort(DrawKind.FOUR_WINDS)
                return
        if self.live_remaining == 0:
            self._exhaustive_draw()
            return
        assert self.last_discard is not None
        self._draw((self.last_discard[0] + 1) % 4, replacement=False)

    def _call(self, call: Action, discarder: int, tile: Tile) -> None:
        seat_no = call.seat
        seat = self.seats[seat_no]
        for t in call.tiles:
            seat.remove(t)
        self.seats[discarder].river[-1].called = True
        self._break_first_turn()
        offset = (discarder - seat_no) % 4
        tiles = tuple(sorted((*call.tiles, tile), key=_idx))
        kind = tile.kind_id
        if call.kind is ActionKind.CHI:
            meld = Meld(MeldKind.CHOW, tiles, called=tile, from_seat=offset)
            self.kuikae = kuikae_forbidden(kind, min(t.kind_id for t in tiles))
        elif call.kind is ActionKind.PON:
            meld = Meld(MeldKind.PUNG, tiles, called=tile, from_seat=offset)
            self.kuikae = kuikae_forbidden(kind, None)
        else:
            meld = Meld(MeldKind.KONG, tiles, KongKind.EXPOSED, called=tile, from_seat=offset)
        seat.melds.append(meld)
        self._check_pao(seat_no, discarder, kind)
        self.log.append(Called(seat_no, call.kind.value, tile, call.tiles, discarder))
        self.turn = seat_no
        self.phase = Phase.TURN
        self._turn_cache = None
        self.drawn = None
        self.rinshan = False
        if call.kind is ActionKind.OPEN_KAN:
            self.kuikae = frozenset()
            seat.kans += 1
            self.kan_seats.append(seat_no)
            if self._fifth_kan_abort():
                return
            if self.rules.kan_dora_timing == "tenhou":
                self.pending_dora += 1
            else:
                self._reveal_now()
            self._draw(seat_no, replacement=True)

    def _check_pao(self, seat_no: int, discarder: int, kind: int) -> None:
        """Completing the third dragon set or the fourth wind set on a call makes the
        discarder liable (pao) for the yakuman it brings."""
        melds = self.seats[seat_no].melds
        kinds = {m.first for m in melds if m.kind is not MeldKind.CHOW}
        if (kind >= 31 and all(k in kinds for k in (31, 32, 33))) or (
            27 <= kind <= 30 and all(k in kinds for k in _WIND_KINDS)
        ):
            self.seats[seat_no].pao_seat = discarder

    def _break_first_turn(self) -> None:
        self.calls_made = True
        for seat in self.seats:
            seat.ippatsu = False

    # ----------------------------------------------------------------------------- kans

    def _reveal_now(self) -> None:
        self.dora_shown += 1
        self.log.append(DoraRevealed(self.wall.dora[self.dora_shown - 1]))

    def _concealed_kan(self, seat_no: int, tiles: tuple[Tile, ...]) -> None:
        seat = self.seats[seat_no]
        while self.pending_dora:
            self._reveal_dora()
        for t in tiles:
            seat.remove(t)
        seat.melds.append(Meld(MeldKind.KONG, tiles, KongKind.CONCEALED))
        seat.kans += 1
        self.kan_seats.append(seat_no)
        self._break_first_turn()
        self.log.append(KanDeclared(seat_no, ActionKind.CONCEALED_KAN.value, tiles))
        if self.rules.kokushi_rob_ankan and self._open_robbing(seat_no, tiles[0], True):
            return
        self._after_concealed_kan(seat_no)

    def _after_concealed_kan(self, seat_no: int) -> None:
        self.kan_tile = None
        if self._fifth_kan_abort():
            return
        self._reveal_now()
        self._draw(seat_no, replacement=True)

    def _added_kan(self, seat_no: int, tile: Tile) -> None:
        seat = self.seats[seat_no]
        kind = tile.kind_id
        index = next(
            i for i, m in enumerate(seat.melds) if m.kind is MeldKind.PUNG and m.first == kind
        )
        pung = seat.melds[index]
        seat.remove(tile)
        tiles = tuple(sorted((*pung.tiles, tile), key=_idx))
        seat.melds[index] = Meld(
            MeldKind.KONG, tiles, KongKind.ADDED, called=pung.called, from_seat=pung.from_seat
        )
        seat.kans += 1
        self.kan_seats.append(seat_no)
        self.log.append(KanDeclared(seat_no, ActionKind.ADDED_KAN.value, (tile,)))
        if not self._open_robbing(seat_no, tile, False):
            self._after_added_kan(seat_no)

    def _open_robbing(self, seat_no: int, tile: Tile, orphans_only: bool) -> bool:
        """Offer the others a ron on the kan tile (robbing the kan); for a concealed kan only a
        thirteen-orphans hand may rob. True when somebody is asked."""
        kind = tile.kind_id
        self.options = {}
        self.answers = {}
        self.ron_outcomes = {}
        self.last_discard = (seat_no, tile)
        self.kan_tile = tile
        self.robbing_concealed = orphans_only
        for offset in (1, 2, 3):
            other_no = (seat_no + offset) % 4
            other = self.seats[other_no]
            if kind not in other.waits or other.furiten:
                continue
            if orphans_only and (other.melds or shanten_thirteen_orphans(other.counts) != 0):
                continue
            outcome = self.judge.judge(self._situation(other_no, tile, seat_no, chankan=True))
            if outcome is not None:
                self.ron_outcomes[other_no] = outcome
                self.options[other_no] = [
                    Action(ActionKind.RON, other_no, tile),
                    Action(ActionKind.PASS, other_no),
                ]
        if not orphans_only:
            for other_no, other in enumerate(self.seats):
                if (
                    other_no != seat_no
                    and kind in other.waits
                    and other_no not in self.ron_outcomes
                ):
                    other.temp_furiten = True
                    if other.riichi:
                        other.riichi_furiten = True
        if self.options or self.hold_calls:
            self.phase = Phase.CHANKAN
            return True
        return False

    def _after_added_kan(self, seat_no: int) -> None:
        """The kan stands (nobody robbed it): an earlier kan's pending dora is turned now
        (Tenhou turns nothing when the kan is robbed), then this kan's own."""
        self.kan_tile = None
        self._break_first_turn()
        while self.pending_dora:
            self._reveal_dora()
        if self._fifth_kan_abort():
            return
        if self.rules.kan_dora_timing == "tenhou":
            self.pending_dora += 1
        else:
            self._reveal_now()
        self._draw(seat_no, replacement=True)

    def _fifth_kan_abort(self) -> bool:
        """A fifth kan (allowed only while one player holds all four) aborts the hand before
        any dora is turned or replacement drawn: the dead wall has no fifth of either."""
        if len(self.kan_seats) == 5:
            self._abort(DrawKind.FOUR_KANS)
            return True
        return False

    # ----------------------------------------------------------------------------- ends

    def _situation(
        self, seat_no: int, tile: Tile, from_seat: int | None, chankan: bool = False
    ) -> WinSituation:
        seat = self.seats[seat_no]
        concealed = list(seat.tiles)
        if from_seat is None:
            concealed.remove(tile)
        tsumo = from_seat is None
        last = self.live_remaining == 0
        rinshan = tsumo and self.rinshan
        ura = self._ura_indicators() if seat.riichi else ()
        return WinSituation(
            seat=seat_no,
            dealer=self.dealer,
            concealed=tuple(concealed),
            melds=tuple(seat.melds),
            win_tile=tile,
            from_seat=from_seat,
            seat_wind=self.seat_wind(seat_no),
            round_wind=self.round_wind,
            dora_indicators=self.dora_indicators,
            ura_indicators=ura,
            riichi=seat.riichi and not seat.double_riichi,
            double_riichi=seat.double_riichi,
            ippatsu=seat.ippatsu,
            haitei=tsumo and last and (not rinshan or self.rules.rinshan_counts_haitei),
            houtei=not tsumo and last and not chankan,
            rinshan=rinshan,
            chankan=chankan,
            first_turn=tsumo and self._first_turn(seat_no),
            honba=self.honba,
            deposits=self.deposits,
            pao_seat=seat.pao_seat,
        )

    def _ura_indicators(self) -> tuple[Tile, ...]:
        """One ura indicator under each shown dora indicator (kan ura), or only the first."""
        return self.wall.ura[: self.dora_shown if self.rules.kan_ura else 1]

    def _settle_wins(
        self, winners: list[tuple[int, WinOutcome]], from_seat: int | None, tile: Tile | None
    ) -> None:
        assert tile is not None
        total = [0, 0, 0, 0]
        for seat_no, outcome in winners:
            seat = self.seats[seat_no]
            hand = list(seat.tiles)
            if from_seat is None:
                hand.remove(tile)
            ura = (
                self.wall.ura[: self.dora_shown if self.rules.kan_ura else 1] if seat.riichi else ()
            )
            for i, d in enumerate(outcome.deltas):
                total[i] += d
            self.log.append(
                Won(
                    seat_no,
                    from_seat,
                    tile,
                    tuple(sorted(hand, key=_idx)),
                    outcome.han,
                    outcome.fu,
                    outcome.points,
                    outcome.yakuman,
                    outcome.limit,
                    outcome.yaku,
                    outcome.deltas,
                    ura,
                    outcome.pao_seat,
                )
            )
        self.deposits = 0
        self._finish(tuple(s for s, _ in winners), None, tuple(total), (False,) * 4, reveal=())

    def _abort(self, kind: DrawKind) -> None:
        self._finish((), kind, (0, 0, 0, 0), (False,) * 4, reveal=())

    def _exhaustive_draw(self) -> None:
        rules = self.rules
        tenpai = tuple(is_tenpai(seat, rules.karaten_counts_as_tenpai) for seat in self.seats)
        nagashi = [
            s
            for s, seat in enumerate(self.seats)
            if rules.nagashi_mangan and is_nagashi(seat, rules.nagashi_allow_own_calls)
        ]
        deltas = draw_payments(tenpai, nagashi, self.dealer)
        kind = DrawKind.NAGASHI_MANGAN if nagashi else DrawKind.EXHAUSTIVE
        reveal = tuple(s for s in range(4) if tenpai[s])
        self._finish((), kind, deltas, tenpai, reveal=reveal)

    def _finish(
        self,
        winners: tuple[int, ...],
        draw: DrawKind | None,
        deltas: tuple[int, ...],
        tenpai: tuple[bool, ...],
        reveal: tuple[int, ...],
    ) -> None:
        for i, d in enumerate(deltas):
            self.scores[i] += d
        self.phase = Phase.ENDED
        self.options = {}
        self.answers = {}
        self.result = DealResult(winners, draw, tenpai, deltas, self.deposits, tuple(self.scores))
        hands = tuple(
            tuple(sorted(self.seats[s].tiles, key=_idx)) if s in reveal else None for s in range(4)
        )
        self.log.append(
            DealEnded(draw, deltas, tuple(self.scores), tenpai, hands, self.deposits, self.honba)
        )

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator)."""
        return build_view(self, seat, self.legal_actions(seat) if seat is not None else [])

    # ----------------------------------------------------------------------------- copies

    def clone(self) -> Deal:
        """An independent copy for search; rules, judge and wall are shared (immutable)."""
        other = object.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.seats = [s.copy() for s in self.seats]
        other.kan_seats = list(self.kan_seats)
        other.options = {k: list(v) for k, v in self.options.items()}
        other.answers = dict(self.answers)
        other.ron_outcomes = dict(self.ron_outcomes)
        other.log = list(self.log)
        other._applied = list(self._applied)
        other._turn_cache = None
        return other


_ACTIONS: dict[tuple[ActionKind, int, int, bool], Action] = {}


def _action(kind: ActionKind, seat: int, tile: Tile) -> Action:
    """Discard-like actions are immutable and asked for every turn: build each only once."""
    key = (kind, seat, tile.index, tile.red)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(kind, seat, tile)
    return action


def _idx(tile: Tile) -> int:
    return tile.index
