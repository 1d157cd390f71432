"""The state machine of one classical deal (spec §2-§3, §6-§8): the deal and the bonus tiles,
draws and discards, calls with priority, kongs and replacement tiles, robbing the kong, Mah Jongg
(heavenly and earthly hands included, the lower limit checked), Remis, the Störspielgebot in play
and, in free-declaration mode (``penalties = true``), false declarations penalised.

Public shape as the riichi engine: ``legal_actions(seat)``, ``apply(action) -> events``,
``view(seat)``, ``to_act()``, ``clone()``. A seat decides on its turn (``Phase.TURN``: Mah Jongg,
kongs, discard) and when a discard (``Phase.CALLS``) or a kong (``Phase.ROB``) offers it a claim;
all asked seats answer, then priority decides (Mah Jongg > Kong > Pung > Chow, ties to the seat
nearest the discarder in turn order)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.claims import chow_tile_pairs, rank
from jantaku.engine.classical.events import (
    BonusLaidOut,
    ClassicalCalled,
    ClassicalDealEnded,
    ClassicalDealStarted,
    ClassicalDiscarded,
    DangerousDiscard,
    Drew,
    KongDeclared,
    MahJonggDeclared,
    OffenceReported,
)
from jantaku.engine.classical.judge import (
    WinCheck,
    check_win,
    completes_without_chow,
    could_complete,
    is_ready,
)
from jantaku.engine.classical.penalties import (
    check_report,
    false_declaration,
    penalty_event,
    penalty_paid,
)
from jantaku.engine.classical.scoring import score_table
from jantaku.engine.classical.seat import ClassicalSeat, RiverTile
from jantaku.engine.classical.view import ClassicalView, build_view
from jantaku.engine.classical.wall import DEAL_SIZE, ClassicalWall, deal_hands
from jantaku.engine.events import Event
from jantaku.errors import IllegalActionError
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.classical import (
    ClassicalOptions,
    DealScore,
    Exemption,
    Penalty,
    SeatHand,
    Win,
    discard_exemption,
)
from jantaku.rules.classical.options import StoerspielNoSafeTile
from jantaku.rules.classical.scorer import Outcome
from jantaku.rules.classical.settlement import pays_for_all
from jantaku.tiles import Tile, TileKind, Wind

__all__ = ["ClassicalDeal", "ClassicalDealResult", "Phase"]

_CALL_NAMES = {
    ActionKind.CHI: "chow",
    ActionKind.PON: "pung",
    ActionKind.OPEN_KAN: "kong",
    ActionKind.ADDED_KAN: "extended",  # a laid-out pung made a kong with a discard
}


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
class _Rob:
    seat: int
    tile: Tile
    kong: KongKind


def _idx(tile: Tile) -> int:
    return tile.index


def _signature(action: Action) -> tuple[object, ...]:
    """Actions that differ only in which physical copy of a tile they name are the same."""
    tile = None if action.tile is None else action.tile.kind_id
    return (action.kind, action.seat, tile, tuple(sorted(t.kind_id for t in action.tiles)))


class ClassicalDeal:
    """One deal (Sontag: "Spiel") from the deal to the settlement."""

    def __init__(
        self,
        options: ClassicalOptions,
        wall: ClassicalWall,
        *,
        dealer: int = 0,
        round_wind: Wind = Wind.EAST,
        hand_number: int = 0,
        balances: tuple[int, ...] = (0, 0, 0, 0),
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
        self.rob: _Rob | None = None
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
        self._turn_cache: list[Action] | None = None
        self._tsumo: WinCheck | None = None
        # How the deal began and every step taken since (an action, or a reported offence):
        # enough to rebuild it when a step fails half-way (see _restore).
        self._start = (dealer, round_wind, hand_number, tuple(balances))
        # None: a held claim window closed
        self._steps: list[Action | tuple[int, Penalty, bool] | None] = []
        hands = deal_hands(wall)
        for offset, hand in enumerate(hands):
            seat = self.seats[(dealer + offset) % 4]
            for tile in hand:
                if not tile.kind.is_bonus:  # bonus tiles are laid out below
                    seat.add(tile)
        self.log.append(
            ClassicalDealStarted(
                int(round_wind),
                hand_number,
                dealer,
                tuple(self.balances),
                wall.dice,
                tuple(tuple(sorted(h, key=_idx)) for h in self._by_seat(hands)),
            )
        )
        # Bonus tiles: East first, then in turn order; each replaced at once (BLU).
        last = hands[0][-1]
        for offset, hand in enumerate(hands):
            seat_no = (dealer + offset) % 4
            for tile in sorted((t for t in hand if t.kind.is_bonus), key=_idx):
                got = self._lay_out_and_replace(seat_no, tile)
                if got is None:  # pragma: no cover - the dead wall holds 16 tiles, 8 are bonus
                    self._remis()
                    return
                if offset == 0:
                    last = got
        self.drawn = last
        self.replacement = False

    def _by_seat(self, hands: tuple[tuple[Tile, ...], ...]) -> list[tuple[Tile, ...]]:
        return [hands[(s - self.dealer) % 4] for s in range(4)]

    # ----------------------------------------------------------------------------- queries

    @property
    def live_remaining(self) -> int:
        return self.live_end - self.live_next

    @property
    def dead_remaining(self) -> int:
        return len(self.wall.dead) - self.dead_next

    def seat_wind(self, seat: int) -> Wind:
        return Wind((seat - self.dealer) % 4)

    def seat_of(self, wind: Wind) -> int:
        return (self.dealer + int(wind)) % 4

    def to_act(self) -> list[int]:
        """The seats that must decide now."""
        if self.phase is Phase.TURN:
            return [self.turn]
        if self.phase in (Phase.CALLS, Phase.ROB):
            return [s for s in self.claims if s not in self.answers]
        return []

    @property
    def holding(self) -> bool:
        """A claim window is held open that nobody may answer (see ``hold_calls``)."""
        return self.phase in (Phase.CALLS, Phase.ROB) and not self.claims

    def close_calls(self) -> list[Event]:
        """End a held claim window as if everybody had passed; nothing happens otherwise."""
        if not self.holding:
            return []
        start = len(self.log)
        try:
            if self.phase is Phase.ROB:
                self._resolve_rob()
            else:
                self._resolve_claims()
        except Exception:
            self._restore(len(self._steps))
            raise
        self._steps.append(None)
        return self.log[start:]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                self._turn_cache = self._turn_actions(seat)
            return self._turn_cache
        if self.phase in (Phase.CALLS, Phase.ROB) and seat not in self.answers:
            return self.claims.get(seat, [])
        return []

    # ----------------------------------------------------------------------------- apply

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action. An illegal one raises IllegalActionError and changes
        nothing, except in free-declaration mode (``penalties = true``), where a false Mah Jongg
        or call is penalised (spec §8) instead of refused. One that fails half-way re-raises its
        error with the deal left as it was."""
        if self.phase is Phase.ENDED:
            raise IllegalActionError("the deal is over")
        start = len(self.log)
        legal = self.legal_actions(action.seat)
        matched = self._match(action, legal)
        reason = None
        if matched is None:
            reason = false_declaration(self, action)
            if reason is None:
                if not legal:
                    raise IllegalActionError(f"seat {action.seat} has nothing to decide now")
                raise IllegalActionError(f"{action} is not allowed now")
        try:
            if matched is None:
                assert reason is not None
                self._penalise(action, reason)
            elif self.phase is Phase.TURN:
                self._turn_cache = None
                self._apply_turn(matched)
            else:
                self._answer(matched)
        except Exception:
            self._restore(len(self._steps))
            raise
        self._steps.append(action if matched is None else matched)
        return self.log[start:]

    def _restore(self, steps: int) -> None:
        """Rebuild the deal, in place, as it stood after its first ``steps`` steps: every step
        is checked before anything changes, so this runs only when one fails half-way, and
        costs the hot path one list append per step."""
        dealer, round_wind, hand_number, balances = self._start
        fresh = ClassicalDeal(
            self.options,
            self.wall,
            dealer=dealer,
            round_wind=round_wind,
            hand_number=hand_number,
            balances=balances,
        )
        fresh.hold_calls = self.hold_calls
        for step in self._steps[:steps]:
            if step is None:
                fresh.close_calls()
            elif isinstance(step, Action):
                fresh.apply(step)
            else:
                fresh.report_offence(step[0], step[1], east_shares=step[2])
        self.__dict__.update(fresh.__dict__)

    def undo_last(self) -> None:
        """Take back the last step (the game uses it when what follows a deal's last action
        fails, so that the action changes nothing)."""
        if not self._steps:
            raise IllegalActionError("no action to take back")
        self._restore(len(self._steps) - 1)

    def _match(self, action: Action, legal: list[Action]) -> Action | None:
        if action in legal:
            return action
        wanted = _signature(action)
        found = next((a for a in legal if _signature(a) == wanted), None)
        if found is None:
            return None
        # Use the physical copies the action names when the seat holds them (log replays).
        own = set(self.seats[action.seat].tiles)
        tiles = action.tiles if all(t in own for t in action.tiles) else found.tiles
        if len(set(tiles)) != len(tiles):
            tiles = found.tiles
        tile = found.tile
        if found.kind is ActionKind.DISCARD and action.tile in own:
            tile = action.tile
        return Action(found.kind, found.seat, tile, tiles)

    def _answer(self, action: Action) -> None:
        self.answers[action.seat] = action
        if len(self.answers) == len(self.claims):
            if self.phase is Phase.CALLS:
                self._resolve_claims()
            else:
                self._resolve_rob()

    # ----------------------------------------------------------------------------- the turn

    def _can_replace(self) -> bool:
        return self.dead_remaining > 0 or self.live_remaining > 0

    def _turn_actions(self, seat_no: int) -> list[Action]:
        seat = self.seats[seat_no]
        actions: list[Action] = []
        drawn = self.drawn
        self._tsumo = None
        if drawn is not None:
            check = None if self._dead(seat_no) else self.win_check(seat_no, drawn, discarder=None)
            if check is not None and check.allowed:
                self._tsumo = check
                actions.append(Action(ActionKind.TSUMO, seat_no, drawn))
            if self._can_replace():
                for kind in range(34):
                    if seat.counts[kind] == 4:
                        actions.append(
                            Action(
                                ActionKind.CONCEALED_KAN, seat_no, None, tuple(seat.of_kind(kind))
                            )
                        )
                for meld in seat.melds:
                    if meld.kind is MeldKind.PUNG and seat.counts[meld.first]:
                        actions.append(
                            Action(ActionKind.ADDED_KAN, seat_no, seat.of_kind(meld.first)[0])
                        )
        seen: set[int] = set()
        if drawn is not None:
            seen.add(drawn.kind_id)
            actions.append(Action(ActionKind.DISCARD, seat_no, drawn))
        for tile in sorted(seat.tiles, key=_idx):
            if tile.kind_id not in seen:
                seen.add(tile.kind_id)
                actions.append(Action(ActionKind.DISCARD, seat_no, tile))
        return actions

    def _apply_turn(self, action: Action) -> None:
        kind = action.kind
        seat_no = action.seat
        if kind is ActionKind.TSUMO:
            assert self._tsumo is not None and action.tile is not None
            self._mah_jongg(seat_no, action.tile, None, self._tsumo)
        elif kind is ActionKind.CONCEALED_KAN:
            self._concealed_kong(seat_no, action.tiles)
        elif kind is ActionKind.ADDED_KAN:
            assert action.tile is not None
            self._added_kong(seat_no, action.tile)
        else:
            assert action.tile is not None
            self._discard(seat_no, action.tile)

    # ----------------------------------------------------------------------------- tiles in

    def _take(self, replacement: bool) -> Tile | None:
        """The next live tile, or a replacement (dead wall, then the far end of the live wall)."""
        if not replacement:
            if self.live_remaining <= 0:
                return None
            tile = self.wall.live[self.live_next]
            self.live_next += 1
            return tile
        if self.dead_remaining > 0:
            tile = self.wall.dead[self.dead_next]
            self.dead_next += 1
            return tile
        if self.live_remaining > 0:
            self.live_end -= 1
            return self.wall.live[self.live_end]
        return None

    def _lay_out_and_replace(self, seat_no: int, tile: Tile) -> Tile | None:
        """Lay out a bonus tile and replace it, again and again while the replacement is one;
        the tile finally kept, or None when no tile is left."""
        seat = self.seats[seat_no]
        while tile.kind.is_bonus:
            seat.bonus.append(tile)
            self.log.append(BonusLaidOut(seat_no, tile))
            got = self._take(replacement=True)
            if got is None:
                return None
            tile = got
            self.log.append(Drew(seat_no, tile, True))
        seat.add(tile)
        return tile

    def _start_turn(self, seat_no: int, replacement: bool) -> None:
        if not replacement and seat_no in self.barred:
            self._correct(seat_no)
        tile = self._take(replacement)
        if tile is None:
            self._remis()
            return
        self.log.append(Drew(seat_no, tile, replacement))
        kept = self._lay_out_and_replace(seat_no, tile)
        if kept is None:
            self._remis()
            return
        self.turn = seat_no
        self.phase = Phase.TURN
        self.drawn = kept
        self.replacement = replacement or kept != tile
        self._turn_cache = None

    # ----------------------------------------------------------------------------- discards

    def _discard(self, seat_no: int, tile: Tile) -> None:
        seat = self.seats[seat_no]
        kind = tile.kind
        hand = seat.kinds()
        seat.remove(tile)
        seat.river.append(RiverTile(tile, tile == self.drawn))
        self.log.append(ClassicalDiscarded(seat_no, tile, tile == self.drawn))
        violated: set[int] = set()
        ready: bool | None = None
        for other in self._others(seat_no):
            danger = self.seats[other].dangerous
            if kind not in danger:
                continue
            if ready is None:
                ready = is_ready(seat.counts, len(seat.melds))
            exemption = discard_exemption(
                kind,
                hand,
                self._unsafe_for(seat_no, other),
                ready=ready,
                previous_discard=self._previous_kind(),
            )
            if exemption is None:
                violated.add(other)
            self.log.append(
                DangerousDiscard(
                    seat_no, tile, other, exemption is None, exemption.value if exemption else None
                )
            )
        self.violations = frozenset(violated)
        self.last_discard = (seat_no, tile)
        self.discards += 1
        self.first_turn = False
        self.drawn = None
        self._open_claims(seat_no, tile)

    def _previous_kind(self) -> TileKind | None:
        return None if self.last_discard is None else self.last_discard[1].kind

    def _others(self, seat_no: int) -> list[int]:
        return [(seat_no + offset) % 4 for offset in (1, 2, 3)]

    def _unsafe_for(self, seat_no: int, threatener: int) -> frozenset[TileKind]:
        """The tiles that are not "non-dangerous" for exception 3 of §7.2 when ``seat_no``
        discards against ``threatener``: by default those any other seat's threat forbids
        (option ``stoerspiel_no_safe_tile``)."""
        if self.options.stoerspiel_no_safe_tile is StoerspielNoSafeTile.EACH_THREAT:
            return self.seats[threatener].dangerous
        return frozenset().union(*(self.seats[o].dangerous for o in self._others(seat_no)))

    def _open_claims(self, discarder: int, tile: Tile) -> None:
        self.claims = {}
        self.answers = {}
        self.wins = {}
        kind = tile.kind_id
        for offset, other in enumerate(self._others(discarder), start=1):
            seat = self.seats[other]
            acts: list[Action] = []
            dead = self._dead(other)
            check = None if dead else self.win_check(other, tile, discarder=discarder)
            if check is not None and check.allowed and self._chow_rule_ok(other, offset, tile):
                self.wins[other] = check
                acts.append(Action(ActionKind.RON, other, tile))
            if self.live_remaining > 0 and not dead:  # the last discard: Mah Jongg only
                held = seat.of_kind(kind)
                if len(held) >= 3:
                    acts.append(Action(ActionKind.OPEN_KAN, other, tile, tuple(held[:3])))
                if len(held) >= 2:
                    acts.append(Action(ActionKind.PON, other, tile, tuple(held[:2])))
                if self.options.extend_pung_with_discard and any(
                    m.kind is MeldKind.PUNG and m.first == kind for m in seat.melds
                ):
                    acts.append(Action(ActionKind.ADDED_KAN, other, tile))
                if offset == 1:
                    for pair in chow_tile_pairs(seat.counts, kind):
                        tiles = tuple(seat.of_kind(k)[0] for k in pair)
                        acts.append(Action(ActionKind.CHI, other, tile, tiles))
            if acts or self.options.penalties:  # free declaration: everybody may call
                acts.append(Action(ActionKind.PASS, other))
                self.claims[other] = acts
        if self.claims or self.hold_calls:
            self.phase = Phase.CALLS
        else:
            self._after_passes(discarder)

    def _chow_rule_ok(self, seat_no: int, offset: int, tile: Tile) -> bool:
        if offset == 1 or self.options.mahjong_chow_any_seat:
            return True
        seat = self.seats[seat_no]
        counts = list(seat.counts)
        counts[tile.kind_id] += 1
        return completes_without_chow(counts, len(seat.melds), tile.kind)

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        claims = [a for a in self.answers.values() if a.kind is not ActionKind.PASS]
        self.claims = {}
        self.answers = {}
        if not claims:
            self._after_passes(discarder)
            return
        best = min(claims, key=lambda a: (rank(a.kind), (a.seat - discarder) % 4))
        if best.kind is ActionKind.RON:
            self.seats[discarder].river[-1].called = True
            self.seats[best.seat].add(tile)
            self._mah_jongg(best.seat, tile, discarder, self.wins[best.seat])
            return
        self._call(best, discarder, tile)

    def _after_passes(self, discarder: int) -> None:
        self.phase = Phase.TURN
        if self.live_remaining <= 0:
            self._remis()
            return
        self._start_turn((discarder + 1) % 4, replacement=False)

    def _call(self, call: Action, discarder: int, tile: Tile) -> None:
        seat_no = call.seat
        seat = self.seats[seat_no]
        for t in call.tiles:
            seat.remove(t)
        self.seats[discarder].river[-1].called = True
        tiles = tuple(sorted((*call.tiles, tile), key=_idx))
        offset = (discarder - seat_no) % 4
        if call.kind is ActionKind.ADDED_KAN:  # extend_pung_with_discard = true
            index = next(
                i
                for i, m in enumerate(seat.melds)
                if m.kind is MeldKind.PUNG and m.first == tile.kind
            )
            pung = seat.melds.pop(index)
            tiles = tuple(sorted((*pung.tiles, tile), key=_idx))
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
        seat.refresh_danger(self.options)
        self.log.append(
            ClassicalCalled(seat_no, _CALL_NAMES[call.kind], tile, call.tiles, discarder)
        )
        self.turn = seat_no
        self.phase = Phase.TURN
        self.drawn = None
        self.replacement = False
        self._turn_cache = None
        if call.kind in (ActionKind.OPEN_KAN, ActionKind.ADDED_KAN):
            self._start_turn(seat_no, replacement=True)

    # ----------------------------------------------------------------------------- kongs

    def _concealed_kong(self, seat_no: int, tiles: tuple[Tile, ...]) -> None:
        seat = self.seats[seat_no]
        for t in tiles:
            seat.remove(t)
        seat.melds.append(Meld(MeldKind.KONG, tiles, KongKind.CONCEALED))
        seat.refresh_danger(self.options)
        self.first_turn = False
        self.log.append(KongDeclared(seat_no, "concealed", tiles))
        robbable = self.options.rob_concealed_kong
        self._open_rob(seat_no, tiles[-1], KongKind.CONCEALED, robbable)

    def _added_kong(self, seat_no: int, tile: Tile) -> None:
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
        seat.refresh_danger(self.options)
        self.first_turn = False
        self.log.append(KongDeclared(seat_no, "added", (tile,)))
        self._open_rob(seat_no, tile, KongKind.ADDED, True)

    def _open_rob(self, seat_no: int, tile: Tile, kong: KongKind, robbable: bool) -> None:
        """Robbing the kong (BER): others may take the kong's tile for Mah Jongg only."""
        self.claims = {}
        self.answers = {}
        self.wins = {}
        if robbable:
            for other in self._others(seat_no):
                check = (
                    None
                    if self._dead(other)
                    else self.win_check(other, tile, discarder=seat_no, robbing=True)
                )
                if check is not None and check.allowed:
                    self.wins[other] = check
                    self.claims[other] = [
                        Action(ActionKind.RON, other, tile),
                        Action(ActionKind.PASS, other),
                    ]
                elif self.options.penalties:  # free declaration: everybody may claim
                    self.claims[other] = [Action(ActionKind.PASS, other)]
        if self.claims or (self.hold_calls and robbable):
            self.rob = _Rob(seat_no, tile, kong)
            self.phase = Phase.ROB
        else:
            self._start_turn(seat_no, replacement=True)

    def _resolve_rob(self) -> None:
        rob = self.rob
        assert rob is not None
        robbers = [a.seat for a in self.answers.values() if a.kind is ActionKind.RON]
        self.claims = {}
        self.answers = {}
        self.rob = None
        if not robbers:
            self._start_turn(rob.seat, replacement=True)
            return
        winner = min(robbers, key=lambda s: (s - rob.seat) % 4)
        # The kong is undone: the robbed tile goes to the winner, the rest stays a pung.
        seat = self.seats[rob.seat]
        kind = rob.tile.kind_id
        index = next(
            i for i, m in enumerate(seat.melds) if m.kind is MeldKind.KONG and m.first == kind
        )
        kong = seat.melds[index]
        rest = tuple(t for t in kong.tiles if t != rob.tile)
        if rob.kong is KongKind.ADDED:
            seat.melds[index] = Meld(
                MeldKind.PUNG, rest, called=kong.called, from_seat=kong.from_seat
            )
        else:
            del seat.melds[index]
            for t in rest:
                seat.add(t)
        seat.refresh_danger(self.options)
        self.seats[winner].add(rob.tile)
        self._mah_jongg(winner, rob.tile, rob.seat, self.wins[winner])

    # ----------------------------------------------------------------------------- wins

    def win_check(
        self, seat_no: int, tile: Tile, *, discarder: int | None, robbing: bool = False
    ) -> WinCheck | None:
        """Whether ``seat_no`` may declare Mah Jongg with ``tile`` now (self-drawn when
        ``discarder`` is None): None when the hand cannot be complete, else the scorer's verdict
        (``allowed``: complete and not below the lower limit)."""
        seat = self.seats[seat_no]
        self_draw = discarder is None
        counts = seat.counts
        kind = tile.kind_id
        if not self_draw:
            counts = list(counts)
            counts[kind] += 1
        if not could_complete(counts, len(seat.melds), self_draw, kind):
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

    def _mah_jongg(self, seat_no: int, tile: Tile, from_seat: int | None, check: WinCheck) -> None:
        win = check.win
        seat = self.seats[seat_no]
        hand = list(seat.tiles)
        hand.remove(tile)
        self.log.append(
            MahJonggDeclared(
                seat_no,
                from_seat,
                tile,
                tuple(sorted(hand, key=_idx)),
                win.robbing_kong,
                win.heavenly_hand,
                win.earthly_hand,
                win.last_wall_tile,
                win.last_discard,
            )
        )
        violation = None
        if from_seat is not None and not win.robbing_kong and seat_no in self.violations:
            violation = self.seat_wind(from_seat)
        self._finish(seat_no, win, violation)

    def _remis(self) -> None:
        self._finish(None, None, None)

    def _finish(self, winner: int | None, win: Win | None, violation: Wind | None) -> None:
        for seat_no in sorted(self.barred):  # a dead hand whose turn never came is settled now
            self._correct(seat_no)
        score, results = score_table(self, winner, win, violation)
        if winner is not None and score.outcome is not Outcome.MAH_JONGG:  # pragma: no cover
            raise AssertionError(f"the engine allowed a Mah Jongg the scorer refuses: {score}")
        settlement = score.settlement
        if winner is not None:
            for offender in self.pays_for_all:
                settlement = pays_for_all(
                    settlement, self.seat_wind(winner), self.seat_wind(offender), self.options
                )
        net = settlement.net
        deltas = tuple(net[self.seat_wind(s)] for s in range(4))
        for s, d in enumerate(deltas):
            self.balances[s] += d
        verdict = score.stoerspiel
        self.log.append(
            ClassicalDealEnded(
                score.outcome.value,
                winner,
                results,
                deltas,
                tuple(self.balances),
                verdict.reason.value if verdict else None,
                self.seat_of(verdict.violator) if verdict and verdict.pays_for_all else None,
            )
        )
        self.phase = Phase.ENDED
        self.claims = {}
        self.answers = {}
        self._turn_cache = None
        self.result = ClassicalDealResult(winner, score, deltas, tuple(self.penalties))

    # ----------------------------------------------------------------------------- penalties

    def report_offence(
        self, seat: int, offence: Penalty, *, east_shares: bool = False
    ) -> list[Event]:
        """Free-declaration mode: penalise an offence of the Strafkatalog that the table
        reports (spec §8; false declarations are penalised when made, in ``apply``). Most cost
        their points at once; a wrong number of tiles makes ``seat`` pay for all at the
        settlement and claim nothing; a dead hand (or a draw at the wrong time) bars ``seat``
        from calling until its next turn, when the error is corrected and it pays 30 (and East
        10 when ``east_shares`` the fault). IllegalActionError, changing nothing, when the
        report is not allowed."""
        check_report(self, seat, offence, east_shares)
        start = len(self.log)
        try:
            self.log.append(OffenceReported(seat, offence.value, east_shares))
            if offence is Penalty.WRONG_TILE_COUNT:
                self.pays_for_all.append(seat)
                self._bar(seat)
            elif offence is Penalty.DEAD_HAND:
                self.barred[seat] = east_shares
                self._bar(seat)
            else:
                self._pay(seat, offence)
        except Exception:
            self._restore(len(self._steps))
            raise
        self._steps.append((seat, offence, east_shares))
        return self.log[start:]

    def _dead(self, seat_no: int) -> bool:
        """The seat may neither call nor win now (a reported dead hand or wrong count)."""
        return seat_no in self.barred or seat_no in self.pays_for_all

    def _bar(self, seat_no: int) -> None:
        """Withdraw what a newly dead hand was offered: in an open claim window it may only
        pass (a claim it already answered, not yet carried out, becomes a pass), and on its
        turn it may no longer declare Mah Jongg."""
        if seat_no in self.claims:
            self.claims[seat_no] = [Action(ActionKind.PASS, seat_no)]
            self.wins.pop(seat_no, None)
            if seat_no in self.answers:
                self.answers[seat_no] = self.claims[seat_no][0]
        if self.phase is Phase.TURN and seat_no == self.turn:
            self._turn_cache = None

    def _correct(self, seat_no: int) -> None:
        """A dead hand's error is corrected: it pays 30, East 10 more when sharing the fault."""
        east_shares = self.barred.pop(seat_no)
        self._pay(seat_no, Penalty.DEAD_HAND)
        if east_shares:
            self._pay(self.dealer, Penalty.DEAD_HAND_EAST_SHARE)

    def _pay(self, seat_no: int, offence: Penalty) -> None:
        event = penalty_paid(self, seat_no, offence)
        for s, d in enumerate(event.deltas):
            self.balances[s] += d
            self.penalties[s] += d
        self.log.append(event)

    def _penalise(self, action: Action, reason: str) -> None:
        event = penalty_event(self, action, reason)
        for s, d in enumerate(event.deltas):
            self.balances[s] += d
            self.penalties[s] += d
        self.log.append(event)
        if self.phase in (Phase.CALLS, Phase.ROB) and action.seat in self.claims:
            self._answer(Action(ActionKind.PASS, action.seat))

    # ----------------------------------------------------------------------------- views, copies

    def view(self, seat: int | None) -> ClassicalView:
        """What ``seat`` may see (``None``: a spectator)."""
        return build_view(self, seat, self.legal_actions(seat) if seat is not None else [])

    def exemption_for(self, seat_no: int, kind: TileKind, threatener: int) -> Exemption | None:
        """The Störspiel exception that would allow ``seat_no`` to discard ``kind`` now."""
        seat = self.seats[seat_no]
        counts = list(seat.counts)
        counts[kind] -= 1
        return discard_exemption(
            kind,
            seat.kinds(),
            self._unsafe_for(seat_no, threatener),
            ready=is_ready(counts, len(seat.melds)),
            previous_discard=self._previous_kind(),
        )

    def clone(self) -> ClassicalDeal:
        """An independent copy for search; options and wall are shared (immutable)."""
        other = object.__new__(ClassicalDeal)
        other.__dict__.update(self.__dict__)
        other.balances = list(self.balances)
        other.penalties = list(self.penalties)
        other.seats = [s.copy() for s in self.seats]
        other.claims = {k: list(v) for k, v in self.claims.items()}
        other.answers = dict(self.answers)
        other.wins = dict(self.wins)
        other.barred = dict(self.barred)
        other.pays_for_all = list(self.pays_for_all)
        other._steps = list(self._steps)
        other.log = list(self.log)
        other._turn_cache = None
        return other
