"""A logout at one process of a group closes the session's connections at every process, as
it closes them at its own (test_abuse.py): a socket at another door must not go on acting for
a player whose session has ended. The account's other session stays.

Needs ``JANTAKU_TEST_POSTGRES`` and ``JANTAKU_TEST_REDIS`` (ci/postgres.sh, ci/redis.sh)."""

from __future__ import annotations

from tests.server.cluster_env import needs_cluster
from tests.server.harness import Client, ServerProcess

pytestmark = needs_cluster


def _session(server: ServerProcess, path: str) -> str:
    status, body = server.post(path, {"name": "leaver", "password": "right password"})
    assert status == 200, body
    return str(body["token"])


def test_a_logout_closes_the_sessions_sockets_at_every_process(
    servers: list[ServerProcess],
) -> None:
    a, b, c = servers
    token = _session(a, "/api/register")
    other = _session(a, "/api/login")  # the same account's second session
    owner = Client(a, a.guest())
    owner.send({"type": "create", "kind": "party", "length": "quick"})
    table = owner.expect("created")["table"]["id"]
    at_b, at_c = Client(b, token), Client(c, token)
    at_b.send({"type": "join", "table": table})  # seated through b (a drives the table)
    assert at_b.expect("snapshot")["seat"] is not None
    still = Client(b, other)
    r = a.post("/api/logout", {"token": token})
    assert r == (200, {"ok": True})
    for ws in (at_b, at_c):
        seen = ws.until_closed()
        assert any(m.get("code") == "logged_out" for m in seen), seen
    # the account's other session, at the same door, acts on
    still.send({"type": "join", "table": table, "id": 5})
    assert still.expect("snapshot")["seat"] is not None
    for ws in (owner, still):
        ws.close()
