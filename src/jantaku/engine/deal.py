"""What every rule family's deal shares: the public queries (``to_act``, ``legal_actions``,
``view``, ``holding``), the answers cached per state and seat, held call windows, and the
atomicity of a step (a step that fails half-way is undone by replaying the deal from its wall).

A family's deal state derives from :class:`BaseDeal` and names what differs: its phases (the
turn, the two kinds of call window, the end), how the turn's legal actions and a seat's view
are computed, how a held window closes, and how to deal the same deal afresh. The rules of
carrying out an action stay in the family's own modules."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, Generic, Protocol, Self, TypeVar

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.events import Event
from jantaku.errors import IllegalActionError
from jantaku.tiles import Tile, Wind

__all__ = ["BaseDeal"]


class _Seat(Protocol):
    tiles: list[Tile]

    def copy(self) -> Self: ...


P = TypeVar("P", bound=Enum)
S = TypeVar("S", bound=_Seat)
V = TypeVar("V")


class BaseDeal(Generic[P, S, V]):
    """The queries and caches of one deal; the family's state sets the fields below."""

    # The family's phases: its turn, its two call windows (after a discard, after a kong
    # that may be robbed), its end.
    TURN_PHASE: P
    WINDOW_PHASES: tuple[P, P]
    ENDED_PHASE: P
    # The kinds of action whose own tile a log replay may name by another physical copy.
    _OWN_TILE_KINDS: tuple[ActionKind, ...] = (ActionKind.DISCARD,)
    # Fields besides the shared ones that a clone copies (each with its ``copy()``).
    _COPIED: tuple[str, ...] = ()

    phase: P
    turn: int
    dealer: int
    live_next: int  # the next tile of the live wall
    live_end: int  # where the live wall ends now (kongs may move it)
    seats: list[S]
    claims: dict[int, list[Action]]  # an open call window: seat -> its choices
    answers: dict[int, Action]
    hold_calls: bool
    log: list[Event]
    _turn_cache: list[Action] | None
    _views: dict[int | None, V]
    _steps: list[Any]  # every step since the deal began (None: a held window closed)

    # ------------------------------------------------------------------------- the family's

    _signature: Callable[[Action], tuple[object, ...]]
    """Actions with the same signature are the same choice (other physical copies)."""

    def _turn_actions(self, seat: int, /) -> list[Action]:
        """The legal actions of ``seat`` on its turn."""
        raise NotImplementedError

    def _build_view(self, seat: int | None, legal: list[Action]) -> V:
        raise NotImplementedError

    def _close_window(self) -> None:
        """Resolve the open call window with the answers given (the rest pass)."""
        raise NotImplementedError

    def _fresh(self) -> Self:
        """The same deal dealt again from its wall, before any step."""
        raise NotImplementedError

    # ----------------------------------------------------------------------------- queries

    @property
    def live_remaining(self) -> int:
        return self.live_end - self.live_next

    def seat_wind(self, seat: int) -> Wind:
        return Wind((seat - self.dealer) % 4)

    def to_act(self) -> list[int]:
        """The seats that must decide now."""
        if self.phase is self.TURN_PHASE:
            return [self.turn]
        if self.phase in self.WINDOW_PHASES:
            return [s for s in self.claims if s not in self.answers]
        return []

    @property
    def holding(self) -> bool:
        """A call window is held open that nobody may answer (see ``hold_calls``)."""
        return self.phase in self.WINDOW_PHASES and not self.claims

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (computed once per state; do not change the list)."""
        if self.phase is self.TURN_PHASE:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                self._turn_cache = self._turn_actions(seat)
            return self._turn_cache
        if self.phase in self.WINDOW_PHASES and seat not in self.answers:
            return self.claims.get(seat, [])
        return []

    def view(self, seat: int | None) -> V:
        """What ``seat`` may see (``None``: a spectator); built once per state and seat."""
        view = self._views.get(seat)
        if view is None:
            legal = self.legal_actions(seat) if seat is not None else []
            view = self._views[seat] = self._build_view(seat, legal)
        return view

    # ----------------------------------------------------------------------------- steps

    def close_calls(self) -> list[Event]:
        """End a held call window as if everybody had passed; nothing happens otherwise."""
        if not self.holding:
            return []
        start = len(self.log)
        try:
            self._close_window()
        except Exception:
            self._restore(len(self._steps))
            raise
        self._changed()
        self._steps.append(None)
        return self.log[start:]

    def undo_last(self) -> None:
        """Take back the last step (the match uses it when what follows a deal's last action
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
        """Rebuild the deal, in place, as it stood after its first ``steps`` steps.

        Every step is checked before anything changes, so this runs only when carrying one out
        fails half-way (an engine fault, or a judge that raises): the deal is replayed from its
        wall, which costs the hot path nothing but one list append per step."""
        fresh = self._fresh()
        fresh.hold_calls = self.hold_calls
        for step in self._steps[:steps]:
            fresh._replay(step)
        self.__dict__.update(fresh.__dict__)

    def _replay(self, step: Any) -> None:
        """Take one recorded step again (see :meth:`_restore`)."""
        if step is None:
            self.close_calls()
        else:
            self.apply(step)

    def apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def _match(self, action: Action, legal: list[Action]) -> Action | None:
        """The legal action ``action`` stands for (it may name other physical copies, as in
        log replays), or None."""
        for a in legal:
            if a is action:  # the engine's own action object: the common case
                return action
        if action in legal:
            return action
        wanted = self._signature(action)
        found = next((a for a in legal if self._signature(a) == wanted), None)
        if found is None:
            return None
        # Use the physical copies the action names when the seat holds them (log replays).
        own = set(self.seats[action.seat].tiles)
        tiles = action.tiles if all(t in own for t in action.tiles) else found.tiles
        if len(set(tiles)) != len(tiles):
            tiles = found.tiles
        tile: Tile | None = found.tile
        if found.kind in self._OWN_TILE_KINDS and action.tile in own:
            tile = action.tile
        return Action(found.kind, found.seat, tile, tiles)

    # ----------------------------------------------------------------------------- copies

    def clone(self) -> Self:
        """An independent copy for search; what is immutable (rules, wall) is shared, and so
        are the cached answers, which hold for the copied state until either changes."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.seats = [s.copy() for s in self.seats]
        other.claims = {k: list(v) for k, v in self.claims.items()}
        other.answers = dict(self.answers)
        other.log = list(self.log)
        other._steps = list(self._steps)
        other._views = dict(self._views)
        for name in self._COPIED:
            setattr(other, name, getattr(self, name).copy())
        return other
