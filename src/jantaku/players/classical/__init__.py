"""Classical (German Mah-Jongg) bots in graded levels, and what they read of the table."""

from jantaku.players.classical.bots import CLASSICAL_LEVELS as LEVELS
from jantaku.players.classical.bots import make_classical_player as make_player

__all__ = ["LEVELS", "make_player"]
