"""Computer players: the Player protocol and the arena; the bots of each rule family live in
``players.riichi`` and ``players.classical``, the mjai bridge in ``players.mjai``."""

from jantaku.players.protocol import Player, Table

__all__ = ["Player", "Table"]
