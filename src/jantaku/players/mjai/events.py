"""jantaku engine events as mjai messages, as one seat receives them (hidden tiles are ``?``)."""

from __future__ import annotations

from collections.abc import Callable
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
    for cls, convert in _CONVERTERS:
        if isinstance(e, cls):
            return convert(e)
    return []


def _deal_started(e: DealStarted) -> list[dict[str, Any]]:
    hands = [[tile_name(t) for t in h] if h is not None else ["?"] * 13 for h in e.hands]
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
            "tehais": hands,
        }
    ]


def _drew(e: Drew) -> list[dict[str, Any]]:
    pai = tile_name(e.tile) if e.tile is not None else "?"
    return [{"type": "tsumo", "actor": e.seat, "pai": pai}]


def _discarded(e: Discarded) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if e.riichi:
        out.append({"type": "reach", "actor": e.seat})
    out.append(
        {"type": "dahai", "actor": e.seat, "pai": tile_name(e.tile), "tsumogiri": e.tsumogiri}
    )
    return out


def _riichi_accepted(e: RiichiAccepted) -> list[dict[str, Any]]:
    return [{"type": "reach_accepted", "actor": e.seat, "scores": list(e.scores)}]


def _called(e: Called) -> list[dict[str, Any]]:
    return [
        {
            "type": _CALLS[e.kind],
            "actor": e.seat,
            "target": e.from_seat,
            "pai": tile_name(e.tile),
            "consumed": [tile_name(t) for t in e.tiles],
        }
    ]


def _kan_declared(e: KanDeclared) -> list[dict[str, Any]]:
    if e.kind == "concealed_kan":
        return [{"type": "ankan", "actor": e.seat, "consumed": [tile_name(t) for t in e.tiles]}]
    added = e.tiles[0]
    plain = tile_name(added).rstrip("r")
    return [{"type": "kakan", "actor": e.seat, "pai": tile_name(added), "consumed": [plain] * 3}]


def _dora_revealed(e: DoraRevealed) -> list[dict[str, Any]]:
    return [{"type": "dora", "dora_marker": tile_name(e.indicator)}]


def _won(e: Won) -> list[dict[str, Any]]:
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


def _deal_ended(e: DealEnded) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
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


def _match_ended(e: MatchEnded) -> list[dict[str, Any]]:
    return [{"type": "end_game", "scores": list(e.scores)}]


_CONVERTERS: tuple[tuple[type, Callable[[Any], list[dict[str, Any]]]], ...] = (
    (DealStarted, _deal_started),
    (Drew, _drew),
    (Discarded, _discarded),
    (RiichiAccepted, _riichi_accepted),
    (Called, _called),
    (KanDeclared, _kan_declared),
    (DoraRevealed, _dora_revealed),
    (Won, _won),
    (DealEnded, _deal_ended),
    (MatchEnded, _match_ended),
)
