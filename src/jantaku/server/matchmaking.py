"""The ranked queue across processes: one atomic step in Redis (a Lua script) gives each
player who queues for a kind and length the seat of the queue's current table, or opens a new
table, leased at once to the process the player came to, which creates it. The fourth player
closes the table's queue, and the match starts when the fourth sits. Leaving an open queue
table gives the place back. The queue's table never seats two accounts of one address (the
step compares keyed hashes of the addresses, origins.py; the address itself is never sent)."""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any

from jantaku.server.config import TableConfig, table_config
from jantaku.server.connection import Client
from jantaku.server.manager import check_entry
from jantaku.server.messages import Error
from jantaku.server.origins import QUEUE_ADDRESS

if TYPE_CHECKING:
    from jantaku.server.cluster import Cluster

__all__ = ["Matchmaker"]

# KEYS: the queue; ARGV: user id, a new table id, this process, lease ms, lease prefix, idle ms,
# the keyed hash of the player's address ('': accounts of one address may sit together).
# Each player's field holds that hash. Returns {table, "seated" | "join" | "new" | "address"}
# ("address": another account of that address waits at the queue's table; nothing changed).
_QUEUE = """
local t = redis.call('hget', KEYS[1], 'table')
if t then
  if redis.call('hexists', KEYS[1], 'u' .. ARGV[1]) == 1 then return {t, 'seated'} end
  if ARGV[7] ~= '' then
    local seated = redis.call('hgetall', KEYS[1])
    for i = 1, #seated, 2 do
      if seated[i]:sub(1, 1) == 'u' and seated[i + 1] == ARGV[7] then return {t, 'address'} end
    end
  end
  redis.call('hset', KEYS[1], 'u' .. ARGV[1], ARGV[7])
  if redis.call('hincrby', KEYS[1], 'n', 1) >= 4 then redis.call('del', KEYS[1])
  else redis.call('pexpire', KEYS[1], ARGV[6]) end
  return {t, 'join'}
end
redis.call('set', ARGV[5] .. ARGV[2], ARGV[3], 'PX', ARGV[4])
redis.call('hset', KEYS[1], 'table', ARGV[2], 'n', 1, 'u' .. ARGV[1], ARGV[7])
redis.call('pexpire', KEYS[1], ARGV[6])
return {ARGV[2], 'new'}
"""

# KEYS: the queue; ARGV: table id, user id. A player leaves the queue's table before it starts
# (its address's hash goes with its field).
_LEAVE = """
if redis.call('hget', KEYS[1], 'table') == ARGV[1]
   and redis.call('hdel', KEYS[1], 'u' .. ARGV[2]) == 1 then
  if redis.call('hincrby', KEYS[1], 'n', -1) <= 0 then redis.call('del', KEYS[1]) end
  return 1
end
return 0
"""

# KEYS: the queue; ARGV: table id. The queue's table is gone (expired): a new one opens.
_GONE = """
if redis.call('hget', KEYS[1], 'table') == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class Matchmaker:
    """The ranked queue of a group of processes (see the module)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    async def queue(self, client: Client, data: dict[str, Any]) -> bool:
        """Seat the client at its queue's table, wherever it is driven, or refuse it there
        (``queue_address``); False when the message is refused otherwise (this process's own
        handler says why). ``data`` passed the protocol's checks (its ``id`` is answered)."""
        kind, length = data.get("kind"), data.get("length", "quick")
        try:
            config = table_config(kind, length)  # type: ignore[arg-type]
            if not config.ranked or client.user_id is None:
                return False
            check_entry(config, client.guest, client.rank_index)
        except Exception:
            return False
        cluster = self.cluster
        key = cluster.key(f"queue:{config.kind.value}-{config.length}")
        hub = cluster.hub
        for _attempt in range(3):
            candidate = secrets.token_hex(6)
            cluster.relay.holding[candidate] = []  # a join may arrive before the table exists
            try:
                table_id, how = await cluster.leases.aio.eval(
                    _QUEUE,
                    1,
                    key,
                    client.user_id,
                    candidate,
                    cluster.node,
                    cluster.leases.ms,
                    cluster.leases.lease_prefix,
                    int(hub.settings.table_idle_seconds * 1000),
                    hub.origin(client) or "",
                )
                if how == "address":  # says nothing of who waits there
                    client.send(Error("queue_address", QUEUE_ADDRESS, data.get("id")))
                    return True
                if how == "new":
                    hub.lobby.create(config.kind.value, config.length, table_id=candidate)
            finally:
                cluster.relay.release_held(candidate)
            join = {"type": "join", "table": table_id}
            if "id" in data:
                join["id"] = data["id"]
            client.queued_for = table_id  # this join, and no other, may seat it there
            try:
                if await cluster.route(client, json.dumps(join)) or table_id in hub.lobby.tables:
                    if table_id in hub.lobby.tables:
                        cluster.relay.handle_local(client, json.dumps(join))
                    return True
            finally:
                client.queued_for = None
            await cluster.leases.aio.eval(_GONE, 1, key, table_id)
        return False

    async def left(self, client: Client, table_id: str) -> None:
        """The client leaves a table: its place in a queue, if it had one there, is free."""
        if client.user_id is None:
            return
        config = None
        table = self.cluster.hub.lobby.tables.get(table_id)
        if table is not None:
            config = table.config
        else:
            hub = self.cluster.hub
            row = await hub.off_loop(lambda: hub.store.table(table_id))
            if row is not None:
                config = TableConfig.from_json(row.config)
        if config is None or not config.ranked:
            return
        key = self.cluster.key(f"queue:{config.kind.value}-{config.length}")
        await self.cluster.leases.aio.eval(_LEAVE, 1, key, table_id, client.user_id)
