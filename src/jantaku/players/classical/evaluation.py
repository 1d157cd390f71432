"""What the classical bots know about their own hand and the table, read from one seat's view.

Speed (the unseen tiles that lower the shanten), the value a hand is heading for (figure points,
doubles, Farbspiel, the concealed hand's three doubles, seven pairs as a special hand), whether a
ready hand may be declared at all under the lower limit and for how much (asked of the real
scorer), and how dangerous a discard is to opponents close to a big hand. Classical scoring
rewards value a lot: a plain hand is worth 100-300, seven pairs 2500, a Farbspiel thousands."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from jantaku.engine.classical.view import ClassicalView
from jantaku.hand.lookup import shanten, shanten_standard
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.classical import ClassicalOptions, SeatHand, Win, preset, score_winner
from jantaku.tiles import TileKind, Wind

__all__ = [
    "HandState",
    "acceptance",
    "acceptance_standard",
    "danger_of",
    "hand_state",
    "opponent_threat",
    "ready_values",
    "seven_pairs_value",
    "standard_values",
    "threat_level",
    "unseen_counts",
]

_SONTAG = preset("sontag")
_DRAGONS = (31, 32, 33)
_SEVEN_PAIRS_VALUE = 2500  # Zwillinge der Erde: half a limit
_LIMIT = 5000


@dataclass(frozen=True, slots=True)
class HandState:
    """The deciding seat's own tiles: ``counts`` of the concealed tiles (34 kinds)."""

    seat: int
    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    seat_wind: Wind
    round_wind: Wind
    bonus: tuple[TileKind, ...]
    dealer: bool
    options: ClassicalOptions = _SONTAG  # the table's rules (the lower limit, ...)

    @property
    def concealed(self) -> bool:
        """No call yet (concealed kongs keep the hand concealed)."""
        return all(not m.is_open for m in self.melds)


def hand_state(view: ClassicalView) -> HandState:
    assert view.seat is not None
    me = view.seats[view.seat]
    counts = [0] * 34
    for t in view.hand:
        if t.index < 136:
            counts[t.kind_id] += 1
    return HandState(
        view.seat,
        tuple(counts),
        me.melds,
        Wind(me.seat_wind),
        Wind(view.round_wind),
        tuple(t.kind for t in me.bonus),
        view.dealer == view.seat,
        _canonical(view.options),
    )


def _canonical(options: ClassicalOptions) -> ClassicalOptions:
    """One object per set of rules, so the scorer's cache (keyed by the object's id) serves
    every table that plays them."""
    last, found = _LAST_CANONICAL
    if options is last:  # the views of one table share one options object
        return found
    seen = _CANONICAL.get(options)
    if seen is None:
        seen = _CANONICAL[options] = options
        _OPTIONS[id(options)] = options
    _LAST_CANONICAL[:] = [options, seen]
    return seen


def unseen_counts(view: ClassicalView) -> list[int]:
    """4 minus the copies this seat can see (own hand, every river and figure)."""
    seen = [0] * 34
    for t in view.hand:
        if t.index < 136:
            seen[t.kind_id] += 1
    for p in view.seats:
        for m in p.melds:
            for t in m.tiles:
                seen[t.kind_id] += 1
        for t, _g, called in p.river:
            if not called:
                seen[t.kind_id] += 1
    return [max(0, 4 - s) for s in seen]


# ------------------------------------------------------------------------------------ value


def honor_doubles(kind: int, seat_wind: Wind, round_wind: Wind) -> int:
    """Doubles of a pung of ``kind`` (§5.3): dragons 1, winds 1 + own + prevailing, suits 0."""
    if kind in _DRAGONS:
        return 1
    if kind >= 27:
        w = kind - 27
        return 1 + (w == seat_wind) + (w == round_wind)
    return 0


def _pair_points(kind: int, seat_wind: Wind, round_wind: Wind) -> int:
    if kind in _DRAGONS:
        return 2
    if kind >= 27:
        w = kind - 27
        return 2 * (w == seat_wind) + 2 * (w == round_wind)
    return 0


def _bonus_value(bonus: Sequence[TileKind], seat_wind: Wind) -> tuple[int, int]:
    points = 4 * len(bonus)
    doubles = 0
    for first in (34, 38):
        held = [b for b in bonus if first <= b < first + 4]
        if len(held) == 4:
            doubles += 3
        else:
            doubles += sum(1 for b in held if b - first == seat_wind)
    return points, doubles


