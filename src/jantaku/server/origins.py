"""Where a ranked queue's players come from, kept as a keyed hash of their network address.

A ranked queue table never seats two accounts from one address (one person with several
accounts, or friends behind one connection, would otherwise sit together and farm rank;
doman-rules.md §4: solo queue). The address is the one the server limits connections by
(:func:`~jantaku.server.connection.client_address`: the client's, or the one a trusted proxy
forwarded). A queue table keeps only an HMAC-SHA256 of it, never the address itself, and
forgets it when the player leaves the table or the table starts or expires.

The key is random per process; the processes of a group (Redis) must agree on it, and derive
it from the ``--database`` URL they all share (and Redis never holds)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from jantaku.server.seats import TableError

__all__ = ["QUEUE_ADDRESS", "address_refused", "group_key", "origin_of", "process_key"]

QUEUE_ADDRESS = "another account from your address is already waiting in this queue"


def process_key() -> bytes:
    """A new key for one process alone."""
    return secrets.token_bytes(32)


def group_key(database_url: str) -> bytes:
    """The key the processes of a group share: derived from their common database URL."""
    return hashlib.sha256(b"jantaku queue origins\0" + database_url.encode()).digest()


def origin_of(key: bytes, address: str) -> str:
    """The keyed hash of ``address`` (hex; nobody without ``key`` can tell the address)."""
    return hmac.new(key, address.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def address_refused() -> TableError:
    """The refusal of a queue whose table seats another account of the same address: it says
    nothing of who that is."""
    return TableError("queue_address", QUEUE_ADDRESS)
