"""The profile's records (doman-rules.md §6.1, §4): the recent limit hands (riichi yakuman,
classical special hands) with their replay hand, private games for their players only, a
bounded list; the wins at tables against computer players per level; the rating
achievements "Tile and Error I/II/III" (best rating strictly above 1,600 / 1,800 / 2,000)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from sqlalchemy import event

from jantaku.server.player_records import LIMITS_SHOWN
from jantaku.server.record_reads import limit_lines
from jantaku.server.records import player_lines
from jantaku.server.storage import Store
from tests.server.harness import Client, ServerProcess
from tests.server.limit_hands import heavenly_match, store_match
from tests.server.test_game_statistics import _play, needs_classical


def _limits_of_events(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Per seat the limit hands as the events show them: a riichi ``won`` with a yakuman, a
    classical winner's special hand; the hand numbered by the hands started before it."""
    out: list[list[dict[str, Any]]] = [[] for _ in range(4)]
    hand = 0
    for e in events:
        if e["type"] in ("deal_started", "classical_deal_started"):
            hand += 1
        elif e["type"] == "won" and e["yakuman"]:
            out[e["seat"]].append({"hand": hand, "names": [n for n, _ in e["yaku"]]})
        elif e["type"] == "deal_ended" and e.get("outcome") == "mah_jongg":
            for r in e["results"]:
                if r["seat"] == e["winner"] and r["special_hand"]:
                    out[e["winner"]].append({"hand": hand, "names": [r["special_hand"]]})
    return out


def test_a_yakuman_is_noted_in_its_winners_line_with_its_hand() -> None:
    match = heavenly_match()
    expected = _limits_of_events([e.to_json() for e in match.log])
    assert expected[0] == [{"hand": 1, "names": ["tenhou"]}]  # the scripted heavenly hand
    lines = player_lines("g", [{}] * 4, match.result, match.log)  # type: ignore[arg-type]
    assert [line.limits or [] for line in lines] == expected
    assert [line.limit_wins for line in lines] == [len(x) for x in expected]


@needs_classical
def test_a_classical_special_hand_is_noted_as_a_limit_hand() -> None:
    for seed in ("stats-1", "stats-2", "stats-3"):
        engine = _play("classical", "sontag", seed, "filler", {})
        expected = _limits_of_events([e.to_json() for e in engine.log])
        lines = player_lines("g", [{}] * 4, engine.result, engine.log)
        assert [line.limits or [] for line in lines] == expected
        special = Counter(n for line in lines for n, c in line.yaku.items() for _ in range(c))
        assert sum(line.limit_wins for line in lines) == sum(special.values())


def _me(server: ServerProcess, token: str) -> int:
    return int(server.get("/api/me", token).json()["user"]["id"])


def test_the_recent_yakuman_are_listed_with_the_hand_to_replay(server: ServerProcess) -> None:
    token = server.guest()
    me = _me(server, token)
    store = Store(server.database)
    try:
        store_match(store, "heavenly1", [me, None, None, None], heavenly_match())
        store_match(store, "others1", [None, me, None, None], heavenly_match())  # not mine
    finally:
        store.close()
    listed = server.get(f"/api/players/{me}").json()["limit_hands"]
    assert [{k: v for k, v in x.items() if k != "finished_at"} for x in listed] == [
        {
            "game_id": "heavenly1",
            "hand": 1,
            "names": ["tenhou"],
            "family": "riichi",
            "kind": "party",
        }
    ]
    game = server.get("/api/games/heavenly1").json()
    assert listed[0]["finished_at"] == pytest.approx(
        server.get(f"/api/players/{me}/games").json()["games"][-1]["finished_at"]
    )
    # the hand named is the one the replay opens (?hand=1: the first hand started)
    starts = [i for i, e in enumerate(game["events"]) if e["type"] == "deal_started"]
    won = next(e for e in game["events"][starts[0] :] if e["type"] == "won")
    assert won["seat"] == 0 and won["yakuman"] and won["yaku"] == [["tenhou", 13]]


