"""The HTTP half of sitting at a table server: its address, a session token (a guest's, or a
login's) and a table's summary. Standard library only (``urllib``)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from jantaku.client.errors import ClientError

__all__ = ["ServerAddress", "login_token"]


class ServerAddress:
    """A server's base URL (``http://HOST:PORT`` or ``https://…``) and its WebSocket URL."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ClientError(
                f"bad server URL {url!r}: give it as http://HOST:PORT (or https://HOST)"
            )
        try:
            parts.port  # noqa: B018  (a bad port raises here)
        except ValueError:
            raise ClientError(f"bad server URL {url!r}: the port is not a number") from None
        self.base = f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"
        ws_scheme = "wss" if parts.scheme == "https" else "ws"
        self.websocket = f"{ws_scheme}://{parts.netloc}{parts.path.rstrip('/')}/ws"

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        token: str | None = None,
        timeout: float = 30,
    ) -> tuple[int, Any]:
        """The status and JSON answer of one request; an unreachable server is a ClientError."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as answer:
                return answer.status, _json(answer.read(), self.base + path)
        except urllib.error.HTTPError as error:
            return error.code, _json(error.read(), self.base + path)
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ClientError(f"cannot reach the server at {self.base}: {reason}") from None


def _json(raw: bytes, where: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ClientError(f"{where} did not answer JSON: is it a jantaku server?") from None


def login_token(server: ServerAddress, name: str | None = None, password: str | None = None) -> str:
    """A session token: a new guest's, or with ``name`` and ``password`` that account's."""
    if (name is None) != (password is None):
        raise ClientError("give both a name and a password to log in, or neither for a guest")
    if name is None:
        status, answer = server.request("POST", "/api/guest", {})
        doing = "a guest account"
    else:
        status, answer = server.request("POST", "/api/login", {"name": name, "password": password})
        doing = f"the login of {name!r}"
    if status != 200 or not isinstance(answer, dict) or "token" not in answer:
        message = answer.get("error") if isinstance(answer, dict) else None
        raise ClientError(f"the server refused {doing}: {message or f'HTTP {status}'}")
    return str(answer["token"])
