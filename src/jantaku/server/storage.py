"""Durable storage: tables, their accepted actions, finished games, accounts.

Every accepted action is one row ``(table, seq)`` written in its own transaction before the
result is broadcast; the primary key makes a second write of the same step impossible. A live
table is rebuilt after a restart by re-applying its rows in order."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Select,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import Session, defer, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection

from jantaku.server.database_url import driver_url
from jantaku.server.models import (
    ActionRow,
    GamePlayerRow,
    GameRow,
    SessionRow,
    TableRow,
    UserRow,
    name_key,
)
from jantaku.server.storage_batch import insert_actions

__all__ = ["ActionRecord", "Fenced", "Store", "StoredAction", "default_url", "migrate"]


class Fenced(Exception):
    """A write from a process that no longer drives the table: another one claimed it since
    (its fencing number is higher). Nothing was stored."""


def default_url() -> str:
    """SQLite in ``./jantaku-data/jantaku.sqlite3`` (created on first use)."""
    folder = Path("jantaku-data")
    folder.mkdir(exist_ok=True)
    return f"sqlite:///{folder / 'jantaku.sqlite3'}"


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True, slots=True)
class StoredAction:
    seq: int
    action: dict[str, Any]
    elapsed: float
    source: str


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """An accepted action to store: the row of ``actions`` (``fence``: the owner's fencing
    number; None when one process drives every table)."""

    table_id: str
    seq: int
    action: dict[str, Any]
    elapsed: float
    source: str
    fence: int | None

    def row(self) -> tuple[str, int, dict[str, Any], float, str, int | None]:
        """The arguments of :meth:`Store.append_action`."""
        return (self.table_id, self.seq, self.action, self.elapsed, self.source, self.fence)


class Store:
    def __init__(self, url: str) -> None:
        url = driver_url(url)
        self.url = url
        self.engine = create_engine(url, future=True)
        if url.startswith("sqlite"):

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")  # durable against process kills
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

        elif url.startswith("postgresql"):

            @event.listens_for(self.engine, "connect")
            def _async_commit(dbapi_connection: Any, _record: Any) -> None:
                # The same durability class as SQLite's WAL + synchronous=NORMAL: a commit
                # survives any crash of this process (the database server has it); only a
                # crash of the database machine itself could lose the last few milliseconds.
                cursor = dbapi_connection.cursor()
                cursor.execute("SET synchronous_commit TO OFF")
                cursor.close()
                dbapi_connection.commit()

        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Actions are written on one kept connection with a prepared statement: a commit per
        # action is the hot path of the server.
        self._writer: Connection | None = None
        self._batcher: Connection | None = None  # the writer thread's (writer.py)
        self._batch_raw: PoolProxiedConnection | None = None  # the same, PostgreSQL
        self._insert_action = insert(ActionRow)
        # (seconds, actions) of each transaction that stored actions: the load benchmark's
        # ``transaction`` and ``batch``
        self.transactions: deque[tuple[float, int]] = deque(maxlen=20000)
        migrate(self.engine)

    def close(self) -> None:
        for c in (self._writer, self._batcher):
            if c is not None:
                c.close()
        if self._batch_raw is not None:
            self._batch_raw.invalidate()  # not back to the pool: it is in autocommit mode
        self._writer = self._batcher = self._batch_raw = None
        self.engine.dispose()

    # ------------------------------------------------------------------ tables and actions

    def create_table(self, row: TableRow) -> None:
        with self.sessions.begin() as s:
            s.add(row)

    def drop_new_table(self, table_id: str, seed: str) -> bool:
        """Remove the row of a table that could not be created (still open, with its own
        ``seed``: never another's row of the same id); whether there was one."""
        where = (TableRow.id == table_id, TableRow.seed == seed, TableRow.status == "open")
        with self.engine.begin() as c:
            return bool(c.execute(delete(TableRow).where(*where)).rowcount)

    def update_table(self, table_id: str, fence: int | None = None, **values: Any) -> None:
        """Change a table's row; with ``fence``, only while no newer owner claimed it (else
        Fenced)."""
        where = [TableRow.id == table_id]
        if fence is not None:
            where.append(TableRow.fence <= fence)
        with self.engine.begin() as c:
            done = c.execute(update(TableRow).where(*where).values(**values)).rowcount
        if fence is not None and not done:
            raise Fenced(table_id)

    def claim_fence(self, table_id: str) -> int | None:
        """Raise an open or live table's fencing number for a new owner (one transaction, so
        two claims never get the same number); the new number, None when it is not playable."""
        with self.engine.begin() as c:
            done = c.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status.in_(("open", "live")))
                .values(fence=TableRow.fence + 1)
            ).rowcount
            if not done:
                return None
            found = c.execute(select(TableRow.fence).where(TableRow.id == table_id)).scalar_one()
            return int(found)

    def _check_fence(self, c: Connection, table_id: str, fence: int) -> None:
        """Refuse a write of an older owner. The row is share-locked (PostgreSQL) until the
        write commits, so a claim waits for it and then sees it; SQLite writes one at a time."""
        current = c.execute(
            select(TableRow.fence).where(TableRow.id == table_id).with_for_update(read=True)
        ).scalar_one_or_none()
        if current is None or current > fence:
            raise Fenced(table_id)

    def append_action(
        self,
        table_id: str,
        seq: int,
        action: dict[str, Any],
        elapsed: float,
        source: str,
        fence: int | None = None,
    ) -> None:
        """One accepted action, committed before it is applied and broadcast. A duplicate
        ``(table, seq)`` raises (IntegrityError): nothing is ever stored twice. With ``fence``
        (several processes), the write is refused (Fenced) once a newer owner claimed the
        table, in the same transaction."""
        c = self._writer
        if c is None or c.closed or c.invalidated:
            c = self._writer = self.engine.connect()
        t0 = time.perf_counter()
        try:
            if fence is not None:
                self._check_fence(c, table_id, fence)
            c.execute(
                self._insert_action,
                {
                    "table_id": table_id,
                    "seq": seq,
                    "action": action,
                    "elapsed": elapsed,
                    "source": source,
                    "fence": fence or 0,
                },
            )
            c.commit()
        except Exception:
            c.rollback()
            raise
        self.transactions.append((time.perf_counter() - t0, 1))

    def append_actions(self, records: list[ActionRecord]) -> list[BaseException | None]:
        """Many actions in one transaction (the writer thread's group commit, writer.py), in
        order; for each, None when stored, else why not. The fencing numbers are checked in
        the same transaction (each table once, share-locked in id order) and a refused table's
        rows left out (Fenced). When the transaction fails, each row is tried alone, so that
        only the failing table's rows fail (with every later row of that table)."""
        if not records:
            return []
        t0 = time.perf_counter()
        if self.url.startswith("postgresql"):
            errors = self._append_one_statement(records)
            if errors is not None:
                self.transactions.append((time.perf_counter() - t0, errors.count(None)))
                return errors
        c = self._batcher
        if c is None or c.closed or c.invalidated:
            c = self._batcher = self.engine.connect()
        try:
            errors = self._append_many(c, records)
            c.commit()
        except Exception:
            c.rollback()
            return self._append_each(c, records)
        self.transactions.append((time.perf_counter() - t0, errors.count(None)))
        return errors

    def _append_one_statement(
        self, records: list[ActionRecord]
    ) -> list[BaseException | None] | None:
        """PostgreSQL: the batch in one statement (storage_batch.py); None when it failed (the
        rows are then tried one by one)."""
        raw = self._batch_raw
        try:
            if raw is None:
                raw = self._batch_raw = self.engine.raw_connection()
                raw.driver_connection.autocommit = True  # type: ignore[union-attr]
            stored = insert_actions(raw.driver_connection, records)
        except Exception:
            if raw is not None:
                raw.invalidate()
            self._batch_raw = None
            return None
        return [None if (r.table_id, r.seq) in stored else Fenced(r.table_id) for r in records]

    def _append_many(
        self, c: Connection, records: list[ActionRecord]
    ) -> list[BaseException | None]:
        fences = {r.table_id: r.fence for r in records if r.fence is not None}
        refused: set[str] = set()
        if fences:
            current = dict(
                c.execute(
                    select(TableRow.id, TableRow.fence)
                    .where(TableRow.id.in_(sorted(fences)))
                    .order_by(TableRow.id)
                    .with_for_update(read=True)
                ).all()
            )
            refused = {t for t, f in fences.items() if t not in current or current[t] > f}
        rows = [
            {
                "table_id": r.table_id,
                "seq": r.seq,
                "action": r.action,
                "elapsed": r.elapsed,
                "source": r.source,
                "fence": r.fence or 0,
            }
            for r in records
            if r.table_id not in refused
        ]
        if rows:
            c.execute(self._insert_action, rows)
        return [Fenced(r.table_id) if r.table_id in refused else None for r in records]

    def _append_each(
        self, c: Connection, records: list[ActionRecord]
    ) -> list[BaseException | None]:
        failed: dict[str, BaseException] = {}
        errors: list[BaseException | None] = []
        for r in records:
            error = failed.get(r.table_id)
            if error is None:
                try:
                    error = self._append_many(c, [r])[0]
                    c.commit()
                except Exception as e:
                    c.rollback()
                    error = e
            if error is not None:
                failed[r.table_id] = error
            errors.append(error)
        return errors

    def table_id_by_invite(self, code: str) -> str | None:
        """The open or live table of an invite code (several processes: to find its owner)."""
        with self.engine.connect() as c:
            found = c.execute(
                select(TableRow.id).where(
                    TableRow.invite_code == code, TableRow.status.in_(("open", "live"))
                )
            ).scalar()
        return None if found is None else str(found)

    def table_fence(self, table_id: str) -> int | None:
        with self.engine.connect() as c:
            found = c.execute(select(TableRow.fence).where(TableRow.id == table_id)).scalar()
        return None if found is None else int(found)

    def actions(self, table_id: str) -> list[StoredAction]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(ActionRow.seq, ActionRow.action, ActionRow.elapsed, ActionRow.source)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.seq)
            ).all()
        return [StoredAction(r[0], r[1], r[2], r[3]) for r in rows]

    def tables(self, *statuses: str) -> list[TableRow]:
        with self.sessions() as s:
            return list(s.scalars(select(TableRow).where(TableRow.status.in_(statuses))))

    def table_ids(self, *statuses: str) -> list[str]:
        """The ids alone of the tables in ``statuses`` (the fail-over scan, twice a second)."""
        with self.engine.connect() as c:
            found = c.execute(select(TableRow.id).where(TableRow.status.in_(statuses))).all()
        return [str(r[0]) for r in found]

    def table(self, table_id: str) -> TableRow | None:
        with self.sessions() as s:
            return s.get(TableRow, table_id)

    def finish_game(
        self,
        table_id: str,
        recorded: bool,
        result: dict[str, Any],
        events: list[Any],
        players: list[GamePlayerRow],
        fence: int | None = None,
        users: Sequence[UserRow] = (),
    ) -> bool:
        """The finished game and its per-seat lines, the accounts its ranked result changed
        (``users``), and the table closed, in one transaction (refused, Fenced, when ``fence``
        is older than the table's owner). False, and nothing written, when the game is stored
        already (a write tried again after its commit had gone through)."""
        with self.sessions.begin() as s:
            if fence is not None:
                self._check_fence(s.connection(), table_id, fence)
            if s.get(GameRow, table_id) is not None:
                return False
            for user in users:
                s.merge(user)
            s.add(
                GameRow(
                    id=table_id,
                    finished_at=time.time(),
                    recorded=recorded,
                    result=result,
                    events=events,
                )
            )
            s.flush()
            for p in players:
                s.add(p)
            s.execute(update(TableRow).where(TableRow.id == table_id).values(status="finished"))
        return True

    def game(self, game_id: str) -> GameRow | None:
        with self.sessions() as s:
            return s.get(GameRow, game_id)

    def player_lines(self, user_id: int) -> list[tuple[str, GamePlayerRow]]:
        """The lines of ``user_id``'s recorded games, each with its table's rule family."""
        both: Select[Any] = select(TableRow.family, GamePlayerRow)  # type: ignore[assignment]
        query = _recorded_lines(both, user_id).join(TableRow, TableRow.id == GamePlayerRow.game_id)
        with self.sessions() as s:
            return [(family, line) for family, line in s.execute(query)]

    def player_line_count(self, user_id: int) -> int:
        """How many lines :meth:`player_lines` gives (one count in the database)."""
        with self.sessions() as s:
            query = _recorded_lines(select(func.count()).select_from(GamePlayerRow), user_id)
            return int(s.scalar(query) or 0)

    # ------------------------------------------------------------------ accounts

    def add_user(self, name: str, password_hash: str | None, guest: bool) -> UserRow:
        with self.sessions.begin() as s:
            user = UserRow(
                name=name,
                name_key=name_key(name),
                password_hash=password_hash,
                guest=guest,
                created_at=time.time(),
                rank_index=0,
                rank_points=0,
                rating=1500.0,
                rating_max=1500.0,
                rated_games=0,
                skill_mu=25.0,
                skill_sigma=25.0 / 3,
            )
            s.add(user)
            s.flush()
            return user

    def user(self, user_id: int) -> UserRow | None:
        with self.sessions() as s:
            return s.get(UserRow, user_id)

    def user_by_name(self, name: str) -> UserRow | None:
        """The account of a name as typed: the exact name first (an account made before names
        were compared case-insensitively keeps its own), else the one of the same key."""
        with self.sessions() as s:
            exact = s.scalars(select(UserRow).where(UserRow.name == name)).first()
            if exact is not None:
                return exact
            return s.scalars(select(UserRow).where(UserRow.name_key == name_key(name))).first()

    def save_user(self, user: UserRow) -> None:
        with self.sessions.begin() as s:
            s.merge(user)

    def add_session(self, token_hash: str, user_id: int) -> None:
        """A new session, by the SHA-256 (hex) of its token: the token itself is never kept."""
        with self.sessions.begin() as s:
            s.add(SessionRow(token_hash=token_hash, user_id=user_id, created_at=time.time()))

    def user_by_token(self, token_hash: str, max_age: float | None = None) -> UserRow | None:
        """The user of a session (by its token's hash); None when unknown or older than
        ``max_age`` seconds (an expired session is deleted)."""
        with self.sessions.begin() as s:
            row = s.get(SessionRow, token_hash)
            if row is None:
                return None
            if max_age is not None and time.time() - row.created_at > max_age:
                s.delete(row)
                return None
            return s.get(UserRow, row.user_id)

    def drop_session(self, token_hash: str) -> bool:
        """Forget a session (logout), by its token's hash; True if it existed."""
        with self.sessions.begin() as s:
            row = s.get(SessionRow, token_hash)
            if row is None:
                return False
            s.delete(row)
            return True

    def player_games(self, user_id: int, limit: int = 50) -> list[tuple[GamePlayerRow, GameRow]]:
        """A player's finished games, newest first, with the player's own line; each game
        without its event log (``events`` is not read: the list shows none, and reading 50
        logs for each request, which anyone may make, would cost far more than the list)."""
        with self.sessions() as s:
            rows = s.execute(
                select(GamePlayerRow, GameRow)
                .options(defer(GameRow.events, raiseload=True))
                .join(GameRow, GameRow.id == GamePlayerRow.game_id)
                .where(GamePlayerRow.user_id == user_id)
                .order_by(GameRow.finished_at.desc())
                .limit(limit)
            ).all()
            return [(r[0], r[1]) for r in rows]

    def session(self) -> Session:
        return self.sessions()


def _recorded_lines(query: Select[Any], user_id: int) -> Select[Any]:
    """``query`` over the lines of ``user_id``'s recorded games."""
    return query.join(GameRow, GameRow.id == GamePlayerRow.game_id).where(
        GamePlayerRow.user_id == user_id, GameRow.recorded.is_(True)
    )
