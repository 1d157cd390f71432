"""At a table of one person and computer players every discard's call window stays open at least
``--solo-call-window``, whether or not anybody may call: without it, the next draw came later
exactly when a puppet could call (its decision took the time), which the person and every
spectator saw. The last answer of a window is stored at once, so that its window then closes
as fast as an empty one."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from jantaku.commands.serve import serve
from jantaku.engine.actions import ActionKind
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store, StoredAction
from jantaku.server.writer import Writer
from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess

_ANSWERS = {"pass", "chi", "pon", "open_kan", "ron"}
_DISCARDS = {"discard", "riichi"}


def _windows(actions: list[StoredAction]) -> list[tuple[float, float, bool]]:
    """For each discard: when it was stored, when the next action not answering it was (the
    next turn, after the window closed; or the window's last answer, which is stored with the
    time it is applied), and whether anybody answered (could call)."""
    out = []
    for i, a in enumerate(actions):
        if a.action["type"] not in _DISCARDS:
            continue
        answers = []
        for later in actions[i + 1 :]:
            if later.action["type"] not in _ANSWERS:
                out.append((a.elapsed, (answers or [later])[-1].elapsed, bool(answers)))
                break
            answers.append(later)
    return out


def test_every_discard_at_a_solo_table_waits_the_hold(database: str) -> None:
    """Server-side: the match moves on after a discard no sooner than the hold, with or
    without a seat that could call it (the stored times are the server's own clock)."""
    hold = 0.1
    server = ServerProcess(database, "--solo-call-window", str(hold)).start()
    try:
        c = Client(server, server.guest())
        c.send({"type": "create", "kind": "practice", "length": "quick"})
        table = str(c.expect("created")["table"]["id"])
        c.send({"type": "join", "table": table, "fill_bots": True, "bot": "defensive"})
        for _ in range(8):  # long enough for discards that some seat could call, and others
            c.play(table, stop_after=6)
            windows = _windows(stored_actions(database, table))
            if {called for *_, called in windows} == {True, False} and len(windows) >= 20:
                break
        c.close()
    finally:
        server.stop()
    assert {called for *_, called in windows} == {True, False}
    for shown, closed, called in windows:
        # both clocks of the server (wall and monotonic) run alike for a tenth of a second
        assert closed - shown >= hold * 0.99, (shown, closed, called)


class _Conn:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, message: Any, ref: Any = None) -> None:
        self.sent.append(message)


def test_the_last_answer_is_stored_before_its_window_ends(tmp_path: Path) -> None:
    """The answer that would close a window early is stored when given, not at the window's
    end: the window then closes without a write, as an empty one does (a write there made the
    next draw come later exactly when somebody could call)."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0, call_window=600.0))
    alice = store.add_user("alice", "-", guest=False)
    bob = store.add_user("bob", "-", guest=False)
    table = lobby.create("party", "quick", seed="held")
    table.sit(alice.id, alice.name)
    table.sit(bob.id, bob.name)
    table.fill_with_bots()
    table.start()
    watcher = _Conn()
    table.attach(watcher, None)
    engine = table.engine
    assert engine is not None
    for _ in range(2000):
        if table._deferred is not None:
            break
        if engine.holding:
            table._close_window()
            continue
        seat = engine.to_act()[0]
        legal = engine.legal_actions(seat)
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        table._commit(passes[0] if passes else legal[-1], "bot")
    assert table._deferred is not None, "nobody could call any discard"
    rows = store.actions(table.id)
    assert len(rows) == table.seq  # stored already
    assert rows[-1].action == table._deferred[0].to_json()
    assert engine.awaiting_calls()  # and not applied
    shown = len(watcher.sent)
    table._close_window()
    assert len(store.actions(table.id)) == table.seq == len(rows)  # nothing more to store
    assert len(watcher.sent) == shown + 1
    assert not table._deferred and not engine.awaiting_calls()
    store.close()


def test_the_default_hold_hides_who_may_call() -> None:
    """On by default (the tests' servers turn it off where they do not look at it)."""
    assert ServerSettings().solo_call_window == 0.3
    out = CliRunner().invoke(serve, ["--help"], terminal_width=200).output
    assert "--solo-call-window" in out and "[default: 0.3]" in out


class _SlowStore(Store):
    """A store whose action writes wait while ``gate`` is clear (a stalled database)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.gate = threading.Event()
        self.gate.set()

    def append_actions(self, records: list[Any]) -> list[BaseException | None]:
        self.gate.wait(30)
        return super().append_actions(records)


class _TimedConn:
    """A viewer that notes when (monotonic) each message reached its queue."""

    def __init__(self) -> None:
        self.sent: list[tuple[float, Any]] = []

    def send(self, message: Any, ref: Any = None) -> None:
        self.sent.append((time.monotonic(), message))


def test_a_window_is_timed_from_when_its_discard_is_sent(tmp_path: Path) -> None:
    """A discard whose write stalls is shown late (nothing unstored is shown): its call
    window then lasts its full time from when the discard's message leaves, not from when the
    discard was applied (a stalled write would use up the window nobody saw open)."""
    window, stall = 0.05, 0.3
    store = _SlowStore(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0, solo_call_window=window))
    alice = store.add_user("alice", "-", guest=False)
    table = lobby.create("practice", "quick", seed="stalled")
    table.sit(alice.id, alice.name)
    table.fill_with_bots()
    table.start()
    viewer = _TimedConn()
    table.attach(viewer, None)
    engine = table.engine
    assert engine is not None

    async def discard_while_stalled() -> float:
        table.writer = Writer(store, asyncio.get_running_loop())
        seat = engine.to_act()[0]
        discard = next(a for a in engine.legal_actions(seat) if a.kind is ActionKind.DISCARD)
        store.gate.clear()
        shown = len(viewer.sent)
        table._commit(discard, "bot")
        assert engine.awaiting_calls() and len(viewer.sent) == shown  # held back
        await asyncio.sleep(stall)
        store.gate.set()
        await table.outbox.settled()
        await table.writer.flush()
        table.writer.close()
        assert len(viewer.sent) > shown
        return viewer.sent[shown][0]  # when the discard's message left

    sent_at = asyncio.run(discard_while_stalled())
    assert table._window_until is not None
    assert table._window_until - sent_at >= window  # the whole window, from the message on
    store.close()
