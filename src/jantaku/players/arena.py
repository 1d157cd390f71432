"""Matches between bots, and the duplicate arena that cancels the luck of the walls.

:func:`play_game` plays a match of any rule family through the :class:`~jantaku.engine.Game`
shape; each family counts its own statistics (:mod:`jantaku.players.riichi.arena`,
:mod:`jantaku.players.classical.arena`), and :mod:`jantaku.families` says which to use.

In duplicate mode every wall set (one match seed) is played four times with the players rotated
through all seats, so each player meets the same tiles from every seat."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from jantaku.players.protocol import Player, Table, tell

__all__ = [
    "PLAYER_COLUMNS",
    "MatchFactory",
    "PlayerFactory",
    "ci_cell",
    "match_at",
    "mean_ci",
    "per_wall_means",
    "percent_cell",
    "play_game",
    "rate_ci",
    "schedule",
    "seat_players",
    "summarize_players",
]

MatchFactory = Callable[[str], Table]
PlayerFactory = Callable[[int, str], Player]  # (player index, match seed) -> player


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


class _PlayerStats(Protocol):
    games: int
    placements: list[int]


S = TypeVar("S", bound=_PlayerStats)


def summarize_players(
    names: Sequence[str],
    records: Sequence[Any],
    new: Callable[[str, int], S],
    add: Callable[[S, Any, Any], None],
) -> list[S]:
    """Per player (in the order given): ``new(name, index)`` counts its games and placements
    over the ``records`` (each with ``seats``, the seat of each player, and ``by_seat``, the
    family's seat statistics), and ``add(stats, record, seat_stats)`` the family's own."""
    out = [new(name, i) for i, name in enumerate(names)]
    for rec in records:
        for i, seat in enumerate(rec.seats):
            st = rec.by_seat[seat]
            p = out[i]
            p.games += 1
            p.placements.append(st.placement)
            add(p, rec, st)
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


Row = dict[str, Any]


def ci_cell(key: str, spec: str) -> Callable[[Row], str]:
    """A table cell of a summary row: ``key`` and its 95% interval (``key_ci95``)."""
    return lambda r: f"{r[key]:{spec}} ± {r[key + '_ci95']:{spec}}"


def percent_cell(key: str) -> Callable[[Row], str]:
    """A rate of a summary row and its 95% interval, in percent."""
    return lambda r: f"{100 * r[key]:.1f}% ± {100 * r[key + '_ci95']:.1f}"


#: the columns every family's arena table starts with
PLAYER_COLUMNS: tuple[tuple[str, Callable[[Row], str]], ...] = (
    ("player", lambda r: r["name"]),
    ("seat", lambda r: str(r["seat_index"])),
    ("games", lambda r: str(r["games"])),
)
