"""The graded bots of jantaku.players sit in server seats by name."""

from __future__ import annotations

import pytest

from jantaku.engine.riichi.presets import new_match
from jantaku.server.bots import LevelPlayer, make_player


def test_every_level_plays_a_whole_match_legally() -> None:
    for level in ("random", "efficiency", "defensive", "expert", "strong"):
        match = new_match("doman", seed=11, length="east_only")
        players = [make_player(level) for _ in range(4)]
        assert all(isinstance(p, LevelPlayer) for p in players)
        while not match.finished:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            view = {"seat_view": lambda s=seat, m=match: m.view(s), "drawn_index": None}
            action = players[seat].choose(view, legal)
            assert action in legal
            match.apply(action)
        assert match.result is not None and sum(match.result.scores) == 100_000


def test_an_unknown_stored_name_gets_the_filler_and_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from jantaku.server.bots import SeatFiller

    with caplog.at_level("WARNING", logger="jantaku.server"):
        player = make_player("retired-bot")
    assert isinstance(player, SeatFiller)
    assert "retired-bot" in caplog.text


def test_strongest_asks_for_the_strong_bot_as_on_the_command_line() -> None:
    from jantaku.server.app import _bot_name
    from jantaku.server.bots import PLAYERS
    from jantaku.server.protocol import ProtocolError

    assert _bot_name({"bot": "strongest"}) == "strong"  # stored under the name it stands for
    assert _bot_name({"bot": "defensive"}) == "defensive"
    assert "strongest" not in PLAYERS  # the lobby's list names each bot once
    with pytest.raises(ProtocolError, match="'strongst'"):
        _bot_name({"bot": "strongst"})
    with pytest.raises(ProtocolError, match="unknown bot"):
        _bot_name({"bot": 3})
