"""The limit hands a seat won in a game (riichi yakuman, classical special hands), kept with
its statistics line for the profile's recent limit hands: how many (indexed with the player,
so the profile reads only the lines that have one) and which, in which hand. Games stored
before have none noted (their count is 0).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_players") as batch:
        batch.add_column(sa.Column("limit_wins", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("limits", sa.JSON, nullable=True))
        batch.create_index("ix_game_players_user_limit_wins", ["user_id", "limit_wins"])


def downgrade() -> None:
    with op.batch_alter_table("game_players") as batch:
        batch.drop_index("ix_game_players_user_limit_wins")
        batch.drop_column("limits")
        batch.drop_column("limit_wins")
