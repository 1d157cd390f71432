"""The special-hand catalogue (spec §4.3), as data.

Each entry has its German name, a default value in limits (the value actually used comes from the
options), whether it must be concealed, whether its definition is inferred, and either a set of
*templates* (every complete hand as figures + pair) or a predicate on the tile counts. Templates
serve twice: to recognise a winning hand and to find the tiles that could still complete it, which
the Störspielgebot (case 4, spec §7.1) needs."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from jantaku.hand import Shape, decompose
from jantaku.rules.classical.figures import Figure, FigureKind
from jantaku.rules.classical.options import (
    DEFAULT_SPECIAL_HAND_VALUES,
    ClassicalOptions,
    SpecialHandId,
)
from jantaku.tiles import TileKind

__all__ = [
    "BY_ID",
    "CATALOGUE",
    "CompleteHand",
    "SpecialHand",
    "Template",
    "matching_special_hands",
    "special_hand_dangers",
]

_K = tuple(TileKind)[:34]
CHOW, PUNG = 0, 1
# A template figure is (CHOW or PUNG, first kind index); a template is (sorted figures, pair).
TemplateFigure = tuple[int, int]
Template = tuple[tuple[TemplateFigure, ...], int]


@dataclass(frozen=True, slots=True)
class CompleteHand:
    """What a special-hand predicate may look at.

    ``counts``: all tiles of the winning hand, a kong counted as four; ``before``: the concealed
    tiles before the winning tile; ``readings``: every standard reading as (figures, pair)."""

    counts: tuple[int, ...]
    before: tuple[int, ...]
    readings: tuple[tuple[tuple[Figure, ...], TileKind], ...]
    laid_out: int
    self_draw: bool
    heavenly: bool = False
    earthly: bool = False

    @property
    def complete(self) -> bool:
        return bool(self.readings) or _seven_pairs(self) or _thirteen(self)


@dataclass(frozen=True, slots=True)
class SpecialHand:
    id: SpecialHandId
    name: str
    requirement: str
    concealed_only: bool
    inferred: bool
    allow_kongs: bool = True
    templates: Callable[[], frozenset[Template]] | None = None
    predicate: Callable[[CompleteHand], bool] | None = None

    @property
    def default_limits(self) -> Fraction:
        return dict(DEFAULT_SPECIAL_HAND_VALUES)[self.id]

    def matches(self, hand: CompleteHand) -> bool:
        if self.concealed_only and hand.laid_out:
            return False
        if self.predicate is not None and not self.predicate(hand):
            return False
        if self.templates is None:
            return True
        known = self.templates()
        return any(
            (key := _reading_key(figures, pair, self.allow_kongs)) is not None and key in known
            for figures, pair in hand.readings
        )


def _reading_key(figures: Sequence[Figure], pair: TileKind, allow_kongs: bool) -> Template | None:
    if not allow_kongs and any(f.kind is FigureKind.KONG for f in figures):
        return None
    return tuple(
        sorted((CHOW if f.kind is FigureKind.CHOW else PUNG, int(f.first)) for f in figures)
    ), int(pair)


def _valid(figures: Iterable[TemplateFigure], pair: int) -> Template | None:
    """A template as a sorted key, or None if it would need a fifth copy of a tile."""
    counts = [0] * 34
    figs = tuple(sorted(figures))
    for kind, first in figs:
        for k in (first, first + 1, first + 2) if kind == CHOW else (first,) * 3:
            counts[k] += 1
    counts[pair] += 2
    return (figs, pair) if max(counts) <= 4 else None


def _collect(candidates: Iterable[tuple[Iterable[TemplateFigure], int]]) -> frozenset[Template]:
    return frozenset(t for figs, pair in candidates if (t := _valid(figs, pair)) is not None)


_SUIT_STARTS = (0, 9, 18)
_CHOWS = [(CHOW, s + v) for s in _SUIT_STARTS for v in range(7)]
_PUNGS = [(PUNG, k) for k in range(34)]
_TRUMPF = range(27, 34)


@cache
def _drei_gelehrte() -> frozenset[Template]:
    dragons = [(PUNG, 31), (PUNG, 32), (PUNG, 33)]
    return _collect(([*dragons, fourth], pair) for fourth in _CHOWS + _PUNGS for pair in range(34))


@cache
def _schlange() -> frozenset[Template]:
    out = []
    for s in _SUIT_STARTS:
        out.append(([(PUNG, s + v) for v in (0, 2, 4, 6)], s + 8))
        out.append(([(PUNG, s + v) for v in (2, 4, 6, 8)], s))
    return _collect(out)


_GREEN = (19, 20, 21, 23, 25, 32)  # b2 b3 b4 b6 b8 DG


@cache
def _gruene_hand() -> frozenset[Template]:
    options = [(PUNG, k) for k in _GREEN] + [(CHOW, 19)]
    return _collect(
        (figs, pair)
        for figs in itertools.combinations_with_replacement(options, 4)
        for pair in _GREEN
    )


def _suit_pairs(s: int) -> list[int]:
    return [*range(s, s + 9), *_TRUMPF]


@cache
def _flush() -> frozenset[Template]:
    out = []
    for s in _SUIT_STARTS:
        extra = [(CHOW, s + v) for v in range(7)] + [(PUNG, s + v) for v in range(9)]
        base = [(CHOW, s), (CHOW, s + 3), (CHOW, s + 6)]
        out += [([*base, fourth], pair) for fourth in extra for pair in _suit_pairs(s)]
    return _collect(out)


@cache
def _royal_flush() -> frozenset[Template]:
    return _collect(
        ([(CHOW, s + v) for v in (0, 2, 4, 6)], pair)
        for s in _SUIT_STARTS
        for pair in _suit_pairs(s)
    )


_LANTERNS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@cache
def _neun_laternen_14() -> frozenset[Template]:
    out = []
    for s in _SUIT_STARTS:
        for extra in range(9):
            counts = [0] * 34
            for v, n in enumerate(_LANTERNS):
                counts[s + v] = n
            counts[s + extra] += 1
            for d in decompose(counts, 0):
                if d.shape is Shape.STANDARD:
                    figs = [
                        (CHOW if g.kind.value == "chow" else PUNG, int(g.first)) for g in d.groups
                    ]
                    out.append((figs, int(d.pair)))
    return _collect(out)


def _ladders(suits: Sequence[Sequence[int]]) -> Iterator[tuple[list[TemplateFigure], int]]:
    for start in range(5):
        for assignment in suits:
            for pair_at in range(5):
                kinds = [assignment[i] + start + i for i in range(5)]
                yield [(PUNG, k) for i, k in enumerate(kinds) if i != pair_at], kinds[pair_at]


@cache
def _himmelsleiter() -> frozenset[Template]:
    return _collect(_ladders(list(itertools.product(_SUIT_STARTS, repeat=5))))


@cache
def _himmelsleiter_einfarbig() -> frozenset[Template]:
    return _collect(_ladders([(s,) * 5 for s in _SUIT_STARTS]))


@cache
def _vier_segen() -> frozenset[Template]:
    return _collect(([(PUNG, w) for w in range(27, 31)], pair) for pair in range(34))


def _seven_pairs(hand: CompleteHand) -> bool:
    return hand.laid_out == 0 and sum(hand.counts) == 14 and sum(n == 2 for n in hand.counts) == 7


def _thirteen(hand: CompleteHand) -> bool:
    orphans = [k for k in _K if k.is_terminal_or_honor]
    return (
        hand.laid_out == 0
        and sum(hand.counts) == 14
        and all(hand.counts[k] for k in orphans)
        and sum(hand.counts[k] for k in orphans) == 14
    )


def _pair_kinds(hand: CompleteHand) -> list[TileKind]:
    return [k for k in _K if hand.counts[k] == 2]


def _one_suit(kinds: Sequence[TileKind]) -> bool:
    return all(k.is_suited for k in kinds) and len({k.suit for k in kinds}) == 1


def _nine_lanterns_13(hand: CompleteHand) -> bool:
    if not hand.self_draw or hand.laid_out:
        return False
    for s in _SUIT_STARTS:
        want = [0] * 34
        for v, n in enumerate(_LANTERNS):
            want[s + v] = n
        if list(hand.before) == want:
            return True
    return False


CATALOGUE: tuple[SpecialHand, ...] = (
    SpecialHand(
        SpecialHandId.HIMMELSGEWINN,
        "Himmelsgewinn",
        "East holds a complete hand right after the deal",
        False,
        False,
        predicate=lambda h: h.heavenly and h.complete,
    ),
    SpecialHand(
        SpecialHandId.ERDGEWINN,
        "Erdgewinn",
        "completed by calling the very first discard of the hand",
        False,
        False,
        predicate=lambda h: h.earthly and not h.self_draw and h.complete,
    ),
    SpecialHand(
        SpecialHandId.DREI_GELEHRTE,
        "Die Drei Großen Gelehrten",
        "a pung of each dragon + one three-tile figure + a pair",
        False,
        False,
        allow_kongs=False,
        templates=_drei_gelehrte,
    ),
    SpecialHand(
        SpecialHandId.SCHLANGE,
        "Sich windende Schlange",
        "one suit: 111 333 555 777 + 99, or 11 + 333 555 777 999",
        False,
        False,
        templates=_schlange,
    ),
    SpecialHand(
        SpecialHandId.GRUENE_HAND,
        "Grüne Hand",
        "four figures + pair of b2 b3 b4 b6 b8 DG only",
        False,
        False,
        templates=_gruene_hand,
    ),
    SpecialHand(
        SpecialHandId.FLUSH,
        "Flush",
        "one suit: chows 123 456 789 + a three-tile figure + a pair of the suit or Trumpf",
        False,
        False,
        allow_kongs=False,
        templates=_flush,
    ),
    SpecialHand(
        SpecialHandId.ROYAL_FLUSH,
        "Royal Flush",
        "one suit: chows 123 345 567 789 + a pair of the suit or Trumpf",
        False,
        False,
        templates=_royal_flush,
    ),
    SpecialHand(
        SpecialHandId.NEUN_LATERNEN_13,
        "Neun Laternen (13 Steine)",
        "concealed 1112345678999 of one suit, declared on drawing the 14th tile",
        True,
        False,
        predicate=_nine_lanterns_13,
    ),
    SpecialHand(
        SpecialHandId.NEUN_LATERNEN_14,
        "Neun Laternen (14 Steine)",
        "1112345678999 of one suit + one more tile of that suit",
        False,
        False,
        allow_kongs=False,
        templates=_neun_laternen_14,
    ),
    SpecialHand(
        SpecialHandId.DREIZEHN_WUNDER,
        "13 Wunder",
        "one of each terminal and honor + one duplicate, concealed",
        True,
        True,
        predicate=_thirteen,
    ),
    SpecialHand(
        SpecialHandId.ZWILLINGE_ERDE,
        "Zwillinge der Erde (mehrfarbig)",
        "seven different pairs, concealed",
        True,
        True,
        predicate=_seven_pairs,
    ),
    SpecialHand(
        SpecialHandId.ZWILLINGE_ERDE_EINFARBIG,
        "Zwillinge der Erde (einfarbig)",
        "seven different pairs of one suit, concealed",
        True,
        True,
        predicate=lambda h: _seven_pairs(h) and _one_suit(_pair_kinds(h)),
    ),
    SpecialHand(
        SpecialHandId.ZWILLINGE_HIMMEL,
        "Zwillinge des Himmels",
        "seven different pairs of terminals and honors, concealed",
        True,
        True,
        predicate=lambda h: _seven_pairs(h) and all(k.is_terminal_or_honor for k in _pair_kinds(h)),
    ),
    SpecialHand(
        SpecialHandId.ZWILLINGE_HIMMEL_OHNE_ECKSTEINE,
        "Zwillinge des Himmels ohne Ecksteine",
        "a pair of each wind and each dragon, concealed",
        True,
        True,
        predicate=lambda h: _seven_pairs(h) and all(k.is_honor for k in _pair_kinds(h)),
    ),
    SpecialHand(
        SpecialHandId.HIMMELSLEITER,
        "Himmelsleiter",
        "five consecutive values in any suits: four pungs/kongs and the pair",
        False,
        True,
        templates=_himmelsleiter,
    ),
    SpecialHand(
        SpecialHandId.HIMMELSLEITER_EINFARBIG,
        "einfarbige Himmelsleiter",
        "five consecutive values of one suit: four pungs/kongs and the pair",
        False,
        True,
        templates=_himmelsleiter_einfarbig,
    ),
    SpecialHand(
        SpecialHandId.VIER_SEGEN,
        "Vier Segen über der Tür",
        "a pung or kong of each wind + a pair",
        False,
        True,
        templates=_vier_segen,
    ),
)

BY_ID: dict[SpecialHandId, SpecialHand] = {h.id: h for h in CATALOGUE}


def matching_special_hands(
    hand: CompleteHand, options: ClassicalOptions
) -> list[tuple[SpecialHand, int]]:
    """Enabled special hands the winning hand is, with their value in points, best first."""
    found = [
        (entry, options.special_value(entry.id))
        for entry in CATALOGUE
        if entry.id in options.special_hands and entry.matches(hand)
    ]
    return sorted(found, key=lambda pair: -pair[1])


def special_hand_dangers(
    exposed: Sequence[Figure], options: ClassicalOptions
) -> dict[SpecialHandId, frozenset[TileKind]]:
    """For each enabled special hand the exposed figures still lead to: the tile kinds that could
    complete it (those of the figures and the pair it still lacks). Needs three figures."""
    if len(exposed) < 3:
        return {}
    out: dict[SpecialHandId, frozenset[TileKind]] = {}
    for entry in CATALOGUE:
        if entry.templates is None or entry.concealed_only or entry.id not in options.special_hands:
            continue
        if not entry.allow_kongs and any(f.kind is FigureKind.KONG for f in exposed):
            continue
        shown = [(CHOW if f.kind is FigureKind.CHOW else PUNG, int(f.first)) for f in exposed]
        kinds: set[int] = set()
        for figures, pair in entry.templates():
            rest = list(figures)
            try:
                for fig in shown:
                    rest.remove(fig)
            except ValueError:
                continue
            for kind, first in rest:
                kinds.update((first, first + 1, first + 2) if kind == CHOW else (first,))
            kinds.add(pair)
        if kinds:
            out[entry.id] = frozenset(_K[k] for k in kinds)
    return out
