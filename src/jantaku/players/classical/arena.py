"""Classical games between bots, seated as the riichi arena seats them (duplicate mode: every
wall set played with the players rotated through all seats), with per-player balance, placement,
win and deal-in rates and Störspiel violations (a discard the rule forbade, counted from the
engine's own verdict in its ``DangerousDiscard`` events)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.classical import ClassicalDealEnded, DangerousDiscard, MahJonggDeclared
from jantaku.players.arena import (
    match_at,
    mean_ci,
    play_game,
    rate_ci,
    seat_players,
    summarize_players,
)
from jantaku.players.classical.table import ClassicalTable

__all__ = [
    "ClassicalPlayerStats",
    "ClassicalRecord",
    "ClassicalSeatStats",
    "play_classical",
    "play_classical_one",
    "summarize_classical",
]


@dataclass(slots=True)
class ClassicalSeatStats:
    placement: int = 0
    balance: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    violations: int = 0
    paid_for_all: int = 0  # Störspiel settlements this seat paid for everybody


@dataclass(slots=True)
class ClassicalRecord:
    seed: str
    seats: list[int]  # seats[player index] = seat
    by_seat: list[ClassicalSeatStats]
    truncated: bool = False


def play_classical(table: ClassicalTable, players: Sequence[Any]) -> list[ClassicalSeatStats]:
    """Play a classical game to its end; per-seat statistics."""
    stats = [ClassicalSeatStats() for _ in range(4)]

    def count(events: Sequence[Any]) -> None:
        for e in events:
            if isinstance(e, MahJonggDeclared):
                stats[e.seat].wins += 1
                if e.from_seat is None:
                    stats[e.seat].self_draws += 1
                else:
                    stats[e.from_seat].deal_ins += 1
            elif isinstance(e, DangerousDiscard) and e.violation:
                stats[e.seat].violations += 1
            elif isinstance(e, ClassicalDealEnded):
                for st in stats:
                    st.hands += 1
                if e.violator is not None:
                    stats[e.violator].paid_for_all += 1

    result = play_game(table, players, count)
    for place, seat in enumerate(result.ranking, start=1):
        stats[seat].placement = place
        stats[seat].balance = result.balances[seat]
    return stats


def play_classical_one(
    games_index: int,
    seed: int | str,
    duplicate: bool,
    new_table: Callable[[str], ClassicalTable],
    new_player: Callable[[int, str], Any],
) -> ClassicalRecord:
    match_seed, seats = match_at(games_index, seed, duplicate)
    players = seat_players(match_seed, seats, new_player)
    table = new_table(match_seed)
    stats = play_classical(table, players)
    return ClassicalRecord(match_seed, list(seats), stats, table.truncated)


@dataclass(slots=True)
class ClassicalPlayerStats:
    name: str
    seat_index: int
    games: int = 0
    placements: list[int] = field(default_factory=list)
    balances: list[int] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    violations: int = 0
    paid_for_all: int = 0

    def to_json(self) -> dict[str, Any]:
        place, place_ci = mean_ci(self.placements)
        bal, bal_ci = mean_ci(self.balances)
        win, win_ci = rate_ci(self.wins, self.hands)
        deal_in, deal_in_ci = rate_ci(self.deal_ins, self.hands)
        return {
            "name": self.name,
            "seat_index": self.seat_index,
            "games": self.games,
            "hands": self.hands,
            "avg_balance": round(bal, 1),
            "avg_balance_ci95": round(bal_ci, 1),
            "avg_placement": round(place, 4),
            "avg_placement_ci95": round(place_ci, 4),
            "win_rate": round(win, 4),
            "win_rate_ci95": round(win_ci, 4),
            "self_draw_rate": round(self.self_draws / self.hands, 4) if self.hands else 0.0,
            "deal_in_rate": round(deal_in, 4),
            "deal_in_rate_ci95": round(deal_in_ci, 4),
            "violations": self.violations,
            "paid_for_all": self.paid_for_all,
            "placement_counts": [self.placements.count(p) for p in (1, 2, 3, 4)],
        }


def summarize_classical(
    names: Sequence[str], records: Sequence[ClassicalRecord]
) -> list[ClassicalPlayerStats]:
    """Per player (in the order given)."""
    return summarize_players(names, records, ClassicalPlayerStats, _add)


def _add(p: ClassicalPlayerStats, rec: ClassicalRecord, st: ClassicalSeatStats) -> None:
    p.balances.append(st.balance)
    p.hands += st.hands
    p.wins += st.wins
    p.self_draws += st.self_draws
    p.deal_ins += st.deal_ins
    p.violations += st.violations
    p.paid_for_all += st.paid_for_all
