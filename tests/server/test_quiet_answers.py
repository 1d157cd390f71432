"""An answer in a call window is stored without holding back what the table sends meanwhile
(docs/protocol.md, *Calls: what nobody learns*).

A table holds back what it sends while one of its writes is not stored (writer.py,
``Outbox``). In a call window the only actions stored are the answers of the seats that may
call, which nobody else may learn of: a spectator's ``watch`` held behind such a write would
tell that somebody was asked. So an answer's write is quiet: the snapshot leaves at once, and
only what shows the window's close waits until the answer is stored. Here a table of four
persons is played in-process with the writer thread, its windows long (the test ends them as
the driver would), and the database write of the answers held by a gate."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from typing import Any

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.messages import Events, Snapshot
from jantaku.server.storage import Store
from jantaku.server.tables import Table
from jantaku.server.writer import Writer

#: the most steps a quick match takes here (a bound on a broken test only)
STEPS = 20000
#: seconds a wait for the writer thread may take before the test counts it as a hang
HANG = 60.0


class Conn:
    """A viewer's connection: what it was sent."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def send(self, message: Any, ref: Any = None) -> None:
        self.messages.append(message)


def _choose(legal: list[Action]) -> Action:
    """Win when offered, else pass, else the first action (a discard)."""
    for kind in (ActionKind.TSUMO, ActionKind.RON, ActionKind.PASS):
        for a in legal:
            if a.kind is kind:
                return a
    return legal[0]


async def _settle(table: Table) -> None:
    assert table.writer is not None
    await asyncio.wait_for(table.writer.flush(), HANG)
    await asyncio.wait_for(table.outbox.settled(), HANG)


async def _advance(table: Table, users: list[int]) -> list[int] | None:
    """One step as the driver and the persons would take it: end a pause or a window, else
    the first seat asked answers; a call window in which a seat may call is left to the
    caller (its seats asked are returned)."""
    engine = table.engine
    assert engine is not None
    if table._pause_until is not None:
        table._end_pause()
    elif table._deferred is not None or engine.holding:
        table._close_window()
    else:
        asked = [s for s in engine.to_act() if table._asked(s) and engine.legal_actions(s)]
        if engine.awaiting_calls():
            return asked
        seat = asked[0]
        table.submit(users[seat], _choose(engine.legal_actions(seat)).to_json(), None)
    return None


def _gate(store: Store, name: str) -> tuple[threading.Event, threading.Event]:
    """(open, entered): while ``open`` is clear, a call of the store's ``name`` (the writer
    thread's) waits."""
    opened, entered = threading.Event(), threading.Event()
    opened.set()
    original = getattr(store, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        if not opened.is_set():
            entered.set()
            opened.wait(HANG)
        return original(*args, **kwargs)

    setattr(store, name, held)
    return opened, entered


async def _play(store: Store, checked: bool, gate: str) -> tuple[str, list[Any]]:
    """A quick timed party match of four persons, every call passed after thinking past the
    call-prompt time (each answer's seat pays from its time bank, which is stored); with
    ``checked`` the first window in which a seat may call is played with the store's ``gate``
    held (the answers' or the banks' write). The table and what a spectator who joined in
    that window was sent."""
    lobby = Lobby(store, ServerSettings(call_window=3600.0, bot_delay=0.0))
    lobby.writer = Writer(store, asyncio.get_running_loop())
    table = lobby.create("party", "quick", seed="quiet-answers")
    table.writer = lobby.writer
    table.config = dataclasses.replace(table.config, timer=True)
    now = [0.0]
    table.turn_clock = lambda: now[0]
    users = [store.add_user(f"Q{n}-{checked}", None, False).id for n in range(4)]
    for n, user in enumerate(users):
        table.sit(user, f"Q{n}")
    await _settle(table)
    table.start()
    opened, entered = _gate(store, gate)
    spectator = Conn()
    for _ in range(STEPS):
        if table.status != "live":
            break
        await _settle(table)
        asked = await _advance(table, users)
        if asked is None:
            continue
        engine = table.engine
        assert engine is not None
        calls = any(a.kind is not ActionKind.PASS for s in asked for a in engine.legal_actions(s))
        if checked and calls and not spectator.messages:
            opened.clear()  # the answers' write is held
        now[0] += 10.0  # past the call-prompt time: the bank pays
        for seat in asked:
            table.submit(users[seat], {"type": "pass", "seat": seat}, None)
        if not opened.is_set():
            assert await asyncio.wait_for(asyncio.to_thread(entered.wait, HANG), HANG + 5)
            step = table.step
            table.attach(spectator, None)  # a spectator's watch while the answers are stored
            assert [type(m) for m in spectator.messages] == [Snapshot], spectator.messages
            table._close_window()  # the window's time is up: what follows waits
            assert not [m for m in spectator.messages if isinstance(m, Events)]
            opened.set()
            await _settle(table)
            shown = [m for m in spectator.messages if isinstance(m, Events)]
            assert shown and shown[0].seq > step
    assert table.status == "finished", table.status
    await _settle(table)
    lobby.writer.close()
    return table.id, spectator.messages


@pytest.mark.parametrize("gate", ["append_actions", "update_table"])
def test_a_watch_is_not_held_behind_an_answer(database: str, gate: str) -> None:
    """Held: the answers' write (``append_actions``) or the write of the time bank they used
    (``update_table``)."""
    store = Store(database)
    try:
        checked, seen = asyncio.run(_play(store, True, gate))
        plain, _ = asyncio.run(_play(store, False, gate))
        assert seen, "no window in which a seat may call was played"
        # the answers are stored as they were given: the same rows, in the same order
        rows = [(r.seq, r.action, r.source) for r in store.actions(checked)]
        assert rows == [(r.seq, r.action, r.source) for r in store.actions(plain)]
        assert any(action["type"] == "pass" for _seq, action, _source in rows)
    finally:
        store.close()
