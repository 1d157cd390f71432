"""Small helpers for the riichi unit tests: score a hand written in notation."""

from __future__ import annotations

from typing import Any

from jantaku.rules.riichi import NoWin, ScoreResult, score
from jantaku.rules.riichi.request import parse_request


def run(hand: str, win_tile: str, **request: Any) -> ScoreResult | NoWin:
    """Score ``hand`` + ``win_tile`` (ron unless ``win="tsumo"``) with request-style keys."""
    ctx, options = parse_request({"hand": hand, "win_tile": win_tile, **request})
    return score(ctx, options)


def win(hand: str, win_tile: str, **request: Any) -> ScoreResult:
    result = run(hand, win_tile, **request)
    assert isinstance(result, ScoreResult), f"expected a win, got {result}"
    return result


def yaku(result: ScoreResult) -> dict[str, int]:
    """Yaku name -> han (dora lines included)."""
    return {y.name: y.han for y in result.yaku}
