"""Per-player statistics from the stored per-game lines."""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from typing import Any

from jantaku.server.models import GamePlayerRow
from jantaku.server.player_records import practice_kinds, practice_wins
from jantaku.server.record_reads import practice_lines
from jantaku.server.storage import Store

__all__ = ["PlayerStats", "by_family", "statistics"]

KEPT = 256  # players whose statistics are kept, the least recently asked forgotten first


def by_family(lines: list[tuple[str, GamePlayerRow]]) -> dict[str, Any]:
    """The statistics of all games, and in ``families`` those of each rule family played (a
    riichi place or yaku and a classical one are not the same thing)."""
    families: dict[str, list[GamePlayerRow]] = {}
    for family, line in lines:
        families.setdefault(family, []).append(line)
    stats = statistics([line for _, line in lines])
    stats["families"] = {name: statistics(group) for name, group in sorted(families.items())}
    return stats


def statistics(lines: list[GamePlayerRow]) -> dict[str, Any]:
    """Games, places, rates and yaku of ``lines``."""
    games = len(lines)
    hands = sum(line.hands for line in lines)
    places = Counter(line.place for line in lines)
    yaku: Counter[str] = Counter()
    for line in lines:
        yaku.update(line.yaku)
    return {
        "games": games,
        "placements": {str(p): places.get(p, 0) for p in (1, 2, 3, 4)},
        "average_place": round(sum(line.place for line in lines) / games, 3) if games else None,
        "hands": hands,
        "win_rate": round(sum(line.wins for line in lines) / hands, 4) if hands else None,
        "deal_in_rate": round(sum(line.deal_ins for line in lines) / hands, 4) if hands else None,
        "yaku": dict(yaku.most_common()),
    }


class PlayerStats:
    """A player's statistics (the practice wins too), kept until the player has another
    recorded game: reading every line of a player with thousands of games on each profile
    request (anyone may ask, again and again) would hold up the event loop. A request costs
    one count of the lines then. Called on the database threads (it queries), so the kept
    answers are behind a lock."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._kept: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, store: Store, user_id: int) -> dict[str, Any]:
        """Blocking (the database): run it off the event loop."""
        with self._lock:
            known = self._kept.get(user_id)
        if known is not None and known[0] == store.player_line_count(user_id):
            with self._lock:
                if user_id in self._kept:
                    self._kept.move_to_end(user_id)
            return known[1]
        lines = store.player_lines(user_id)
        stats = by_family(lines)
        # wins against computer players per level faced: counted with the same games
        stats["practice"] = practice_wins(practice_lines(store, user_id, practice_kinds()))
        with self._lock:
            self._kept[user_id] = (len(lines), stats)
            while len(self._kept) > self.kept:
                self._kept.popitem(last=False)
        return stats
