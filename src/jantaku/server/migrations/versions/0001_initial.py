"""The initial schema: users, sessions, tables, actions, games, game players.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("rank_index", sa.Integer, nullable=False),
        sa.Column("rank_points", sa.Integer, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rating_max", sa.Float, nullable=False),
        sa.Column("rated_games", sa.Integer, nullable=False),
        sa.Column("skill_mu", sa.Float, nullable=False),
        sa.Column("skill_sigma", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("invite_code", sa.String(32), nullable=True, index=True),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("elapsed", sa.Float, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("recorded", sa.Boolean, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
    )
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True, index=True),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("deal_ins", sa.Integer, nullable=False),
        sa.Column("yaku", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    for name in ("game_players", "games", "actions", "tables", "sessions", "users"):
        op.drop_table(name)
