"""jantaku engine events as mjai messages, as one seat receives them (hidden tiles are ``?``)."""

from __future__ import annotations

from typing import Any

from jantaku.engine.riichi.events import (
    Called,
    DealEnded,
    DealStarted,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    KanDeclared,
    MatchEnded,
    RiichiAccepted,
    Won,
)
from jantaku.formats.mjai import tile_name

__all__ = ["to_mjai"]

_CALLS = {"chi": "chi", "pon": "pon", "open_kan": "daiminkan"}


def to_mjai(event: Event, seat: int) -> list[dict[str, Any]]:
    """The mjai messages for one event as ``seat`` may see it (usually one, none for events
    mjai has no message for)."""
    e = event.seen_by(seat)
    if isinstance(e, DealStarted):
        return [
            {
                "type": "start_kyoku",
                "bakaze": "ESWN"[e.round_wind],
                "kyoku": e.deal + 1,
                "honba": e.honba,
                "kyotaku": e.deposits,
                "oya": e.deal,
                "scores": list(e.scores),
                "dora_marker": tile_name(e.dora_indicator),
                "tehais": [
                    [tile_name(t) for t in h] if h is not None else ["?"] * 13 for h in e.hands
                ],
            }
        ]
    if isinstance(e, Drew):
        return [
            {
                "type": "tsumo",
                "actor": e.seat,
                "pai": tile_name(e.tile) if e.tile is not None else "?",
            }
        ]
    if isinstance(e, Discarded):
        out: list[dict[str, Any]] = []
        if e.riichi:
            out.append({"type": "reach", "actor": e.seat})
        out.append(
            {"type": "dahai", "actor": e.seat, "pai": tile_name(e.tile), "tsumogiri": e.tsumogiri}
        )
        return out
    if isinstance(e, RiichiAccepted):
        return [{"type": "reach_accepted", "actor": e.seat, "scores": list(e.scores)}]
    if isinstance(e, Called):
        return [
            {
                "type": _CALLS[e.kind],
                "actor": e.seat,
                "target": e.from_seat,
                "pai": tile_name(e.tile),
                "consumed": [tile_name(t) for t in e.tiles],
            }
        ]
    if isinstance(e, KanDeclared):
        if e.kind == "concealed_kan":
            return [{"type": "ankan", "actor": e.seat, "consumed": [tile_name(t) for t in e.tiles]}]
        added = e.tiles[0]
        plain = tile_name(added).rstrip("r")
        return [
            {"type": "kakan", "actor": e.seat, "pai": tile_name(added), "consumed": [plain] * 3}
        ]
    if isinstance(e, DoraRevealed):
        return [{"type": "dora", "dora_marker": tile_name(e.indicator)}]
    if isinstance(e, Won):
        return [
            {
                "type": "hora",
                "actor": e.seat,
                "target": e.seat if e.from_seat is None else e.from_seat,
                "pai": tile_name(e.tile),
                "deltas": list(e.deltas),
                "ura_markers": [tile_name(t) for t in e.ura_indicators],
            }
        ]
    if isinstance(e, DealEnded):
        out = []
        if e.draw is not None:
            out.append(
                {
                    "type": "ryukyoku",
                    "reason": e.draw.value,
                    "deltas": list(e.deltas),
                    "scores": list(e.scores),
                }
            )
        out.append({"type": "end_kyoku"})
        return out
    if isinstance(e, MatchEnded):
        return [{"type": "end_game", "scores": list(e.scores)}]
    return []
