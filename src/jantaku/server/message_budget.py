"""The WebSocket message budget of one client address (``address_messages_per_second``,
``address_message_burst``): every connection of the address together, so 64 connections, each
within its own budget, cannot make the server handle 64 times one connection's messages.
Counted in this process's memory (one process), or with Redis for the whole group of
processes, spent in shares (shared_budget.py): an address with connections at N doors of the
group gets one budget, not N, and a message its process's share covers costs no Redis round
trip. A share lives longer than the HTTP budget's: a player's messages are few and spread
out, and what the group grants an address stays within its one bucket whatever the life.
When Redis cannot be reached it fails open to this process's own count, as the HTTP budget
does (docs/deploy.md says why)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.server.config import ServerSettings
from jantaku.server.limits import TokenBuckets
from jantaku.server.shared_budget import SharedBudget

if TYPE_CHECKING:
    import redis.asyncio as aioredis

__all__ = ["SHARE_LIFE", "AddressMessages"]

#: seconds a share of an address's messages may be spent: a player sends a message every few
#: seconds, so a share of 20 lasts a while (the group's grant is bounded all the same)
SHARE_LIFE = 30.0


class AddressMessages:
    """The message buckets of the addresses: in memory, or the group's (:meth:`share`)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.local = TokenBuckets(
            settings.address_message_burst, settings.address_messages_per_second
        )
        self.shared: SharedBudget | None = None  # the group's, with Redis

    def share(self, aio: aioredis.Redis, prefix: str) -> None:
        """Count for the group of processes from now on (Redis keys under ``prefix``); the
        in-memory buckets count only while Redis cannot be reached."""
        params = TokenBuckets(int(self.local.burst), self.local.rate, 1)
        self.shared = SharedBudget(
            aio,
            prefix + "limit:messages:",
            params,
            self.local,
            self.local.max_keys,
            name="message budget",
            life=SHARE_LIFE,
        )

    async def take(self, address: str) -> float:
        """Take a message's token: 0 when granted, else the seconds until it is there."""
        if self.shared is None:
            return self.local.take(address)
        return await self.shared.take(address, 1.0)

    def spend(self, address: str, messages: float) -> None:
        """Charge a reply dearer than a message (``messages`` more), whether or not they are
        there: earned back before anything else (no Redis round trip)."""
        if self.shared is None:
            self.local.spend(address, messages)
        else:
            self.shared.spend(address, messages)
