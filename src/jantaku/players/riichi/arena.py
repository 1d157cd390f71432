"""Riichi matches between bots: per-seat and per-player statistics (placement, points, win,
deal-in and riichi rates) for the arena of :mod:`jantaku.players.arena`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.riichi.events import DealEnded, RiichiAccepted, Won
from jantaku.players.arena import (
    MatchFactory,
    PlayerFactory,
    mean_ci,
    per_wall_means,
    play_game,
    rate_ci,
    schedule,
    seat_players,
    summarize_players,
)
from jantaku.players.protocol import Player, Table

__all__ = [
    "GameRecordStats",
    "PlayerStats",
    "SeatStats",
    "play_match",
    "play_one",
    "run_arena",
    "summarize",
]


@dataclass(slots=True)
class SeatStats:
    placement: int = 0  # 1..4
    points: int = 0
    deals: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichis: int = 0


@dataclass(slots=True)
class GameRecordStats:
    seed: str
    seats: list[int]  # seats[player index] = seat
    by_seat: list[SeatStats]


def play_match(
    table: Table, players: Sequence[Player], on_decision: Callable[[float], None] | None = None
) -> list[SeatStats]:
    """Play a riichi match to its end; per-seat statistics."""
    stats = [SeatStats() for _ in range(4)]

    def count(events: Sequence[Any]) -> None:
        for e in events:
            if isinstance(e, Won):
                stats[e.seat].wins += 1
                if e.from_seat is not None:
                    stats[e.from_seat].deal_ins += 1
            elif isinstance(e, RiichiAccepted):
                stats[e.seat].riichis += 1
            elif isinstance(e, DealEnded):
                for st in stats:
                    st.deals += 1

    result = play_game(table, players, count, on_decision)
    for place, seat in enumerate(result.ranking, start=1):
        stats[seat].placement = place
        stats[seat].points = result.scores[seat]
    return stats


def play_one(
    match_seed: str, seats: Sequence[int], new_table: MatchFactory, new_player: PlayerFactory
) -> GameRecordStats:
    players = seat_players(match_seed, seats, new_player)
    stats = play_match(new_table(match_seed), players)
    return GameRecordStats(match_seed, list(seats), stats)


def run_arena(
    games: int,
    seed: int | str,
    duplicate: bool,
    new_table: MatchFactory,
    new_player: PlayerFactory,
    progress: Callable[[], None] | None = None,
) -> list[GameRecordStats]:
    out = []
    for match_seed, seats in schedule(games, seed, duplicate):
        out.append(play_one(match_seed, seats, new_table, new_player))
        if progress is not None:
            progress()
    return out


@dataclass(slots=True)
class PlayerStats:
    name: str
    seat_index: int
    games: int = 0
    placements: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    deals: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichis: int = 0
    walls: list[str] = field(default_factory=list)  # the wall set of each game, by placement

    def to_json(self) -> dict[str, Any]:
        place, place_ci = mean_ci(self.placements)
        _, wall_ci = mean_ci(per_wall_means(self.walls, self.placements))
        pts, pts_ci = mean_ci(self.points)
        win, win_ci = rate_ci(self.wins, self.deals)
        deal_in, deal_in_ci = rate_ci(self.deal_ins, self.deals)
        riichi, riichi_ci = rate_ci(self.riichis, self.deals)
        return {
            "name": self.name,
            "seat_index": self.seat_index,
            "games": self.games,
            "deals": self.deals,
            "avg_placement": round(place, 4),
            "avg_placement_ci95": round(place_ci, 4),
            "avg_placement_ci95_by_wall": round(wall_ci, 4),
            "avg_points": round(pts, 1),
            "avg_points_ci95": round(pts_ci, 1),
            "win_rate": round(win, 4),
            "win_rate_ci95": round(win_ci, 4),
            "deal_in_rate": round(deal_in, 4),
            "deal_in_rate_ci95": round(deal_in_ci, 4),
            "riichi_rate": round(riichi, 4),
            "riichi_rate_ci95": round(riichi_ci, 4),
            "placement_counts": [self.placements.count(p) for p in (1, 2, 3, 4)],
        }


def summarize(names: Sequence[str], records: Sequence[GameRecordStats]) -> list[PlayerStats]:
    """Per player (in the order given): placements, points and per-deal rates."""
    return summarize_players(names, records, PlayerStats, _add)


def _add(p: PlayerStats, rec: GameRecordStats, st: SeatStats) -> None:
    p.walls.append(rec.seed)
    p.points.append(st.points)
    p.deals += st.deals
    p.wins += st.wins
    p.deal_ins += st.deal_ins
    p.riichis += st.riichis
