"""The finished ranked matches of a server's database (SQLite or PostgreSQL, the URL ``jantaku
serve`` is given), read for the collusion audit (ranked_audit.py): only read, never migrated or
written, so it may run against the live database of a running group."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, inspect, select
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

from jantaku.errors import JantakuError
from jantaku.server.config import TableKind
from jantaku.server.database_url import database_url
from jantaku.server.models import ActionRow, GamePlayerRow, GameRow, TableRow, UserRow
from jantaku.server.passed_wins import StoredPlay
from jantaku.server.ranked_audit import DealIn, RankedMatch

__all__ = ["RANKED_KINDS", "AuditError", "read_plays", "read_ranked"]

RANKED_KINDS = (TableKind.NOVICE.value, TableKind.ADVANCED.value)  # the solo queue's tables
_NEEDED = ("games", "game_players", "tables", "users")
_BATCH = 200  # matches read at a time (a match's events are a few dozen kB)
_PLAY_BATCH = 20  # matches whose actions are read at a time (several hundred each)


class AuditError(JantakuError):
    """The database cannot be read for the audit (a bad URL, no such database, no tables)."""


def read_ranked(
    url: str, since: float | None = None, until: float | None = None
) -> tuple[list[RankedMatch], dict[int, str]]:
    """The ranked matches finished in [``since``, ``until``) (Unix times; None: no bound),
    oldest first, and the names of their accounts."""
    engine = _engine(url)
    shown = engine.url.render_as_string(hide_password=True).replace("+psycopg://", "://", 1)
    try:
        missing = [t for t in _NEEDED if not inspect(engine).has_table(t)]
        if missing:
            raise AuditError(f"{shown} is not a jantaku database (no table {missing[0]!r})")
        with engine.connect() as c:
            seats = _seats(c, since, until)
            matches = list(_matches(c, seats, since, until))
            ids = sorted({a for m in matches for a in m.players if a is not None})
            users = UserRow.__table__
            names: dict[int, str] = {}
            for start in range(0, len(ids), 1000):
                chunk = ids[start : start + 1000]
                query = select(users.c.id, users.c.name).where(users.c.id.in_(chunk))
                names.update({int(i): str(n) for i, n in c.execute(query)})
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        raise AuditError(f"cannot read {shown}: {reason}") from None
    finally:
        engine.dispose()
    return matches, names


def read_plays(url: str, game_ids: Sequence[str]) -> Iterator[StoredPlay]:
    """The seed, rules, actions and wins of each of ``game_ids``, to play them again
    (passed_wins.py), a few matches at a time."""
    engine = _engine(url)
    shown = engine.url.render_as_string(hide_password=True).replace("+psycopg://", "://", 1)
    try:
        with engine.connect() as c:
            for start in range(0, len(game_ids), _PLAY_BATCH):
                yield from _plays(c, list(game_ids[start : start + _PLAY_BATCH]))
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        raise AuditError(f"cannot read {shown}: {reason}") from None
    finally:
        engine.dispose()


def _plays(c: Any, chunk: list[str]) -> Iterator[StoredPlay]:
    games, tables, actions = GameRow.__table__, TableRow.__table__, ActionRow.__table__
    query = (
        select(games.c.id, tables.c.config, tables.c.seed, games.c.events)
        .join(tables, tables.c.id == games.c.id)
        .where(games.c.id.in_(chunk))
    )
    rows = {str(row[0]): row[1:] for row in c.execute(query)}
    stored: dict[str, list[tuple[Any, float, str]]] = {g: [] for g in chunk}
    query = (
        select(actions.c.table_id, actions.c.action, actions.c.elapsed, actions.c.source)
        .where(actions.c.table_id.in_(chunk))
        .order_by(actions.c.table_id, actions.c.seq)
    )
    for table_id, action, elapsed, source in c.execute(query):
        stored[str(table_id)].append((action, float(elapsed), str(source)))
    for game_id in chunk:
        config, seed, events = rows.get(game_id, ({}, "", []))
        wins = [e for e in events or [] if isinstance(e, dict) and e.get("type") == "won"]
        yield StoredPlay(game_id, config or {}, str(seed), stored[game_id], wins)


def _engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file must exist (an audit never makes an empty one)."""
    try:
        parsed = database_url(url)
    except ValueError as e:
        raise AuditError(str(e)) from None
    try:
        engine = create_engine(parsed)
    except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as e:
        raise AuditError(f"cannot open the database: {e}") from None
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if path in ("", ":memory:") or not Path(path).is_file():
            engine.dispose()
            raise AuditError(f"no SQLite database at {path or '(no path)'}")
    return engine


def _window(query: Any, since: float | None, until: float | None) -> Any:
    games = GameRow.__table__
    tables = TableRow.__table__
    query = query.where(tables.c.kind.in_(RANKED_KINDS))
    if since is not None:
        query = query.where(games.c.finished_at >= since)
    if until is not None:
        query = query.where(games.c.finished_at < until)
    return query


def _seats(c: Any, since: float | None, until: float | None) -> dict[str, dict[int, Any]]:
    """Each match's stored lines: seat -> (account, place)."""
    games, tables, lines = GameRow.__table__, TableRow.__table__, GamePlayerRow.__table__
    query = (
        select(lines.c.game_id, lines.c.seat, lines.c.user_id, lines.c.place)
        .join(games, games.c.id == lines.c.game_id)
        .join(tables, tables.c.id == lines.c.game_id)
    )
    out: dict[str, dict[int, Any]] = {}
    for game_id, seat, user_id, place in c.execute(_window(query, since, until)):
        out.setdefault(str(game_id), {})[int(seat)] = (user_id, int(place))
    return out


def _matches(
    c: Any, seats: dict[str, dict[int, Any]], since: float | None, until: float | None
) -> Iterator[RankedMatch]:
    games, tables = GameRow.__table__, TableRow.__table__
    query = (
        select(games.c.id, games.c.finished_at, games.c.result, games.c.events)
        .join(tables, tables.c.id == games.c.id)
        .order_by(games.c.finished_at, games.c.id)
    )
    rows = c.execution_options(stream_results=True, yield_per=_BATCH)
    for game_id, finished_at, result, events in rows.execute(_window(query, since, until)):
        lines = seats.get(str(game_id), {})
        if len(lines) != 4:
            continue  # not a four-seat match (nothing to audit)
        ranks = (result or {}).get("ranks") or [None] * 4
        yield RankedMatch(
            game_id=str(game_id),
            finished_at=float(finished_at),
            players=tuple(lines[s][0] for s in range(4)),
            places=tuple(int(ranks[s]["place"]) if ranks[s] else lines[s][1] for s in range(4)),
            rank_deltas=tuple(int(r["rank_delta"]) if r else None for r in ranks),
            deal_ins=tuple(_deal_ins(events or [])),
        )


def _deal_ins(events: list[Any]) -> Iterator[DealIn]:
    """The wins on a discard of a riichi match's events (``won`` with a ``from_seat``): the
    points the discarder paid."""
    for e in events:
        if not isinstance(e, dict) or e.get("type") != "won":
            continue
        loser, deltas = e.get("from_seat"), e.get("deltas")
        if isinstance(loser, int) and isinstance(deltas, list) and 0 <= loser < len(deltas):
            yield DealIn(loser, int(e["seat"]), -int(deltas[loser]))
