"""Stored table rows for tests that put a table in the database without a running lobby: one
a storage test writes actions for, or one a lobby resumes or a process of a group takes over."""

from __future__ import annotations

import secrets
import time
from typing import Any

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


def quick_table_row(
    kind: str,
    *,
    status: str = "live",
    seats: list[dict[str, Any]] | None = None,
    seed: str | None = None,
    created_at: float | None = None,
    fence: int = 0,
) -> TableRow:
    """A quick riichi table of ``kind`` as a server stores it, with a fresh id and the real
    commitment of ``seed`` (the id when not given); a live one started when it was created,
    an open one has empty ``seats`` unless given."""
    table_id = secrets.token_hex(6)
    seed = table_id if seed is None else seed
    created = time.time() if created_at is None else created_at
    return TableRow(
        id=table_id,
        family="riichi",
        kind=kind,
        config=table_config(kind, "quick").to_json(),
        seed=seed,
        commitment=commitment_of(seed),
        status=status,
        invite_code=None,
        seats=[Seat().stored() for _ in range(4)] if seats is None else seats,
        created_at=created,
        started_at=created if status == "live" else None,
        fence=fence,
    )


def stored_live_table(store: Store, fence: int) -> str:
    """A live party table stored as a process that stopped left it: a person (its dealer, to
    act first) and three computer players; no process drives it."""
    row = quick_table_row("party", fence=fence)
    person = store.add_user(f"resumed-{row.id}", None, guest=True)
    row.seats = [Seat(user_id=person.id, name=person.name).stored()]
    row.seats += [Seat(name="filler", bot="filler").stored() for _ in range(3)]
    store.create_table(row)
    return row.id
