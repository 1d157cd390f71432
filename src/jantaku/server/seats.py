"""A table's seats, what a viewer's connection must offer, and the table's refusals."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from jantaku.server.config import TableConfig
    from jantaku.server.messages import ServerMessage

__all__ = [
    "RANKED_NO_BOTS",
    "Connection",
    "Seat",
    "TableError",
    "check_entry",
    "commitment_of",
    "public_summary",
]


class Connection(Protocol):
    user_id: int | None

    def send(self, message: ServerMessage) -> None: ...


class TableError(Exception):
    """An intention the table refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


RANKED_NO_BOTS = "a ranked table starts only when four players sit; computer players never fill it"


def commitment_of(seed: str) -> str:
    """The published SHA-256 commitment to a seed (hex of sha256 of its UTF-8 bytes)."""
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass
class Seat:
    user_id: int | None = None
    name: str = ""
    bot: str | None = None  # a computer player sits here for the whole match
    connections: set[Any] = field(default_factory=set)
    absent_since: float | None = None
    takeover: bool = False  # a computer player plays for an absent player
    withdrawn: bool = False  # left a started match: a computer player plays on, ranked 4th
    bank: float | None = None  # seconds left in the time bank (None: the match has not begun)
    # at an unranked table: when (wall clock) the person withdrew or was taken over after the
    # grace; stored, so a restart keeps the seat taken over and the abandonment's time
    left_at: float | None = None
    # when the player sat down (the table's wait_clock; in memory only, never sent or stored):
    # the own wait at an open ranked table, told to that player alone
    since: float | None = None
    # at an open ranked queue table: the keyed hash of the player's address (origins.py; in
    # memory only, never sent or stored), forgotten when the match starts
    origin: str | None = None

    @property
    def empty(self) -> bool:
        return self.user_id is None and self.bot is None

    def waited(self, now: float) -> float | None:
        """Seconds from sitting down to ``now`` (on the clock of ``since``; None for a computer
        player or an empty seat)."""
        if self.since is None or self.user_id is None:
            return None
        return round(max(0.0, now - self.since), 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "bot": self.bot,
            "connected": bool(self.connections) if self.user_id is not None else None,
            "takeover": self.takeover,
            "withdrawn": self.withdrawn,
        }

    def stored(self) -> dict[str, Any]:
        out: dict[str, Any] = {"user_id": self.user_id, "name": self.name, "bot": self.bot}
        if self.withdrawn:
            out["withdrawn"] = True
        if self.bank is not None:
            out["bank"] = round(self.bank, 3)  # a restart gives the seat its bank back
        if self.left_at is not None:
            out["left_at"] = round(self.left_at, 3)
        return out

    @classmethod
    def restored(cls, stored: dict[str, Any], now: float) -> Seat:
        """A seat as :meth:`stored` kept it (after a restart, at ``now`` on the clock of
        ``since``): one whose person withdrew, or left an unranked match (``left_at``), is
        played by a computer player at once."""
        user_id = stored.get("user_id")
        left_at = stored.get("left_at")
        return cls(
            user_id=user_id,
            name=stored.get("name", ""),
            bot=stored.get("bot"),
            withdrawn=bool(stored.get("withdrawn")),
            takeover=bool(stored.get("withdrawn")) or left_at is not None,
            bank=stored.get("bank"),
            left_at=left_at,
            # a wait at an open table counts from the restart (sitting times are not stored)
            since=now if user_id is not None else None,
        )


_STARTED = ("live", "finished")  # the statuses of a table whose match has begun


def _anonymous(seat: dict[str, Any]) -> dict[str, Any]:
    """A person's seat shown taken but not whose: no user id, no name."""
    if seat.get("user_id") is None:
        return seat  # empty (a computer player never sits at a ranked table)
    return {**seat, "user_id": None, "name": None, "anonymous": True}


def public_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A table summary as anyone may see it: until a ranked table's match starts (open, and
    also expired unstarted), every person's seat is ``anonymous`` (who waits in a queue is
    nobody's business: nobody can wait for the opponents they like); once it has started,
    or at an unranked table, it is unchanged."""
    config = summary.get("config")
    ranked = isinstance(config, dict) and bool(config.get("ranked"))
    if summary.get("status") in _STARTED or not ranked:
        return summary
    return {**summary, "seats": [_anonymous(s) for s in summary.get("seats") or ()]}


def check_entry(config: TableConfig, guest: bool, rank_index: int) -> None:
    """Who may sit at a table of ``config`` (doman-rules.md §4): ranked tables seat registered
    accounts only (a guest's result could not be kept apart from anyone's), and advanced ones
    1st Dan or higher. Raises TableError (``guests_unranked``, ``rank_too_low``)."""
    if not config.ranked:
        return
    if guest:
        raise TableError(
            "guests_unranked",
            "ranked tables are for registered accounts; guests can play party, practice "
            "and classical tables",
        )
    if rank_index < config.min_rank:
        raise TableError("rank_too_low", "Advanced tables need 1st Dan or higher")
