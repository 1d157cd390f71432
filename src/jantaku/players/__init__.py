"""Computer players: the Player protocol and the arena; the bots of each rule family live in
``players.riichi`` and ``players.classical``, the mjai bridge in ``players.mjai``. A loop that
seats its own players gives them the events with :func:`tell`."""

from jantaku.players.protocol import Player, Table, tell

__all__ = ["Player", "Table", "tell"]
