"""Computer players at a server table, by the name a client asks for.

``filler`` is the family's seat filler (it also takes over an absent player's seat); every
other name is a bot level of :mod:`jantaku.families`, the same bots the arena seats. The lobby
lists each name once; an alias of a level (a family's ``aliases``) is accepted and stored as the
level it stands for. A level the lobby no longer offers still seats its bot at a stored table."""

from __future__ import annotations

import logging
from collections.abc import Callable

from jantaku.errors import JantakuError
from jantaku.families import Family, all_families
from jantaku.players.filler import Filler
from jantaku.players.guarded import Guarded
from jantaku.players.protocol import Player

__all__ = ["ALIASES", "FILLER", "PLAYERS", "bot_names", "register_player", "seat_player"]

log = logging.getLogger("jantaku.server")

FILLER = "filler"

#: name -> factory(family, preset, seat)
PlayerFactory = Callable[[Family, str, int], Player]


def _filler(fam: Family, preset: str, seat: int) -> Player:
    return fam.new_filler(seat)


def _level(level: str) -> PlayerFactory:
    def build(fam: Family, preset: str, seat: int) -> Player:
        # a level answer the table cannot use would stall it: the filler answers instead
        return Guarded(fam.new_player(level, None, preset), Filler())

    return build


def _players() -> dict[str, PlayerFactory]:
    out: dict[str, PlayerFactory] = {FILLER: _filler}
    for fam in all_families():
        for level in fam.levels:
            out.setdefault(level, _level(level))
    return out


PLAYERS: dict[str, PlayerFactory] = _players()
ALIASES: dict[str, str] = {k: v for f in all_families() for k, v in f.aliases.items()}


def bot_names() -> list[str]:
    """The names a table can be filled with, each once (the filler first)."""
    return list(PLAYERS)


def register_player(name: str, factory: PlayerFactory) -> None:
    PLAYERS[name] = factory


def seat_player(name: str, fam: Family, preset: str, seat: int) -> Player:
    """The computer player called ``name`` for ``seat`` of a table of ``fam``. A name stored by
    an older server that this one no longer knows gets the seat filler, with a warning: the
    table must go on, not stop."""
    factory = PLAYERS.get(ALIASES.get(name, name))
    if factory is not None:
        try:
            return factory(fam, preset, seat)
        except JantakuError:
            pass  # a level this family has no bot for
    log.warning("no puppet called %r; the seat filler plays that seat instead", name)
    return fam.new_filler(seat)
