"""Checks on what a server stored: contiguous actions, a replay that agrees, replay-check."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from sqlalchemy import create_engine, text

from jantaku.cli import main
from jantaku.engine.riichi.wall import shuffled_wall
from jantaku.server.export import replay_stored
from jantaku.server.storage import Store, StoredAction
from jantaku.tiles import format_tiles, parse_tiles
from tests.server.harness import ServerProcess


def stored_bank(database: str, table: str, seat: int) -> float:
    """What is left of ``seat``'s time bank as the table's row keeps it."""
    store = Store(database)
    try:
        row = store.table(table)
        assert row is not None
        return float(row.seats[seat]["bank"])
    finally:
        store.close()


def stored_actions(database: str, table: str) -> list[StoredAction]:
    url = database.replace("postgresql://", "postgresql+psycopg://")
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT seq, action, elapsed, source FROM actions WHERE table_id = :t "
                    "ORDER BY seq"
                ),
                {"t": table},
            ).all()
    finally:
        engine.dispose()
    return [
        StoredAction(r[0], r[1] if isinstance(r[1], dict) else json.loads(r[1]), r[2], r[3])
        for r in rows
    ]


def check_record(
    server: ServerProcess, table: str, tmp: Path, token: str | None = None
) -> dict[str, Any]:
    """The finished game's record: seed matches its commitment, the stored actions are 1..n
    without gaps or repeats, re-applying them gives the stored result, and the tenhou.net/6 and
    mjai downloads and the game as served pass ``jantaku replay-check``."""
    game = server.get(f"/api/games/{table}", token).json()
    result = game["result"]
    assert hashlib.sha256(result["seed"].encode()).hexdigest() == result["commitment"]
    _verify_walls(result["seed"], game["events"])
    actions = stored_actions(server.database, table)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    assert len(actions) == result["actions"]
    outcome, _log = replay_stored(result, actions)
    assert outcome is not None
    assert list(outcome.scores) == result["scores"]
    assert list(outcome.ranking) == result["ranking"]
    tenhou = server.get(f"/api/games/{table}/tenhou6", token)
    assert tenhou.status_code == 200
    (tmp / f"{table}.json").write_text(tenhou.text)
    mjai = server.get(f"/api/games/{table}/mjai", token)
    assert mjai.status_code == 200
    (tmp / f"{table}.mjson").write_text(mjai.text)
    (tmp / f"{table}.game.json").write_text(json.dumps(game))  # as a user saves it
    run = CliRunner().invoke(
        main,
        [
            "replay-check",
            str(tmp / f"{table}.json"),
            str(tmp / f"{table}.mjson"),
            str(tmp / f"{table}.game.json"),
        ],
    )
    assert run.exit_code == 0, run.output
    assert "mismatches=0" in run.output
    return game


def _verify_walls(seed: str, events: list[dict[str, Any]]) -> None:
    """What any player can do with the revealed seed: rebuild each deal's wall and find the
    starting hands and the first dora indicator the game actually had."""
    deals = [e for e in events if e["type"] == "deal_started"]
    assert deals
    for n, deal in enumerate(deals):
        wall = shuffled_wall(f"{seed}:{n}", 3)
        dealer = deal["deal"]
        for offset, hand in enumerate(wall.hands):
            shown = parse_tiles(deal["hands"][(dealer + offset) % 4])
            assert _sorted(hand) == _sorted(shown)
        assert wall.dora[0].notation == deal["dora_indicator"]


def _sorted(tiles: Any) -> str:
    return format_tiles(sorted(tiles, key=lambda t: (t.kind, not t.red)))


def play_out(table: Any, limit: int = 40000) -> None:
    """Drive a live table in-process to its end, every seat played by the seat filler: call
    windows are closed at once (the driver would wait for their time)."""
    from jantaku.players.filler import Filler

    filler = Filler()
    for _ in range(limit):
        if table.status != "live":
            return
        if table.engine.holding or table._deferred is not None:
            table._close_window()
            continue
        seat = table.engine.to_act()[0]
        table._commit(filler.choose(table.engine.view(seat)), "bot")
    raise AssertionError("the match did not end")
