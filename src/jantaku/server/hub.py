"""What one running server holds: storage, accounts, the lobby, and the connections with the
sessions they said ``hello`` with. The WebSocket endpoint, the message handlers and the HTTP
API all work on one :class:`Hub`."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from jantaku.server.auth import Accounts, token_hash
from jantaku.server.chat import ChatLimits
from jantaku.server.config import ServerSettings
from jantaku.server.connection import Client
from jantaku.server.limits import HashPool
from jantaku.server.manager import Lobby
from jantaku.server.models import UserRow
from jantaku.server.origins import origin_of, process_key
from jantaku.server.protocol import ProtocolError
from jantaku.server.queue_rank import stored_rank
from jantaku.server.seat_counts import SeatOrigins
from jantaku.server.shared_limits import LocalLimits, SharedLimits
from jantaku.server.storage import Store

if TYPE_CHECKING:
    from jantaku.server.cluster import Cluster

__all__ = ["DB_QUEUE", "DB_WORKERS", "ENDED_KEPT", "Hub"]

log = logging.getLogger("jantaku.server")

T = TypeVar("T")

#: the database reads and small writes of requests and messages run on threads of their own
#: (never on the event loop); at most this many calls wait or run, beyond that Busy
DB_WORKERS, DB_QUEUE = 4, 256
ENDED_KEPT = 10000  # sessions ended lately, whose lookups still under way are not used


class Hub:
    """Storage, accounts and the lobby (from :meth:`open` on), and the live connections."""

    def __init__(self, database_url: str, settings: ServerSettings) -> None:
        self.database_url = database_url
        self.settings = settings
        self._store: Store | None = None
        self._accounts: Accounts | None = None
        self._lobby: Lobby | None = None
        self.clients: set[Client] = set()
        self.sessions: dict[str, set[Client]] = {}  # token hash -> connections that said hello
        self.logouts = 0  # sessions logged out so far (a lookup made before one is not reused)
        # the sessions (token hashes) ended lately, with the count of logouts when each ended
        self._ended: OrderedDict[str, int] = OrderedDict()
        self.db = HashPool(
            DB_WORKERS, DB_QUEUE, "jantaku-db", "the server is busy; try again in a moment"
        )
        self.cluster: Cluster | None = None  # several processes share the tables (Redis)
        # where the limits on logins, sign-ups, reviews and sheets count (Redis in a cluster)
        self.limits: LocalLimits | SharedLimits = LocalLimits()
        # each person's chat lines at the party tables this process drives (chat.py)
        self.chat_limits = ChatLimits(settings)
        # the key of the ranked queue's address hashes (a group's processes share one)
        self.origin_key = process_key()
        # the addresses (keyed hashes) the seats of the unranked tables here were taken from:
        # one address's many guest accounts share a limit (handlers.py, seat_counts.py)
        self.seat_origins = SeatOrigins()

    def open(self, recover: bool = True) -> None:
        """Open the database and resume the live tables it holds (not with several processes:
        each claims its share, cluster.py): once the lobby runs them, each played again on a
        thread while the server answers (recovery.py)."""
        self._store = Store(self.database_url)
        self._accounts = Accounts(self._store, self.settings.session_days * 86400.0)
        self._lobby = Lobby(self._store, self.settings)
        if recover:
            resumed = self._lobby.recover(later=True)
            log.info("resuming %d live tables", resumed)

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the server is not open")
        return self._store

    @property
    def accounts(self) -> Accounts:
        if self._accounts is None:
            raise RuntimeError("the server is not open")
        return self._accounts

    @property
    def lobby(self) -> Lobby:
        if self._lobby is None:
            raise RuntimeError("the server is not open")
        return self._lobby

    async def off_loop(self, fn: Callable[[], T]) -> T:
        """``fn`` (blocking: the database) on the database threads; Busy when too many wait."""
        return await self.db.run(fn)

    def origin(self, client: Client) -> str | None:
        """The keyed hash of the client's address that a ranked queue table keeps (None: the
        server seats accounts of one address together, ``ranked_distinct_addresses`` off)."""
        if not self.settings.ranked_distinct_addresses:
            return None
        return origin_of(self.origin_key, client.address)

    # ------------------------------------------------------------------ sessions

    async def look_up(self, client: Client, token: str) -> UserRow | None:
        """The user of ``token`` (a database query on the database threads), kept for the
        handler of the same hello (:meth:`hello_user`)."""
        logouts = self.logouts
        user = await self.off_loop(lambda: self.accounts.by_token(token))
        client.looked_up = (token, user, logouts)
        return user

    def hello_user(self, client: Client, token: str | None) -> UserRow | None:
        """The user of the token of the hello being handled: the lookup :meth:`look_up` made
        for it, unless its session ended since (None then). Never a query here: the handler
        runs on the event loop."""
        kept, client.looked_up = client.looked_up, None
        if kept is None or token is None:
            return None
        kept_token, user, logouts = kept
        if kept_token != token or user is None:
            return None
        if logouts != self.logouts:
            ended = self._ended.get(token_hash(token))
            if ended is not None and ended > logouts:
                return None  # logged out while it was looked up
            if len(self._ended) >= ENDED_KEPT and logouts < next(iter(self._ended.values())):
                return None  # too many logouts meanwhile to tell
        return user

    def welcome(self, client: Client, user: UserRow, token: str) -> None:
        """Bind the connection to the user and to its session (a logout closes it); a player
        has at most ``sockets_per_user`` connections."""
        limit = self.settings.sockets_per_user
        if client.user_id != user.id and (
            sum(1 for c in self.clients if c.user_id == user.id and not c.closed) >= limit
        ):
            raise ProtocolError(
                "too_many_connections",
                f"at most {limit} connections per player; close another tab first",
            )
        self.forget_session(client)
        client.user_id, client.name, client.rank_index = user.id, user.name, user.rank_index
        client.guest = bool(user.guest)
        client.token_hash = token_hash(token)
        self.sessions.setdefault(client.token_hash, set()).add(client)

    def holds(self, token: str) -> bool:
        """Whether a connection of this process said hello with ``token``."""
        return token_hash(token) in self.sessions

    def forget_session(self, client: Client) -> None:
        if client.token_hash is not None:
            same = self.sessions.get(client.token_hash)
            if same is not None:
                same.discard(client)
                if not same:
                    del self.sessions[client.token_hash]
            client.token_hash = None

    def logged_out(self, token: str) -> None:
        """Close every connection that said hello with ``token``: here, and with several
        processes at every other one of the group too (one message to all of them)."""
        session = token_hash(token)
        self.session_ended(session)
        if self.cluster is not None:
            self.cluster.relay.logged_out(session)

    async def read_rank(self, client: Client) -> None:
        """Read the connection's account's rank from the database (on its threads) for a
        ranked queue's entry check: the rank its ``hello`` found may have changed since (a
        ranked match's result, a reset), at this process or another of the group."""
        user_id = client.user_id
        if user_id is None or client.guest:
            return
        rank = await self.off_loop(lambda: stored_rank(self.store, user_id))
        if rank is not None:
            client.rank_index = rank

    def session_ended(self, session: str) -> None:
        """Close this process's connections of ``session`` (a token's hash), which has logged
        out (here or at another process of the group)."""
        self.logouts += 1
        self._ended.pop(session, None)
        self._ended[session] = self.logouts
        while len(self._ended) > ENDED_KEPT:
            self._ended.popitem(last=False)
        for client in list(self.sessions.pop(session, ())):
            client.token_hash = None
            client.kick("logged_out", "this session has logged out")
