"""Registered accounts for server tests (ranked tables seat no guests)."""

from __future__ import annotations

import secrets

from tests.server.harness import ServerProcess


def registered(server: ServerProcess, prefix: str = "player") -> str:
    """A new registered account's session token (POST /api/register)."""
    name = f"{prefix}-{secrets.token_hex(3)}"
    status, body = server.post("/api/register", {"name": name, "password": "a long password"})
    assert status == 200, body
    return str(body["token"])
