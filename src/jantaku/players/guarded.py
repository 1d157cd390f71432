"""A player that can never stall a table: a bot whose answer is not legal now (or None) is
replaced by a fallback player's answer. Both see every event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.players.protocol import Player

__all__ = ["Guarded"]


class Guarded:
    def __init__(self, bot: Player, fallback: Player) -> None:
        self.bot = bot
        self.fallback = fallback
        self.name = bot.name

    def choose(self, view: Any) -> Any:
        action = self.bot.choose(view)
        if action is not None and action in view.legal_actions:
            return action
        return self.fallback.choose(view)

    def observe(self, events: Sequence[Any]) -> None:
        self.bot.observe(events)
        self.fallback.observe(events)
