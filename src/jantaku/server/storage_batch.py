"""Many actions in one PostgreSQL statement (the writer thread's group commit on PostgreSQL):
the fencing numbers are checked and the rows inserted in a single round trip, committed on its
own (autocommit). Every round trip of the writer thread waits for the interpreter lock once
more when the event loop is busy, so one instead of four (``BEGIN``, the check, the insert,
``COMMIT``) is what keeps a transaction short on a loaded process."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jantaku.server.storage import ActionRecord

__all__ = ["insert_actions"]

# v: the rows; f: the tables whose fencing number is checked, share-locked in id order until
# the statement commits (a claim's UPDATE waits for it, and the next write sees the claim); a
# row is inserted when it has no number to check, or its number is the table's (or newer)
_INSERT = """
WITH v AS (
  SELECT * FROM unnest(%s::varchar[], %s::int[], %s::text[], %s::float8[], %s::varchar[],
                       %s::int[]) AS v(table_id, seq, action, elapsed, source, fence)
), f AS (
  SELECT t.id, t.fence FROM tables t
  WHERE t.id IN (SELECT table_id FROM v WHERE fence IS NOT NULL)
  ORDER BY t.id FOR SHARE
)
INSERT INTO actions (table_id, seq, action, elapsed, source, fence)
SELECT v.table_id, v.seq, v.action::json, v.elapsed, v.source, coalesce(v.fence, 0)
FROM v LEFT JOIN f ON f.id = v.table_id
WHERE v.fence IS NULL OR f.fence <= v.fence
RETURNING table_id, seq
"""


def insert_actions(dbapi_connection: Any, records: list[ActionRecord]) -> set[tuple[str, int]]:
    """Insert ``records`` in one statement on a psycopg connection in autocommit mode; the
    ``(table, seq)`` of the rows stored (the others' tables have a newer owner). Raises when
    the statement fails (then nothing of it is stored)."""
    columns: tuple[list[Any], ...] = ([], [], [], [], [], [])
    for r in records:
        for column, value in zip(
            columns,
            (r.table_id, r.seq, json.dumps(r.action), r.elapsed, r.source, r.fence),
            strict=True,
        ):
            column.append(value)
    with dbapi_connection.cursor() as cursor:
        cursor.execute(_INSERT, columns)
        return {(str(t), int(s)) for t, s in cursor.fetchall()}
