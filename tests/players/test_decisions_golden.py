"""The bots make the same decisions on the same seeds as recorded in golden/*.gz (when and why
each file was recorded: docs/bots.md, *Recorded decisions*)."""

from __future__ import annotations

from tests.players.decision_log import check_decisions, classical_lines, riichi_lines


def test_riichi_decisions_unchanged() -> None:
    check_decisions("riichi_decisions.txt.gz", riichi_lines)


def test_classical_decisions_unchanged() -> None:
    check_decisions("classical_decisions.txt.gz", classical_lines)
