"""Computer players take a moment before their turn (``--bot-delay``, 0.7 s unless told):
a person can follow the table. The tests' servers make them instant."""

from __future__ import annotations

import asyncio
import itertools
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from jantaku.commands.serve import serve
from jantaku.engine.actions import ActionKind
from jantaku.families import Family
from jantaku.players.protocol import Player
from jantaku.server import table_driver
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.seating import PLAYERS, register_player
from jantaku.server.storage import Store
from tests.server.checks import stored_actions
from tests.server.harness import Client, ServerProcess, choose


def test_the_default_delay_is_about_seven_tenths_of_a_second() -> None:
    assert ServerSettings().bot_delay == 0.7
    out = CliRunner().invoke(serve, ["--help"], terminal_width=200).output
    assert "--bot-delay" in out and "[default: 0.7]" in out


def _bot_turn_times(delay: str, database: str, turns: int = 8) -> list[float]:
    """How long computer players took over their turns, from the action that let them draw to
    their discard, by the match time the server stored with each action (however late a
    loaded machine lets the test read what a person is shown)."""
    server = ServerProcess(database, "--bot-delay", delay, "--grace-seconds", "60").start()
    c = Client(server, server.guest())
    try:
        c.send({"type": "create", "kind": "practice", "length": "quick"})
        table = str(c.expect("created")["table"]["id"])
        c.send({"type": "join", "table": table, "fill_bots": True})
        me = int(c.expect("snapshot")["seat"])
        seen = 0  # the computer players' discards the person was shown
        while seen < turns:
            msg = c.recv()
            if msg["type"] == "prompt":
                c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
            if msg["type"] != "events":
                continue
            if msg["between_hands"]:
                c.send({"type": "continue", "table": table})
            seen += sum(1 for e in msg["events"] if e["type"] == "discarded" and e["seat"] != me)
        actions = stored_actions(database, table)
    finally:
        c.close()
        server.stop()
    # the turn began with the action before the discard (the call window of a table of one
    # person and computer players is closed by the answers alone)
    return [
        a.elapsed - before.elapsed
        for before, a in itertools.pairwise(actions)
        if a.source == "bot" and a.action["type"] == "discard"
    ]


def test_computer_players_take_a_moment(database: str) -> None:
    gaps = _bot_turn_times("0.4", database)
    assert len(gaps) >= 6, gaps
    assert min(gaps) >= 0.4 * 0.5 * 0.9, gaps  # 0.5-1.5 times the delay
    assert sum(gaps) / len(gaps) >= 0.4 * 0.6, gaps


def test_the_tests_computer_players_are_instant(database: str) -> None:
    gaps = _bot_turn_times("0", database)
    assert len(gaps) >= 6, gaps
    # most turns: a stall of the machine lengthens one or two, never most
    assert statistics.median(gaps) < 0.15, gaps


class _Noting:
    """The seat filler, noting each decision in ``steps``."""

    def __init__(self, family: Family, preset: str, seat: int) -> None:
        self.filler: Player = family.new_filler(seat)

    def choose(self, view: Any) -> Any:
        action = self.filler.choose(view)
        _STEPS.append("answer" if action.kind in _ANSWERS else "turn")
        return action

    def observe(self, events: Sequence[Any]) -> None:
        self.filler.observe(events)


_STEPS: list[str] = []
_ANSWERS = {ActionKind.PASS, ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN, ActionKind.RON}


def test_a_computer_player_decides_before_it_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wait sets when a computer player's discard comes, not its decision, whose time
    depends on its hand: the decision is made first, the wait takes what is left of the
    delay."""
    pause = asyncio.sleep

    async def noted(seconds: float) -> None:
        if seconds > 0:
            _STEPS.append("wait")
        await pause(0)

    monkeypatch.setattr(table_driver.asyncio, "sleep", noted)
    register_player("noting", _Noting)
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        table = Lobby(store, ServerSettings(bot_delay=0.5)).create("practice", "quick")
        table.fill_with_bots("noting")
        table.start()

        async def play() -> None:
            table.run()
            while _STEPS.count("wait") < 12 and table.status == "live":
                await pause(0.01)
            await table.stop()

        asyncio.run(play())
    finally:
        del PLAYERS["noting"]
        store.close()
    steps = "".join(s[0] for s in _STEPS)  # t: a turn decided, a: a call answered, w: a wait
    # every wait comes right after a turn's decision (a call is answered at once)
    assert steps.count("w") >= 12, steps
    assert all(i > 0 and steps[i - 1] == "t" for i, s in enumerate(steps) if s == "w"), steps
