"""Who sits at a ranked table (doman-rules.md §4-§5): four registered accounts, no guests, no
computer players at the start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store
from jantaku.server.tables import Seat, TableError
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
    # a registered account queues as before
    member.send({"type": "queue", "kind": "novice", "length": "quick"})
    snap = member.expect("snapshot")
    assert snap["seat"] is not None and snap["table"]["config"]["ranked"]
    table = snap["table"]["id"]
    guest.send({"type": "join", "table": table})
    assert guest.expect("error")["code"] == "guests_unranked"
    summary = server.get(f"/api/tables/{table}").json()
    # the member alone sits (an open ranked table's taken seats are anonymous)
    assert sum(1 for s in summary["seats"] if s.get("anonymous")) == 1
    # guests play the unranked kinds
    for kind in ("party", "practice"):
        other = _create(guest, kind=kind, length="quick")
        guest.send({"type": "join", "table": other})
        assert guest.expect("snapshot")["seat"] is not None
    guest.close()
    member.close()


def test_ranked_tables_seat_their_queue_only(server: ServerProcess) -> None:
    """doman-rules.md §4: ranked rooms are a solo queue. A ranked table made or joined by its
    id would let friends, or one person's accounts, sit together and farm rank."""
    first, friend = (Client(server, registered(server)) for _ in range(2))
    for kind in ("novice", "advanced"):
        first.send({"type": "create", "kind": kind, "length": "quick", "id": 1})
        err = first.expect("error")
        assert (err["code"], err["ref"]) == ("queue_only", 1), err
        assert "queue" in err["message"]
    assert server.get("/api/lobby").json()["queues"] == {}  # nothing was made
    first.send({"type": "queue", "kind": "novice", "length": "quick"})
    table = first.expect("snapshot")["table"]["id"]
    for join in ({"table": table}, {"table": table, "seat": 1}, {"table": table, "seat": 0}):
        friend.send({"type": "join", **join, "id": 2})
        err = friend.expect("error")
        assert (err["code"], err["ref"]) == ("queue_only", 2), err
    seats = server.get(f"/api/tables/{table}").json()["seats"]
    assert sum(1 for s in seats if s.get("anonymous")) == 1  # the friend sits nowhere
    first.send({"type": "join", "table": table})  # one's own seat back is a join as before
    assert first.expect("snapshot")["seat"] is not None
    friend.send({"type": "queue", "kind": "novice", "length": "quick"})  # the queue seats
    snap = friend.expect("snapshot")
    assert snap["table"]["id"] == table and snap["seat"] is not None
    first.close()
    friend.close()


def test_ranked_tables_are_never_filled_with_bots(server: ServerProcess) -> None:
    member = Client(server, registered(server))
    member.send({"type": "queue", "kind": "novice", "length": "quick"})
    table = member.expect("snapshot")["table"]["id"]
    member.send({"type": "join", "table": table, "fill_bots": True, "id": 2})
    err = member.expect("error")
    assert (err["code"], err["ref"]) == ("ranked_no_bots", 2), err
    seats = server.get(f"/api/tables/{table}").json()["seats"]
    assert all(s["bot"] is None for s in seats)  # no computer player seated
    assert sum(1 for s in seats if s.get("anonymous")) == 1  # the member alone
    member.send({"type": "join", "table": table})  # one's own seat back
    assert member.expect("snapshot")["seat"] is not None
    member.send({"type": "start", "table": table, "fill_bots": True, "id": 3})
    assert member.expect("error")["code"] == "ranked_no_bots"
    member.send({"type": "start", "table": table})
    err = member.expect("error")
    assert err["code"] == "seats_empty" and "four players" in err["message"]
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["status"] == "open"
    assert [s["bot"] for s in summary["seats"]] == [None] * 4
    member.close()


def test_a_ranked_table_starts_only_with_four_accounts(tmp_path: Path) -> None:
    """The table itself refuses computer players, whoever asks (a later caller, a stored row)."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    table = lobby.create("novice", "quick")
    user = store.add_user("alice", "-", guest=False)
    table.sit(user.id, user.name)
    with pytest.raises(TableError) as refused:
        table.fill_with_bots()
    assert refused.value.code == "ranked_no_bots"
    table.seats[1:] = [Seat(bot="filler", name=f"filler-{i}") for i in (1, 2, 3)]
    with pytest.raises(TableError) as refused:
        table.start()
    assert refused.value.code == "ranked_no_bots" and table.status == "open"
    practice = lobby.create("practice", "quick")  # unranked kinds are filled as before
    practice.sit(user.id, user.name)
    practice.fill_with_bots()
    practice.start()
    assert practice.status == "live"
    store.close()


def test_queueing_again_keeps_ones_own_queue_table(tmp_path: Path) -> None:
    """A player seated at a newer queue table who queues again gets that seat back, even when
    an older queue table has a free seat: nobody sits at two ranked tables."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    older = lobby.create("novice", "quick")
    newer = lobby.create("novice", "quick")
    user = store.add_user("alice", "-", guest=False)
    newer.sit(user.id, user.name)
    assert lobby.queue(user.id, 0, "novice", "quick") is newer
    other = store.add_user("bob", "-", guest=False)
    assert lobby.queue(other.id, 0, "novice", "quick") is older  # the oldest free seat
    store.close()
