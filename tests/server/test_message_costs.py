"""What a client message costs one process, counted on a real server (counting_server.py): a
table named by an invite code is found without comparing the code with every private table's
(anyone, without a hello, may send ``watch`` with made-up codes), and a real code still finds
its table, a near miss none."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.counting import CountingServer
from tests.server.harness import Client


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
