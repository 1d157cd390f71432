"""``wind_rounds``: a classical game of the East wind round only (the server's quick tables)
ends where the four-round game passes into the South round, and nowhere else."""

from __future__ import annotations

import pytest

from jantaku.engine.classical import ClassicalDealStarted, ClassicalMatch
from jantaku.players.classical import make_player
from jantaku.players.protocol import tell
from jantaku.rules.classical import preset
from jantaku.rules.classical.options import OptionError
from jantaku.tiles import Wind


def _play(wind_rounds: int, stop_after_east: bool) -> ClassicalMatch:
    """Bots play until the match ends (or, with ``stop_after_east``, the South round begins)."""
    game = ClassicalMatch(preset("sontag", wind_rounds=wind_rounds), seed="rounds")
    players = [make_player("efficiency", s) for s in range(4)]
    tell(players, game.log)
    for _ in range(20000):
        if game.finished:
            return game
        if stop_after_east and game.round_wind is not Wind.EAST:
            return game
        seat = game.to_act()[0]
        tell(players, game.apply(players[seat].choose(game.view(seat))))
    raise AssertionError("the game did not end")


def test_an_east_round_game_ends_where_the_whole_game_enters_the_south_round() -> None:
    whole = _play(4, stop_after_east=True)
    short = _play(1, stop_after_east=False)
    assert short.finished and not whole.finished
    east_deals = [e for e in whole.log if isinstance(e, ClassicalDealStarted)][:-1]
    short_deals = [e for e in short.log if isinstance(e, ClassicalDealStarted)]
    assert short_deals == east_deals  # the same hands, then the end instead of South's first
    assert all(e.round_wind == Wind.EAST for e in short_deals)
    assert short.result is not None and short.result.hands_played == len(east_deals)


def test_wind_rounds_outside_one_to_four_is_refused() -> None:
    with pytest.raises(OptionError, match="wind_rounds must be 1 to 4"):
        preset("sontag", wind_rounds=5)
