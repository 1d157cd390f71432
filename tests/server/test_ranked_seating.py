"""Who sits at a ranked table (doman-rules.md §4-§5): four registered accounts, no guests, no
computer players at the start."""

from __future__ import annotations

from typing import Any

from tests.server.accounts import registered
from tests.server.harness import Client, ServerProcess


def _create(client: Client, **kw: Any) -> str:
    client.send({"type": "create", **kw})
    return str(client.expect("created")["table"]["id"])


def test_guests_cannot_queue_for_or_join_ranked_tables(server: ServerProcess) -> None:
    guest = Client(server, server.guest())
    member = Client(server, registered(server))
    for kind in ("novice", "advanced"):
        guest.send({"type": "queue", "kind": kind, "length": "quick", "id": 1})
        err = guest.expect("error")
        assert (err["code"], err["ref"]) == ("guests_unranked", 1), err
        assert "registered" in err["message"]
    assert server.get("/api/lobby").json()["queues"] == {}  # the guest sits nowhere
    table = _create(member, kind="novice", length="quick")
    guest.send({"type": "join", "table": table})
    assert guest.expect("error")["code"] == "guests_unranked"
    summary = server.get(f"/api/tables/{table}").json()
    assert all(s["user_id"] is None for s in summary["seats"])
    # a registered account queues and joins as before
    member.send({"type": "queue", "kind": "novice", "length": "quick"})
    snap = member.expect("snapshot")
    assert snap["seat"] is not None and snap["table"]["config"]["ranked"]
    # guests play the unranked kinds
    for kind in ("party", "practice"):
        other = _create(guest, kind=kind, length="quick")
        guest.send({"type": "join", "table": other})
        assert guest.expect("snapshot")["seat"] is not None
    guest.close()
    member.close()
