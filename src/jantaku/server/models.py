"""The database tables (SQLAlchemy 2). The schema is created and upgraded by the Alembic
migrations in ``jantaku/server/migrations``; keep both in step."""

from __future__ import annotations

import unicodedata
from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "ActionRow",
    "Base",
    "GamePlayerRow",
    "GameRow",
    "SecretRow",
    "SessionRow",
    "SheetRow",
    "TableRow",
    "UserRow",
    "name_key",
]


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case folded, NFKC again (so ``Alice``,
    ``ALICE`` and fullwidth ``Ａｌｉｃｅ`` are one name)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


class Base(DeclarativeBase):
    pass


class UserRow(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    # name_key(name): unique, so names differing only in case or width cannot both exist
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column(Float)
    rank_index: Mapped[int] = mapped_column(Integer, default=0)
    rank_points: Mapped[int] = mapped_column(Integer, default=0)
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    rating_max: Mapped[float] = mapped_column(Float, default=1500.0)
    rated_games: Mapped[int] = mapped_column(Integer, default=0)
    skill_mu: Mapped[float] = mapped_column(Float, default=25.0)
    skill_sigma: Mapped[float] = mapped_column(Float, default=25.0 / 3)
    # when the player last reset rank and rating (rank_reset.py); None: never
    rank_reset_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class SessionRow(Base):
    """A login session; only the SHA-256 (hex) of its token is kept."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    family: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(16))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    invite_code: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # the fencing number of the process that drives it: raised on each claim
    fence: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ActionRow(Base):
    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    elapsed: Mapped[float] = mapped_column(Float)
    source: Mapped[str] = mapped_column(String(16))  # player | bot | timeout
    fence: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # its writer's


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    finished_at: Mapped[float] = mapped_column(Float)
    recorded: Mapped[bool] = mapped_column(Boolean)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    events: Mapped[list[Any]] = mapped_column(JSON)


class GamePlayerRow(Base):
    __tablename__ = "game_players"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    place: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    deal_ins: Mapped[int] = mapped_column(Integer)
    yaku: Mapped[dict[str, Any]] = mapped_column(JSON)
    # the limit hands the seat won (riichi yakuman, classical special hands): how many, and
    # each as {"hand": its number in the match, 1-based, "names": [...]}; null when none
    limit_wins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    limits: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)

    # a profile's recent limit hands: the player's lines with one, without reading the others
    __table_args__ = (Index("ix_game_players_user_limit_wins", "user_id", "limit_wins"),)


class SheetRow(Base):
    """A score sheet (docs/sheet.md): its owner, the document, a revocable share token."""

    __tablename__ = "sheets"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    title: Mapped[str] = mapped_column(String(200))
    preset: Mapped[str] = mapped_column(String(32))
    players: Mapped[list[Any]] = mapped_column(JSON)
    hands: Mapped[int] = mapped_column(Integer)
    document: Mapped[dict[str, Any]] = mapped_column(JSON)
    share_token: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class SecretRow(Base):
    """A random secret the processes of a group share through their database, which Redis
    (where what it keys is kept) never sees: the key of the ranked queue's address hashes."""

    __tablename__ = "secrets"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
