"""The server seats the arena's players: by level, the family's own bot; ``filler`` and any
name an older server stored but this one does not know, the family's seat filler."""

from __future__ import annotations

import pytest

from jantaku.families import all_families
from jantaku.players.guarded import Guarded
from jantaku.players.protocol import Player
from jantaku.server.seating import ALIASES, PLAYERS, bot_names, seat_player


def test_levels_seat_the_family_bot_of_that_level() -> None:
    for fam in all_families():
        for level in fam.levels:
            player = seat_player(level, fam, fam.default_preset, 1)
            assert isinstance(player, Guarded) and isinstance(player, Player)
            arena_bot = fam.new_player(level, None, fam.default_preset)
            assert type(player.bot) is type(arena_bot), (fam.name, level)


def test_the_lobby_lists_each_name_once_and_aliases_resolve() -> None:
    assert bot_names() == ["filler", "random", "efficiency", "defensive", "expert", "strong"]
    assert ALIASES == {"strongest": "strong"}
    assert set(ALIASES).isdisjoint(PLAYERS)
    for fam in all_families():
        strongest = seat_player("strongest", fam, fam.default_preset, 0)
        strong = seat_player("strong", fam, fam.default_preset, 0)
        assert type(strongest) is type(strong)


@pytest.mark.parametrize("name", ["filler", "retired-bot"])
def test_the_filler_is_the_family_s_own(name: str) -> None:
    for fam in all_families():
        player = seat_player(name, fam, fam.default_preset, 2)
        assert type(player) is type(fam.new_filler(2)), fam.name
