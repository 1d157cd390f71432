"""``GET /api/games/{id}/review``: a finished game's review, each decision where the stored event
log has it (the event after a decision is the seat's own action); bad seats and levels refused;
a live table not found (its review would show hidden hands); cache misses rate-limited, kept
answers free."""

from __future__ import annotations

import itertools
from typing import Any

from jantaku.tiles import parse_tiles
from tests.server.harness import Client, ServerProcess


def _finished_game(server: ServerProcess, token: str) -> str:
    client = Client(server, token)
    try:
        client.send({"type": "create", "kind": "practice", "length": "quick", "id": 1})
        table = str(client.expect("created")["table"]["id"])
        client.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
        assert client.play(table) is not None
        return table
    finally:
        client.close()


def _kind(notation: str) -> int:
    return parse_tiles(notation)[0].kind_id


def _is_win(event: dict[str, Any]) -> bool:
    return event["type"] in ("won", "mah_jongg")


def _check_alignment(review: dict[str, Any], events: list[dict[str, Any]], seat: int) -> None:
    """Every decision sits in the stored log where the seat acted: its own discard, call or win is
    the event right after it (a call may be outranked, a ron may share the discard)."""
    assert review["decisions"], "a whole game has decisions"
    for d in review["decisions"]:
        action = d["player"]["action"]
        assert action["seat"] == seat
        nxt = events[d["event"]]
        if action["type"] in ("discard", "riichi"):
            assert nxt["type"] == "discarded" and nxt["seat"] == seat, (d["index"], nxt)
            assert _kind(nxt["tile"]) == _kind(action["tile"])
        elif action["type"] in ("chi", "pon", "open_kan"):
            # the claim, or a claim of another seat that outranked it on the same discard; a
            # riichi discard's stick is accepted first
            rest = itertools.dropwhile(
                lambda e: e["type"] == "riichi_accepted", events[d["event"] :]
            )
            nxt = next(rest)
            assert nxt["type"] in ("called", "won", "mah_jongg"), (d["index"], nxt)
            assert nxt["type"] == "called" or nxt["seat"] != seat, (d["index"], nxt)
        elif action["type"] == "ron":
            # a double ron lists both winners, nearest first; three rons abort the deal
            rest = events[d["event"] :]
            winners = [e["seat"] for e in itertools.takewhile(_is_win, rest)]
            aborted = nxt["type"] == "deal_ended" and nxt["draw"] == "triple_ron"
            assert seat in winners or aborted, (d["index"], rest[:3])
        elif action["type"] == "tsumo":
            assert _is_win(nxt) and nxt["seat"] == seat, (d["index"], nxt)
    discards = [e for e in events if e["type"] == "discarded" and e["seat"] == seat]
    reviewed = [d for d in review["decisions"] if d["player"]["action"]["type"] == "discard"]
    assert 0 < len(reviewed) <= len(discards)


def test_a_finished_game_is_reviewed_and_bad_requests_are_refused(server: ServerProcess) -> None:
    token = server.guest()
    game_id = _finished_game(server, token)
    events = server.get(f"/api/games/{game_id}").json()["events"]
    answer = server.get(f"/api/games/{game_id}/review?seat=0", token)
    assert answer.status_code == 200, answer.text
    review = answer.json()
    assert review["family"] == "riichi" and review["level"] == "strongest" and review["seat"] == 0
    assert review["source"] == game_id
    _check_alignment(review, events, 0)
    other = server.get(f"/api/games/{game_id}/review?seat=2&level=efficiency", token).json()
    _check_alignment(other, events, 2)
    assert other["level"] == "efficiency"

    for query, status in (
        ("seat=4", 400),
        ("seat=-1", 400),
        ("seat=1.0", 400),
        ("level=grandmaster", 400),
        ("level=" + "x" * 5000, 400),
    ):
        r = server.get(f"/api/games/{game_id}/review?{query}", token)
        assert r.status_code == status and "error" in r.json(), (query, r.text)
    for bad in ("nope", "x" * 100):
        assert server.get(f"/api/games/{bad}/review").status_code == 404


def test_a_live_table_has_no_review(server: ServerProcess) -> None:
    token = server.guest()
    client = Client(server, token)
    client.send({"type": "create", "kind": "practice", "length": "quick", "id": 1})
    table = client.expect("created")["table"]["id"]
    client.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
    assert client.play(table, stop_after=3) is None  # three actions in: the hand is on
    for seat in range(4):
        r = server.get(f"/api/games/{table}/review?seat={seat}", token)
        assert r.status_code == 404, r.text
    client.close()


def test_reviews_not_yet_kept_are_rate_limited(server: ServerProcess) -> None:
    token = server.guest()
    game_id = _finished_game(server, token)
    asked = []
    refused = None
    for level in ("random", "efficiency", "defensive", "expert", "strong"):
        for seat in range(4):
            r = server.get(f"/api/games/{game_id}/review?seat={seat}&level={level}", token)
            if r.status_code == 429:
                refused = r
                break
            assert r.status_code == 200, r.text
            asked.append((seat, level))
        if refused is not None:
            break
    assert refused is not None, "a flood of new reviews is refused"
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["code"] == "rate_limited"
    assert len(asked) <= 12
    seat, level = asked[0]  # a kept answer costs nothing
    again = server.get(f"/api/games/{game_id}/review?seat={seat}&level={level}", token)
    assert again.status_code == 200 and again.json()["level"] == level


def test_a_classical_game_is_reviewed_by_the_classical_puppet(server: ServerProcess) -> None:
    token = server.guest()
    client = Client(server, token)
    try:
        client.send({"type": "create", "kind": "classical", "length": "quick", "id": 1})
        table = str(client.expect("created")["table"]["id"])
        client.send({"type": "join", "table": table, "fill_bots": True, "bot": "efficiency"})
        assert client.play(table) is not None
    finally:
        client.close()
    events = server.get(f"/api/games/{table}").json()["events"]
    answer = server.get(f"/api/games/{table}/review?seat=1", token)
    assert answer.status_code == 200, answer.text
    review = answer.json()
    assert review["family"] == "classical" and review["level"] == "strongest"
    _check_alignment(review, events, 1)
    assert server.get(f"/api/games/{table}/review?level=expert", token).status_code == 200


def test_a_private_games_review_is_for_its_players_only(server: ServerProcess) -> None:
    alice_token, mallory_token = server.guest(), server.guest()
    alice = Client(server, alice_token)
    try:
        alice.send({"type": "create", "kind": "party", "length": "quick", "private": True})
        table = str(alice.expect("created")["table"]["id"])
        alice.send({"type": "join", "table": table, "fill_bots": True})
        assert alice.play(table) is not None
    finally:
        alice.close()
    path = f"/api/games/{table}/review?seat=1"
    assert server.get(path, alice_token).status_code == 200
    for token in (None, mallory_token, "not-a-token"):
        r = server.get(path, token)
        assert r.status_code == 404 and "error" in r.json(), token  # kept answers too
