"""A real server that counts calls (counting_server.py): what one message costs it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.server.harness import ServerProcess

_LAUNCHER = Path(__file__).with_name("counting_server.py")


class CountingServer(ServerProcess):
    """A real server whose counted calls are written, one line each, to ``calls``."""

    def __init__(self, database: str, calls: Path, *extra: str) -> None:
        super().__init__(database, *extra)
        self.calls = calls
        self.launcher = (str(_LAUNCHER), str(calls))

    def count(self, name: str) -> int:
        return counted(self.calls)[name]


def counted(path: Path) -> Counter[str]:
    """The calls written to ``path`` so far, by name."""
    if not path.exists():
        return Counter()
    return Counter(path.read_text(encoding="utf-8").split())
