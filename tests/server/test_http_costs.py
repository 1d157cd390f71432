"""Unauthenticated HTTP endpoints whose work is more than a lookup are limited per address.

``GET /api/games/{id}/{fmt}`` plays the game again to write it: a flood of exports from one
address must not keep the server busy. An answer already written is kept and costs nothing; each
one not yet kept costs a token of the address (10 at once, then 10 a minute), beyond which the
answer is 429 with ``Retry-After``; a format the game's family lacks is refused without one."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event

from jantaku.server.config import table_config
from jantaku.server.game_exports import BURST, PER_MINUTE
from jantaku.server.http_api import METRICS_BURST, METRICS_PER_MINUTE
from jantaku.server.models import GamePlayerRow, TableRow
from jantaku.server.storage import Store
from tests.server.clocked import ClockedServer
from tests.server.counting import CountingServer
from tests.server.harness import HOST, ServerProcess
from tests.server.test_reviews import _finished_game


def test_exports_not_yet_kept_are_limited_per_address(clocked: ClockedServer) -> None:
    """The bucket's clock stands still (clocked.py): however long the exports take, no token
    comes back until the test moves it on by one token's time."""
    token = clocked.guest()
    games = [_finished_game(clocked, token) for _ in range(6)]
    first = clocked.get(f"/api/games/{games[0]}/tenhou6")
    assert first.status_code == 200, first.text
    log = first.json()["log"]
    assert log and all(isinstance(hand, list) for hand in log)  # a tenhou.net/6 record
    for _ in range(3 * BURST):  # the same answer again and again: kept, free
        again = clocked.get(f"/api/games/{games[0]}/tenhou6")
        assert again.status_code == 200 and again.content == first.content
    paths = [
        f"/api/games/{g}/{fmt}"
        for g in games
        for fmt in ("tenhou6", "mjai")
        if (g, fmt) != (games[0], "tenhou6")
    ]
    answers = [clocked.get(path) for path in paths]
    assert [r.status_code for r in answers[: BURST - 1]] == [200] * (BURST - 1)
    refused = answers[BURST - 1 :]
    assert refused, "a flood of exports is refused"
    for r in refused:
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        assert int(r.headers["Retry-After"]) >= 1 and r.json()["retry_after"] >= 1
    kept = clocked.get(f"/api/games/{games[0]}/tenhou6")  # still free once refused
    assert kept.status_code == 200 and kept.content == first.content
    unknown = clocked.get(f"/api/games/{games[1]}/nonsense")
    assert unknown.status_code == 404 and "tenhou6" in unknown.json()["error"]
    clocked.advance(1.5 * 60 / PER_MINUTE)  # a token and a half: one more export, one only
    later = [clocked.get(path) for path in paths[BURST - 1 :]]
    assert [r.status_code for r in later] == [200] + [429] * (len(later) - 1)


def test_metrics_reads_are_limited_per_address(clocked: ClockedServer) -> None:
    """``/api/metrics`` sorts every table's recent timings (its work grows with the tables):
    10 reads at once from one address, then 30 a minute; the health check is not limited. The
    bucket's clock stands still until the test moves it (clocked.py)."""
    answers = [clocked.get("/api/metrics") for _ in range(3 * METRICS_BURST)]
    served, refused = answers[:METRICS_BURST], answers[METRICS_BURST:]
    assert all(r.status_code == 200 for r in served)
    assert "commit" in served[0].json() and "transaction" in served[0].json()
    for r in refused:
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        assert int(r.headers["Retry-After"]) >= 1
    assert all(clocked.get("/api/health").status_code == 200 for _ in range(3 * METRICS_BURST))
    clocked.advance(1.5 * 60 / METRICS_PER_MINUTE)  # a token and a half: one more read
    assert [clocked.get("/api/metrics").status_code for _ in range(2)] == [200, 429]


def _outsider_get(server: ServerProcess, path: str) -> httpx.Response:
    """GET ``path`` as a client of another machine (uvicorn trusts X-Forwarded-For from
    127.0.0.1)."""
    headers = {"X-Forwarded-For": "203.0.113.7"}
    return httpx.get(server.base + path, headers=headers, timeout=30, trust_env=False)


def test_only_the_servers_own_machine_may_read_or_reset_the_metrics(server: ServerProcess) -> None:
    """The metrics count every stored action, a pass in a call window too: read after each
    discard, their growth would tell anybody whether someone could have called it. A client of
    another machine may neither read them nor wipe what an operator watches (403, nothing
    cleared); from the machine itself they are read and cleared."""
    _finished_game(server, server.guest())
    stored = server.get("/api/metrics").json()["batch"]["n"]
    assert stored > 0  # the game's actions were stored in transactions
    for path in ("/api/metrics", "/api/metrics?reset=1"):
        outsider = _outsider_get(server, path)
        assert outsider.status_code == 403 and outsider.json()["code"] == "forbidden", outsider.text
        assert "batch" not in outsider.json()
    assert server.get("/api/metrics").json()["batch"]["n"] >= stored
    assert server.get("/api/metrics?reset=1").status_code == 200
    assert server.get("/api/metrics").json()["batch"]["n"] < stored


