"""A real server whose login back-offs and sign-up, metrics and export buckets (also those a
group of processes keeps in Redis), open tables' idle time, seats' turn times and banks and
queued players' waits run on a clock the test moves (clocked_server.py): a refusal lasts, a
turn keeps its time and a wait stays what it was until the test says its time is over, however
slowly a loaded machine answers the requests in between."""

from __future__ import annotations

import os
from pathlib import Path

from tests.server.harness import ServerProcess

_LAUNCHER = Path(__file__).with_name("clocked_server.py")


class ClockedServer(ServerProcess):
    """A real server whose limiters and table clocks read the time from ``clock`` (standing
    still at first)."""

    def __init__(
        self,
        database: str,
        clock: Path,
        *extra: str,
        tables: bool = False,
        solo_pause: str | None = "2",
    ) -> None:
        """``clock``: the file of its time (servers given one file share one clock; it
        starts at 1000 when there is none yet); ``tables``: the live tables' clocks read it
        too (call windows, deadlines, grace, pauses: clocked_server.py); ``solo_pause`` as
        for ServerProcess."""
        super().__init__(database, *extra, solo_pause=solo_pause)
        self.clock = clock
        self.now = 1000.0
        if clock.exists():
            self.now = float(clock.read_text(encoding="utf-8"))
        self._write()
        self.launcher = (str(_LAUNCHER), str(clock), *(("--tables",) if tables else ()))

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on (for every server that shares it)."""
        self.now = float(self.clock.read_text(encoding="utf-8")) + seconds
        self._write()

    def _write(self) -> None:
        # whole or not at all: the server may read it at any moment
        part = self.clock.with_name(self.clock.name + ".part")
        part.write_text(repr(self.now), encoding="utf-8")
        os.replace(part, self.clock)
