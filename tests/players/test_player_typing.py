"""The Player protocol types what ``choose`` returns: mypy refuses a bot whose answer is not an
Action where a Player is expected (the view stays ``Any``, so a bot may name its family's view)."""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[2]

BOT = """
from collections.abc import Sequence
from typing import Any

from jantaku.engine.riichi import SeatView
from jantaku.players import Player


class Bot:
    name = "bot"

    def observe(self, events: Sequence[Any]) -> None:
        pass

    def choose(self, view: SeatView) -> {answer}:
        return {value}


seat: Player = Bot()
"""


def _check(tmp_path: Path, answer: str, value: str) -> tuple[str, int]:
    path = tmp_path / "bot.py"
    path.write_text(BOT.format(answer=answer, value=value), encoding="utf-8")
    out, _err, status = api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(path)]
    )
    return out, status


def test_a_bot_answering_with_an_action_is_a_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))
    out, status = _check(tmp_path, "Any", "view.legal_actions[0]")
    assert status == 0, out


def test_a_bot_answering_with_something_else_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))
    out, status = _check(tmp_path, "SeatView", "view")
    assert status == 1 and 'expression has type "Bot", variable has type "Player"' in out, out
