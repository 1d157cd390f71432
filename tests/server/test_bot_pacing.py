"""Computer players take a moment before their turn (``--bot-delay``, 0.7 s unless told):
a person can follow the table. The tests' servers make them instant."""

from __future__ import annotations

import time

from click.testing import CliRunner

from jantaku.commands.serve import serve
from jantaku.server.config import ServerSettings
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
    gaps = _bot_turn_times("0.4", database)
    assert min(gaps) >= 0.4 * 0.5 * 0.9, gaps  # 0.5-1.5 times the delay
    assert sum(gaps) / len(gaps) >= 0.4 * 0.6, gaps


def test_the_tests_computer_players_are_instant(database: str) -> None:
    gaps = _bot_turn_times("0", database)
    assert sum(gaps) / len(gaps) < 0.15, gaps
