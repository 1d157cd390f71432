"""Session tokens are stored as their SHA-256 (a leaked database gives no usable token); the
old plain tokens are dropped, so everyone logs in once more. Tables remember who created them
(the limit on open tables per player).

Revision ID: 0003
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_table("sessions")
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("created_by", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("created_by")
    op.drop_table("sessions")
    op.create_table(
        "sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
