"""Matches between bots, and the duplicate arena that cancels the luck of the walls.

:func:`play_game` plays a match of any rule family through the :class:`~jantaku.engine.Game`
shape; each family counts its own statistics (riichi here, classical in
:mod:`jantaku.players.classical.arena`), and :mod:`jantaku.families` says which to use.

In duplicate mode every wall set (one match seed) is played four times with the players rotated
through all seats, so each player meets the same tiles from every seat."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.riichi.events import DealEnded, RiichiAccepted, Won
from jantaku.players.protocol import Player, Table, tell

__all__ = [
    "GameRecordStats",
    "PlayerStats",
    "SeatStats",
    "match_at",
    "play_game",
    "play_match",
    "play_one",
    "run_arena",
    "schedule",
    "seat_players",
    "summarize",
]

MatchFactory = Callable[[str], Table]
PlayerFactory = Callable[[int, str], Player]  # (player index, match seed) -> player


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


def play_game(
    table: Table,
    players: Sequence[Player],
    count: Callable[[Sequence[Any]], None],
    on_decision: Callable[[float], None] | None = None,
) -> Any:
    """Play a match of any rule family to its end and return its result. Events reach every
    player as its seat may see them, and ``count`` (the family's statistics) after each step;
    ``on_decision`` gets the seconds each decision took (the latency benchmark)."""
    opening = list(getattr(table, "log", ()))  # events before the first decision (the deal)
    tell(players, opening)
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view)
        if on_decision is not None:
            on_decision(time.perf_counter() - start)
        events = table.apply(action)
        tell(players, events)
        count(events)
    result = getattr(table, "result", None)
    assert result is not None
    return result


def seat_players(match_seed: str, seats: Sequence[int], new_player: PlayerFactory) -> list[Player]:
    """The players by seat: player ``i`` sits at ``seats[i]``, seeded by match and seat."""
    players: list[Any] = [None] * 4
    for i, seat in enumerate(seats):
        players[seat] = new_player(i, f"{match_seed}:{seat}")
    return players


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


def schedule(games: int, seed: int | str, duplicate: bool) -> Iterator[tuple[str, list[int]]]:
    """(match seed, seat of each player) for every match of a run."""
    for g in range(games):
        yield match_at(g, seed, duplicate)


def match_at(games_index: int, seed: int | str, duplicate: bool) -> tuple[str, list[int]]:
    """The match seed and seats of the ``games_index``-th match of a run."""
    if not duplicate:
        return f"{seed}:{games_index}", [0, 1, 2, 3]
    wall_set, rotation = divmod(games_index, 4)
    return f"{seed}:{wall_set}", [(i + rotation) % 4 for i in range(4)]


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


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def per_wall_means(walls: Sequence[str], values: Sequence[float]) -> list[float]:
    """The mean of each wall set's games: in duplicate mode the four seatings of one wall set
    share its luck, so the wall set, not the game, is the independent unit of a paired CI."""
    groups: dict[str, list[float]] = {}
    for wall, value in zip(walls, values, strict=True):
        groups.setdefault(wall, []).append(value)
    return [sum(g) / len(g) for g in groups.values()]


def rate_ci(hits: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = hits / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n)


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
    out = [PlayerStats(name, i) for i, name in enumerate(names)]
    for rec in records:
        for i, seat in enumerate(rec.seats):
            st = rec.by_seat[seat]
            p = out[i]
            p.games += 1
            p.placements.append(st.placement)
            p.walls.append(rec.seed)
            p.points.append(st.points)
            p.deals += st.deals
            p.wins += st.wins
            p.deal_ins += st.deal_ins
            p.riichis += st.riichis
    return out
