"""Reading the table from one seat's view: counts, visible tiles, threats, tile danger and a
rough hand value. Pure functions over :class:`SeatView`, shared by the bots."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from jantaku.engine.riichi.events import DealStarted, Discarded, RiichiAccepted
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.meld import MeldKind
from jantaku.tiles import Tile

__all__ = [
    "acceptance_count",
    "counts_of_tiles",
    "danger",
    "danger_of",
    "dora_kinds",
    "hand_value",
    "open_yaku_path",
    "safe_kinds",
    "threats",
    "track_passed",
    "visible_counts",
    "yakuhai_han",
    "yakuhai_kinds",
]


def counts_of_tiles(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.kind_id] += 1
    return counts


def track_passed(passed: dict[int, set[int]], events: Iterable[Any]) -> None:
    """Keep, per riichi seat, the kinds others discarded since its riichi: they are as safe as
    its own discards (a riichi hand that lets a winning tile go is furiten for the rest of the
    deal). A new deal clears ``passed``."""
    for e in events:
        if isinstance(e, DealStarted):
            passed.clear()
        elif isinstance(e, RiichiAccepted):
            passed.setdefault(e.seat, set())
        elif isinstance(e, Discarded):
            for s, kinds in passed.items():
                if s != e.seat:
                    kinds.add(e.tile.kind_id)


def dora_kinds(view: SeatView) -> list[int]:
    return [int(t.kind.dora_successor) for t in view.dora_indicators]


def yakuhai_kinds(view: SeatView, seat: int) -> set[int]:
    """Dragons, the round wind and the seat's own wind."""
    seat_wind = (seat - view.dealer) % 4
    return {31, 32, 33, 27 + view.round_wind, 27 + seat_wind}


def visible_counts(view: SeatView) -> list[int]:
    """Copies of each kind this seat can see: its hand, every river, meld and dora indicator."""
    seen = counts_of_tiles(view.hand)
    for p in view.seats:
        for tile, _g, _r, called in p.river:
            if not called:
                seen[tile.kind_id] += 1
        for m in p.melds:
            for t in m.tiles:
                seen[t.kind_id] += 1
    for t in view.dora_indicators:
        seen[t.kind_id] += 1
    return [min(4, n) for n in seen]


def acceptance_count(counts: list[int], melds: int, seen: Sequence[int]) -> tuple[int, int]:
    """(shanten, unseen tiles that lower it) of a 3n+1 hand; ``counts`` is restored.
    ``seen`` already counts the seat's own tiles (see :func:`visible_counts`), so the copies
    left of a kind are ``4 - seen``; the held ones must not be taken off twice."""
    base = shanten(counts, melds)
    total = 0
    for k in range(34):
        held = counts[k]
        if held == 4:
            continue
        counts[k] = held + 1
        if shanten(counts, melds) < base:
            total += max(0, 4 - seen[k])
        counts[k] = held
    return base, total


def safe_kinds(view: SeatView, threat: int, passed: Iterable[int] = ()) -> set[int]:
    """The kinds ``threat`` cannot ron on: its own river (furiten) and ``passed``, what it let
    go since its riichi (see :func:`track_passed`)."""
    return {t.kind_id for t, _g, _r, _c in view.seats[threat].river} | set(passed)


def threats(view: SeatView, me: int) -> dict[int, float]:
    """How likely each other seat is ready and dangerous: riichi is certain; open hands grow
    threatening with their melds and as the wall runs down."""
    out: dict[int, float] = {}
    late = view.live_remaining < 30
    for s, p in enumerate(view.seats):
        if s == me:
            continue
        if p.riichi:
            out[s] = 1.0
            continue
        opened = sum(1 for m in p.melds if m.is_open)
        if opened >= 3:
            out[s] = 0.7
        elif opened == 2 and late:
            out[s] = 0.4
    return out


_BASE_DANGER = (6.0, 8.0, 10.0, 12.0, 13.0, 12.0, 10.0, 8.0, 6.0)


