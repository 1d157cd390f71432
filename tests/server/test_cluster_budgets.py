"""The budgets of an address hold for the whole group of processes (two real servers on
PostgreSQL and Redis, one client address alternating between them): the HTTP budget every
request takes (http_budget.py) and the invite codes looked up in the database (cluster.py) are
one for the group, as the sign-up budget (shared_limits.py) is. Counted per process, each door
would give the address its own budget.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

from jantaku.server.cluster import INVITE_BURST, INVITE_LOOKUPS_PER_SECOND
from jantaku.server.config import ServerSettings
from jantaku.server.http_budget import weight
from tests.server.cluster_env import REDIS, needs_cluster
from tests.server.harness import Client, ServerProcess, fresh_address

pytestmark = needs_cluster

BURST = 200  # the HTTP budget's tokens at once, with next to no refill (0.01 a second)
SIGNUPS = ServerSettings().signup_burst


@pytest.fixture
def doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    assert REDIS is not None
    budget = ("--http-token-burst", str(BURST), "--http-tokens-per-second", "0.01")
    procs: list[ServerProcess] = []
    try:
        for _ in range(2):
            procs.append(ServerProcess(pg_database, "--redis", REDIS, *budget).start())
        yield procs
    finally:
        for p in procs:
            p.stop()


def _alternate(doors: list[ServerProcess], method: str, path: str, address: str) -> list[int]:
    """Ask the doors in turn from ``address`` until one refuses (or twice the budget): the
    answers' statuses."""
    statuses: list[int] = []
    with httpx.Client(timeout=30, trust_env=False) as http:
        for i in range(2 * BURST + 2):
            door = doors[i % 2]
            headers = {"X-Forwarded-For": address}
            r = http.request(method, door.base + path, headers=headers)
            statuses.append(r.status_code)
            if r.status_code == 429:
                assert r.json()["code"] in ("too_many_requests", "rate_limited"), r.text
                assert int(r.headers["Retry-After"]) >= 1
                break
    return statuses


def test_an_address_has_one_http_budget_for_the_group(doors: list[ServerProcess]) -> None:
    """Requests of weight 1 alternating between two doors are refused after one budget (the
    Redis bucket is spent a token at a time here: the refill makes a share of one), and then
    at both doors; another address is still served at both."""
    address = fresh_address()
    path = "/api/bots"
    assert weight(path) == 1
    start = time.monotonic()
    statuses = _alternate(doors, "GET", path, address)
    came_back = 0.01 * (time.monotonic() - start)  # tokens that came back meanwhile
    served = len(statuses) - 1
    assert statuses == [200] * served + [429], (statuses.count(200), statuses[-1])
    assert BURST <= served <= BURST + came_back, (served, came_back)  # counted apart: 2 x 200
    with httpx.Client(timeout=30, trust_env=False) as http:
        for door in doors:
            r = http.get(door.base + path, headers={"X-Forwarded-For": address})
            assert r.status_code == 429 and r.json()["code"] == "too_many_requests", r.text
            other = http.get(door.base + path, headers={"X-Forwarded-For": fresh_address()})
            assert other.status_code == 200


def test_sign_ups_from_one_address_at_two_doors_add_up(doors: list[ServerProcess]) -> None:
    """Guest accounts alternating between two doors are refused after the one sign-up burst
    (20; 10 a minute come back, so one more may slip in while they are made)."""
    statuses = _alternate(doors, "POST", "/api/guest", fresh_address())
    assert statuses[-1] == 429, statuses
    assert SIGNUPS <= statuses.count(200) <= SIGNUPS + 1, statuses


def test_invite_lookups_from_one_address_at_two_doors_add_up(doors: list[ServerProcess]) -> None:
    """Made-up invite codes sent alternately at two doors from one address are looked up in
    the database 20 times in all (2 a second come back meanwhile), not 20 at each door."""
    address = fresh_address()
    clients = [Client(door, address=address) for door in doors]
    answers: list[str] = []
    start = time.monotonic()
    for i in range(2 * INVITE_BURST + 2):
        c = clients[i % 2]
        c.send({"type": "join", "invite": f"made-up-{i}", "id": i})
        error = c.expect("error")
        assert error["ref"] == i, error
        answers.append(error["code"])
        if error["code"] == "rate_limited":
            break
    came_back = INVITE_LOOKUPS_PER_SECOND * (time.monotonic() - start)
    assert answers[-1] == "rate_limited", answers
    looked_up = len(answers) - 1
    assert INVITE_BURST <= looked_up <= INVITE_BURST + came_back + 1, (looked_up, came_back)
    for c in clients:
        c.close()
