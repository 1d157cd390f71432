"""Computer players take a moment before their turn (``--bot-delay``, 0.7 s unless told):
a person can follow the table. The tests' servers make them instant."""

from __future__ import annotations

import asyncio
import time
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
from tests.server.harness import Client, ServerProcess, choose


def test_the_default_delay_is_about_seven_tenths_of_a_second() -> None:
    assert ServerSettings().bot_delay == 0.7
    out = CliRunner().invoke(serve, ["--help"], terminal_width=200).output
    assert "--bot-delay" in out and "[default: 0.7]" in out


def _bot_turn_times(delay: str, database: str, turns: int = 8) -> list[float]:
    """How long computer players took from their draw to their discard, seen by a person."""
    server = ServerProcess(database, "--bot-delay", delay, "--grace-seconds", "60").start()
    c = Client(server, server.guest())
    try:
        c.send({"type": "create", "kind": "practice", "length": "quick"})
        table = str(c.expect("created")["table"]["id"])
        c.send({"type": "join", "table": table, "fill_bots": True})
        me = int(c.expect("snapshot")["seat"])
        drew: float | None = None
        gaps: list[float] = []
        while len(gaps) < turns:
            msg = c.recv(30)
            if msg["type"] == "prompt":
                c.send({"type": "act", "table": table, "seq": msg["seq"], "action": choose(msg)})
            if msg["type"] != "events":
                continue
            if msg["between_hands"]:
                c.send({"type": "continue", "table": table})
            kinds = {e["type"]: e for e in msg["events"]}
            if drew is not None and "discarded" in kinds and kinds["discarded"]["seat"] != me:
                gaps.append(time.monotonic() - drew)
            drew = None
            if msg["to_act"] and msg["to_act"] != [me] and "drew" in kinds:
                drew = time.monotonic()
        return gaps
    finally:
        c.close()
        server.stop()


def test_computer_players_take_a_moment(database: str) -> None:
    """Each wait is 0.5-1.5 times the delay. The test sees a wait from its own reading of the
    draw, which a stall of the test process delays, shortening that one gap: the two shortest
    gaps are left out of the lower bound."""
    gaps = _bot_turn_times("0.4", database, turns=12)
    assert sorted(gaps)[2] >= 0.4 * 0.5 * 0.9, gaps
    assert sum(gaps) / len(gaps) >= 0.4 * 0.6, gaps


def test_the_tests_computer_players_are_instant(database: str) -> None:
    gaps = _bot_turn_times("0", database)
    assert sum(gaps) / len(gaps) < 0.15, gaps


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
