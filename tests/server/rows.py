"""Stored live table rows: for the storage tests that write actions without a running table,
and a table as a process that stopped left it, to be resumed."""

from __future__ import annotations

import secrets
import time

from jantaku.server.config import table_config
from jantaku.server.models import TableRow
from jantaku.server.seats import Seat, commitment_of
from jantaku.server.storage import Store


def live_table_row(table_id: str, kind: str = "party", fence: int = 0) -> TableRow:
    """A live riichi table named ``table_id`` owned with fencing number ``fence``."""
    now = time.time()
    return TableRow(
        id=table_id,
        family="riichi",
        kind=kind,
        config={},
        seed="s",
        commitment="c",
        status="live",
        invite_code=None,
        seats=[],
        created_at=now,
        started_at=now,
        created_by=None,
        fence=fence,
    )


def stored_live_table(store: Store, fence: int) -> str:
    """A live party table stored as a process that stopped left it: a person (its dealer, to
    act first) and three computer players; no process drives it."""
    table_id = secrets.token_hex(6)
    person = store.add_user(f"resumed-{table_id}", None, guest=True)
    seats = [Seat(user_id=person.id, name=person.name).stored()]
    seats += [Seat(name="filler", bot="filler").stored() for _ in range(3)]
    now = time.time()
    store.create_table(
        TableRow(
            id=table_id,
            family="riichi",
            kind="party",
            config=table_config("party", "quick").to_json(),
            seed=table_id,
            commitment=commitment_of(table_id),
            status="live",
            invite_code=None,
            seats=seats,
            created_at=now,
            started_at=now,
            fence=fence,
        )
    )
    return table_id
