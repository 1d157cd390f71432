"""Fencing numbers: a table remembers the number of the process that drives it (raised on each
claim) and every stored action the number of the process that wrote it; a write from an older
owner is refused (several table servers on one database).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fence", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("fence", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("fence")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fence")
