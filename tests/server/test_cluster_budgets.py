"""The budgets of an address hold for the whole group of processes (two real servers on
PostgreSQL and Redis, one client address alternating between them): the HTTP budget every
request takes (http_budget.py), the WebSocket message budget (message_budget.py; a join's
missed events charged at the door whichever process sends them) and the invite codes looked up
in the database (cluster.py) are one for the group, as the sign-up budget (shared_limits.py)
is. Counted per process, each door would give the address its own budget.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from jantaku.server.cluster import INVITE_BURST, INVITE_LOOKUPS_PER_SECOND
from jantaku.server.config import ServerSettings
from jantaku.server.http_budget import weight
from jantaku.server.table_messages import EVENTS_PER_MESSAGE, MISSED_PAGE
from tests.server.cluster_env import needs_cluster, two_doors
from tests.server.harness import Client, ServerProcess, fresh_address

pytestmark = needs_cluster

BURST = 200  # the HTTP budget's tokens at once, with next to no refill (0.01 a second)
SIGNUPS = ServerSettings().signup_burst
# the message budget of an address, with next to no refill, above one connection's own burst
MESSAGES = 300
OWN_BURST, OWN_RATE = ServerSettings().message_burst, ServerSettings().messages_per_second
FROM_ADDRESS = "too many messages from your address; slow down"


@pytest.fixture
def doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    yield from two_doors(
        pg_database, "--http-token-burst", str(BURST), "--http-tokens-per-second", "0.01"
    )


@pytest.fixture
def message_doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    yield from two_doors(
        pg_database,
        "--address-message-burst",
        str(MESSAGES),
        "--address-messages-per-second",
        "0.01",
    )


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


def _ping(c: Client, ref: int) -> str:
    """Send a ping: "pong", or the refusal's message (a table's messages meanwhile skipped)."""
    c.send({"type": "ping", "id": ref})
    for _ in range(1000):
        m = c.recv(timeout=30)
        if m["type"] == "pong" and m.get("ref") == ref:
            return "pong"
        if m["type"] == "error" and m["code"] == "rate_limited":
            return str(m["message"])
    raise AssertionError("no answer to a ping")


def _pings_until_refused(clients: list[Client], limit: int) -> tuple[int, str]:
    """Pings sent in turn by ``clients`` until one is refused: how many were answered, and
    the refusal."""
    for i in range(limit):
        answer = _ping(clients[i % len(clients)], i)
        if answer != "pong":
            return i, answer
    return limit, ""


def test_an_address_has_one_message_budget_for_the_group(
    message_doors: list[ServerProcess],
) -> None:
    """Pings from one address alternating between two connections at each of two doors, each
    connection within its own budget, are refused after the one budget of the address (300,
    next to no refill), where each door gave it 300 before; then at both doors; another
    address is still served at both."""
    address = fresh_address()
    clients = [Client(message_doors[i % 2], address=address) for i in range(4)]
    start = time.monotonic()
    served, refusal = _pings_until_refused(clients, 2 * MESSAGES + 2)
    came_back = 0.01 * (time.monotonic() - start)
    assert refusal == FROM_ADDRESS, (served, refusal)
    assert MESSAGES <= served <= MESSAGES + came_back, served  # counted apart: 600
    assert served // len(clients) + 1 < OWN_BURST  # no connection's own budget was near
    for i, c in enumerate(clients[:2]):  # one at each door
        assert _ping(c, 1000 + i) == FROM_ADDRESS
        other = Client(message_doors[i], address=fresh_address())
        assert _ping(other, 0) == "pong"
        other.close()
    for c in clients:
        c.close()


@pytest.fixture
def roomy_doors(pg_database: str) -> Iterator[list[ServerProcess]]:
    """Two doors whose message budget per address is far above one connection's: a share of
    100 messages, so a message seldom waits for Redis."""
    yield from two_doors(
        pg_database, "--address-message-burst", "2000", "--address-messages-per-second", "1000"
    )


def test_a_connection_is_still_refused_past_its_own_budget(
    roomy_doors: list[ServerProcess],
) -> None:
    """One connection's burst of pings is refused past its own budget (200), its address's
    (the group's) being larger; the address's other connection, at the other door, is served
    meanwhile."""
    address = fresh_address()
    flooder = Client(roomy_doors[0], address=address)
    start = time.monotonic()
    for i in range(2 * OWN_BURST):
        flooder.send({"type": "ping", "id": i})
    replies = [flooder.recv(timeout=30) for _ in range(2 * OWN_BURST)]
    elapsed = time.monotonic() - start
    served = sum(m["type"] == "pong" for m in replies)
    refusals = {m["message"] for m in replies if m["type"] == "error"}
    # refused by its own budget (what came back meanwhile served too), never its address's
    assert OWN_BURST <= served <= OWN_BURST + OWN_RATE * elapsed + 1, (served, elapsed)
    assert refusals <= {"too many messages; slow down"}, refusals
    other = Client(roomy_doors[1], address=address)
    assert [_ping(other, i) for i in range(OWN_BURST // 2)] == ["pong"] * (OWN_BURST // 2)
    for c in (flooder, other):
        c.close()


def _counted(c: Client, sent: list[int]) -> Client:
    """``c``, whose messages from now on are counted in ``sent[0]``."""
    send = c.send

    def counting(msg: dict[str, Any] | str) -> None:
        sent[0] += 1
        send(msg)

    c.send = counting  # type: ignore[method-assign]
    return c


def test_missed_events_of_a_join_another_process_answers_are_charged_at_the_door(
    message_doors: list[ServerProcess],
) -> None:
    """A player's table is driven at the first door; its second connection, at the second
    door, joins it again with ``seen`` a few times (each answered from the first door with the
    missed events, fewer than a page): the address is charged for those events as at the
    table's own door, a message per 16 (a page charged ahead, the rest given back), so the
    pings after are refused that much sooner, and no sooner."""
    address = fresh_address()
    token = message_doors[0].guest()
    sent = [2]  # the messages the address has sent: the two hellos so far
    home = _counted(Client(message_doors[0], token, address=address), sent)
    home.send({"type": "create", "kind": "practice", "length": "quick"})
    table = str(home.expect("created")["table"]["id"])
    home.send({"type": "join", "table": table, "fill_bots": True})
    home.play(table, stop_after=4)
    away = _counted(Client(message_doors[1], token, address=address), sent)
    joins, missed = 5, 0
    for i in range(joins):
        away.send({"type": "join", "table": table, "seen": 0, "id": i})
        snapshot: dict[str, Any] = away.expect("snapshot")
        assert snapshot["missed"]["from"] == 0, snapshot
        missed += len(snapshot["missed"]["events"])
    assert 0 < missed < joins * MISSED_PAGE  # part of a page each: what is given back counts
    start = time.monotonic()
    served, refusal = _pings_until_refused([home, away], 2 * MESSAGES)
    came_back = 0.01 * (time.monotonic() - start) + 1  # and the messages' refill before
    assert refusal == FROM_ADDRESS, (served, refusal)
    charged = sent[0] - served - 1 + missed / EVENTS_PER_MESSAGE  # the pings' are served's
    assert MESSAGES - 1 < served + charged <= MESSAGES + came_back, (served, charged)
    for c in (home, away):
        c.close()
