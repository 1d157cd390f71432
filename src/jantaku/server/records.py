"""What a finished game leaves behind: its per-seat statistics lines, rank and rating changes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from jantaku.engine.events import DealStarted, Event, Won
from jantaku.server.engines import MatchOutcome
from jantaku.server.models import GamePlayerRow
from jantaku.server.ranks import RankState, apply_placement, rating_delta, skill_update
from jantaku.server.storage import Store

__all__ = ["player_lines", "update_ranks"]


def player_lines(
    game_id: str, seats: list[dict[str, Any]], outcome: MatchOutcome, log: list[Event]
) -> list[GamePlayerRow]:
    hands = sum(1 for e in log if isinstance(e, DealStarted))
    wins = Counter[int]()
    deal_ins = Counter[int]()
    yaku: list[Counter[str]] = [Counter() for _ in range(4)]
    for e in log:
        if isinstance(e, Won):
            wins[e.seat] += 1
            if e.from_seat is not None and e.from_seat != e.seat:
                deal_ins[e.from_seat] += 1
            for name, _han in e.yaku:
                yaku[e.seat][name] += 1
    places = {seat: i + 1 for i, seat in enumerate(outcome.ranking)}
    return [
        GamePlayerRow(
            game_id=game_id,
            seat=i,
            user_id=seats[i].get("user_id"),
            place=places[i],
            score=outcome.scores[i],
            hands=hands,
            wins=wins[i],
            deal_ins=deal_ins[i],
            yaku=dict(yaku[i]),
        )
        for i in range(4)
    ]


def update_ranks(
    store: Store, kind: str, seats: list[dict[str, Any]], outcome: MatchOutcome
) -> None:
    """Ranked results: rank points, the shown rating (Q14) and the hidden OpenSkill estimate.
    Computer players count as 1500-rated opponents and are not updated. A player who withdrew
    finishes 4th (those who stayed move up)."""
    order = [s for s in outcome.ranking if not seats[s].get("withdrawn")]
    order += [s for s in outcome.ranking if seats[s].get("withdrawn")]
    places = {seat: i + 1 for i, seat in enumerate(order)}
    users = [store.user(s["user_id"]) if s.get("user_id") is not None else None for s in seats]
    ratings = [u.rating if u is not None else 1500.0 for u in users]
    skills = [(u.skill_mu, u.skill_sigma) if u is not None else (25.0, 25.0 / 3) for u in users]
    new_skills = skill_update(skills, [places[i] for i in range(4)])
    for i, user in enumerate(users):
        if user is None:
            continue
        rank = apply_placement(RankState(user.rank_index, user.rank_points), places[i], kind)
        others = [ratings[j] for j in range(4) if j != i]
        user.rating += rating_delta(ratings[i], others, places[i], user.rated_games)
        user.rating_max = max(user.rating_max, user.rating)
        user.rated_games += 1
        user.rank_index, user.rank_points = rank.index, rank.points
        user.skill_mu, user.skill_sigma = new_skills[i]
        store.save_user(user)
