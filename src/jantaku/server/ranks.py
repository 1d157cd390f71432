"""The rank ladder and ratings of ranked play (doman-rules.md §5.1-5.2, Q14-Q16).

20 ranks with rank points per placement, promotion at the rank's threshold and demotion below
0 for Dan ranks (points then set to the new rank's start value, Q16); the shown rating is the
spec's Tenhou-style stand-in (Q14); a hidden skill estimate uses OpenSkill (Plackett-Luce)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "RANKS",
    "Rank",
    "RankChange",
    "RankState",
    "apply_placement",
    "placement_points",
    "rating_delta",
    "skill_update",
]


@dataclass(frozen=True, slots=True)
class Rank:
    name: str
    start: int  # points on reaching the rank
    needed: int | None  # points for the next rank (None: the top)
    fourth: int  # rank-point delta for a 4th place
    demotable: bool


RANKS: tuple[Rank, ...] = (
    Rank("Novice", 0, 20, 0, False),
    Rank("9th Kyu", 0, 20, 0, False),
    Rank("8th Kyu", 0, 20, 0, False),
    Rank("7th Kyu", 0, 20, 0, False),
    Rank("6th Kyu", 0, 40, 0, False),
    Rank("5th Kyu", 0, 60, 0, False),
    Rank("4th Kyu", 0, 80, 0, False),
    Rank("3rd Kyu", 0, 100, 0, False),
    Rank("2nd Kyu", 0, 100, -10, False),
    Rank("1st Kyu", 0, 100, -20, False),
    Rank("1st Dan", 200, 400, -30, True),
    Rank("2nd Dan", 400, 800, -45, True),
    Rank("3rd Dan", 600, 1200, -60, True),
    Rank("4th Dan", 800, 1600, -75, True),
    Rank("5th Dan", 1000, 2000, -90, True),
    Rank("6th Dan", 1200, 2400, -105, True),
    Rank("7th Dan", 1400, 2800, -120, True),
    Rank("8th Dan", 1600, 3200, -135, True),
    Rank("9th Dan", 1800, 3600, -150, True),
    Rank("10th Dan", 2000, None, -165, True),
)

FIRST_DAN = 10
_TOP = {"novice": (30, 15, 0), "advanced": (60, 15, 0)}


@dataclass(frozen=True, slots=True)
class RankState:
    index: int
    points: int


def placement_points(index: int, place: int, table: str) -> int:
    """The rank points finishing ``place`` (1-4) at a ``novice`` or ``advanced`` table is
    worth at rank ``index`` (§5.1: the 4th place's depends on the rank)."""
    return RANKS[index].fourth if place == 4 else _TOP[table][place - 1]


def apply_placement(state: RankState, place: int, table: str) -> RankState:
    """The rank after finishing ``place`` (1-4) at a ``novice`` or ``advanced`` ranked table."""
    rank = RANKS[state.index]
    points = state.points + placement_points(state.index, place, table)
    index = state.index
    if rank.needed is not None and points >= rank.needed:
        index += 1
        points = RANKS[index].start
    elif points < 0:
        if rank.demotable:
            index -= 1
            points = RANKS[index].start
        else:
            points = 0
    return RankState(index, points)


@dataclass(frozen=True, slots=True)
class RankChange:
    """One seat's ladder result of a ranked match, as the end-of-match screen shows it."""

    place: int  # 1-4 for the ladder (a player who withdrew is 4th)
    before: RankState
    after: RankState
    rank_delta: int  # the placement's rank points (before a promotion or demotion resets them)
    rating_before: float
    rating_after: float

    def to_json(self) -> dict[str, object]:
        return {
            "place": self.place,
            "rank_before": RANKS[self.before.index].name,
            "rank": RANKS[self.after.index].name,
            "rank_points_before": self.before.points,
            "rank_points": self.after.points,
            "rank_delta": self.rank_delta,
            "rating_before": round(self.rating_before, 2),
            "rating": round(self.rating_after, 2),
            "rating_delta": round(self.rating_after - self.rating_before, 2),
        }


_PLACE_POINTS = (30, 10, -10, -30)


def rating_delta(rating: float, opponents: list[float], place: int, games: int) -> float:
    """Q14: k(n) x (P + (mean opponent rating - R) / 40), k(n) = max(1 - 0.002 n, 0.2)."""
    k = max(1.0 - 0.002 * games, 0.2)
    mean = sum(opponents) / len(opponents)
    return k * (_PLACE_POINTS[place - 1] + (mean - rating) / 40)


def skill_update(skills: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """OpenSkill Plackett-Luce update of (mu, sigma) for four players by placement (1 best)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.create_rating([mu, sigma])] for mu, sigma in skills]
    new = model.rate(teams, ranks=[float(p) for p in places])
    return [(t[0].mu, t[0].sigma) for t in new]
