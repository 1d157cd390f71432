"""The graded bots of jantaku.players sit in server seats by name."""

from __future__ import annotations

import pytest

from jantaku.engine.riichi.presets import new_match
from jantaku.families import family
from jantaku.players.guarded import Guarded
from jantaku.server.seating import seat_player


def test_every_level_plays_a_whole_match_legally() -> None:
    for level in ("random", "efficiency", "defensive", "expert", "strong", "strongest"):
        match = new_match("doman", seed=11, length="east_only")
        players = [seat_player(level, family("riichi"), "doman", s) for s in range(4)]
        assert all(isinstance(p, Guarded) for p in players)
        while not match.finished:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            action = players[seat].choose(match.view(seat))
            assert action in legal
            match.apply(action)
        assert match.result is not None and sum(match.result.scores) == 100_000


def test_an_unknown_stored_name_gets_the_filler_and_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from jantaku.players.filler import Filler

    with caplog.at_level("WARNING", logger="jantaku.server"):
        player = seat_player("retired-bot", family("riichi"), "doman", 0)
    assert isinstance(player, Filler)
    assert "retired-bot" in caplog.text


def test_strongest_asks_for_the_strongest_bot_as_on_the_command_line() -> None:
    from jantaku.server.handlers import bot_name
    from jantaku.server.protocol import ProtocolError
    from jantaku.server.seating import PLAYERS

    assert bot_name("strongest") == "strongest"  # its own bot, no longer another name
    assert bot_name("defensive") == "defensive"
    assert bot_name("strong") == "strong"  # a level stored tables may name still seats
    assert list(PLAYERS).count("strongest") == 1  # the lobby's list names each bot once
    with pytest.raises(ProtocolError, match="'strongst'"):
        bot_name("strongst")
    with pytest.raises(ProtocolError, match="unknown bot"):
        bot_name(3)
