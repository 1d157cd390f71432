"""A profile's records beyond the statistics (doman-rules.md §6.1, §4): the wins at the tables
against computer players per level faced, the recent limit hands (riichi yakuman, classical
special hands) with where to replay them, and the rating achievements."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from jantaku.families import all_families
from jantaku.server.record_reads import LimitLine

__all__ = [
    "ACHIEVEMENTS",
    "LIMITS_READ",
    "LIMITS_SHOWN",
    "MIXED",
    "achievements",
    "practice_kinds",
    "practice_wins",
    "recent_limits",
]

ACHIEVEMENTS = (("tile_and_error_1", 1600), ("tile_and_error_2", 1800), ("tile_and_error_3", 2000))
"""§4's rating achievements "Tile and Error I/II/III": the best rating ever above (strictly)
each figure; a rating reset keeps the best rating (§5.2), so one reached stays reached."""

LIMITS_SHOWN = 10  # limit hands a profile lists, newest first
LIMITS_READ = 50  # games with one read for them (private ones are dropped for other viewers)
MIXED = "mixed"  # the level of a match whose computer players were not all of one level


def achievements(rating_max: float) -> list[dict[str, Any]]:
    """Each rating achievement, its condition (the best rating above ``rating``) and whether
    the player's best rating ``rating_max`` reached it."""
    return [
        {"id": name, "rating": rating, "reached": rating_max > rating}
        for name, rating in ACHIEVEMENTS
    ]


def practice_kinds() -> tuple[str, ...]:
    """The table kinds where one person plays against computer players, of every family."""
    return tuple(dict.fromkeys(f.solo_kind for f in all_families()))


def _level(seats: list[Any], own: int) -> str | None:
    """The level of the computer players a seat faced (``MIXED`` when not all one), None when
    none sat at the table."""
    bots = {
        s.get("bot")
        for i, s in enumerate(seats)
        if i != own and isinstance(s, dict) and s.get("bot") is not None
    }
    if not bots:
        return None
    return str(next(iter(bots))) if len(bots) == 1 else MIXED


def practice_wins(lines: Iterable[tuple[str, list[Any], int, int]]) -> list[dict[str, Any]]:
    """Games played and won (1st place) per family and level faced, from the lines of
    ``record_reads.practice_lines``; a game without computer players is no practice game."""
    counts: dict[tuple[str, str], list[int]] = {}
    for family, seats, own, place in lines:
        level = _level(seats if isinstance(seats, list) else [], own)
        if level is None:
            continue
        games_wins = counts.setdefault((family, level), [0, 0])
        games_wins[0] += 1
        games_wins[1] += place == 1
    return [
        {"family": family, "level": level, "games": n, "wins": won}
        for (family, level), (n, won) in sorted(counts.items())
    ]


def recent_limits(
    lines: Iterable[LimitLine], visible: Callable[[LimitLine], bool], shown: int = LIMITS_SHOWN
) -> list[dict[str, Any]]:
    """The ``shown`` newest limit hands of ``lines`` (newest game first, and in a game the
    later hand first) whose game the viewer may see."""
    out: list[dict[str, Any]] = []
    for line in lines:
        if not visible(line):
            continue
        for won in reversed(line.limits or []):
            if len(out) == shown:
                return out
            out.append(
                {
                    "game_id": line.game_id,
                    "hand": won.get("hand"),
                    "names": list(won.get("names") or []),
                    "finished_at": line.finished_at,
                    "family": line.family,
                    "kind": line.kind,
                }
            )
    return out
