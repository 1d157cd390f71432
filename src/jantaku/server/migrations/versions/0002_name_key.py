"""Names are unique without regard to case or width: a ``name_key`` column (NFKC, case folded,
NFKC) with a unique index. Existing rows get it filled; when two old names share a key, the
oldest account keeps the key and each later one gets ``<key>#<id>`` (it still logs in by its
exact name).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_key", sa.String(128), nullable=True))
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String))
    keyed = sa.table("users", sa.column("id", sa.Integer), sa.column("name_key", sa.String))
    connection = op.get_bind()
    seen: set[str] = set()
    for user_id, name in connection.execute(sa.select(users.c.id, users.c.name).order_by("id")):
        key = _key(name)
        if key in seen:
            key = f"{key}#{user_id}"
        seen.add(key)
        connection.execute(sa.update(keyed).where(keyed.c.id == user_id).values(name_key=key))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", existing_type=sa.String(128), nullable=False)
        batch.create_unique_constraint("uq_users_name_key", ["name_key"])


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint("uq_users_name_key", type_="unique")
        batch.drop_column("name_key")
