"""A Redis the group's counts could not reach: a count falls back to the process's own for
:data:`RETRY_AFTER` seconds before Redis is asked again, and the failure is logged at most
once per :data:`LOG_EVERY` seconds. Refusing everything would turn a Redis outage into an
outage of play; asking on every message would add a timeout to each."""

from __future__ import annotations

import logging
import math

__all__ = ["LOG_EVERY", "RETRY_AFTER", "Outage"]

log = logging.getLogger("jantaku.server")

RETRY_AFTER = 5.0  # seconds of counting in the process after Redis failed, before asking again
LOG_EVERY = 30.0  # seconds between two log lines of one outage


class Outage:
    """When the store of the counts called ``name`` failed last, for one process."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.until = -math.inf  # counted in the process until then
        self._logged = -math.inf

    def down(self, clock: float) -> bool:
        """Whether the counts are kept in the process at ``clock`` (monotonic seconds)."""
        return clock < self.until

    def failed(self, clock: float) -> None:
        """Redis failed at ``clock``: count in the process for a while (logged, not often)."""
        self.until = clock + RETRY_AFTER
        if clock - self._logged >= LOG_EVERY:
            self._logged = clock
            log.exception("%s store unreachable: counted per process for now", self.name)