def _peak_rss_kib(server: ServerProcess) -> int:
    """The server process's peak resident memory so far (Linux ``VmHWM``), in KiB."""
    assert server.proc is not None
    status = Path(f"/proc/{server.proc.pid}/status").read_text(encoding="utf-8")
    line = next(x for x in status.splitlines() if x.startswith("VmHWM:"))
    return int(line.split()[1])


def _post_huge(server: ServerProcess, path: str, megabytes: int, chunked: bool) -> bytes:
    """POST a body of ``megabytes`` MiB to ``path`` (its size said first, or sent in chunks of
    unsaid size) as fast as the server takes it; whatever it answered (the server may answer and
    close before the body is all sent)."""
    with socket.create_connection((HOST, server.port), timeout=30) as s:
        size = megabytes * 1024 * 1024
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
        head = f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
        s.sendall(f"{head}{framing}\r\n\r\n".encode())
        chunk = b" " * (1024 * 1024)
        if chunked:
            chunk = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
        with contextlib.suppress(OSError):  # the server stopped reading: it answered
            for _ in range(megabytes):
                s.sendall(chunk)
            if chunked:
                s.sendall(b"0\r\n\r\n")
        with contextlib.suppress(OSError):
            return s.recv(65536)
    return b""


@pytest.mark.parametrize("chunked", [False, True])
@pytest.mark.parametrize("path", ["/api/login", "/api/register", "/api/logout"])
def test_a_huge_body_is_not_read_into_memory(
    server: ServerProcess, path: str, chunked: bool
) -> None:
    """The JSON bodies are at most ``max_message_bytes`` (16 KiB): a body that says it is
    bigger, or turns out to be, is refused without being read whole into memory."""
    before = _peak_rss_kib(server)
    answer = _post_huge(server, path, 96, chunked)
    grown = _peak_rss_kib(server) - before
    assert grown < 24 * 1024, f"the server's memory grew by {grown // 1024} MiB"
    # the answer, when it came before the server closed (a reset may drop it): refused in the
    # endpoint's own way (a logout with a bad body stands)
    if answer:
        refusal = b"200" if path == "/api/logout" else (b"400", b"401")[path == "/api/login"]
        assert answer.split(b" ", 2)[1] == refusal, answer[:200]
    assert server.get("/api/health").status_code == 200
    ok = httpx.post(server.base + "/api/logout", content=b" " * 20000, timeout=10, trust_env=False)
    assert ok.status_code == 200  # logout is idempotent: a bad body is harmless


def test_a_profile_reads_the_players_lines_once_per_game(tmp_path: Path) -> None:
    """``/api/players/{id}`` (anyone may ask) reads every line of the player's games only when
    the player has played another since: a player with thousands of games is not read again
    for each request. The statistics still count every game."""
    server = CountingServer(f"sqlite:///{tmp_path / 'j.sqlite3'}", tmp_path / "calls.txt").start()
    try:
        token = server.guest()
        _finished_game(server, token)
        user_id = server.get("/api/me", token).json()["user"]["id"]
        before = server.count("player_lines")
        for _ in range(20):
            stats = server.get(f"/api/players/{user_id}").json()["stats"]
            assert stats["games"] == 1 and sum(stats["placements"].values()) == 1
        assert server.count("player_lines") - before == 1
        _finished_game(server, token)
        stats = server.get(f"/api/players/{user_id}").json()["stats"]
        assert stats["games"] == 2 and sum(stats["placements"].values()) == 2
        assert server.count("player_lines") - before == 2
    finally:
        server.stop()


def test_a_players_game_list_reads_no_event_log(tmp_path: Path) -> None:
    """``/api/players/{id}/games`` (anyone may ask) lists up to 50 games: it reads their lines
    and results, never their event logs (a whole match's log is large; 50 of them
    for each request would make a cheap list the most expensive request there is)."""
    store = Store(f"sqlite:///{tmp_path / 'j.sqlite3'}")
    try:
        user = store.add_user("lister", None, guest=True)
        config = table_config("party", "quick").to_json()
        seats = [{"user_id": user.id, "name": "lister"}] + [{"bot": "filler"}] * 3
        for n in range(3):
            game_id = f"game{n}"
            store.create_table(
                TableRow(
                    id=game_id,
                    family="riichi",
                    kind="party",
                    config=config,
                    seed="s",
                    commitment="c",
                    status="live",
                    invite_code=None,
                    seats=seats,
                    created_at=0.0,
                    started_at=0.0,
                    created_by=None,
                    fence=0,
                )
            )
            lines = [
                GamePlayerRow(
                    game_id=game_id,
                    seat=s,
                    user_id=seats[s].get("user_id"),
                    place=s + 1,
                    score=25000,
                    hands=1,
                    wins=0,
                    deal_ins=0,
                    yaku={},
                )
                for s in range(4)
            ]
            log = [{"type": "discarded", "seat": 0, "tile": "1m"}] * 1000
            store.finish_game(game_id, True, {"config": config, "seats": seats}, log, lines)
        statements: list[str] = []

        def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            statements.append(statement)

        event.listen(store.engine, "before_cursor_execute", seen)
        listed = store.player_games(user.id)
        event.remove(store.engine, "before_cursor_execute", seen)
        assert sorted(game.id for _line, game in listed) == ["game0", "game1", "game2"]
        assert all(game.result["config"]["kind"] == "party" for _line, game in listed)
        assert statements and not any("games.events" in s for s in statements), statements
    finally:
        store.close()
