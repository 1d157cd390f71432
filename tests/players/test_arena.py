"""The arena: seat rotation of duplicate mode, the statistics, and the command."""

from __future__ import annotations

import json

from click.testing import CliRunner

from jantaku.cli import main
from jantaku.engine.riichi.presets import new_match
from jantaku.players.arena import per_wall_means, schedule
from jantaku.players.classical import make_player as make_classical_player
from jantaku.players.riichi import make_player
from jantaku.players.riichi.arena import play_match, run_arena, summarize
from jantaku.players.riichi.levels import STRONG, STRONGEST


def test_duplicate_puts_every_player_in_every_seat_of_each_wall_set() -> None:
    plan = list(schedule(8, "s", duplicate=True))
    assert [seed for seed, _ in plan] == ["s:0"] * 4 + ["s:1"] * 4
    for start in (0, 4):
        for player in range(4):
            assert sorted(plan[start + r][1][player] for r in range(4)) == [0, 1, 2, 3]


def test_identical_deterministic_bots_in_duplicate_are_exactly_even() -> None:
    # Four copies of one deterministic bot replay the same game in each rotation, so each
    # player gets every seat's result once: placements average exactly 2.5, points are equal.
    names = ["efficiency"] * 4
    records = run_arena(
        4,
        "even",
        True,
        lambda s: new_match("doman", seed=s, length="east_only"),
        lambda i, s: make_player(names[i], s),
    )
    stats = summarize(names, records)
    assert all(sorted(p.placements) == [1, 2, 3, 4] for p in stats)
    assert len({sum(p.points) for p in stats}) == 1
    for rec in records:
        assert sorted(s.placement for s in rec.by_seat) == [1, 2, 3, 4]
        assert sum(s.points for s in rec.by_seat) == 100000
        wins = sum(s.wins for s in rec.by_seat)
        assert sum(s.deal_ins for s in rec.by_seat) <= wins


def test_arena_command_json_lists_players_in_the_order_given() -> None:
    result = CliRunner().invoke(
        main,
        [
            "arena",
            "--players",
            "random,efficiency,defensive,expert",
            "--games",
            "2",
            "--seed",
            "1",
            "--length",
            "quick",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    players = data["players"]
    assert [p["name"] for p in players] == ["random", "efficiency", "defensive", "expert"]
    assert [p["seat_index"] for p in players] == [0, 1, 2, 3]
    for p in players:
        assert p["games"] == 2
        assert 1 <= p["avg_placement"] <= 4
        assert 0 <= p["deal_in_rate"] <= 1 and 0 <= p["win_rate"] <= 1
        assert {"avg_placement_ci95", "avg_points", "riichi_rate"} <= set(p)


def test_arena_command_rejects_bad_players_in_one_line() -> None:
    result = CliRunner().invoke(main, ["arena", "--players", "random,nobody,random,random"])
    assert result.exit_code == 2  # bad input, as every command says it
    assert "Invalid value for '--players': unknown level 'nobody'" in result.output
    assert "Traceback" not in result.output
    three = CliRunner().invoke(main, ["arena", "--players", "random,random,random"])
    assert three.exit_code == 2
    assert "Invalid value for '--players': four levels are needed, got 3" in three.output


def test_the_paired_ci_counts_wall_sets_not_games() -> None:
    # Identical deterministic bots: every wall set averages exactly 2.5 for every player, so the
    # CI over wall sets is zero while the CI over single games is wide.
    names = ["efficiency"] * 4
    records = run_arena(
        8,
        "paired",
        True,
        lambda s: new_match("doman", seed=s, length="east_only"),
        lambda i, s: make_player(names[i], s),
    )
    for p in summarize(names, records):
        row = p.to_json()
        assert row["avg_placement"] == 2.5
        assert row["avg_placement_ci95_by_wall"] == 0.0
        assert row["avg_placement_ci95"] > 0.5


def test_per_wall_means_group_the_games_of_each_wall_set() -> None:
    walls = ["s:0", "s:0", "s:1", "s:0", "s:1"]
    assert per_wall_means(walls, [1, 2, 4, 3, 2]) == [2.0, 3.0]


def test_play_match_times_every_decision_when_asked() -> None:
    """One reported duration per decision: as many as the actions the match's log records."""
    seconds: list[float] = []
    table = new_match("doman", seed="timed", length="east_only")
    players = [make_player("efficiency", f"timed:{s}") for s in range(4)]
    play_match(table, players, on_decision=seconds.append)
    assert table.finished
    assert len(seconds) == len(table.actions)
    assert all(0.0 <= t < 5.0 for t in seconds)


def test_strongest_names_the_top_level_in_both_families() -> None:
    assert make_player("strongest").level is STRONGEST  # type: ignore[attr-defined]
    assert make_player("strong").level is STRONG  # type: ignore[attr-defined]
    assert type(make_classical_player("strong")) is type(make_classical_player("strongest"))
    result = CliRunner().invoke(
        main,
        "arena --players strongest,random,random,random --games 1 --length quick --seed 1 --json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["players"][0]["name"] == "strongest"
