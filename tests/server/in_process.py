"""Playing a server table in process, as its driver would, for tests that look at a deal's
course before (or instead of) a real server plays it."""

from __future__ import annotations

from jantaku.server.tables import Table

__all__ = ["advance"]


def advance(table: Table, me: int | None) -> bool:
    """One step the table's driver takes by itself: close a call window (its time is up), end
    a result pause (the result has been seen), or play a computer player's turn. False when
    seat ``me`` is the one to act."""
    engine = table.engine
    assert engine is not None
    if engine.holding or table._deferred is not None:
        table._close_window()
    elif table._pause_until is not None:
        table._end_pause()
    elif (seat := engine.to_act()[0]) != me:
        bot = table._controller(seat)
        assert bot is not None
        table._commit(bot.choose(engine.view(seat)), "bot")
    else:
        return False
    return True
