"""Where a ranked queue's players come from, kept as a keyed hash of their network address.

A ranked queue table never seats two accounts from one address (one person with several
accounts, or friends behind one connection, would otherwise sit together and farm rank;
doman-rules.md §4: solo queue). The address is the one the server limits connections by
(:func:`~jantaku.server.connection.client_address`: the client's, or the one a trusted proxy
forwarded). A queue table keeps only an HMAC-SHA256 of it, never the address itself, and
forgets it when the player leaves the table or the table starts or expires. A single process
forgets them all when it restarts: it closes its open queue tables then (Lobby.recover).

The key is random per process; the processes of a group (Redis) must agree on it: the first
to start makes it at random and keeps it in the database they share (which Redis, where the
hashes are kept, never sees)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy.exc import IntegrityError

from jantaku.server.config import ServerSettings
from jantaku.server.models import SecretRow
from jantaku.server.seats import TableError
from jantaku.server.storage import Store

__all__ = [
    "QUEUE_ADDRESS",
    "address_refused",
    "forgotten",
    "group_key",
    "origin_of",
    "process_key",
]

_SECRET = "queue-origins"  # the name of the group's key in the database
QUEUE_ADDRESS = "another account from your address is already waiting in this queue"


def process_key() -> bytes:
    """A new key for one process alone."""
    return secrets.token_bytes(32)


def group_key(store: Store) -> bytes:
    """The key the processes of a group share: made at random by the first that asks, kept in
    their database."""
    with store.session() as s:
        row = s.get(SecretRow, _SECRET)
        if row is None:
            try:
                s.add(SecretRow(name=_SECRET, value=secrets.token_hex(32)))
                s.commit()
            except IntegrityError:  # another process of the group made it first
                s.rollback()
            row = s.get(SecretRow, _SECRET)
        assert row is not None
        return bytes.fromhex(row.value)


def origin_of(key: bytes, address: str) -> str:
    """The keyed hash of ``address`` (hex; nobody without ``key`` can tell the address)."""
    return hmac.new(key, address.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def address_refused() -> TableError:
    """The refusal of a queue whose table seats another account of the same address: it says
    nothing of who that is."""
    return TableError("queue_address", QUEUE_ADDRESS)


def forgotten(config: object, settings: ServerSettings) -> bool:
    """Whether an open table of the stored ``config`` is closed when one process restarts: a
    ranked (queue) table, whose players' hashes were in memory only, could no longer refuse
    another account of a waiting player's address (its players queue again)."""
    ranked = isinstance(config, dict) and bool(config.get("ranked"))
    return ranked and settings.ranked_distinct_addresses
