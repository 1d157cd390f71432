"""A computed score sheet as text for a terminal (``jantaku sheet show``): one block per hand
with its state, the scorer's own explanation of each scored hand, the payments and the running
totals, then the standings."""

from __future__ import annotations

import importlib
from typing import Any

from jantaku.families import family
from jantaku.sheet.csv_export import describe

__all__ = ["explain_sheet"]


def _signed(values: list[int]) -> str:
    return "  ".join(f"{v:+7d}" for v in values)


def _plain(values: list[int]) -> str:
    return "  ".join(f"{v:7d}" for v in values)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def explain_sheet(computed: dict[str, Any], breakdown: bool = True) -> str:
    """The sheet as text; ``breakdown`` adds each scored hand's itemised explanation."""
    names = computed["players"]
    explain = importlib.import_module(family(computed["family"]).scorer).explain
    title = computed.get("title") or "score sheet"
    lines = [f"{title} ({computed['preset']})", " " * 22 + "  ".join(f"{n[:7]:>7}" for n in names)]
    lines.append(f"{'start':22}{_plain(computed['start'])}")
    # honba and sticks are shown when the sheet has any (a classical sheet never has)
    counters = any(
        h[s]["honba"] or h[s]["sticks"] for h in computed["hands"] for s in ("before", "after")
    )
    for hand in computed["hands"]:
        before = hand["before"]
        head = f"{hand['index'] + 1:>3} {before['round']}"
        if counters:
            head += f" {before['honba']} honba {before['sticks']} sticks"
        lines.append("")
        if hand["error"] is not None:
            lines.append(f"{head}: error in {hand['error']['field']}: {hand['error']['message']}")
        else:
            lines.append(f"{head}: {describe(hand, names)}")
        if breakdown:
            lines.extend(_indent(explain(r["score"])) for r in hand["results"])
        lines.append(f"{'  change':22}{_signed(hand['payments'])}")
        lines.append(f"{'  total':22}{_plain(hand['totals'])}")
        if hand["ended"]:
            lines.append(f"  the match is over: {hand['ended']}")
    lines.append("")
    sticks = computed["leftover_sticks"]
    if sticks["sticks"] and sticks["player"] is not None:
        lines.append(f"leftover sticks: {sticks['sticks']} to {names[sticks['player']]}")
    for s in computed["standings"]:
        lines.append(f"{s['place']}. {s['name']:<20} {s['total']:>8}")
    if computed["errors"]:
        lines.append(f"{computed['errors']} hand(s) with errors (not counted)")
    return "\n".join(lines)
