"""A real server whose database calls a test may hold (gated_server.py)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

from tests.server.harness import ServerProcess

_LAUNCHER = Path(__file__).with_name("gated_server.py")


class GatedServer(ServerProcess):
    """A real server whose calls named by files in ``gates`` wait until the file goes."""

    def __init__(self, database: str, gates: Path, *extra: str) -> None:
        super().__init__(database, *extra)
        self.gates = gates
        self.launcher = (str(_LAUNCHER), str(gates))

    @contextlib.contextmanager
    def holding(self, name: str) -> Iterator[None]:
        """Calls of ``name`` wait until the block ends (or 60 s pass)."""
        gate = self.gates / name
        (self.gates / f"{name}.entered").unlink(missing_ok=True)
        gate.touch()
        try:
            yield
        finally:
            gate.unlink(missing_ok=True)

    def wait_entered(self, name: str, deadline: float = 30) -> None:
        """Until a call of ``name`` is being held."""
        end = time.monotonic() + deadline
        while not (self.gates / f"{name}.entered").exists():
            assert time.monotonic() < end, f"no call of {name} came"
            time.sleep(0.01)
