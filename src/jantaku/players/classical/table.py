"""A classical game of a chosen length, for the arena and the terminal game.

The engine plays Sontag's whole game (four wind rounds, spec §9). ``quick`` stops after the East
wind round (every player East at least once, the usual 6-8 hands), ``full`` plays all four; a
hand cap (``max_hands``) ends a game whose players never win (four random bots), ranked by the
balances reached. A stopped game ends with the engine's own :class:`ClassicalMatchEnded` event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.classical import (
    ClassicalDealEnded,
    ClassicalMatch,
    ClassicalMatchEnded,
    ClassicalMatchResult,
    ClassicalView,
)
from jantaku.engine.events import Event
from jantaku.rules.classical import ClassicalOptions
from jantaku.tiles import Wind

__all__ = ["CLASSICAL_LENGTHS", "ClassicalTable"]

CLASSICAL_LENGTHS = {"quick": 1, "full": 4}  # wind rounds played


class ClassicalTable:
    """A :class:`ClassicalMatch` that ends after ``rounds`` wind rounds or ``max_hands`` hands."""

    def __init__(
        self,
        options: ClassicalOptions | None = None,
        seed: int | str = 0,
        *,
        rounds: int = 4,
        max_hands: int = 400,
        game: ClassicalMatch | None = None,
    ) -> None:
        if not 1 <= rounds <= 4:
            raise ValueError(f"a classical game has 1 to 4 wind rounds, not {rounds}")
        if max_hands < 1:
            raise ValueError(f"a classical game stops after at least 1 hand, not {max_hands}")
        self.game = game if game is not None else ClassicalMatch(options, seed)
        self.rounds = rounds
        self.max_hands = max_hands
        self.result: ClassicalMatchResult | None = None
        self.truncated = False
        self.log: list[Event] = list(self.game.log)

    @property
    def finished(self) -> bool:
        return self.result is not None

    def to_act(self) -> list[int]:
        return [] if self.finished else self.game.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.finished else self.game.legal_actions(seat)

    def view(self, seat: int | None) -> ClassicalView:
        return self.game.view(seat)

    def apply(self, action: Action) -> list[Event]:
        events = self.game.apply(action)
        if self.game.finished:
            self.result = self.game.result
        else:
            stop = self.game.round_wind >= Wind(self.rounds) if self.rounds < 4 else False
            capped = self.game.hand_number >= self.max_hands
            if stop or capped:
                events = self._stop(events, truncated=capped and not stop)
        self.log.extend(events)
        return events

    def _stop(self, events: Sequence[Event], truncated: bool) -> list[Event]:
        """End after the hand just settled: drop the next deal's opening, rank by balance."""
        cut = max(i for i, e in enumerate(events) if isinstance(e, ClassicalDealEnded))
        kept = list(events[: cut + 1])
        balances = tuple(self.game.balances)
        order = tuple(sorted(range(4), key=lambda s: (-balances[s], s)))
        hands = self.game.hand_number
        self.result = ClassicalMatchResult(balances, order, hands)
        self.truncated = truncated
        kept.append(ClassicalMatchEnded(balances, order, hands))
        return kept

    @property
    def balances(self) -> list[int]:
        return list(self.game.balances)

    def clone(self) -> Any:  # pragma: no cover - for search, like the engines
        other = ClassicalTable(rounds=self.rounds, max_hands=self.max_hands, game=self.game.clone())
        other.result = self.result
        other.truncated = self.truncated
        other.log = list(self.log)
        return other
