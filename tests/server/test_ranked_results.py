"""Whose result a ranked match is (doman-rules.md §5): a player who drops keeps theirs, a match
that did not start with four accounts changes nobody's rank or rating."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store
from jantaku.server.tables import Table
from tests.server.accounts import registered
from tests.server.checks import play_out
from tests.server.harness import Client, ServerProcess, play_all
from tests.server.rows import quick_table_row

# Novice table from a new account (Novice, 0 points, rating 1500 against three 1500s, k = 1):
# 1st +30 rank points promotes to 9th Kyu (20 needed, start 0); 4th costs nothing at Novice.
_NOVICE_AFTER = {1: ("9th Kyu", 0), 2: ("Novice", 15), 3: ("Novice", 0), 4: ("Novice", 0)}
_RATING_DELTA = {1: 30, 2: 10, 3: -10, 4: -30}


def _seated_four(server: ServerProcess) -> tuple[list[Client], str]:
    """Four registered accounts queue for a quick novice table; returns them and the table
    once the match has started."""
    clients = [Client(server, registered(server)) for _ in range(4)]
    for c in clients:
        c.send({"type": "queue", "kind": "novice", "length": "quick"})
        c.expect("snapshot")
    started = [c.expect("snapshot") for c in clients]
    tables = {s["table"]["id"] for s in started}
    assert len(tables) == 1 and all(s["table"]["status"] == "live" for s in started)
    return clients, tables.pop()


def _user(server: ServerProcess, user_id: int) -> dict[str, Any]:
    return server.get(f"/api/players/{user_id}").json()["user"]  # type: ignore[no-any-return]


def test_a_dropped_player_keeps_the_ranked_result(database: str) -> None:
    server = ServerProcess(database, "--grace-seconds", "0.5").start()
    try:
        clients, table = _seated_four(server)
        dropped, stayers = clients[0], clients[1:]
        dropped_id = dropped.user["id"]  # type: ignore[index]
        dropped.close()  # gone for good: after the grace period a computer player plays on
        results = play_all(stayers, table)
        assert all(r is not None and r["recorded"] for r in results)
        result = results[0]
        assert result is not None
        seat = next(i for i, s in enumerate(result["seats"]) if s["user_id"] == dropped_id)
        assert not result["seats"][seat].get("withdrawn")
        takeovers = [
            m
            for m in stayers[0].messages
            if m["type"] == "table_update" and m["table"]["seats"][seat]["takeover"]
        ]
        assert takeovers, "the dropped seat was never handed to a computer player"
        for i, s in enumerate(result["seats"]):  # all four, the dropped one as if it had played
            place = result["ranking"].index(i) + 1
            user = _user(server, s["user_id"])
            assert user["rated_games"] == 1, (place, user)
            assert (user["rank"], user["rank_points"]) == _NOVICE_AFTER[place], (place, user)
            assert user["rating"] == 1500 + _RATING_DELTA[place], (place, user)
        for c in stayers:
            c.close()
    finally:
        server.stop()


def _resumed_table(store: Store, seats: list[dict[str, Any]]) -> Table:
    """A live quick novice table as an older server might have stored it with ``seats``,
    resumed by a new server's lobby (no action played yet)."""
    row = quick_table_row("novice", seats=seats)
    store.create_table(row)
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    assert lobby.recover() == 1
    return lobby.tables[row.id]


def _account(store: Store, name: str, guest: bool = False) -> dict[str, Any]:
    user = store.add_user(name, None if guest else "-", guest=guest)
    return {"user_id": user.id, "name": name, "bot": None}


_STANDING = ("rank_index", "rank_points", "rating", "rating_max", "rated_games", "skill_mu")


def _standing(store: Store, seats: list[dict[str, Any]]) -> dict[int, tuple[Any, ...]]:
    out = {}
    for s in seats:
        if s.get("user_id") is not None:
            user = store.user(s["user_id"])
            assert user is not None
            out[user.id] = tuple(getattr(user, f) for f in _STANDING)
    return out


def _bot(i: int) -> dict[str, Any]:
    return {"user_id": None, "name": f"filler-{i}", "bot": "filler"}


@pytest.mark.parametrize(
    "shape",
    ["one account, three bots", "a guest among four", "an empty seat", "one account twice"],
)
def test_a_ranked_match_without_four_accounts_changes_no_rank(database: str, shape: str) -> None:
    store = Store(database)
    a, b, c = (_account(store, n) for n in ("alice", "bob", "carol"))
    seats = {
        "one account, three bots": [a, _bot(1), _bot(2), _bot(3)],
        "a guest among four": [a, b, c, _account(store, "guest-1", guest=True)],
        "an empty seat": [a, b, c, {"user_id": None, "name": "", "bot": None}],
        "one account twice": [a, b, c, dict(a)],
    }[shape]
    before = _standing(store, seats)
    table = _resumed_table(store, seats)
    play_out(table)
    game = store.game(table.id)
    assert game is not None and game.recorded  # the game itself is kept, and its statistics
    assert store.player_lines(a["user_id"])
    assert _standing(store, seats) == before
    store.close()


def test_a_ranked_match_of_four_accounts_changes_ranks(database: str) -> None:
    """The same path with four registered accounts does rate them (the guard's other side)."""
    store = Store(database)
    seats = [_account(store, n) for n in ("alice", "bob", "carol", "dave")]
    table = _resumed_table(store, seats)
    play_out(table)
    assert table.outcome is not None and table.outcome.recorded
    for seat, s in enumerate(seats):
        user = store.user(s["user_id"])
        assert user is not None and user.rated_games == 1
        place = table.outcome.ranking.index(seat) + 1
        assert user.rating == 1500 + _RATING_DELTA[place]
    store.close()
