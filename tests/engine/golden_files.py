"""Golden event logs: compare a playthrough with its recorded file, line by line, or rewrite the
file when JANTAKU_UPDATE_GOLDEN=1 (a deliberate change of rules or event format)."""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, lines: list[str]) -> None:
    path = GOLDEN / name
    if os.environ.get("JANTAKU_UPDATE_GOLDEN") == "1":
        path.write_text("\n".join(lines) + "\n")
    expected = path.read_text().splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(lines) == len(expected)
