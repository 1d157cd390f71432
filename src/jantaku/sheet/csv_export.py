"""A computed score sheet as CSV (docs/sheet.md): one row per entry with the changes and the
running totals of each player, and a last row with the final totals. Text cells that a
spreadsheet would read as a formula get a leading ``'``."""

from __future__ import annotations

import csv
import io
from typing import Any

__all__ = ["describe", "sheet_csv"]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    return "'" + value if value.startswith(_FORMULA_START) else value


def describe(hand: dict[str, Any], names: list[str]) -> str:
    """One line on how the entry ended (who won from whom, who was ready, ...)."""
    kind = hand.get("kind")
    if kind == "win":
        won = []
        for r in hand["results"]:
            score = r["score"]
            how = "tsumo" if r["discarder"] is None else f"ron from {names[r['discarder']]}"
            value = score.get("limit") or f"{score.get('han')} han {score.get('fu')} fu"
            won.append(f"{names[r['player']]} {how}, {value}, {score.get('points')}")
        return "; ".join(won)
    if kind == "draw":
        ready = ", ".join(names[p] for p in hand.get("tenpai", [])) or "nobody"
        nagashi = ", ".join(names[p] for p in hand.get("nagashi", []))
        return f"draw, ready: {ready}" + (f", nagashi mangan: {nagashi}" if nagashi else "")
    if kind == "abortive":
        return f"abortive draw: {hand.get('reason')}"
    if kind == "mahjong" and hand["results"]:
        score = hand["results"][0]["score"]
        winner = next(p for p in score["players"] if p.get("winner"))
        how = "self-drawn" if score.get("self_draw") else "on a discard"
        text = f"Mah Jongg {names[winner['player']]} {how}, {winner['value']}"
        for p in hand.get("wrong_tiles") or ():
            text += f"; {names[p]} held a wrong number of tiles: pays for all"
        return text
    if kind == "penalty":
        return f"penalty {names[hand['player']]}: {hand['points']}"
    return str(kind or "")


def sheet_csv(computed: dict[str, Any]) -> str:
    """The CSV text of a :func:`~jantaku.sheet.compute_sheet` answer."""
    names = computed["players"]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(
        [
            "hand",
            "round",
            "honba",
            "sticks",
            "kind",
            "result",
            "error",
            *(_text(f"{n} change") for n in names),
            *(_text(f"{n} total") for n in names),
        ]
    )
    for hand in computed["hands"]:
        before = hand["before"]
        error = hand["error"]["message"] if hand["error"] else ""
        w.writerow(
            [
                hand["index"] + 1,
                before["round"],
                before["honba"],
                before["sticks"],
                hand["kind"] or "",
                _text(describe(hand, names) if not error else ""),
                _text(error),
                *hand["payments"],
                *hand["totals"],
            ]
        )
    final = [0, 0, 0, 0]
    for s in computed["standings"]:
        final[s["player"]] = s["total"]
    sticks = computed["leftover_sticks"]
    note = f"leftover sticks: {sticks['sticks']}" if sticks["sticks"] else ""
    w.writerow(["final", "", "", "", "", note, "", "", "", "", "", *final])
    return out.getvalue()
