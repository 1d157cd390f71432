"""Every HTTP request takes tokens of its client address's budget by the weight of its route
(``http_tokens_per_second``, ``http_token_burst``, http_budget.py): a flood of a dear request
from one address is refused after the burst (429 ``too_many_requests``, ``Retry-After``) while
another address is served, and the browser client's own use stays far under it. Against a real
server, speaking for several addresses through ``X-Forwarded-For`` (uvicorn trusts it from
127.0.0.1), with the default budget."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from starlette.routing import Route

from jantaku.server.app import STATIC, create_app
from jantaku.server.config import ServerSettings
from jantaku.server.http_budget import WEIGHTS, weight
from tests.server.harness import Client, ServerProcess
from tests.server.test_reviews import _finished_game

RATE = ServerSettings().http_tokens_per_second
BURST = ServerSettings().http_token_burst


def _get(http: httpx.Client, path: str, address: str, token: str | None = None) -> httpx.Response:
    headers = {"X-Forwarded-For": address}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return http.get(path, headers=headers)


def test_a_flood_of_game_records_from_one_address_is_refused_after_the_burst(
    server: ServerProcess,
) -> None:
    game = _finished_game(server, server.guest())
    path = f"/api/games/{game}"
    cost = weight(path)
    asked = 3 * int(BURST / cost)  # three bursts' worth, four at a time
    with httpx.Client(base_url=server.base, timeout=60, trust_env=False) as http:
        assert _get(http, path, "203.0.113.50").status_code == 200  # another address's own
        start = time.monotonic()
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda _: _get(http, path, "198.51.100.50"), range(asked)))
        elapsed = time.monotonic() - start
        other = _get(http, path, "203.0.113.50")
    served = [r for r in answers if r.status_code == 200]
    refused = [r for r in answers if r.status_code != 200]
    came_back = RATE * elapsed  # tokens that came back while the flood was answered
    assert int(BURST / cost) <= len(served) <= (BURST + came_back) / cost + 1, (
        len(served),
        elapsed,
    )
    assert refused, "a flood of game records from one address is refused"
    for r in refused:
        assert r.status_code == 429, r.text
        body = r.json()
        assert set(body) == {"error", "code", "retry_after"}, body
        assert body["code"] == "too_many_requests"
        assert int(r.headers["Retry-After"]) == body["retry_after"] >= 1
        seconds = body["retry_after"]
        assert body["error"] == (f"too many requests from your address; try again in {seconds} s")
    # another address is served as before; the refused one's is no other's business
    assert other.status_code == 200 and other.json()["id"] == game
    assert served[0].json()["id"] == game


def _client_files() -> list[str]:
    """Every file of the browser client (a session that visits every page loads fewer)."""
    return ["/"] + [
        "/static/" + p.relative_to(STATIC).as_posix()
        for p in sorted(STATIC.rglob("*"))
        if p.is_file() and p.suffix in (".js", ".css", ".html")
    ]


def test_the_browser_clients_own_use_stays_far_under_the_budget(server: ServerProcess) -> None:
    """What the browser client asks for (static/js): every file of the client, half a minute of
    lobby polling (``/api/lobby`` and ``/api/me/tables`` every 3 s) asked back to back, a
    replay (the game and its downloads), a review of the own seat, a profile and the own
    tables: four players behind one address doing all of it at once (a family, a club's hall)
    are all served, and take less than half the burst."""
    token = server.guest()
    game = _finished_game(server, token)
    user = server.get("/api/me", token).json()["user"]["id"]
    session = _client_files()
    session += ["/api/lobby", "/api/me/tables"] * 10  # half a minute of polling
    session += [f"/api/games/{game}", f"/api/games/{game}/tenhou6", f"/api/games/{game}/mjai"]
    session += [f"/api/players/{user}", f"/api/players/{user}/games", "/api/bots", "/api/me"]
    asked = [
        path for seat in range(4) for path in [*session, f"/api/games/{game}/review?seat={seat}"]
    ]
    spent = sum(weight(path.partition("?")[0]) for path in asked)
    assert spent < BURST / 2, spent  # room to spare for the steady rate too
    http = httpx.Client(base_url=server.base, timeout=120, trust_env=False)
    with http, ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda path: _get(http, path, "198.51.100.52", token), asked))
    refused = [(r.url.path, r.status_code, r.text[:80]) for r in answers if r.status_code != 200]
    assert not refused, refused[:5]


def test_the_cli_sets_the_budget_and_files_take_it_too(tmp_path: Path) -> None:
    """``--http-token-burst`` and ``--http-tokens-per-second`` (a hall of players behind one
    address may need more). With 30 tokens and next to no rate: two game records (10 each)
    and ten static files (1 each) are served, the next file or record is refused (a file's
    refusal is JSON too); another address is served, and the refused one's WebSocket is not
    this budget's (its messages have their own)."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'j.sqlite3'}",
        "--http-token-burst",
        "30",
        "--http-tokens-per-second",
        "0.01",
    ).start()
    try:
        with httpx.Client(base_url=server.base, timeout=60, trust_env=False) as http:
            spender = "198.51.100.53"
            records = [_get(http, "/api/games/nothing", spender) for _ in range(2)]
            assert [r.status_code for r in records] == [404, 404]
            files = [_get(http, "/static/js/app.js", spender) for _ in range(10)]
            assert [r.status_code for r in files] == [200] * 10
            for path in ("/static/js/app.js", "/api/games/nothing", "/"):
                late = _get(http, path, spender)
                assert late.status_code == 429 and late.json()["code"] == "too_many_requests"
                assert int(late.headers["Retry-After"]) >= 1
            assert _get(http, "/static/js/app.js", "198.51.100.54").status_code == 200
        ws = Client(server, address=spender)
        try:
            ws.send({"type": "ping", "id": 1})
            assert ws.expect("pong")["ref"] == 1
        finally:
            ws.close()
    finally:
        server.stop()


def test_every_route_has_a_weight_of_its_own() -> None:
    """A new route is weighed when it is added (not left at the unknown path's weight), and
    every weight names a route that exists."""
    app = create_app("sqlite://")
    paths = {r.path for r in app.routes if isinstance(r, Route)} - {"/"}
    named = {path for path, _cost in WEIGHTS}
    assert sorted(paths - named) == [] and sorted(named - paths) == []
    assert weight("/static/js/app.js") == weight("/") == 1
    assert weight("/api/games/abc") == 10 and weight("/api/games/abc/review") == 20
    assert weight("/api/games/abc/mjai") == 10 and weight("/api/no/such/thing") == 1
