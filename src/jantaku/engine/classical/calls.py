"""Which calls a seat may make on a discard (the chows), and the priority of competing calls
(``call_priority = mahjong_kong_pung_chow``, spec §3.2): pure functions of tile counts."""

from __future__ import annotations

from jantaku.engine.actions import ActionKind

__all__ = ["CLAIM_RANK", "chow_tile_pairs", "rank"]

CLAIM_RANK = {
    ActionKind.RON: 0,
    ActionKind.OPEN_KAN: 1,
    ActionKind.ADDED_KAN: 1,  # extending a laid-out pung with the discard counts as a kong
    ActionKind.PON: 2,
    ActionKind.CHI: 3,
}


def rank(kind: ActionKind) -> int:
    """Lower is stronger: Mah Jongg > Kong > Pung > Chow."""
    return CLAIM_RANK[kind]


def chow_tile_pairs(counts: list[int], kind: int) -> list[tuple[int, int]]:
    """The pairs of own tile kinds that make a chow with a discard of ``kind``."""
    if kind >= 27:
        return []
    value = kind % 9
    out = []
    for low in (kind - 2, kind - 1, kind):
        if low < kind - value or low % 9 > 6 or low < 0:
            continue
        pair = tuple(k for k in (low, low + 1, low + 2) if k != kind)
        if all(counts[k] for k in pair):
            out.append((pair[0], pair[1]))
    return out
