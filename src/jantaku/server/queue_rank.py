"""The rank a ranked queue's entry is checked against (docs/protocol.md *Ranks at the
queue*): the account's as stored when the ``queue`` arrives, read then, not the one its
``hello`` found. A ranked match's result (at whichever process drove the table) and a reset
change it in the database, so every connection of the account, at every process of a group,
is checked against the new rank at its next ``queue`` and nothing has to tell them."""

from __future__ import annotations

from sqlalchemy import select

from jantaku.server.config import TableRequestError, table_config
from jantaku.server.models import UserRow
from jantaku.server.protocol import ProtocolError, Queue, parse_message
from jantaku.server.storage import Store

__all__ = ["rank_needed_by", "stored_rank"]


def rank_needed_by(raw: str | bytes) -> Queue | None:
    """The message if it is a ``queue`` for tables that need a rank (advanced: 1st Dan), else
    None (a malformed one too: its handler says what is wrong). Only a message that may be a
    queue is parsed here; one whose type is spelt with JSON escapes may be, so none reaches
    the check with its rank unread."""
    if isinstance(raw, str):
        if "queue" not in raw and "\\u" not in raw:
            return None
    elif b"queue" not in raw and b"\\u" not in raw:
        return None
    try:
        message = parse_message(raw)
        if isinstance(message, Queue) and table_config(message.kind, message.length).min_rank:
            return message
    except (ProtocolError, TableRequestError):
        pass
    return None


def stored_rank(store: Store, user_id: int) -> int | None:
    """The account's rank (its index in the ladder) as stored now, one read by the primary
    key; None for no such account."""
    with store.sessions() as s:
        rank = s.scalar(select(UserRow.rank_index).where(UserRow.id == user_id))
        return None if rank is None else int(rank)