def danger(
    kind: int,
    view: SeatView,
    threat: int,
    seen: Sequence[int],
    safe_extra: frozenset[int] | set[int] = frozenset(),
) -> float:
    """A rough chance-like weight that discarding ``kind`` deals in to ``threat``: 0 for
    genbutsu (its river and ``safe_extra``, the kinds it let pass since its riichi), low for
    honours seen often, suji of any genbutsu and kabe lowered, dora raised."""
    return danger_of(kind, safe_kinds(view, threat, safe_extra), dora_kinds(view), seen)


def danger_of(
    kind: int, river: set[int] | frozenset[int], doras: Sequence[int], seen: Sequence[int]
) -> float:
    """:func:`danger` from the threat's safe kinds (:func:`safe_kinds`) and the dora kinds
    (:func:`dora_kinds`), for a caller that weighs many kinds against one view."""
    if kind in river:
        return 0.0
    if kind >= 27:
        left = 4 - seen[kind]
        value = (0.2, 1.5, 3.0, 5.0, 5.0)[left]
    else:
        n = kind % 9
        value = _BASE_DANGER[n]
        low = kind - 3 if n >= 3 else None
        high = kind + 3 if n <= 5 else None
        suji_low = low is None or low in river
        suji_high = high is None or high in river
        if suji_low and suji_high:
            value *= 0.3 if n in (0, 8) else 0.4
        elif (suji_low and low is not None) or (suji_high and high is not None):
            value *= 0.7
        # kabe: all four copies of a neighbour are visible, so fewer runs can wait on it
        if (n <= 6 and seen[kind + 1] == 4) or (n >= 2 and seen[kind - 1] == 4):
            value *= 0.6
    if kind in doras:
        value *= 1.5
    return value


def open_yaku_path(
    counts: Sequence[int], meld_kinds: Sequence[Sequence[int]], yakuhai: set[int], kuitan: bool
) -> bool:
    """Whether an open hand still has a plain way to a yaku: a yakuhai set (or pair to make
    one), all simples when open tanyao scores, one suit with honours, or all sets pungs."""
    held = [k for k in range(34) if counts[k]]
    melded = [k for group in meld_kinds for k in group]
    if any(counts[k] >= 2 for k in yakuhai) or any(
        len(set(g)) == 1 and g[0] in yakuhai for g in meld_kinds
    ):
        return True
    every = held + melded
    if kuitan and all(k < 27 and k % 9 not in (0, 8) for k in every):
        return True
    suits = {k // 9 for k in every if k < 27}
    if len(suits) <= 1:
        return True
    pung_melds = all(len(set(g)) == 1 for g in meld_kinds)
    return pung_melds and sum(1 for k in held if counts[k] >= 2) >= 4


def yakuhai_han(view: SeatView, seat: int, kind: int) -> int:
    """Han of a set of ``kind`` for ``seat``: 1 for a dragon, the round wind or the seat's own
    wind, 2 for a double wind (the seat's wind that is also the round wind), else 0."""
    if kind >= 31:
        return 1
    if kind < 27:
        return 0
    wind = kind - 27
    return (wind == view.round_wind) + (wind == (seat - view.dealer) % 4)


def hand_value(view: SeatView, counts: Sequence[int]) -> float:
    """Dora, red fives and yakuhai sets (called, or held concealed: the same certain han; a
    double wind twice), in han-like units. A yakuhai pair is not counted (it needs a pon to
    score)."""
    me = view.seat
    assert me is not None
    doras = dora_kinds(view)
    value = sum(counts[k] for k in doras)
    value += sum(1 for t in view.hand if t.red)
    if max(counts[27:34]) >= 3:  # an honour triplet held: the yakuhai ones count
        value += sum(yakuhai_han(view, me, k) for k in range(27, 34) if counts[k] >= 3)
    for m in view.seats[me].melds:
        value += sum(1 for t in m.tiles if t.red) + sum(1 for t in m.tiles if t.kind_id in doras)
        if m.kind is not MeldKind.CHOW:
            value += yakuhai_han(view, me, m.tiles[0].kind_id)
    return float(value)
