"""Riichi bots in graded levels, and what they read of the table."""

from jantaku.players.riichi.levels import LEVELS, make_player

__all__ = ["LEVELS", "make_player"]
