"""What a finished game leaves behind: its per-seat statistics lines, rank and rating changes."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from jantaku.engine.events import Event
from jantaku.engine.game import GameResult
from jantaku.families import Tally, all_families
from jantaku.server.models import GamePlayerRow, UserRow
from jantaku.server.ranks import (
    RankChange,
    RankState,
    apply_placement,
    placement_points,
    rating_delta,
    skill_update,
)
from jantaku.server.storage import Store

__all__ = [
    "RankPlan",
    "plan_ranks",
    "player_lines",
    "ranked_users",
    "rated_accounts",
]

log = logging.getLogger("jantaku.server")


def player_lines(
    game_id: str, seats: list[dict[str, Any]], outcome: GameResult, log: list[Event]
) -> list[GamePlayerRow]:
    """Each seat's statistics line of a finished riichi or classical game."""
    tally = Tally()
    for fam in all_families():  # each family counts its own events
        tally.add(fam.tally(log))
    places = {seat: i + 1 for i, seat in enumerate(outcome.ranking)}
    return [
        GamePlayerRow(
            game_id=game_id,
            seat=i,
            user_id=seats[i].get("user_id"),
            place=places[i],
            score=outcome.scores[i],
            hands=tally.hands,
            wins=tally.wins[i],
            deal_ins=tally.deal_ins[i],
            yaku=dict(tally.yaku[i]),
            limit_wins=len(tally.limits[i]),
            limits=[{"hand": h, "names": list(n)} for h, n in tally.limits[i]] or None,
        )
        for i in range(4)
    ]


def rated_accounts(store: Store, seats: list[dict[str, Any]]) -> list[UserRow] | None:
    """The four registered accounts a ranked result belongs to, seat by seat; None when the
    match did not start with four of them (a computer player, a guest or an empty seat, as a
    table stored by an older server may have), so that it changes nobody's rank or rating."""
    users: list[UserRow] = []
    for s in seats:
        user_id = s.get("user_id")
        if s.get("bot") is not None or user_id is None:
            return None
        user = store.user(user_id)
        if user is None or user.guest:
            return None
        users.append(user)
    if len(users) != 4 or len({u.id for u in users}) != 4:
        return None
    return users


@dataclass(frozen=True, slots=True)
class RankPlan:
    """A ranked result before it is saved: the four accounts and what changes for each."""

    users: list[UserRow]
    changes: list[RankChange]
    skills: list[tuple[float, float]]


def plan_ranks(
    store: Store, kind: str, seats: list[dict[str, Any]], outcome: GameResult
) -> RankPlan | None:
    """Ranked results, computed but not saved: rank points, the shown rating (Q14) and the
    hidden OpenSkill estimate. A player who withdrew finishes 4th (those who stayed move up);
    one who dropped and was played by a computer player keeps the place. Only a match of four
    registered accounts counts (:func:`rated_accounts`); None when it does not."""
    users = rated_accounts(store, seats)
    if users is None:
        log.warning("ranked match without four registered accounts: no rank changes: %s", seats)
        return None
    order = [s for s in outcome.ranking if not seats[s].get("withdrawn")]
    order += [s for s in outcome.ranking if seats[s].get("withdrawn")]
    places = {seat: i + 1 for i, seat in enumerate(order)}
    ratings = [u.rating for u in users]
    skills = skill_update(
        [(u.skill_mu, u.skill_sigma) for u in users], [places[i] for i in range(4)]
    )
    changes = []
    for i, user in enumerate(users):
        before = RankState(user.rank_index, user.rank_points)
        others = [ratings[j] for j in range(4) if j != i]
        rating = ratings[i] + rating_delta(ratings[i], others, places[i], user.rated_games)
        changes.append(
            RankChange(
                places[i],
                before,
                apply_placement(before, places[i], kind),
                placement_points(before.index, places[i], kind),
                ratings[i],
                rating,
            )
        )
    return RankPlan(users, changes, skills)


def ranked_users(plan: RankPlan) -> list[UserRow]:
    """The four accounts with a planned ranked result applied, to be stored with the game in
    one transaction (``Store.finish_game``): an end tried again must not rate anybody twice."""
    for user, change, skill in zip(plan.users, plan.changes, plan.skills, strict=True):
        user.rating = change.rating_after
        user.rating_max = max(user.rating_max, user.rating)
        user.rated_games += 1
        user.rank_index, user.rank_points = change.after.index, change.after.points
        user.skill_mu, user.skill_sigma = skill
    return plan.users