def test_a_private_games_yakuman_is_listed_only_to_its_players(server: ServerProcess) -> None:
    alice_token, bob_token, mallory_token = server.guest(), server.guest(), server.guest()
    alice, bob = _me(server, alice_token), _me(server, bob_token)
    store = Store(server.database)
    try:
        store_match(store, "public1", [alice, None, None, None], heavenly_match())
        store_match(store, "secret1", [alice, bob, None, None], heavenly_match(), private=True)
    finally:
        store.close()
    path = f"/api/players/{alice}"
    for token in (None, mallory_token, "not-a-token"):
        listed = server.get(path, token).json()["limit_hands"]
        assert [x["game_id"] for x in listed] == ["public1"], token
    for token in (alice_token, bob_token):  # both sat at the private table
        listed = server.get(path, token).json()["limit_hands"]
        assert [x["game_id"] for x in listed] == ["secret1", "public1"], token


def test_the_yakuman_list_is_bounded_newest_first_and_reads_no_log_or_result(
    server: ServerProcess,
) -> None:
    token = server.guest()
    me = _me(server, token)
    stored = [f"h{n:02}" for n in range(LIMITS_SHOWN + 2)]
    store = Store(server.database)
    try:
        for game_id in stored:
            store_match(store, game_id, [me, None, None, None], heavenly_match())
        statements: list[str] = []

        def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            statements.append(statement)

        event.listen(store.engine, "before_cursor_execute", seen)
        found = limit_lines(store, me, 5)
        event.remove(store.engine, "before_cursor_execute", seen)
        assert [x.game_id for x in found] == stored[::-1][:5]
        assert len(statements) == 1 and "LIMIT" in statements[0].upper()
        assert "games.events" not in statements[0] and "games.result" not in statements[0]
    finally:
        store.close()
    listed = server.get(f"/api/players/{me}").json()["limit_hands"]
    assert [x["game_id"] for x in listed] == stored[::-1][:LIMITS_SHOWN]


@pytest.mark.parametrize(
    ("best", "reached"),
    [
        (1500.0, []),
        (1599.0, []),
        (1600.0, []),  # "above": strictly greater
        (1600.5, ["tile_and_error_1"]),
        (1601.0, ["tile_and_error_1"]),
        (1800.0, ["tile_and_error_1"]),
        (1801.0, ["tile_and_error_1", "tile_and_error_2"]),
        (2000.0, ["tile_and_error_1", "tile_and_error_2"]),
        (2001.0, ["tile_and_error_1", "tile_and_error_2", "tile_and_error_3"]),
    ],
)
def test_the_rating_achievements_follow_the_best_rating(
    server: ServerProcess, best: float, reached: list[str]
) -> None:
    token = server.guest()
    me = _me(server, token)
    store = Store(server.database)
    try:
        user = store.user(me)
        assert user is not None
        user.rating, user.rating_max = 1500.0, best  # a reset keeps the best rating
        store.save_user(user)
    finally:
        store.close()
    shown = server.get(f"/api/players/{me}").json()["achievements"]
    assert [(a["id"], a["rating"]) for a in shown] == [
        ("tile_and_error_1", 1600),
        ("tile_and_error_2", 1800),
        ("tile_and_error_3", 2000),
    ]
    assert [a["id"] for a in shown if a["reached"]] == reached


def _practice(server: ServerProcess, token: str, level: str) -> str:
    client = Client(server, token)
    try:
        client.send({"type": "create", "kind": "practice", "length": "quick", "id": 1})
        table = str(client.expect("created")["table"]["id"])
        client.send({"type": "join", "table": table, "fill_bots": True, "bot": level})
        assert client.play(table) is not None
        return table
    finally:
        client.close()


def test_practice_wins_are_counted_per_level_faced(server: ServerProcess) -> None:
    token = server.guest()
    me = _me(server, token)
    played = {_practice(server, token, level): level for level in ("random", "random", "defensive")}
    # a party game against computer players is no practice game
    store = Store(server.database)
    try:
        store_match(store, "party1", [me, None, None, None], heavenly_match())
    finally:
        store.close()
    games = server.get(f"/api/players/{me}/games").json()["games"]
    expected: dict[str, list[int]] = {}
    for g in games:
        if g["id"] in played:
            counts = expected.setdefault(played[g["id"]], [0, 0])
            counts[0] += 1
            counts[1] += g["place"] == 1
    stats = server.get(f"/api/players/{me}").json()["stats"]
    assert stats["practice"] == [
        {"family": "riichi", "level": level, "games": n, "wins": won}
        for level, (n, won) in sorted(expected.items())
    ]
    assert [x["games"] for x in stats["practice"]] == [1, 2]  # defensive once, random twice
