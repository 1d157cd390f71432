"""Computer players for empty or abandoned seats.

Anything with ``choose(view, legal_actions) -> action`` can sit at a table; the real bots of
``jantaku.players`` plug in through :func:`register_player`. The built-in :class:`SeatFiller`
wins when it can, otherwise discards the drawn tile or passes."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from jantaku.engine import Action

log = logging.getLogger("jantaku.server")

__all__ = ["ALIASES", "PLAYERS", "SeatFiller", "SeatPlayer", "make_player", "register_player"]


class SeatPlayer(Protocol):
    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action: ...


_PREFERENCE = ("tsumo", "ron")


class SeatFiller:
    """The minimal stand-in: win if offered, else tsumogiri, else pass, else the first option."""

    name = "filler"

    def __init__(self) -> None:
        self._classical: Any = None  # built at the first classical decision

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        engine = view.get("engine")
        if engine is not None and type(engine).__name__ == "ClassicalEngine":
            # Throwing back every draw never wins a classical hand (East keeps the deal after
            # each Remis, so the game would never end): play the classical efficiency bot instead.
            if self._classical is None:
                from jantaku.players.classical_bots import make_classical_player

                self._classical = make_classical_player("efficiency", view.get("seat", 0))
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


PLAYERS: dict[str, Callable[[], SeatPlayer]] = {"filler": SeatFiller}
# Other names a client may ask for, as on the command line (``strongest`` is the top riichi
# level there); a table stores the name they stand for, and the lobby lists each bot once.
ALIASES: dict[str, str] = {"strongest": "strong"}


def register_player(name: str, factory: Callable[[], SeatPlayer]) -> None:
    PLAYERS[name] = factory


def make_player(name: str) -> SeatPlayer:
    """The computer player called ``name``. A name stored by an older server that this one
    no longer knows gets the seat filler, with a warning: the table must go on, not stop."""
    factory = PLAYERS.get(name)
    if factory is None:
        log.warning("no puppet called %r; the seat filler plays that seat instead", name)
        factory = SeatFiller
    return factory()


class LevelPlayer:
    """A graded bot of :mod:`jantaku.players` in a seat (``"bot": "defensive"`` etc.); at a
    classical table it plays the classical bot of the same level."""

    def __init__(self, level: str) -> None:
        from jantaku.players.bots import make_player as make_bot
        from jantaku.players.classical_bots import make_classical_player

        self.name = level
        self.bot = make_bot(level)
        self.classical = make_classical_player(level, level)
        self.filler = SeatFiller()

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        from jantaku.engine.classical.view import ClassicalView
        from jantaku.engine.view import SeatView

        seat_view = view["seat_view"]()
        action: Action | None = None
        if isinstance(seat_view, SeatView):
            action = self.bot.choose(seat_view)
        elif isinstance(seat_view, ClassicalView):
            action = self.classical.choose(seat_view)
        if action is not None and action in legal_actions:
            return action
        return self.filler.choose(view, legal_actions)


def _level_factory(level: str) -> Callable[[], SeatPlayer]:
    def build() -> SeatPlayer:
        return LevelPlayer(level)

    return build


for _level in ("random", "efficiency", "defensive", "expert", "strong"):
    register_player(_level, _level_factory(_level))
