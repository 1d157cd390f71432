"""Every decision of the bots on fixed seeds, as lines ``scenario seat action-json``: the
golden decision files pin the bots' choices, so a restructuring that changes one is caught at
the first decision that differs."""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from jantaku.players.protocol import tell

GOLDEN = Path(__file__).parent / "golden"

RIICHI_LEVELS = ("random", "efficiency", "defensive", "expert", "strong", "strongest")
CLASSICAL_LEVELS = ("random", "efficiency", "defensive", "expert", "strongest")


def play_logged(scenario: str, table: Any, players: Sequence[Any]) -> list[str]:
    """Play ``table`` to its end with ``players``; one line per decision."""
    lines = []
    tell(players, list(getattr(table, "log", ())))
    while not table.finished:
        seat = table.to_act()[0]
        action = players[seat].choose(table.view(seat))
        lines.append(f"{scenario} {seat} {json.dumps(action.to_json(), separators=(',', ':'))}")
        tell(players, table.apply(action))
    return lines


def riichi_lines() -> list[str]:
    from jantaku.engine.riichi.presets import new_match
    from jantaku.players.riichi import make_player

    lines: list[str] = []
    for level in RIICHI_LEVELS:
        for m in range(3):
            players = [make_player(level, f"golden:{level}:{m}:{s}") for s in range(4)]
            table = new_match("doman", seed=f"golden:{level}:{m}", length="east_only")
            lines += play_logged(f"riichi:{level}:{m}", table, players)
    mixed = ("strong", "expert", "defensive", "efficiency")
    for m in range(2):
        players = [make_player(lv, f"golden:mix:{m}:{s}") for s, lv in enumerate(mixed)]
        table = new_match("doman", seed=f"golden:mix:{m}", length="east_only")
        lines += play_logged(f"riichi:mixed:{m}", table, players)
        players = [make_player(lv, f"golden:nk:{m}:{s}") for s, lv in enumerate(mixed)]
        table = new_match("doman_no_kuitan", seed=f"golden:nk:{m}", length="east_only")
        lines += play_logged(f"riichi:no_kuitan:{m}", table, players)
    return lines


def classical_lines() -> list[str]:
    from jantaku.players.classical import make_player as make_classical_player
    from jantaku.players.classical.table import ClassicalTable

    lines: list[str] = []
    for level in CLASSICAL_LEVELS:
        players = [make_classical_player(level, f"golden:{level}:{s}") for s in range(4)]
        table = ClassicalTable(seed=f"golden:{level}", rounds=1, max_hands=4)
        lines += play_logged(f"classical:{level}", table, players)
    mixed = ("strongest", "defensive", "efficiency", "random")
    players = [make_classical_player(lv, f"golden:mixed:{s}") for s, lv in enumerate(mixed)]
    table = ClassicalTable(seed="golden:mixed", rounds=1, max_hands=4)
    lines += play_logged("classical:mixed", table, players)
    return lines


def check_decisions(name: str, make_lines: Callable[[], list[str]]) -> None:
    """Compare the decisions with ``golden/<name>`` (rewritten when JANTAKU_UPDATE_GOLDEN=1),
    naming the first that differs."""
    path = GOLDEN / name
    lines = make_lines()
    if os.environ.get("JANTAKU_UPDATE_GOLDEN") == "1":
        with gzip.open(path, "wt", compresslevel=9) as f:
            f.write("\n".join(lines) + "\n")
    with gzip.open(path, "rt") as f:
        expected = f.read().splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{name} decision {number} differs: got {got!r}, want {want!r}"
    assert len(lines) == len(expected), f"{name}: {len(lines)} decisions, want {len(expected)}"
