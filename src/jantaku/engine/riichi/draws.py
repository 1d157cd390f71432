"""Settling a drawn deal (doman-rules.md §2.8.2-2.8.3): who is ready, nagashi mangan, and the
noten payments."""

from __future__ import annotations

from jantaku.engine.riichi.seat import SeatState

__all__ = ["draw_payments", "is_nagashi", "is_tenpai"]


def is_tenpai(seat: SeatState, karaten_counts: bool) -> bool:
    """Ready at the exhaustive draw; waits whose four copies the seat holds itself do not count
    unless ``karaten_counts``."""
    if not seat.waits:
        return False
    if karaten_counts:
        return True
    held = list(seat.counts)
    for meld in seat.melds:
        for t in meld.tiles:
            held[t.kind_id] += 1
    return any(held[k] < 4 for k in seat.waits)


def is_nagashi(seat: SeatState, allow_own_calls: bool) -> bool:
    """Every discard a terminal or honor and none of them called; own calls only if allowed."""
    if not seat.river or any(r.called for r in seat.river):
        return False
    if not allow_own_calls and any(m.is_open for m in seat.melds):
        return False
    return all(r.tile.kind.is_terminal_or_honor for r in seat.river)


def draw_payments(
    tenpai: tuple[bool, ...], nagashi: list[int], dealer: int
) -> tuple[int, int, int, int]:
    """Nagashi mangan (each paid as a mangan tsumo, in place of the noten payments), else the
    3,000 points the noten seats pay the ready ones."""
    deltas = [0, 0, 0, 0]
    if nagashi:
        for s in nagashi:
            for other in range(4):
                if other != s:
                    pay = 4000 if s == dealer or other == dealer else 2000
                    deltas[other] -= pay
                    deltas[s] += pay
    else:
        ready = sum(tenpai)
        if 0 < ready < 4:
            for s in range(4):
                deltas[s] = 3000 // ready if tenpai[s] else -3000 // (4 - ready)
    return deltas[0], deltas[1], deltas[2], deltas[3]
