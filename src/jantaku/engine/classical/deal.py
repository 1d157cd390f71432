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
:mod:`.penalties` (offences). This module keeps the public steps and names the classical parts
of :class:`~jantaku.engine.deal.BaseDeal`, which keeps the queries, the answers cached per state
and the atomicity of a step (a failed step is undone by replaying the deal)."""

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
from jantaku.engine.classical.view import build_view
from jantaku.engine.classical.wall import ClassicalWall, deal_hands
from jantaku.engine.events import Event
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import ClassicalOptions, Penalty
from jantaku.tiles import Wind

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

    # ------------------------------------------------------------------ the family's parts

    _signature = staticmethod(_signature)
    _turn_actions = turn_actions
    _build_view = build_view

    def _close_window(self) -> None:
        if self.phase is Phase.CALLS:
            resolve_claims(self)
        else:
            resolve_robbing(self)

    def _fresh(self) -> ClassicalDeal:
        dealer, round_wind, hand_number, balances = self._start
        return ClassicalDeal(
            self.options,
            self.wall,
            dealer=dealer,
            round_wind=round_wind,
            hand_number=hand_number,
            balances=balances,
        )

    def _replay(self, step: _Step) -> None:
        if isinstance(step, tuple):
            self.report_offence(step[0], step[1], east_shares=step[2])
        else:
            super()._replay(step)

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

    def _answer(self, action: Action) -> None:
        self.answers[action.seat] = action
        if len(self.answers) == len(self.claims):
            self._close_window()

    def _penalise(self, action: Action, reason: str) -> None:
        """A false declaration: its penalty is paid, and in a claim window it counts as a
        pass."""
        event = penalty_event(self, action, reason)
        for s, d in enumerate(event.deltas):
            self.balances[s] += d
            self.penalties[s] += d
        self.log.append(event)
        if self.phase in self.WINDOW_PHASES and action.seat in self.claims:
            self._answer(Action(ActionKind.PASS, action.seat))
