"""What a table's owner says a relayed ``join`` cost (relay.py): the door, which charged a page
of missed events ahead (cluster.py), gives back what the owner did not send, and never more
than it charged ahead, whatever the reports. Needs no Redis: the relay's client is never
asked."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.connection import Client
from jantaku.server.message_budget import AddressMessages
from jantaku.server.relay import Relay
from jantaku.server.table_messages import missed_charge


class _Socket:
    """What a Client needs of its WebSocket: an address."""

    client = type("Peer", (), {"host": "10.9.0.1"})()


def _door() -> tuple[Relay, Client]:
    """A door's relay and one of its connections (with its address's budget)."""
    settings = ServerSettings()
    relay = Relay("redis://127.0.0.1:1/0", "door", settings)
    client = Client(_Socket(), settings)  # type: ignore[arg-type]
    client.by_address = AddressMessages(settings)
    relay.door_id(client)
    return relay, client


def _report(relay: Relay, client: Client, cost: float) -> None:
    data: dict[str, Any] = {"kind": "charged", "conn": client.relay_id, "cost": cost}
    relay._received(data)


def test_the_door_gives_back_what_the_owner_did_not_send() -> None:
    relay, client = _door()
    client.spend(missed_charge())  # a relayed join with seen, charged ahead (cluster.py)
    client.ahead += 1
    _report(relay, client, missed_charge(24))  # the owner sent 24 events
    assert client.tokens == pytest.approx(client.burst - 24 / 16)


def test_reports_without_a_charge_ahead_give_nothing_back() -> None:
    relay, client = _door()
    client.spend(5.0)
    for _ in range(3):
        _report(relay, client, 0.0)
    assert client.tokens == pytest.approx(client.burst - 5.0)
