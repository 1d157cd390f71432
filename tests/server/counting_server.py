"""``python counting_server.py FILE serve ...``: ``jantaku serve`` that writes a line to FILE
for each call a test counts: a session lookup (``Accounts.by_token`` of a token it looks up, a
database query), a table's claim (``Store.claim_fence``, a write transaction), a comparison of
secrets (``secrets.compare_digest``), the lobby's reading of one of its own tables
(``lobby_listing._listed``) or of another process's (``lobby_listing._listed_summary``), a
refresh of the other processes' tables (``Cluster._share_lobby``), a read of all of a player's
statistics lines (``Store.player_lines``), a table looked up by invite code in the database
(``Store.table_id_by_invite``) and a hint made (``Adviser.advise``). A test against a real
server (``CountingServer``, counting.py) counts what one message costs."""

from __future__ import annotations

import secrets
import sys
from typing import Any

from jantaku.server.auth import Accounts
from jantaku.server.storage import Store

_FILE = ""  # set by the command line


def _note(name: str) -> None:
    with open(_FILE, "a", encoding="utf-8") as f:
        f.write(name + "\n")


def _install() -> None:
    by_token, claim_fence, compare = Accounts.by_token, Store.claim_fence, secrets.compare_digest

    def counted_by_token(self: Accounts, token: object) -> Any:
        if isinstance(token, str) and len(token) <= 128:  # the calls that query the database
            _note("by_token")
        return by_token(self, token)

    def counted_claim_fence(self: Store, table_id: str) -> Any:
        _note("claim_fence")
        return claim_fence(self, table_id)

    def counted_compare(a: Any, b: Any) -> bool:
        _note("compare_digest")
        return compare(a, b)

    from jantaku.server import lobby_listing
    from jantaku.server.cluster import Cluster

    listed, listed_summary = lobby_listing._listed, lobby_listing._listed_summary
    share_lobby = Cluster._share_lobby

    def counted_listed(*args: Any) -> Any:
        _note("listed")
        return listed(*args)

    def counted_listed_summary(*args: Any) -> Any:
        _note("listed_summary")
        return listed_summary(*args)

    async def counted_share_lobby(self: Cluster) -> None:
        _note("share_lobby")
        await share_lobby(self)

    lobby_listing._listed_summary = counted_listed_summary
    lobby_listing._listed = counted_listed
    Cluster._share_lobby = counted_share_lobby  # type: ignore[method-assign]
    Accounts.by_token = counted_by_token  # type: ignore[method-assign]
    Store.claim_fence = counted_claim_fence  # type: ignore[method-assign]
    player_lines = Store.player_lines

    def counted_player_lines(self: Store, user_id: int) -> Any:
        _note("player_lines")
        return player_lines(self, user_id)

    Store.player_lines = counted_player_lines  # type: ignore[method-assign]
    by_invite = Store.table_id_by_invite

    def counted_by_invite(self: Store, code: str) -> Any:
        _note("table_id_by_invite")
        return by_invite(self, code)

    Store.table_id_by_invite = counted_by_invite  # type: ignore[method-assign]
    secrets.compare_digest = counted_compare
    _count_advice()


def _count_advice() -> None:
    """A hint made (``Adviser.advise``); a server without hints has none to count."""
    try:
        from jantaku.players.review.hint import Adviser
    except ImportError:
        return
    advise = Adviser.advise

    def counted_advise(self: Adviser, view: Any) -> Any:
        _note("advise")
        return advise(self, view)

    Adviser.advise = counted_advise  # type: ignore[method-assign]


if __name__ == "__main__":
    _FILE = sys.argv.pop(1)
    _install()
    from jantaku.cli import main

    main()
