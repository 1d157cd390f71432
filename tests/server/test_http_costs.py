"""Unauthenticated HTTP endpoints whose work is more than a lookup are limited per address.

``GET /api/games/{id}/{fmt}`` plays the game again to write it: a flood of exports from one
address must not keep the server busy. An answer already written is kept and costs nothing; each
one not yet kept costs a token of the address (10 at once, then 10 a minute), beyond which the
answer is 429 with ``Retry-After``; a format the game's family lacks is refused without one."""

from __future__ import annotations

from tests.server.harness import ServerProcess
from tests.server.test_reviews import _finished_game

BURST = 10  # game_exports.BURST
METRICS_BURST = 10  # http_api.METRICS_BURST


def test_exports_not_yet_kept_are_limited_per_address(server: ServerProcess) -> None:
    token = server.guest()
    games = [_finished_game(server, token) for _ in range(6)]
    first = server.get(f"/api/games/{games[0]}/tenhou6")
    assert first.status_code == 200, first.text
    log = first.json()["log"]
    assert log and all(isinstance(hand, list) for hand in log)  # a tenhou.net/6 record
    for _ in range(3 * BURST):  # the same answer again and again: kept, free
        again = server.get(f"/api/games/{games[0]}/tenhou6")
        assert again.status_code == 200 and again.content == first.content
    answers = [
        server.get(f"/api/games/{g}/{fmt}")
        for g in games
        for fmt in ("tenhou6", "mjai")
        if (g, fmt) != (games[0], "tenhou6")
    ]
    written = [r for r in answers if r.status_code == 200]
    refused = [r for r in answers if r.status_code != 200]
    assert BURST - 1 <= len(written) <= BURST  # a token may have come back meanwhile
    assert refused, "a flood of exports is refused"
    for r in refused:
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        assert int(r.headers["Retry-After"]) >= 1 and r.json()["retry_after"] >= 1
    kept = server.get(f"/api/games/{games[0]}/tenhou6")  # still free once refused
    assert kept.status_code == 200 and kept.content == first.content
    unknown = server.get(f"/api/games/{games[1]}/nonsense")
    assert unknown.status_code == 404 and "tenhou6" in unknown.json()["error"]


def test_metrics_reads_are_limited_per_address(server: ServerProcess) -> None:
    """``/api/metrics`` sorts every table's recent timings (its work grows with the tables):
    10 reads at once from one address, then 30 a minute; the health check is not limited."""
    answers = [server.get("/api/metrics") for _ in range(3 * METRICS_BURST)]
    served = [r for r in answers if r.status_code == 200]
    refused = [r for r in answers if r.status_code != 200]
    assert METRICS_BURST <= len(served) <= METRICS_BURST + 2  # tokens come back meanwhile
    assert "commit" in served[0].json() and "transaction" in served[0].json()
    for r in refused:
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        assert int(r.headers["Retry-After"]) >= 1
    assert all(server.get("/api/health").status_code == 200 for _ in range(3 * METRICS_BURST))
