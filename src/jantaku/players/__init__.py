"""Computer players: the Player protocol, graded bots, the duplicate arena and the mjai bridge."""

from jantaku.players.bots import LEVELS, make_player
from jantaku.players.protocol import Player, Table

__all__ = ["LEVELS", "Player", "Table", "make_player"]
