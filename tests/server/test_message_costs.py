"""What a client message costs one process, counted on a real server (counting_server.py): a
table named by an invite code is found without comparing the code with every private table's
(anyone, without a hello, may send ``watch`` with made-up codes), and a real code still finds
its table, a near miss none. And the session lookup a group's admission keeps for a hello's
handler (test_cluster_costs.py) is not used after a logout."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.counting import CountingServer
from tests.server.harness import Client
from tests.server.test_abuse import _seed_tables


@pytest.fixture
def counting(database: str, tmp_path: Path) -> Iterator[CountingServer]:
    proc = CountingServer(database, tmp_path / "calls.txt").start()
    try:
        yield proc
    finally:
        proc.stop()


def _private(owner: Client) -> str:
    owner.send({"type": "create", "kind": "party", "length": "quick", "private": True, "id": 1})
    return str(owner.expect("created")["invite"])


def test_an_invite_code_costs_no_comparison_per_table(counting: CountingServer) -> None:
    owners = [Client(counting, counting.guest()) for _ in range(3)]
    invites = [_private(o) for o in owners for _ in range(3)]  # 9 private tables
    stranger = Client(counting)
    before = counting.count("compare_digest")
    for i in range(20):
        stranger.send({"type": "watch", "invite": secrets.token_urlsafe(6), "id": i})
        msg = stranger.expect("error")
        assert (msg["code"], msg["ref"]) == ("no_table", i), msg
    for i, near in enumerate((invites[0][:-1], invites[0] + "x", invites[0].swapcase())):
        if near == invites[0]:
            continue
        stranger.send({"type": "watch", "invite": near, "id": 50 + i})
        assert stranger.expect("error")["code"] == "no_table"
    assert counting.count("compare_digest") - before <= 23  # one at most per lookup, not 9
    for code in (invites[0], invites[-1]):
        stranger.send({"type": "watch", "invite": code})
        snap = stranger.expect("snapshot")
        assert snap["table"]["config"]["private"] is True and snap["seat"] is None
    for c in (*owners, stranger):
        c.close()


def test_a_hellos_kept_lookup_is_not_used_after_a_logout(tmp_path: Path) -> None:
    """A hello's session lookup runs on the database threads before its handler, which uses
    it once and queries nothing itself (it runs on the event loop): no kept lookup, no user.
    A lookup whose session logged out meanwhile (the group's admission waits on Redis, the
    lookup on a thread) is not used; another session's logout does not spoil it."""
    import asyncio
    from types import SimpleNamespace

    from jantaku.server.config import ServerSettings
    from jantaku.server.connection import Client as Connection
    from jantaku.server.hub import Hub

    hub = Hub(f"sqlite:///{tmp_path / 'j.sqlite3'}", ServerSettings())
    hub.open(recover=False)
    _user, token = hub.accounts.guest()
    _other, other = hub.accounts.guest()
    client = Connection(SimpleNamespace(client=None), hub.settings)  # type: ignore[arg-type]
    lookups: list[object] = []
    by_token = hub.accounts.by_token

    def counted(t: object) -> object:
        lookups.append(t)
        return by_token(t)

    def look_up() -> None:
        asyncio.run(hub.look_up(client, token))

    hub.accounts.by_token = counted  # type: ignore[method-assign,assignment]
    look_up()
    assert len(lookups) == 1
    assert hub.hello_user(client, token) is not None and len(lookups) == 1  # kept, used once
    assert hub.hello_user(client, token) is None and len(lookups) == 1  # not kept twice
    look_up()
    assert hub.hello_user(client, "another token") is None and len(lookups) == 2
    look_up()
    hub.logged_out(other)  # another session, between the lookup and the handler
    assert hub.hello_user(client, token) is not None
    look_up()
    hub.accounts.logout(token)
    hub.logged_out(token)  # its own session
    assert hub.hello_user(client, token) is None and len(lookups) == 4
    hub.db.close()
    hub.store.close()


def test_a_large_lobby_is_not_sorted_out_again_for_every_page(
    database: str, tmp_path: Path
) -> None:
    """A lobby page (anyone may ask, 100 times a second on one connection) looks at every
    table: a lobby of more than 200 public tables keeps what it worked out for a quarter of a
    second, so a flood of requests costs a few passes over the tables a second, not one each.
    A table created meanwhile is listed at once all the same."""
    seeded = _seed_tables(database, 300)
    server = CountingServer(database, tmp_path / "calls.txt").start()
    try:
        c = Client(server)
        before = server.count("listed")
        started = time.monotonic()
        for i in range(60):
            c.send({"type": "lobby", "offset": 50 * (i % 6), "id": i})
            page = c.expect("lobby")
            assert page["total"] == {"open": 300, "live": 0} and len(page["open"]) == 50
        passes = (time.monotonic() - started) / 0.25 + 2  # LISTING_KEEP: at most one each
        assert server.count("listed") - before <= len(seeded) * passes
        owner = Client(server, server.guest())
        owner.send({"type": "create", "kind": "party", "length": "quick", "id": 1})
        made = owner.expect("created")["table"]["id"]
        c.send({"type": "lobby", "offset": 300})
        page = c.expect("lobby")
        assert page["total"]["open"] == 301 and [t["id"] for t in page["open"]] == [made]
    finally:
        server.stop()
