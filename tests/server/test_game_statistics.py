"""Per-player statistics lines of finished games (records.player_lines), riichi and classical,
checked against counts made here from each game's event log as stored (JSON)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from jantaku.families import all_families, family
from jantaku.server.records import player_lines
from jantaku.server.seating import seat_player
from tests.server.harness import Client, ServerProcess

needs_classical = pytest.mark.skipif(
    "classical" not in [f.name for f in all_families()],
    reason="the classical engine is not installed",
)


def _play(family_name: str, preset: str, seed: str, bot: str, overrides: dict[str, Any]) -> Any:
    fam = family(family_name)
    engine = fam.new_game(preset, seed, overrides=overrides)
    players = [seat_player(bot, fam, preset, s) for s in range(4)]
    for s, p in enumerate(players):
        p.observe([e.seen_by(s) for e in engine.log])
    for _ in range(200000):
        if engine.result is not None:
            return engine
        seat = engine.to_act()[0]
        events = engine.apply(players[seat].choose(engine.view(seat)))
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])
    raise AssertionError("the game did not end")


def _counted(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Hands, wins and deal-ins by seat from the JSON events: a riichi ``won`` names winner
    and giver; a classical ``mah_jongg`` names them, its ``deal_ended`` confirms the win."""
    hands = sum(e["type"] in ("deal_started", "classical_deal_started") for e in events)
    wins: Counter[int] = Counter()
    deal_ins: Counter[int] = Counter()
    declared: dict[str, Any] | None = None
    for e in events:
        if e["type"] == "won":
            wins[e["seat"]] += 1
            if e["from_seat"] is not None:
                deal_ins[e["from_seat"]] += 1
        elif e["type"] == "mah_jongg":
            declared = e
        elif e["type"] == "deal_ended" and e.get("outcome") == "mah_jongg":
            assert declared is not None and declared["seat"] == e["winner"]
            wins[e["winner"]] += 1
            if declared["from_seat"] is not None:
                deal_ins[declared["from_seat"]] += 1
            declared = None
    return {
        "hands": [hands] * 4,
        "wins": [wins[i] for i in range(4)],
        "deal_ins": [deal_ins[i] for i in range(4)],
    }


def _lines(engine: Any) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"user_id": None}] * 4
    lines = player_lines("g", seats, engine.result, engine.log)
    return {
        "hands": [line.hands for line in lines],
        "wins": [line.wins for line in lines],
        "deal_ins": [line.deal_ins for line in lines],
    }


def test_riichi_lines_count_hands_wins_and_deal_ins() -> None:
    engine = _play("riichi", "doman", "stats-1", "efficiency", {"length": "east_south"})
    events = [e.to_json() for e in engine.log]
    expected = _counted(events)
    assert sum(expected["wins"]) > 0 and sum(expected["deal_ins"]) > 0  # the game has both
    assert _lines(engine) == expected
    yaku = player_lines("g", [{}] * 4, engine.result, engine.log)
    for seat in range(4):
        named = Counter(
            name
            for e in events
            if e["type"] == "won" and e["seat"] == seat
            for name, _ in e["yaku"]
        )
        assert yaku[seat].yaku == dict(named)


@needs_classical
def test_classical_lines_count_hands_wins_and_deal_ins() -> None:
    engine = _play("classical", "sontag", "stats-1", "filler", {})
    events = [e.to_json() for e in engine.log]
    expected = _counted(events)
    remis = sum(e["type"] == "deal_ended" and e["outcome"] == "remis" for e in events)
    assert sum(expected["wins"]) + remis == expected["hands"][0] > 0
    assert sum(expected["deal_ins"]) > 0
    assert _lines(engine) == expected
    limits = player_lines("g", [{}] * 4, engine.result, engine.log)
    special = Counter(
        (e["winner"], r["special_hand"])
        for e in events
        if e["type"] == "deal_ended"
        for r in e["results"]
        if r["seat"] == e["winner"] and r["special_hand"]
    )
    assert {(s, n): c for s in range(4) for n, c in limits[s].yaku.items()} == dict(special)


@needs_classical
def test_classical_games_show_in_the_player_statistics(server: ServerProcess) -> None:
    c = Client(server, server.guest())
    c.send({"type": "create", "kind": "classical"})
    table = c.expect("created")["table"]["id"]
    c.send({"type": "join", "table": table, "fill_bots": True})
    result = c.play(table)
    assert result is not None and result["recorded"]
    me = next(i for i, s in enumerate(result["seats"]) if s["user_id"] == c.user["id"])  # type: ignore[index]
    events = server.get(f"/api/games/{table}").json()["events"]
    expected = _counted(events)
    stats = server.get(f"/api/players/{c.user['id']}").json()["stats"]  # type: ignore[index]
    assert stats["games"] == 1
    assert stats["hands"] == expected["hands"][me] > 0
    assert stats["win_rate"] == round(expected["wins"][me] / expected["hands"][me], 4)
    assert stats["deal_in_rate"] == round(expected["deal_ins"][me] / expected["hands"][me], 4)
    # per family: a classical game only (the profile keeps the families apart)
    whole = {k: v for k, v in stats.items() if k not in ("families", "practice")}
    assert stats["families"] == {"classical": whole}
    # a classical table filled with computer players (the filler: no level asked) is practice
    won = int(result["ranking"][0] == me)  # type: ignore[index]
    assert stats["practice"] == [
        {"family": "classical", "level": "filler", "games": 1, "wins": won}
    ]
    c.close()
