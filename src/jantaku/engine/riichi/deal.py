"""One riichi deal (kyoku), per doman-rules.md §2 and the table rules of :class:`TableRules`.

Public shape: ``to_act()``, ``legal_actions(seat)``, ``check(action)``, ``apply(action) ->
events``, ``view(seat)``, ``clone()``. A seat is asked to decide in two situations: on its turn
(``Phase.TURN``: discard, riichi, tsumo, kans, nine terminals) and when a discard or an added kan
offers it a claim (``Phase.CALLS`` / ``Phase.CHANKAN``: ron, pon, kan, chi or pass; all asked
seats answer, then priority decides).

The work is split by job: :mod:`.state` (the fields), :mod:`.drawing` (tiles from the wall),
:mod:`.turn` (the turn's legal actions and carrying them out), :mod:`.claims` (call windows and
their resolution), :mod:`.kongs` (kongs and robbing them), :mod:`.ending` (wins, draws, the
result). This module keeps the public steps and names the riichi parts of
:class:`~jantaku.engine.deal.BaseDeal`, which keeps the queries, the answers cached per state
and the atomicity of a step (a failed step is undone by replaying the deal)."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.claims import resolve_claims
from jantaku.engine.riichi.drawing import start_turn
from jantaku.engine.riichi.events import DealStarted, Event
from jantaku.engine.riichi.judge import WinJudge
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.state import DealResult, DealState, Phase, by_index
from jantaku.engine.riichi.turn import apply_turn, turn_actions
from jantaku.engine.riichi.view import SeatView, build_view
from jantaku.engine.riichi.wall import WallSetup
from jantaku.errors import IllegalActionError
from jantaku.tiles import Tile, Wind

__all__ = ["Deal", "DealResult", "Phase"]


def _signature(action: Action) -> tuple[object, ...]:
    """Actions that differ only in which physical copy of a plain tile they use are the same."""

    def sig(tile: Tile | None) -> tuple[int, bool] | None:
        return None if tile is None else (tile.kind_id, tile.red)

    return (action.kind, action.seat, sig(action.tile), tuple(sorted(sig(t) for t in action.tiles)))  # type: ignore[type-var]


class Deal(DealState):
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
        super().__init__(
            rules,
            judge,
            wall,
            dealer=dealer,
            round_wind=round_wind,
            honba=honba,
            deposits=deposits,
            scores=scores,
        )
        # How the deal began and the steps taken since: enough to rebuild it (see _restore).
        self._start = (dealer, round_wind, honba, deposits, tuple(scores))
        self._steps: list[Action | None] = []  # None: a held call window closed
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
                tuple(tuple(sorted(s.tiles, key=by_index)) for s in self.seats),
            )
        )
        start_turn(self, dealer, replacement=False)

    # ------------------------------------------------------------------ the family's parts

    _OWN_TILE_KINDS = (ActionKind.DISCARD, ActionKind.RIICHI)
    _signature = staticmethod(_signature)
    _turn_actions = turn_actions
    _close_window = resolve_claims

    def _fresh(self) -> Deal:
        dealer, round_wind, honba, deposits, scores = self._start
        return Deal(
            self.rules,
            self.judge,
            self.wall,
            dealer=dealer,
            round_wind=round_wind,
            honba=honba,
            deposits=deposits,
            scores=scores,
        )

    def view(self, seat: int | None, all_last: bool = False) -> SeatView:
        """What ``seat`` may see (``None``: a spectator); built once per state and seat."""
        view = self._views.get(seat)
        if view is None or view.all_last != all_last:
            legal = self.legal_actions(seat) if seat is not None else []
            view = self._views[seat] = build_view(self, seat, legal, all_last=all_last)
        return view

    # ----------------------------------------------------------------------------- steps

    def check(self, action: Action) -> Action:
        """The legal action ``action`` stands for (the same choice may name other physical
        copies, as in log replays); IllegalActionError when it is not allowed now. Changes
        nothing."""
        if self.phase is Phase.ENDED:
            raise IllegalActionError("the deal is over")
        legal = self.legal_actions(action.seat)
        for a in legal:
            if a is action:  # the engine's own action object: the common case
                return action
        if not legal:
            raise IllegalActionError(f"seat {action.seat} has nothing to decide now")
        match = self._match(action, legal)
        if match is None:
            raise IllegalActionError(f"{action} is not allowed now")
        return match

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
                apply_turn(self, action)
            else:
                self.answers[action.seat] = action
                if len(self.answers) == len(self.claims):
                    resolve_claims(self)
        except Exception:
            self._restore(len(self._steps))
            raise
        self._turn_cache = None  # as _changed(), inline on the hot path
        if self._views:
            self._views = {}
        self._steps.append(action)
        return self.log[start:]
