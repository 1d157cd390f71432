"""A seat's review in figures: how often the player chose as the puppet did, the largest
differences, and the tendencies (push or fold against a threat, calls, riichi, wins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.players.review.model import WINS, Decision

__all__ = ["LARGEST", "summarize"]

LARGEST = 5  # differences listed in the summary
_CALLS = (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN)


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _tally(decisions: Sequence[Decision], offered: Any, took: Any) -> dict[str, Any]:
    """Chances (decisions where ``offered``), and how often each side ``took`` one."""
    chances = [d for d in decisions if offered(d)]
    player = sum(1 for d in chances if took(d.player.action.kind))
    puppet = sum(1 for d in chances if took(d.puppet.action.kind))
    both = sum(1 for d in chances if took(d.player.action.kind) and took(d.puppet.action.kind))
    return {"chances": len(chances), "player": player, "puppet": puppet, "both": both}


def _offers(d: Decision, kinds: tuple[ActionKind, ...]) -> bool:
    return any(k.value in d.offered for k in kinds)


def _push_fold(decisions: Sequence[Decision]) -> dict[str, Any]:
    facing = [d for d in decisions if d.stance in ("push", "fold") and d.player_stance]
    return {
        "decisions": len(facing),
        "puppet_push": sum(1 for d in facing if d.stance == "push"),
        "puppet_fold": sum(1 for d in facing if d.stance == "fold"),
        "player_push": sum(1 for d in facing if d.player_stance == "push"),
        "player_fold": sum(1 for d in facing if d.player_stance == "fold"),
        "same": sum(1 for d in facing if d.player_stance == d.stance),
    }


def summarize(decisions: Sequence[Decision]) -> dict[str, Any]:
    agreed = sum(1 for d in decisions if d.agree)
    by_situation: dict[str, Any] = {}
    for situation in ("turn", "call"):
        part = [d for d in decisions if d.situation == situation]
        same = sum(1 for d in part if d.agree)
        by_situation[situation] = {
            "decisions": len(part),
            "agreed": same,
            "agreement": _rate(same, len(part)),
        }
    worst = sorted(
        (d for d in decisions if not d.agree and (d.loss or d.marked)),
        key=lambda d: (-d.marked, -(d.loss or 0.0), d.index),
    )[:LARGEST]
    riichi_chances = [d for d in decisions if d.situation == "turn"]
    return {
        "decisions": len(decisions),
        "agreed": agreed,
        "agreement": _rate(agreed, len(decisions)),
        "marked": sum(1 for d in decisions if d.marked),
        "by_situation": by_situation,
        "largest": [
            {
                "index": d.index,
                "hand": d.hand,
                "player": d.player.label,
                "puppet": d.puppet.label,
                "loss": None if d.loss is None else round(d.loss, 3),
                "marked": d.marked,
            }
            for d in worst
        ],
        "push_fold": _push_fold(decisions),
        "calls": _tally(
            [d for d in decisions if d.situation == "call"],
            lambda d: _offers(d, _CALLS),
            lambda k: k in _CALLS,
        ),
        "riichi": _tally(
            riichi_chances,
            lambda d: _offers(d, (ActionKind.RIICHI,)),
            lambda k: k is ActionKind.RIICHI,
        ),
        "wins": _tally(decisions, lambda d: _offers(d, WINS), lambda k: k in WINS),
    }
