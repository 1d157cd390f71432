"""A stored live table row for the storage tests that write actions without a running table."""

from __future__ import annotations

import time

from jantaku.server.models import TableRow


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
