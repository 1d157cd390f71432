"""The key every per-address limit counts a client by (connections, messages, HTTP requests,
logins, sign-ups, reviews, exports, sheets, tables seated, a ranked queue's one account per
address): an IPv4 address itself, an IPv6 address's /64 network. Anyone given IPv6 gets a /64
at least (2^64 addresses to choose from at will), so a budget per IPv6 address would be a fresh
budget per request; a /64 is what one subscriber line or one server holds, as an IPv4 address
is."""

from __future__ import annotations

import ipaddress

__all__ = ["IPV6_PREFIX", "address_key"]

#: the bits of an IPv6 address that name its network (one subscriber's or one machine's)
IPV6_PREFIX = 64


def address_key(host: str) -> str:
    """The limits' key of the client address ``host``: an IPv4 address as it is (one mapped
    into IPv6, ``::ffff:a.b.c.d``, too), an IPv6 address as its network (``2001:db8:1:2::/64``),
    anything else (a name, ``unknown``) unchanged."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv4Address):
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    shift = 128 - IPV6_PREFIX
    network = ipaddress.IPv6Address(int(ip) >> shift << shift)
    return f"{network}/{IPV6_PREFIX}"
