"""What hints cost a process over a match (docs/table.md, "Hints"), in process: a seat that
has moved on before its hint was begun (the hint thread busy with other tables') does not
leave it queued there, so a seat asking at every prompt keeps at most one hint waiting; the
next hint is still made from every event the seat saw; and once the match is over the
table holds no adviser and no hint."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from jantaku.players.review import Adviser
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.messages import Error, Hint, ServerMessage
from jantaku.server.puppets import hint_pool
from jantaku.server.storage import Store
from tests.server.harness import REPLY_LIMIT
from tests.server.in_process import advance


class _Inbox:
    """A connection that keeps what it is sent, with the id it answers."""

    def __init__(self) -> None:
        self.sent: list[tuple[ServerMessage, Any]] = []

    def send(self, message: ServerMessage, ref: Any = None) -> None:
        self.sent.append((message, ref))

    def answer(self, ref: str) -> ServerMessage | None:
        for message, answered in self.sent:
            if answered == ref or getattr(message, "ref", None) == ref:
                return message
        return None


def test_a_hint_nobody_needs_leaves_the_queue_and_a_match_ends_with_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    advised: list[int] = []
    advise = Adviser.advise

    def counted(self: Adviser, view: Any) -> Any:
        advised.append(1)
        return advise(self, view)

    monkeypatch.setattr(Adviser, "advise", counted)
    store = Store(f"sqlite:///{tmp_path / 'hints.sqlite3'}")

    async def play() -> None:
        lobby = Lobby(store, ServerSettings(bot_delay=0.0))
        table = lobby.create("party", "quick", seed="hint-queue")
        inbox = _Inbox()
        user = store.add_user("asker", None, guest=True)
        me = table.sit(user.id, user.name)
        table.attach(inbox, me)
        table.fill_with_bots("filler")
        table.start()
        engine = table.engine
        assert engine is not None

        def my_turn() -> None:
            while advance(table, me):
                pass

        busy = threading.Event()  # another table's hint holds the hint thread
        hint_pool().submit(busy.wait, REPLY_LIMIT)
        try:
            my_turn()
            table.hint(user.id, inbox, "first", None)
            table.submit(user.id, engine.legal_actions(me)[0].to_json(), table.step)
            my_turn()
            table.hint(user.id, inbox, "second", None)
            view, seen = engine.view(me), [e.seen_by(me) for e in engine.log]
        finally:
            busy.set()
        for _ in range(int(REPLY_LIMIT * 100)):
            if inbox.answer("second") is not None:
                break
            await asyncio.sleep(0.01)
        first, second = inbox.answer("first"), inbox.answer("second")
        # the first step's hint was never made: the seat had moved on before it was begun
        assert isinstance(first, Error) and first.code == "stale", first
        assert isinstance(second, Hint), second
        assert len(advised) == 1
        # made from every event the seat saw (the first hint's too), as a fresh adviser's
        fresh = Adviser("riichi")
        fresh.observe(seen)
        assert second.action == advise(fresh, view).action.to_json()

        while table.status == "live":
            if not advance(table, me):
                table.submit(user.id, engine.legal_actions(me)[0].to_json(), table.step)
        assert table.status == "finished"
        assert not table._adviser_by_seat and not table._hint_by_seat

    try:
        asyncio.run(play())
    finally:
        store.close()
