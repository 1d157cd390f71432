"""The lobby: creates tables, finds them by id or invite code, recovers live ones on start."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Collection
from typing import Any

from jantaku.server.config import ServerSettings, TableConfig, TableKind, table_config
from jantaku.server.engines import FAMILIES, MatchOutcome
from jantaku.server.models import TableRow
from jantaku.server.records import player_lines, update_ranks
from jantaku.server.storage import Store
from jantaku.server.tables import Seat, Table, TableError

__all__ = ["Lobby"]

log = logging.getLogger("jantaku.server")


class Lobby:
    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}

    def create(
        self,
        kind: str,
        length: str = "quick",
        kuitan: bool = True,
        private: bool = False,
        seed: str | None = None,
    ) -> Table:
        config = table_config(kind, length, kuitan, private)
        if config.family not in FAMILIES:
            raise TableError("unavailable", f"no {config.family} engine on this server yet")
        table_id = secrets.token_hex(6)
        invite = secrets.token_urlsafe(6) if private else None
        table = Table(
            table_id,
            config,
            self.store,
            self.settings,
            seed=seed,
            invite_code=invite,
            on_finish=self._finished,
        )
        self.store.create_table(
            TableRow(
                id=table_id,
                family=config.family,
                kind=config.kind.value,
                config=config.to_json(),
                seed=table.seed,
                commitment=table.commitment,
                status="open",
                invite_code=invite,
                seats=[s.stored() for s in table.seats],
                created_at=time.time(),
                started_at=None,
            )
        )
        self.tables[table_id] = table
        return table

    def queue(self, user_id: int, rank_index: int, kind: str, length: str) -> Table:
        """The solo queue of a ranked kind: the open public table of that kind and length with a
        free seat (oldest first), or a new one. The match starts when the fourth player sits."""
        config = table_config(kind, length)
        if not config.ranked:
            raise TableError("bad_request", "only ranked tables have a queue")
        if rank_index < config.min_rank:
            raise TableError("rank_too_low", "Advanced tables need 1st Dan or higher")
        for t in self.tables.values():
            if (
                t.status == "open"
                and not t.config.private
                and t.config.kind is config.kind
                and t.config.length == length
                and (t.seat_of(user_id) is not None or any(s.empty for s in t.seats))
            ):
                return t
        return self.create(kind, length)

    def get(
        self, table_id: Any, user_id: int | None = None, attached: Collection[Table] = ()
    ) -> Table:
        """The table of an id. A private table is found by id only by its seated players and
        by connections already attached to it (they came in with the invite code); anyone
        else gets the answer an unknown id gets, so the id's existence is not revealed."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        hidden = table is not None and table.config.private and table.seat_of(user_id) is None
        if hidden and table not in attached:
            table = None
        if table is None:
            shown = table_id[:40] if isinstance(table_id, str) else table_id
            raise TableError("no_table", f"no live table {shown!r}")
        return table

    def by_invite(self, code: Any) -> Table:
        if isinstance(code, str) and code:
            given = code.encode()
            for t in self.tables.values():
                if t.invite_code is not None and secrets.compare_digest(
                    t.invite_code.encode(), given
                ):
                    return t
        raise TableError("no_table", "no table with that invite code")

    def listing(self) -> dict[str, Any]:
        open_tables = [
            t.summary() for t in self.tables.values() if t.status == "open" and not t.config.private
        ]
        live = [
            t.summary() for t in self.tables.values() if t.status == "live" and not t.config.private
        ]
        queues: dict[str, int] = {}
        for t in self.tables.values():
            if t.status == "open" and t.config.ranked and not t.config.private:
                key = f"{t.config.kind.value}-{t.config.length}"
                queues[key] = queues.get(key, 0) + sum(1 for s in t.seats if not s.empty)
        return {"type": "lobby", "open": open_tables, "live": live, "queues": queues}

    def _finished(self, table: Table, outcome: MatchOutcome) -> None:
        """Store the game (full event log, seed revealed) and, if ranked and recorded, ranks."""
        assert table.engine is not None
        seats = [s.stored() for s in table.seats]
        events = [e.to_json() for e in table.engine.log]
        result = table._result_json()
        lines = player_lines(table.id, seats, outcome, table.engine.log)
        self.store.finish_game(table.id, outcome.recorded, result, events, lines)
        if outcome.recorded and table.config.ranked:
            update_ranks(self.store, table.config.kind.value, seats, outcome)
        self.tables.pop(table.id, None)

    def recover(self) -> int:
        """Rebuild every stored open or live table; returns how many live ones resumed."""
        resumed = 0
        for row in self.store.tables("open", "live"):
            config = TableConfig.from_json(row.config)
            table = Table(
                row.id,
                config,
                self.store,
                self.settings,
                seed=row.seed,
                invite_code=row.invite_code,
                on_finish=self._finished,
            )
            table.seats = [
                Seat(
                    user_id=s.get("user_id"),
                    name=s.get("name", ""),
                    bot=s.get("bot"),
                    withdrawn=bool(s.get("withdrawn")),
                    takeover=bool(s.get("withdrawn")),
                )
                for s in row.seats
            ]
            self.tables[row.id] = table
            if row.status == "live":
                try:
                    table.resume(self.store.actions(row.id), row.started_at or time.time())
                except Exception:
                    log.exception("table %s cannot be resumed", row.id)
                    self.tables.pop(row.id, None)
                    continue
                resumed += 1
        return resumed

    def run_all(self) -> None:
        for t in list(self.tables.values()):
            t.run()

    async def stop_all(self) -> None:
        await asyncio.gather(*(t.stop() for t in list(self.tables.values())))

    def kinds(self) -> list[str]:
        return [k.value for k in TableKind]
