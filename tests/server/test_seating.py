"""The server seats the arena's players: by level, the family's own bot; ``filler`` and any
name an older server stored but this one does not know, the family's seat filler."""

from __future__ import annotations

import pytest

from jantaku.families import all_families, family
from jantaku.players.guarded import Guarded
from jantaku.players.protocol import Player
from jantaku.players.riichi.levels import STRONG, STRONGEST
from jantaku.server.seating import ALIASES, PLAYERS, bot_names, seat_player


def test_levels_seat_the_family_bot_of_that_level() -> None:
    for fam in all_families():
        for level in fam.levels:
            player = seat_player(level, fam, fam.default_preset, 1)
            assert isinstance(player, Guarded) and isinstance(player, Player)
            arena_bot = fam.new_player(level, None, fam.default_preset)
            assert type(player.bot) is type(arena_bot), (fam.name, level)


def test_the_lobby_lists_each_name_once_and_aliases_resolve() -> None:
    names = ["filler", "random", "efficiency", "defensive", "expert", "strong", "strongest"]
    assert bot_names() == names
    assert ALIASES == {}  # every name plays its own bot
    assert set(ALIASES).isdisjoint(PLAYERS)
    riichi = family("riichi")
    strongest = seat_player("strongest", riichi, riichi.default_preset, 0)
    strong = seat_player("strong", riichi, riichi.default_preset, 0)
    assert isinstance(strongest, Guarded) and isinstance(strong, Guarded)
    assert strongest.bot.level is STRONGEST and strong.bot.level is STRONG  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["filler", "retired-bot"])
def test_the_filler_is_the_family_s_own(name: str) -> None:
    for fam in all_families():
        player = seat_player(name, fam, fam.default_preset, 2)
        assert type(player) is type(fam.new_filler(2)), fam.name
