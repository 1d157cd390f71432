"""The profile's bounded reads of a player's records (player_records.py): the games at tables
against computer players with their seats, and the newest games where the player won a limit
hand. Both read only the columns they need; neither reads a game's result or event log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from jantaku.server.models import GamePlayerRow, GameRow, TableRow
from jantaku.server.storage import Store

__all__ = ["LimitLine", "limit_lines", "practice_lines"]


@dataclass(frozen=True, slots=True)
class LimitLine:
    """A game where a player won a limit hand (:func:`limit_lines`): the limit hands
    (``[{"hand", "names"}]``), when it ended, and its table's family, kind, config and seats."""

    game_id: str
    limits: list[Any] | None
    finished_at: float
    family: str
    kind: str
    config: dict[str, Any]
    seats: list[Any]


def practice_lines(
    store: Store, user_id: int, kinds: Sequence[str]
) -> list[tuple[str, list[Any], int, int]]:
    """``(family, the table's seats, own seat, place)`` of ``user_id``'s recorded games at
    tables of ``kinds`` (the families' tables against computer players): the seats say which
    computer players sat there."""
    query = (
        select(TableRow.family, TableRow.seats, GamePlayerRow.seat, GamePlayerRow.place)
        .join(GameRow, GameRow.id == GamePlayerRow.game_id)
        .join(TableRow, TableRow.id == GamePlayerRow.game_id)
        .where(
            GamePlayerRow.user_id == user_id,
            GameRow.recorded.is_(True),
            TableRow.kind.in_(list(kinds)),
        )
    )
    with store.engine.connect() as c:
        return [(r[0], r[1], r[2], r[3]) for r in c.execute(query)]


def limit_lines(store: Store, user_id: int, limit: int) -> list[LimitLine]:
    """The ``limit`` newest of ``user_id``'s recorded games where the player won a limit hand,
    newest first: the lines with one, found by the index of player and count, and of each game
    only what the profile shows and its table's privacy."""
    query = (
        select(
            GamePlayerRow.game_id,
            GamePlayerRow.limits,
            GameRow.finished_at,
            TableRow.family,
            TableRow.kind,
            TableRow.config,
            TableRow.seats,
        )
        .join(GameRow, GameRow.id == GamePlayerRow.game_id)
        .join(TableRow, TableRow.id == GamePlayerRow.game_id)
        .where(
            GamePlayerRow.user_id == user_id,
            GamePlayerRow.limit_wins > 0,
            GameRow.recorded.is_(True),
        )
        .order_by(GameRow.finished_at.desc(), GamePlayerRow.game_id)
        .limit(limit)
    )
    with store.engine.connect() as c:
        return [LimitLine(*r) for r in c.execute(query)]
