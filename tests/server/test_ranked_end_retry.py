"""A ranked match's end is stored with its rank changes in one transaction: when the database
fails in the middle (a fail-over, a lock) and the writer tries the end again, every account is
rated once. Before, the accounts were saved one transaction each after the game: a failure at
the second account left the first one rated, and the retry rated it again."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from jantaku.server.storage import Store
from jantaku.server.writer import Writer
from tests.server.checks import play_out
from tests.server.test_ranked_results import _account, _resumed_table


def _fail_second_account_write_once(store: Store) -> list[str]:
    """The second write of an account fails once, as when the database goes away just then."""
    seen: list[str] = []

    def before(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE USERS"):
            seen.append(statement)
            if len(seen) == 2:
                raise OperationalError(statement, {}, sqlite3.OperationalError("disk I/O error"))

    event.listen(store.engine, "before_cursor_execute", before)
    return seen


def test_a_ranked_end_tried_again_rates_every_account_once(database: str) -> None:
    store = Store(database)
    seats = [_account(store, n) for n in ("alice", "bob", "carol", "dave")]
    table = _resumed_table(store, seats)
    writes = _fail_second_account_write_once(store)

    async def scenario() -> None:
        writer = Writer(store, asyncio.get_running_loop(), retry_waits=(0.01, 0.01))
        table.writer = writer
        play_out(table)
        await asyncio.wait_for(writer.flush(), 60)
        writer.close()

    asyncio.run(scenario())
    assert len(writes) > 4, "the end was not tried again"
    assert table.outcome is not None and table.outcome.recorded
    for s in seats:
        user = store.user(s["user_id"])
        assert user is not None and user.rated_games == 1, (s["name"], user.rated_games)
    game = store.game(table.id)
    assert game is not None and game.result["ranks"] == table.rank_changes
    store.close()
