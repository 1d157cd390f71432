"""Rank farming by collusion, for a human to look into (docs/ranked-audit.md): pairs of
accounts that sat together in at least ``together`` of their last ``last`` ranked matches, more
often than random seating in the pool of accounts would make likely, with the points that
flowed between them (one dealing into the other) and the rank points each gained in those
matches, and the groups such pairs form. A report, never a penalty: a small community meets
often by chance, and the flow is what tells a farm from a club."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

__all__ = ["AuditReport", "DealIn", "Pair", "RankedMatch", "audit"]


@dataclass(frozen=True, slots=True)
class DealIn:
    """A win on a discard: ``points`` went from the discarder's seat to the winner's."""

    from_seat: int
    to_seat: int
    points: int


@dataclass(frozen=True, slots=True)
class RankedMatch:
    """What the audit needs of one finished ranked match (seat by seat)."""

    game_id: str
    finished_at: float
    players: tuple[int | None, ...]  # account ids (None: a computer player or an empty seat)
    places: tuple[int, ...]  # 1-4 on the ladder
    rank_deltas: tuple[int | None, ...]  # the placement's rank points (None: not rated)
    deal_ins: tuple[DealIn, ...]

    def seat_of(self, account: int) -> int:
        return self.players.index(account)


@dataclass(slots=True)
class Pair:
    """Two accounts that met often; ``receiver`` is the one the net flow of deal-ins went to
    (or the lower id when none did), ``feeder`` the other."""

    receiver: int
    feeder: int
    meetings: int  # matches among both accounts' last ones
    expected: float  # meetings at random seating in this pool (equal activity assumed)
    chance: float  # that some pair of the pool meets this often at random seating
    fed: int = 0  # the feeder's deal-ins into the receiver ...
    fed_points: int = 0  # ... and their points
    returned: int = 0  # the receiver's deal-ins into the feeder ...
    returned_points: int = 0  # ... and their points
    receiver_rank_points: int = 0  # rank points gained in the matches they met
    feeder_rank_points: int = 0
    receiver_above: int = 0  # matches where the receiver placed above the feeder
    games: list[str] = field(default_factory=list)

    @property
    def net_points(self) -> int:
        return self.fed_points - self.returned_points

    def to_json(self, names: dict[int, str]) -> dict[str, Any]:
        return {
            "receiver": {"id": self.receiver, "name": names.get(self.receiver)},
            "feeder": {"id": self.feeder, "name": names.get(self.feeder)},
            "meetings": self.meetings,
            "expected_meetings": round(self.expected, 2),
            "chance": float(f"{self.chance:.3g}"),
            "fed": {"deal_ins": self.fed, "points": self.fed_points},
            "returned": {"deal_ins": self.returned, "points": self.returned_points},
            "net_points": self.net_points,
            "rank_points": {
                "receiver": self.receiver_rank_points,
                "feeder": self.feeder_rank_points,
            },
            "receiver_placed_above": self.receiver_above,
            "games": self.games,
        }


@dataclass(frozen=True, slots=True)
class AuditReport:
    together: int
    last: int
    chance: float
    matches: int  # ranked matches read
    accounts: int  # accounts seen in them
    pairs: list[Pair]  # most suspicious first
    groups: list[list[int]]  # accounts linked by the pairs, the most suspicious group first
    names: dict[int, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "together": self.together,
            "last": self.last,
            "chance": self.chance,
            "matches": self.matches,
            "accounts": self.accounts,
            "pairs": [p.to_json(self.names) for p in self.pairs],
            "groups": [
                [{"id": a, "name": self.names.get(a)} for a in group] for group in self.groups
            ],
        }


def audit(
    matches: list[RankedMatch],
    together: int,
    last: int,
    names: dict[int, str] | None = None,
    chance: float = 0.01,
) -> AuditReport:
    """The pairs that met in at least ``together`` of both accounts' last ``last`` matches,
    where some pair of the pool meeting that often at random seating has a chance of at most
    ``chance``; ordered by the net points fed (then by that chance), and the groups they link."""
    names = names or {}
    ordered = sorted(matches, key=lambda m: (m.finished_at, m.game_id))
    history: dict[int, list[RankedMatch]] = defaultdict(list)
    for m in ordered:
        for account in _accounts(m):
            history[account].append(m)
    recent = {a: {m.game_id for m in ms[-last:]} for a, ms in history.items()}
    pool = len(history)
    met: dict[tuple[int, int], list[RankedMatch]] = defaultdict(list)
    for m in ordered:
        present = sorted(a for a in _accounts(m) if m.game_id in recent[a])
        for i, a in enumerate(present):
            for b in present[i + 1 :]:
                met[(a, b)].append(m)
    pairs = []
    for (a, b), shared in met.items():
        if len(shared) < together:
            continue
        trials = min(len(recent[a]), len(recent[b]))
        odds = _chance(len(shared), trials, pool)
        if odds <= chance:
            pairs.append(_pair(a, b, shared, trials * _seated_with(pool), odds))
    pairs.sort(key=lambda p: (-p.net_points, p.chance, -p.meetings, p.receiver, p.feeder))
    return AuditReport(together, last, chance, len(ordered), pool, pairs, _groups(pairs), names)


def _accounts(m: RankedMatch) -> set[int]:
    return {a for a in m.players if a is not None}


def _seated_with(pool: int) -> float:
    """The chance that a match of one account seats a given other one, seated at random: 3
    of the pool's other accounts sit with it."""
    return min(1.0, 3 / (pool - 1)) if pool > 1 else 0.0


