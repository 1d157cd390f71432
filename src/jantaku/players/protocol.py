"""What a player is, and what a table must offer to seat one.

A player sees only its seat's view (which lists the legal actions) and answers with one of them.
The table shape (``to_act``, ``legal_actions``, ``view``, ``apply``) is the one every jantaku
engine shares, so the arena, the terminal game and the server's tables seat the same players at
a riichi match and a classical game alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from jantaku.engine.actions import Action

__all__ = ["Player", "Table", "tell"]


@runtime_checkable
class Player(Protocol):
    """A seat's decision maker. ``observe`` gets every event as the seat may see it, in order
    (bots that read the table, such as the strongest level, track the order of discards)."""

    name: str

    def choose(self, view: Any) -> Action:
        """One of ``view.legal_actions`` (``view`` is the family's view of the seat: a
        :class:`~jantaku.engine.GameView`, typed ``Any`` so a bot may name its own family's)."""
        ...

    def observe(self, events: Sequence[Any]) -> None: ...


class Table(Protocol):
    """The engine surface the arena and the terminal game need."""

    @property
    def finished(self) -> bool: ...

    def to_act(self) -> list[int]: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def view(self, seat: int | None) -> Any: ...

    def apply(self, action: Any) -> list[Any]: ...


def tell(players: Sequence[Player], events: Sequence[Any]) -> None:
    """Give every player ``events`` as its seat (its index in ``players``) may see them."""
    for seat, player in enumerate(players):
        player.observe([e.seen_by(seat) for e in events])
