"""Per-player statistics from the stored per-game lines."""

from __future__ import annotations

from collections import Counter
from typing import Any

from jantaku.server.models import GamePlayerRow

__all__ = ["statistics"]


def statistics(lines: list[GamePlayerRow]) -> dict[str, Any]:
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
