"""Stored score sheets: each belongs to one registered player; a share token (unguessable,
revocable) lets anyone read it. Every query that touches a sheet names its owner, so one player
can never read or change another's sheet by id."""

from __future__ import annotations

import secrets
import time
from typing import Any

from sqlalchemy import func, select

from jantaku.server.models import SheetRow
from jantaku.server.storage import Store

__all__ = ["SheetStore", "TooManySheets"]


class TooManySheets(Exception):
    """The owner already keeps the most sheets allowed."""


def _summary(document: dict[str, Any]) -> dict[str, Any]:
    return {
        "title": str(document.get("title") or "")[:200],
        "preset": str(document.get("preset"))[:32],
        "players": list(document.get("players") or []),
        "hands": len(document.get("hands") or []),
    }


class SheetStore:
    """The ``sheets`` table over a :class:`Store`."""

    def __init__(self, store: Store, max_per_owner: int) -> None:
        self.store = store
        self.max_per_owner = max_per_owner

    def add(self, owner: int, document: dict[str, Any]) -> SheetRow:
        """Store a new sheet (the count and the insert in one transaction)."""
        now = time.time()
        with self.store.session() as s, s.begin():
            count = s.scalar(select(func.count()).where(SheetRow.owner_id == owner))
            if (count or 0) >= self.max_per_owner:
                raise TooManySheets
            row = SheetRow(
                id=secrets.token_urlsafe(12),
                owner_id=owner,
                document=document,
                share_token=None,
                created_at=now,
                updated_at=now,
                **_summary(document),
            )
            s.add(row)
        return row

    def get(self, owner: int, sheet_id: str) -> SheetRow | None:
        with self.store.session() as s:
            return s.scalar(
                select(SheetRow).where(SheetRow.id == sheet_id, SheetRow.owner_id == owner)
            )

    def shared(self, token: str) -> SheetRow | None:
        with self.store.session() as s:
            return s.scalar(select(SheetRow).where(SheetRow.share_token == token))

    def replace(self, owner: int, sheet_id: str, document: dict[str, Any]) -> SheetRow | None:
        with self.store.session() as s, s.begin():
            row = s.scalar(
                select(SheetRow).where(SheetRow.id == sheet_id, SheetRow.owner_id == owner)
            )
            if row is None:
                return None
            row.document = document
            for key, value in _summary(document).items():
                setattr(row, key, value)
            row.updated_at = time.time()
        return row

    def delete(self, owner: int, sheet_id: str) -> bool:
        with self.store.session() as s, s.begin():
            row = s.scalar(
                select(SheetRow).where(SheetRow.id == sheet_id, SheetRow.owner_id == owner)
            )
            if row is None:
                return False
            s.delete(row)
        return True

    def share(self, owner: int, sheet_id: str, revoke: bool = False) -> SheetRow | None:
        """Give the sheet a share token (kept while shared) or take it away."""
        with self.store.session() as s, s.begin():
            row = s.scalar(
                select(SheetRow).where(SheetRow.id == sheet_id, SheetRow.owner_id == owner)
            )
            if row is None:
                return None
            if revoke:
                row.share_token = None
            elif row.share_token is None:
                row.share_token = secrets.token_urlsafe(24)
        return row

    def listing(self, owner: int) -> list[SheetRow]:
        """The owner's sheets, the most recently changed first."""
        with self.store.session() as s:
            rows = s.scalars(
                select(SheetRow)
                .where(SheetRow.owner_id == owner)
                .order_by(SheetRow.updated_at.desc(), SheetRow.id)
            ).all()
            return list(rows)
