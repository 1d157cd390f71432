"""One classical deal (spec §2-§3, §6-§8): the deal and the bonus tiles, draws and discards,
calls with priority, kongs and replacement tiles, robbing the kong, Mah Jongg (heavenly and
earthly hands included, the lower limit checked), Remis, the Störspielgebot in play and, in
free-declaration mode (``penalties = true``), false declarations penalised.

Public shape as the riichi engine: ``to_act()``, ``legal_actions(seat)``, ``apply(action) ->
events``, ``view(seat)``, ``clone()``. A seat decides on its turn (``Phase.TURN``: Mah Jongg,
kongs, discard) and when a discard (``Phase.CALLS``) or a kong (``Phase.ROB``) offers it a claim;
all asked seats answer, then priority decides (Mah Jongg > Kong > Pung > Chow, ties to the seat
nearest the discarder in turn order).

The work is split by job as in the riichi engine: :mod:`.state` (the fields and shared
queries), :mod:`.drawing` (tiles from the wall, bonus tiles), :mod:`.turn` (the turn's legal
actions and carrying them out), :mod:`.claims` (claim windows and their resolution),
:mod:`.kongs` (kongs and robbing them), :mod:`.ending` (Mah Jongg, Remis, the settlement),
:mod:`.penalties` (offences). This module keeps the public steps, their atomicity (a failed step
is undone by replaying the deal) and the answers cached per state."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.claims import resolve_claims
from jantaku.engine.classical.drawing import lay_out_and_replace
from jantaku.engine.classical.ending import remis
from jantaku.engine.classical.events import ClassicalDealStarted, OffenceReported
from jantaku.engine.classical.kongs import resolve_robbing
from jantaku.engine.classical.penalties import (
    bar,
    check_report,
    false_declaration,
    pay,
    penalty_event,
)
from jantaku.engine.classical.state import (
    ClassicalDealResult,
    ClassicalDealState,
    Phase,
    by_index,
)
from jantaku.engine.classical.turn import apply_turn, turn_actions
from jantaku.engine.classical.view import ClassicalView, build_view
from jantaku.engine.classical.wall import ClassicalWall, deal_hands
from jantaku.engine.events import Event
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import ClassicalOptions, Penalty
from jantaku.tiles import Tile, Wind

__all__ = ["ClassicalDeal", "ClassicalDealResult", "Phase"]

_Step = Action | tuple[int, Penalty, bool] | None  # an action, a reported offence, a window closed


def _signature(action: Action) -> tuple[object, ...]:
    """Actions that differ only in which physical copy of a tile they name are the same."""
    tile = None if action.tile is None else action.tile.kind_id
    return (action.kind, action.seat, tile, tuple(sorted(t.kind_id for t in action.tiles)))


class ClassicalDeal(ClassicalDealState):
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
        super().__init__(
            options,
            wall,
            dealer=dealer,
            round_wind=round_wind,
            hand_number=hand_number,
            balances=balances,
        )
        # How the deal began and every step taken since: enough to rebuild it when a step
        # fails half-way (see _restore).
        self._start = (dealer, round_wind, hand_number, tuple(balances))
        self._steps: list[_Step] = []
        hands = deal_hands(wall)
        for offset, hand in enumerate(hands):
            seat = self.seats[(dealer + offset) % 4]
            for tile in hand:
                if not tile.kind.is_bonus:  # bonus tiles are laid out below
                    seat.add(tile)
        by_seat = [hands[(s - dealer) % 4] for s in range(4)]
        self.log.append(
            ClassicalDealStarted(
                int(round_wind),
                hand_number,
                dealer,
                tuple(self.balances),
                wall.dice,
                tuple(tuple(sorted(h, key=by_index)) for h in by_seat),
            )
        )
        # Bonus tiles: East first, then in turn order; each replaced at once (BLU).
        last = hands[0][-1]
        for offset, hand in enumerate(hands):
            seat_no = (dealer + offset) % 4
            for tile in sorted((t for t in hand if t.kind.is_bonus), key=by_index):
                got = lay_out_and_replace(self, seat_no, tile)
                if got is None:  # pragma: no cover - the dead wall holds 16 tiles, 8 are bonus
                    remis(self)
                    return
                if offset == 0:
                    last = got
        self.drawn = last
        self.replacement = False

    # ----------------------------------------------------------------------------- queries

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

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (computed once per state; do not change the list)."""
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                self._turn_cache = turn_actions(self, seat)
            return self._turn_cache
        if self.phase in (Phase.CALLS, Phase.ROB) and seat not in self.answers:
            return self.claims.get(seat, [])
        return []

    def view(self, seat: int | None) -> ClassicalView:
        """What ``seat`` may see (``None``: a spectator); built once per state and seat."""
        view = self._views.get(seat)
        if view is None:
            legal = self.legal_actions(seat) if seat is not None else []
            view = self._views[seat] = build_view(self, seat, legal)
        return view

    # ----------------------------------------------------------------------------- steps

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
                apply_turn(self, matched)
            else:
                self._answer(matched)
        except Exception:
            self._restore(len(self._steps))
            raise
        self._changed()
        self._steps.append(action if matched is None else matched)
        return self.log[start:]

    def close_calls(self) -> list[Event]:
        """End a held claim window as if everybody had passed; nothing happens otherwise."""
        if not self.holding:
            return []
        start = len(self.log)
        try:
            if self.phase is Phase.ROB:
                resolve_robbing(self)
            else:
                resolve_claims(self)
        except Exception:
            self._restore(len(self._steps))
            raise
        self._changed()
        self._steps.append(None)
        return self.log[start:]

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
                bar(self, seat)
            elif offence is Penalty.DEAD_HAND:
                self.barred[seat] = east_shares
                bar(self, seat)
            else:
                pay(self, seat, offence)
        except Exception:
            self._restore(len(self._steps))
            raise
        self._changed()
        self._steps.append((seat, offence, east_shares))
        return self.log[start:]

    def undo_last(self) -> None:
        """Take back the last step (the game uses it when what follows a deal's last action
        fails, so that the action changes nothing)."""
        if not self._steps:
            raise IllegalActionError("no action to take back")
        self._restore(len(self._steps) - 1)

    def _changed(self) -> None:
        """Drop the answers cached for the state before a step."""
        self._turn_cache = None
        if self._views:
            self._views = {}

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

    def _match(self, action: Action, legal: list[Action]) -> Action | None:
        for a in legal:
            if a is action:  # the engine's own action object: the common case
                return action
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
        tile: Tile | None = found.tile
        if found.kind is ActionKind.DISCARD and action.tile in own:
            tile = action.tile
        return Action(found.kind, found.seat, tile, tiles)

    def _answer(self, action: Action) -> None:
        self.answers[action.seat] = action
        if len(self.answers) == len(self.claims):
            if self.phase is Phase.CALLS:
                resolve_claims(self)
            else:
                resolve_robbing(self)

    def _penalise(self, action: Action, reason: str) -> None:
        """A false declaration: its penalty is paid, and in a claim window it counts as a
        pass."""
        event = penalty_event(self, action, reason)
        for s, d in enumerate(event.deltas):
            self.balances[s] += d
            self.penalties[s] += d
        self.log.append(event)
        if self.phase in (Phase.CALLS, Phase.ROB) and action.seat in self.claims:
            self._answer(Action(ActionKind.PASS, action.seat))

    # ----------------------------------------------------------------------------- copies

    def clone(self) -> ClassicalDeal:
        """An independent copy for search; options and wall are shared (immutable), and so are
        the cached answers, which hold for the copied state until either changes."""
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
        other._views = dict(self._views)
        return other
