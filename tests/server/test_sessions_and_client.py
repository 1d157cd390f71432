"""Sessions (logout, expiry), the player's game list, and the browser client's static files."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from jantaku.server.app import STATIC
from tests.server.harness import HOST, Client, ServerProcess, free_port


def _bearer(server: ServerProcess, path: str, token: str | None, method: str = "GET"):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.request(method, server.base + path, headers=headers, timeout=10, trust_env=False)


def _hello(server: ServerProcess, token: str) -> dict:
    c = Client(server)
    try:
        c.send({"type": "hello", "token": token})
        return c.recv()
    finally:
        c.close()


def test_logout_invalidates_only_that_token(server: ServerProcess) -> None:
    status, data = server.post("/api/register", {"name": "carol", "password": "secret pass"})
    assert status == 200
    first = data["token"]
    second = server.post("/api/login", {"name": "carol", "password": "secret pass"})[1]["token"]
    assert _bearer(server, "/api/me", first).json()["user"]["name"] == "carol"
    r = _bearer(server, "/api/logout", first, "POST")
    assert r.status_code == 200 and r.json() == {"ok": True}
    me = _bearer(server, "/api/me", first)
    assert me.status_code == 401 and me.json()["code"] == "bad_token"
    assert _hello(server, first) == {
        "type": "error",
        "code": "bad_token",
        "message": "unknown session token",
    }
    # the other session of the same account lives on
    assert _hello(server, second)["type"] == "welcome"
    # logging out twice, or with the token in the body, or with nothing, is harmless
    assert _bearer(server, "/api/logout", first, "POST").status_code == 200
    assert server.post("/api/logout", {"token": second}) == (200, {"ok": True})
    assert _hello(server, second)["code"] == "bad_token"
    assert server.post("/api/logout", {}) == (200, {"ok": True})
    assert _bearer(server, "/api/me", None).status_code == 401


def test_tokens_expire(tmp_path: Path) -> None:
    # 0.00006 days = 5.184 s: a token is good at once and refused after its lifetime. The expiry
    # is polled for, not slept for: only the first two requests must fit in the lifetime.
    lifetime = 0.00006 * 86400
    proc = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", "--session-days", "0.00006")
    proc.start()
    try:
        issued = time.monotonic()
        token = proc.guest()
        assert _hello(proc, token)["type"] == "welcome"
        assert _bearer(proc, "/api/me", token).status_code == 200
        while _bearer(proc, "/api/me", token).status_code == 200:
            assert time.monotonic() - issued < lifetime + 20, "the token never expired"
            time.sleep(0.2)
        # issued after ``issued``, so never refused sooner (0.5 s for the server's own clock)
        assert time.monotonic() - issued >= lifetime - 0.5, "the token expired too early"
        assert _bearer(proc, "/api/me", token).json()["code"] == "bad_token"
        assert _hello(proc, token)["code"] == "bad_token"
        # a fresh login works again
        assert _hello(proc, proc.guest())["type"] == "welcome"
    finally:
        proc.stop()


def test_player_games_list_the_finished_games_newest_first(server: ServerProcess) -> None:
    token = server.guest()
    c = Client(server, token)
    ids = []
    for _ in range(2):
        c.send({"type": "create", "kind": "practice", "length": "quick"})
        table = c.expect("created")["table"]["id"]
        c.send({"type": "join", "table": table, "fill_bots": True})
        result = c.play(table)
        assert result is not None
        ids.append((table, result["ranking"].index(0) + 1, result["scores"][0]))
    c.close()
    user = c.user
    assert user is not None
    games = server.get(f"/api/players/{user['id']}/games").json()["games"]
    assert [g["id"] for g in games] == [ids[1][0], ids[0][0]]
    for g, (_, place, score) in zip(games, reversed(ids), strict=True):
        assert (g["place"], g["score"], g["seat"]) == (place, score, 0)
        assert (g["kind"], g["length"]) == ("practice", "quick")
    assert server.get("/api/players/999/games").status_code == 404
    assert server.get("/api/players/x/games").status_code == 404  # not an id: no such player


def test_the_client_is_served(server: ServerProcess) -> None:
    index = server.get("/")
    assert index.status_code == 200 and 'src="/static/js/app.js"' in index.text
    for name in ("js/app.js", "js/tiles.js", "js/api.js", "js/i18n.js", "css/base.css"):
        r = server.get(f"/static/{name}")
        assert r.status_code == 200, name
        assert r.content == (STATIC / name).read_bytes()
        assert r.headers["cache-control"] == "no-cache"
    assert (
        server.get("/static/js/app.js")
        .headers["content-type"]
        .startswith(("text/javascript", "application/javascript"))
    )
    assert server.get("/static/nothing.js").status_code == 404
    assert server.get("/static/../app.py").status_code == 404
    bots = server.get("/api/bots").json()
    assert bots["default"] == "filler" and {"filler", "efficiency"} <= set(bots["bots"])
    # the API is untouched
    assert server.get("/api/health").json()["ok"] is True


def test_every_static_file_is_package_data() -> None:
    """pyproject's package-data patterns cover every file the client needs."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["jantaku"]
    package = root / "src" / "jantaku"
    covered = {p for pattern in patterns for p in package.glob(pattern)}
    files = {p for p in STATIC.rglob("*") if p.is_file()}
    assert files and files <= covered, sorted(str(p) for p in files - covered)


def test_serve_prints_the_address_to_open(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jantaku",
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{tmp_path / 'db.sqlite3'}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.strip() == f"jantaku is running: open http://{HOST}:{port}/"
        assert httpx.get(f"http://{HOST}:{port}/", trust_env=False).status_code == 200
    finally:
        proc.terminate()
        proc.wait(20)


@pytest.mark.parametrize("text", ["not json"])
def test_logout_with_a_bad_body_is_harmless(server: ServerProcess, text: str) -> None:
    r = httpx.post(server.base + "/api/logout", content=text, timeout=10, trust_env=False)
    assert r.status_code == 200 and json.loads(r.text) == {"ok": True}


def test_my_tables_lists_the_tables_one_sits_at(server: ServerProcess) -> None:
    token = server.guest()
    c = Client(server, token)
    try:
        c.send({"type": "create", "kind": "party", "length": "quick", "private": True})
        table = c.expect("created")["table"]["id"]
        # the creator of a private table sits in it at once
        mine = _bearer(server, "/api/me/tables", token).json()["tables"]
        assert [(t["id"], t["seat"], t["status"]) for t in mine] == [(table, 0, "open")]
        c.send({"type": "join", "table": table})
        c.expect("snapshot")
        mine = _bearer(server, "/api/me/tables", token).json()["tables"]
        assert [(t["id"], t["seat"], t["status"]) for t in mine] == [(table, 0, "open")]
        # another player's list is theirs only
        assert _bearer(server, "/api/me/tables", server.guest()).json() == {"tables": []}
        c.send({"type": "leave", "table": table, "id": 2})
        assert c.expect("ok")["ref"] == 2
        assert _bearer(server, "/api/me/tables", token).json() == {"tables": []}
    finally:
        c.close()
    assert _bearer(server, "/api/me/tables", "nonsense").status_code == 401
