"""Computer players for empty or abandoned seats.

Anything with ``choose(view, legal_actions) -> action`` and ``observe(events)`` can sit at a
table; the real bots of ``jantaku.players`` plug in through :func:`register_player` and, as in
the arena, see every event their seat may see. The built-in :class:`SeatFiller` wins when it
can, otherwise discards the drawn tile or passes."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from jantaku.engine import Action
from jantaku.engine.riichi.events import Event

log = logging.getLogger("jantaku.server")

__all__ = ["ALIASES", "PLAYERS", "SeatFiller", "SeatPlayer", "make_player", "register_player"]


class SeatPlayer(Protocol):
    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action: ...

    def observe(self, events: Sequence[Event]) -> None:
        """Every event, in order, as the seat may see it."""
        ...


_PREFERENCE = ("tsumo", "ron")


class SeatFiller:
    """The minimal stand-in: win if offered, else tsumogiri, else pass, else the first option."""

    name = "filler"

    def __init__(self, family: str = "riichi", kuitan: bool = True) -> None:
        self.family = family
        self._classical: Any = None  # built at the first classical decision
        self._seen: list[Event] = []  # what the classical bot must catch up with when built

    def observe(self, events: Sequence[Event]) -> None:
        if self._classical is not None:
            self._classical.observe(events)
        elif self.family == "classical":
            self._seen.extend(events)

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        engine = view.get("engine")
        if engine is not None and type(engine).__name__ == "ClassicalEngine":
            # Throwing back every draw never wins a classical hand (East keeps the deal after
            # each Remis, so the game would never end): play the classical efficiency bot instead.
            if self._classical is None:
                from jantaku.players.classical import make_player as make_classical_player

                self._classical = make_classical_player("efficiency", view.get("seat", 0))
                self._classical.observe(self._seen)
                self._seen = []
            action: Action = self._classical.choose(view["seat_view"]())
            if action in legal_actions:
                return action
        for kind in _PREFERENCE:
            for action in legal_actions:
                if action.kind.value == kind:
                    return action
        drawn = view.get("drawn_index")
        for action in legal_actions:
            if action.kind.value == "pass":
                return action
        for action in legal_actions:
            if (
                action.kind.value == "discard"
                and action.tile is not None
                and action.tile.index == drawn
            ):
                return action
        for action in legal_actions:
            if action.kind.value == "discard":
                return action
        return legal_actions[0]


#: name -> factory(family, kuitan): the family is ``riichi`` or ``classical``.
PlayerFactory = Callable[[str, bool], SeatPlayer]
PLAYERS: dict[str, PlayerFactory] = {"filler": SeatFiller}
# Other names a client may ask for, as on the command line (``strongest`` is the top riichi
# level there); a table stores the name they stand for, and the lobby lists each bot once.
ALIASES: dict[str, str] = {"strongest": "strong"}


def register_player(name: str, factory: PlayerFactory) -> None:
    PLAYERS[name] = factory


def make_player(name: str, family: str = "riichi", kuitan: bool = True) -> SeatPlayer:
    """The computer player called ``name`` for a table of ``family``. A name stored by an
    older server that this one no longer knows gets the seat filler, with a warning: the table
    must go on, not stop."""
    factory = PLAYERS.get(name)
    if factory is None:
        log.warning("no puppet called %r; the seat filler plays that seat instead", name)
        factory = SeatFiller
    return factory(family, kuitan)


class LevelPlayer:
    """A graded bot of :mod:`jantaku.players` in a seat (``"bot": "defensive"`` etc.): the
    riichi bot of that level, or at a classical table the classical bot of the same level."""

    def __init__(self, level: str, family: str = "riichi", kuitan: bool = True) -> None:
        from jantaku.players.classical import make_player as make_classical_player
        from jantaku.players.riichi import make_player as make_bot

        self.name = level
        self.bot: Any = (
            make_classical_player(level, level) if family == "classical" else make_bot(level)
        )
        self.filler = SeatFiller(family, kuitan)

    def observe(self, events: Sequence[Event]) -> None:
        self.bot.observe(events)

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        action: Action | None = self.bot.choose(view["seat_view"]())
        if action is not None and action in legal_actions:
            return action
        return self.filler.choose(view, legal_actions)


def _level_factory(level: str) -> PlayerFactory:
    def build(family: str, kuitan: bool) -> SeatPlayer:
        return LevelPlayer(level, family, kuitan)

    return build


for _level in ("random", "efficiency", "defensive", "expert", "strong"):
    register_player(_level, _level_factory(_level))