def _chance(meetings: int, trials: int, pool: int) -> float:
    """The chance that some pair of the pool meets at least ``meetings`` times in ``trials``
    matches at random seating: the binomial tail for one pair, times the pool's pairs (the
    Bonferroni bound, at most 1)."""
    p = _seated_with(pool)
    if p >= 1.0:
        return 1.0
    if p <= 0.0 or meetings > trials:
        return 0.0
    tail = sum(
        math.exp(
            math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1)
            + k * math.log(p) + (trials - k) * math.log1p(-p)
        )
        for k in range(meetings, trials + 1)
    )  # fmt: skip
    return min(1.0, tail * pool * (pool - 1) / 2)


def _pair(a: int, b: int, shared: list[RankedMatch], expected: float, odds: float) -> Pair:
    flow = {a: [0, 0], b: [0, 0]}  # deal-ins received from the other: count, points
    for m in shared:
        seat_a, seat_b = m.seat_of(a), m.seat_of(b)
        for d in m.deal_ins:
            if (d.from_seat, d.to_seat) == (seat_b, seat_a):
                flow[a][0] += 1
                flow[a][1] += d.points
            elif (d.from_seat, d.to_seat) == (seat_a, seat_b):
                flow[b][0] += 1
                flow[b][1] += d.points
    receiver, feeder = (b, a) if flow[b][1] > flow[a][1] else (a, b)
    pair = Pair(receiver, feeder, len(shared), expected, odds)
    pair.fed, pair.fed_points = flow[receiver]
    pair.returned, pair.returned_points = flow[feeder]
    for m in shared:
        r, f = m.seat_of(receiver), m.seat_of(feeder)
        pair.receiver_rank_points += m.rank_deltas[r] or 0
        pair.feeder_rank_points += m.rank_deltas[f] or 0
        pair.receiver_above += m.places[r] < m.places[f]
        pair.games.append(m.game_id)
    return pair


def _groups(pairs: list[Pair]) -> list[list[int]]:
    """The accounts the pairs link into groups (connected), in the order of their first pair."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in pairs:
        parent[root(p.receiver)] = root(p.feeder)
    groups: dict[int, list[int]] = {}
    for p in pairs:
        for account in (p.receiver, p.feeder):
            members = groups.setdefault(root(account), [])
            if account not in members:
                members.append(account)
    return list(groups.values())
