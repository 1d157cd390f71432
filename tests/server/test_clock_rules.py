"""The 80-minute last-hand and 120-minute stop rules on the server clock (doman-rules.md
§2.10): the table's start time is stored, each action carries its elapsed time."""

from __future__ import annotations

from pathlib import Path

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.events import DealStarted
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store
from tests.server.checks import play_out


def _table(tmp_path: Path):  # type: ignore[no-untyped-def]
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    users = [store.add_user(f"player{i}", "-", guest=False) for i in range(4)]
    table = lobby.create("novice", "full")  # ranked: four registered accounts
    for user in users:
        table.sit(user.id, user.name)
    table.start()
    return store, table, users[0]


def test_120_minute_stop_records_nothing(tmp_path: Path) -> None:
    store, table, user = _table(tmp_path)
    table.started_at -= 121 * 60
    play_out(table)
    assert table.outcome is not None and not table.outcome.recorded
    game = store.game(table.id)
    assert game is not None and not game.recorded
    after = store.user(user.id)
    assert after is not None and after.rated_games == 0 and after.rank_points == 0
    assert store.player_lines(user.id) == []  # no statistics from a stopped game


def test_80_minute_rule_makes_the_next_hand_the_last(tmp_path: Path) -> None:
    _store, table, _user = _table(tmp_path)
    seat = table.engine.to_act()[0]
    # a discard: the dealer's first legal action may end the hand (nine terminals), and the
    # mark would then pass in the second hand
    discard = next(a for a in table.engine.legal_actions(seat) if a.kind is ActionKind.DISCARD)
    table._commit(discard, "bot")
    table.started_at -= 81 * 60  # the mark passes during the first hand
    play_out(table)
    assert table.outcome is not None and table.outcome.recorded
    deals = sum(isinstance(e, DealStarted) for e in table.engine.log)
    assert deals <= 2  # hand k+1 is final (an East+South match would go on)
