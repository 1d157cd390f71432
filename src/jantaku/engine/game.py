"""The one contract every rule family's match meets, so the server, the arena, the terminal game
and the formats drive a riichi match and a classical match alike.

A match is a state machine: ask who acts (:meth:`Game.to_act`), what each may do
(:meth:`Game.legal_actions`), carry out one action (:meth:`Game.apply`, which returns the new
events), and look at it from one seat (:meth:`Game.view`: only what that seat may see). Time
enters only through the match's :class:`~jantaku.engine.clock.Clock`."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from jantaku.engine.actions import Action
from jantaku.engine.clock import Clock
from jantaku.engine.events import Event
from jantaku.engine.reasons import EndReason
from jantaku.tiles import Tile

__all__ = ["Game", "GameResult", "GameView"]


class GameResult(Protocol):
    """How a match ended: the final scores (riichi points, classical balances) by seat."""

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats, first place first."""
        ...

    @property
    def recorded(self) -> bool:
        """Whether the match counts (a riichi match stopped by the 120-minute rule does not)."""
        ...

    @property
    def reason(self) -> str:
        """Why the match ended, in English (the sentence records have always kept)."""
        ...

    @property
    def code(self) -> EndReason:
        """Why the match ended, for a client to word in its language."""
        ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats ``code`` names (who went below zero, ...), by seat order."""
        ...


class GameView(Protocol):
    """What one seat (or a spectator, ``seat`` None) may see: its concealed ``hand`` (the tile
    just drawn included; ``drawn`` is the one place that says which it is) and what it may do."""

    @property
    def seat(self) -> int | None: ...

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The seat's concealed tiles, the drawn one included (empty for a spectator)."""
        ...

    @property
    def drawn(self) -> Tile | None: ...

    @property
    def legal_actions(self) -> tuple[Action, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class Game(Protocol):
    """A whole match of one rule family (riichi :class:`~jantaku.engine.riichi.Match`,
    classical :class:`~jantaku.engine.classical.ClassicalMatch`)."""

    clock: Clock
    log: list[Event]
    """Every event so far, unredacted (use ``event.seen_by(seat)`` before showing one)."""

    @property
    def finished(self) -> bool: ...

    @property
    def result(self) -> GameResult | None: ...

    def to_act(self) -> list[int]:
        """The seats asked to act now (during a call window: those that may call)."""
        ...

    def standings(self) -> tuple[int, ...]:
        """The scores (riichi points, classical balances) by seat as the last finished hand
        left them: what a match stopped before its end stands at."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty when it has nothing to decide). Computed once per
        state and seat, so asking again is cheap; the list is shared: do not change it."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return the new events; a refused one
        (:class:`~jantaku.errors.IllegalActionError`) changes nothing."""
        ...

    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may see (``None``: a spectator), immutable; built once per state and
        seat like :meth:`legal_actions`."""
        ...

    def ended_view(self, seat: int | None) -> GameView | None:
        """What ``seat`` saw of the deal that ended last, at its end (its payments made; the
        next deal is already dealt), or None before any deal ended."""
        ...

    def clone(self) -> Game:
        """An independent copy (for search)."""
        ...

    @property
    def hold_calls(self) -> bool:
        """Every discard (and robbable kan) opens a call window, even one nobody may answer."""
        ...

    @hold_calls.setter
    def hold_calls(self, value: bool) -> None: ...

    @property
    def holding(self) -> bool:
        """An empty call window is open: nobody may act until :meth:`close_calls`."""
        ...

    def close_calls(self) -> list[Event]: ...

    def awaiting_calls(self) -> bool:
        """A call window is open (with or without seats that may answer it)."""
        ...
