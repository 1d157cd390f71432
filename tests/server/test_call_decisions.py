"""A computer player's call decision is bounded by the call window: one not made when the
window ends is a pass, so the window never closes later when a puppet may call than when
nobody may (a classical puppet's decision can take longer than the window; everybody at the
table would see the late close). Its turn's decisions are not bounded (nothing is hidden there:
``--bot-delay`` paces them)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.players.protocol import Player
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store

_ANSWERS = {"pass", "chi", "pon", "open_kan", "ron"}


class _Ponderer:
    """A puppet whose call decisions wait for ``release`` and then call (never pass)."""

    def __init__(self, inner: Player, stored: Any) -> None:
        self.inner = inner
        self.stored = stored
        self.name = inner.name
        self.asked = threading.Event()
        self.release = threading.Event()
        self.seq: int | None = None  # the table's stored actions when first asked to call

    def observe(self, events: Any) -> None:
        self.inner.observe(events)

    def choose(self, view: Any) -> Any:
        legal = list(view.legal_actions)
        calls = [a for a in legal if a.kind is not ActionKind.PASS]
        if len(calls) == len(legal) or self.asked.is_set():
            return self.inner.choose(view)
        self.seq = self.stored()
        self.asked.set()
        self.release.wait(5)
        return calls[0]


def test_a_slow_call_decision_passes_when_the_window_ends(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    settings = ServerSettings(bot_delay=0.0, solo_call_window=0.05)
    lobby = Lobby(store, settings)
    table = lobby.create("practice", "quick", seed="ponder")
    table.fill_with_bots()
    table.start()
    # computer players alone, with the window of a table where one person plays them
    table._call_window = lambda: settings.solo_call_window  # type: ignore[method-assign]
    ponderers = {}
    for seat in range(4):
        inner = table._controller(seat)
        assert inner is not None
        ponderers[seat] = table._players[seat] = _Ponderer(inner, lambda: table.seq)

    async def play() -> tuple[int, int]:
        lobby.run_all()
        for _ in range(3000):  # until a puppet is asked to call, and its window has closed
            asked = [(s, p) for s, p in ponderers.items() if p.asked.is_set()]
            if asked:
                seat, ponderer = asked[0]
                assert ponderer.seq is not None
                rows = store.actions(table.id)[ponderer.seq :]
                if any(r.action["seat"] == seat and r.action["type"] in _ANSWERS for r in rows):
                    break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("no puppet could call, or its window never closed")
        stalled = not ponderer.release.is_set()
        for p in ponderers.values():
            p.release.set()
        await lobby.stop_all()
        assert stalled  # its decision was still under way when its answer was stored
        assert ponderer.seq is not None
        return seat, ponderer.seq

    seat, seq = asyncio.run(play())
    rows = store.actions(table.id)[seq:]
    answer = next(r for r in rows if r.action["seat"] == seat and r.action["type"] in _ANSWERS)
    assert answer.action["type"] == "pass"  # the window ended before the decision did
    store.close()
