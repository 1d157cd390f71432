"""The public step a table goes on from after a restart tells nobody how many calls were
passed up: a pass in a call window shows nothing, so a table resumed just before a stored pass
and one resumed just after it show the same match and must go on from the same step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jantaku.server.config import ServerSettings, table_config
from jantaku.server.storage import Store
from jantaku.server.tables import Table
from tests.server.played_matches import START, Seen, play


def _resumed(store: Store, game_id: str, stored: list[Any]) -> Table:
    table = Table(game_id, table_config("novice", "full"), store, ServerSettings())
    table.seed = f"seed-{game_id}"  # the seed played_matches deals with
    table.replay(stored, START)
    return table


def test_a_stored_pass_does_not_move_the_resumed_step(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        players = [store.add_user(f"P{i}", None, False).id for i in range(4)]
        play(store, "m1", START, players, Seen())
        stored = store.actions("m1")
        passes = [n for n, row in enumerate(stored) if row.action["type"] == "pass"]
        checked = 0
        for n in passes:
            before = _resumed(store, "m1", stored[:n])
            after = _resumed(store, "m1", stored[: n + 1])
            assert before.engine is not None and after.engine is not None
            shown = [e.to_json() for e in before.engine.log]
            if shown != [e.to_json() for e in after.engine.log]:
                continue  # the window's last answer: the window closed and the next tile shows
            # the same match as anybody sees it goes on from the same step, whatever pass
            # was stored behind it
            assert before.step == after.step, f"the pass stored as action {n + 1} shows"
            checked += 1
        assert checked >= 3, "a whole match has windows where a pass left another seat asked"
    finally:
        store.close()