def _meld_value(m: Meld, seat_wind: Wind, round_wind: Wind) -> tuple[int, int]:
    if m.kind is MeldKind.CHOW:
        return 0, 0
    k = int(m.first)
    edge = k >= 27 or k % 9 in (0, 8)
    concealed = m.kong is KongKind.CONCEALED
    points = (4 if edge else 2) * (2 if concealed else 1)
    doubles = honor_doubles(k, seat_wind, round_wind)
    if m.kind is MeldKind.KONG:
        points *= 4
        doubles += 1
    return points, doubles


def _suits(counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Tiles per suit (hand and figures)."""
    out = [0, 0, 0]
    for k in range(27):
        out[k // 9] += counts[k]
    for m in melds:
        k = int(m.first)
        if k < 27:
            out[k // 9] += 3
    return out


def standard_values(
    counts: Sequence[int],
    melds: Sequence[Meld],
    seat_wind: Wind,
    round_wind: Wind,
    bonus: Sequence[TileKind],
    flush_weight: float = 1.0,
) -> tuple[float, float]:
    """Estimated (self-draw, discard) value of the standard hand these tiles head for; honor
    pairs count as half a pung, a hand nearly in one suit as part of a Farbspiel."""
    base, doubles_i = _bonus_value(bonus, seat_wind)
    base += 20
    doubles = float(doubles_i)
    honor_figs = 0.0
    for m in melds:
        p, d = _meld_value(m, seat_wind, round_wind)
        base += p
        doubles += d
        if m.first >= 27:
            honor_figs += 1
    honors = 0
    for k in range(27, 34):
        c = counts[k]
        honors += c
        if c >= 3:
            base += 8
            doubles += honor_doubles(k, seat_wind, round_wind)
            honor_figs += 1
        elif c == 2:
            base += _pair_points(k, seat_wind, round_wind)
            doubles += 0.5 * honor_doubles(k, seat_wind, round_wind)
            honor_figs += 0.5
    for k in range(27):
        if counts[k] >= 3:
            base += 8 if k % 9 in (0, 8) else 4
    suits = _suits(counts, melds)
    major = max(suits)
    minor = sum(suits) - major
    if major >= 6:
        if honors == 0 and not any(m.first >= 27 for m in melds):
            flush = 4.0
        else:
            flush = 3.0 if honor_figs < 1 else 2.0 if honor_figs < 2 else 1.0
        if minor == 0:
            doubles += flush_weight * flush
        elif minor <= 2:
            doubles += flush_weight * 0.35 * flush
    if all(not m.is_open for m in melds):
        tsumo = min(_LIMIT, (base + 10) * 2 ** (doubles + 3))
        ron = min(_LIMIT, base * 2 ** (doubles + 1))
    else:
        tsumo = ron = min(_LIMIT, base * 2**doubles)
    return tsumo, ron


def useful_kinds(counts: Sequence[int], orphans: bool) -> list[int]:
    """Kinds whose draw can lower a shanten: held kinds and suit neighbours within two (and,
    for a concealed hand, every terminal and honor: thirteen orphans)."""
    out = []
    for k in range(34):
        if counts[k]:
            out.append(k)
        elif k < 27:
            base = k - k % 9
            if any(counts[j] for j in range(max(base, k - 2), min(base + 9, k + 3))):
                out.append(k)
        if orphans and not counts[k] and (k >= 27 or k % 9 in (0, 8)) and k not in out:
            out.append(k)
    return out


def acceptance(counts: list[int], melds: int, unseen: Sequence[int], current: int) -> int:
    """Unseen tiles that lower the standard-or-special shanten below ``current``."""
    total = 0
    for k in useful_kinds(counts, melds == 0):
        if unseen[k] <= 0 or counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds) < current:
            total += unseen[k]
        counts[k] -= 1
    return total


def seven_pairs_value(counts: Sequence[int]) -> int:
    """Seven pairs: half a limit; all one suit or all terminals/honors more (§4.3)."""
    kinds = [k for k in range(34) if counts[k]]
    if kinds and all(k >= 27 for k in kinds):
        return 2 * _LIMIT
    if kinds and all(k >= 27 or k % 9 in (0, 8) for k in kinds):
        return _LIMIT
    suits = {k // 9 for k in kinds if k < 27}
    if len(suits) == 1 and all(k < 27 for k in kinds):
        return 2 * _LIMIT
    return _SEVEN_PAIRS_VALUE


def acceptance_standard(counts: list[int], melds: int, unseen: Sequence[int], current: int) -> int:
    total = 0
    for k in useful_kinds(counts, False):
        if unseen[k] <= 0 or counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten_standard(counts, melds) < current:
            total += unseen[k]
        counts[k] -= 1
    return total


# ------------------------------------------------------------------------------------ ready


@lru_cache(maxsize=4096)
def _win_value(
    concealed: tuple[TileKind, ...],
    melds: tuple[Meld, ...],
    bonus: tuple[TileKind, ...],
    seat_wind: Wind,
    round_wind: Wind,
    tile: TileKind,
    self_draw: bool,
    options_id: int,
) -> int:
    """The value the scorer gives this win, 0 when it may not be declared (options by id, so
    the cache key stays cheap to hash)."""
    options = _OPTIONS[options_id]
    discarder = None if self_draw else Wind((seat_wind + 1) % 4)
    hand = SeatHand(seat_wind, concealed, melds, bonus)
    win = Win(seat_wind, tile, self_draw, discarder)
    try:
        result = score_winner(hand, round_wind, win, options)
    except Exception:  # a shape the scorer cannot read is no win
        return 0
    if result.reason is not None:
        return 0
    return result.score.value


_OPTIONS: dict[int, ClassicalOptions] = {id(_SONTAG): _SONTAG}
_CANONICAL: dict[ClassicalOptions, ClassicalOptions] = {_SONTAG: _SONTAG}
_LAST_CANONICAL = [_SONTAG, _SONTAG]  # the options last asked for, and their canonical object


def ready_values(
    hand: HandState, counts: Sequence[int], options: ClassicalOptions | None = None
) -> dict[int, tuple[int, int]]:
    """For a ready 13-tile hand: each winning kind -> (self-draw value, discard value), 0 where
    the lower limit forbids the Mah Jongg (under ``options``, else the hand's table rules)."""
    opts = options or hand.options
    _OPTIONS.setdefault(id(opts), opts)
    concealed = tuple(TileKind(k) for k in range(34) for _ in range(counts[k]))
    work = list(counts)
    out: dict[int, tuple[int, int]] = {}
    melds = len(hand.melds)
    for k in useful_kinds(counts, melds == 0):
        if work[k] >= 4:
            continue
        work[k] += 1
        done = shanten(work, melds) == -1
        work[k] -= 1
        if not done:
            continue
        args = (concealed, hand.melds, hand.bonus, hand.seat_wind, hand.round_wind, TileKind(k))
        out[k] = (_win_value(*args, True, id(opts)), _win_value(*args, False, id(opts)))
    return out


# ------------------------------------------------------------------------------------ danger


def opponent_threat(view: ClassicalView, other: int) -> tuple[float, float]:
    """(closeness, value) of an opponent's hand: closeness from the figures laid out and the
    wall left, value (points the opponent would get) from honor pungs, one suit, bonus tiles."""
    p = view.seats[other]
    figures = len(p.melds)
    if figures == 0:
        closeness = 0.15 if view.live_remaining < 30 else 0.05
    else:
        closeness = {1: 0.2, 2: 0.45, 3: 0.8}.get(figures, 1.0)
    value = 150.0
    suits = {int(m.first) // 9 for m in p.melds if m.first < 27}
    honors = sum(1 for m in p.melds if m.first >= 27)
    if figures >= 2 and len(suits) <= 1:
        value *= 4.0
    value *= 2.0**honors
    value *= 1.0 + 0.3 * len(p.bonus)
    if p.dangerous:
        value *= 2.0
    return closeness, min(float(_LIMIT), value)


def threat_level(view: ClassicalView, other: int) -> float:
    """Closeness times value, in units of a plain hand (150 points); x1.5 when East pays."""
    closeness, value = opponent_threat(view, other)
    east = 1.5 if view.dealer in (other, view.seat) else 1.0
    return closeness * value / 150.0 * east


def danger_of(view: ClassicalView, kind: int, other: int, unseen: Sequence[int]) -> float:
    """The chance-like danger of discarding ``kind`` against ``other``'s hand."""
    if unseen[kind] == 0:
        return 0.02
    p = view.seats[other]
    base = 1.0
    if kind >= 27:
        base = {1: 0.3, 2: 0.8, 3: 1.0}.get(unseen[kind], 1.0)
    else:
        n = kind % 9
        base = 0.6 if n in (0, 8) else 0.85 if n in (1, 7) else 1.0
        base *= 0.5 + 0.2 * unseen[kind]
    suits = {int(m.first) // 9 for m in p.melds if m.first < 27}
    if len(p.melds) >= 2 and len(suits) == 1:
        (suit,) = suits
        base *= 2.5 if (kind >= 27 or kind // 9 == suit) else 0.2
    if kind in p.dangerous:
        base *= 2.0
    if any(t.kind_id == kind for t, _g, _c in p.river):
        base *= 0.5  # rarely waiting on a tile thrown away
    return base


def log_value(x: float) -> float:
    return math.log2(max(1.0, x))
