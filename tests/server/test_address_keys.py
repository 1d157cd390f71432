"""Every per-address limit counts an IPv6 client by its /64 network (addresses.py): whoever has
IPv6 holds a /64 at least and could speak from a fresh address for every request. An IPv4
client is counted by its address, as before."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.requests import HTTPConnection

from jantaku.server.addresses import address_key
from jantaku.server.config import ServerSettings
from jantaku.server.connection import client_address, client_host
from jantaku.server.http_budget import HttpBudget
from tests.server.harness import ServerProcess


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:0DB8:0001:0002:abcd::9", "2001:db8:1:2::/64"),  # spelt otherwise, the same
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),  # IPv4 mapped into IPv6 is the IPv4 address
        ("::1", "::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("unknown", "unknown"),
        ("testclient", "testclient"),
    ],
)
def test_the_key_of_an_address(host: str, key: str) -> None:
    assert address_key(host) == key


def _conn(host: str) -> HTTPConnection:
    scope: dict[str, Any] = {"type": "http", "client": (host, 4321), "headers": []}
    return HTTPConnection(scope)


def test_every_limit_counts_a_clients_ipv6_network_and_the_metrics_its_address() -> None:
    assert client_address(_conn("2001:db8:5:6::a")) == client_address(_conn("2001:db8:5:6::b"))
    assert client_address(_conn("2001:db8:5:6::a")) != client_address(_conn("2001:db8:5:7::a"))
    assert client_host(_conn("::1")) == "::1"  # the metrics' own-machine check sees it whole


def test_the_http_budget_of_a_slash_64_is_one() -> None:
    settings = ServerSettings(http_token_burst=10, http_tokens_per_second=1.0)
    budget = HttpBudget(settings)
    path = "/api/games/x"  # 10 tokens: the whole burst
    first = client_address(_conn("2001:db8:9:9::1"))
    neighbour = client_address(_conn("2001:db8:9:9::2"))
    elsewhere = client_address(_conn("2001:db8:9:a::1"))
    assert budget.take(first, path, now=0.0) == 0
    assert budget.take(neighbour, path, now=0.0) > 0  # the same network: spent
    assert budget.take(elsewhere, path, now=0.0) == 0


def test_sign_ups_from_one_ipv6_network_share_its_budget(server: ServerProcess) -> None:
    """Against a real server: sign-ups from as many addresses of one /64 as the budget of one
    address allows, and more, are refused past it; another /64 signs up as before."""
    burst = ServerSettings().signup_burst
    with httpx.Client(base_url=server.base, timeout=30, trust_env=False) as http:

        def sign_up(address: str) -> int:
            answer = http.post("/api/guest", headers={"X-Forwarded-For": address})
            return answer.status_code

        codes = [sign_up(f"2001:db8:77:1::{i + 1:x}") for i in range(burst + 5)]
        other = sign_up("2001:db8:77:2::1")
    assert codes.count(200) <= burst < len(codes), codes
    assert 429 in codes, codes
    assert other == 200
