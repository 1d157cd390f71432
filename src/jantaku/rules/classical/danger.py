"""The Störspielgebot (spec §7) as pure functions, for the engine and for settlement.

A player who has laid out three figures pointing to an expensive hand makes some tiles dangerous
for everybody else. Discarding one is a violation unless an exception applies; a violation costs
something only if the threatening player wins on that discard with a hand of the threatened kind
(§6.1, §7.3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from jantaku.meld import Meld
from jantaku.rules.classical.figures import Figure, is_trumpf
from jantaku.rules.classical.options import ClassicalOptions, SpecialHandId
from jantaku.rules.classical.special_hands import BY_ID, CompleteHand, special_hand_dangers
from jantaku.tiles import Suit, TileKind

__all__ = [
    "DangerCase",
    "Exemption",
    "Threat",
    "dangerous_tiles",
    "discard_exemption",
    "hand_of_threatened_kind",
    "is_dangerous",
    "threats",
    "violates",
]

_KINDS = tuple(TileKind)[:34]
_TRUMPF_KINDS = frozenset(k for k in _KINDS if k.is_honor)


class DangerCase(Enum):
    """The four triggers of §7.1."""

    ONE_SUIT = 1  # three figures of one suit
    SUIT_AND_TRUMPF = 2  # two figures of one suit + one Trumpf figure
    TRUMPF = 3  # three Trumpf figures
    SPECIAL_HAND = 4  # three figures of a special hand


class Exemption(Enum):
    """The exceptions of §7.2: discarding a dangerous tile is allowed."""

    READY = "ready"  # the discarder is one tile away from Mah Jongg himself
    SAME_AS_PREVIOUS = "same_as_previous"  # same tile as the immediately preceding discard
    NO_SAFE_TILE = "no_safe_tile"  # every tile he could discard is dangerous


@dataclass(frozen=True, slots=True)
class Threat:
    case: DangerCase
    dangerous: frozenset[TileKind]
    suit: Suit | None = None
    special_hand: SpecialHandId | None = None


def _figures(exposed: Iterable[Meld | Figure]) -> list[Figure]:
    return [m if isinstance(m, Figure) else Figure.from_meld(m) for m in exposed]


def threats(exposed: Sequence[Meld | Figure], options: ClassicalOptions) -> tuple[Threat, ...]:
    """Every Störspiel trigger the laid-out figures (declared concealed kongs included) fire.

    Cases 1-3 need all laid-out figures to fit the threatened hand (a second suit ends a
    Farbspiel threat); case 4 needs the figures to be part of some enabled special hand."""
    figures = _figures(exposed)
    if len(figures) < 3:
        return ()
    out: list[Threat] = []
    trumpf = [f for f in figures if f.is_set and is_trumpf(f.first, options)]
    suited = [f for f in figures if f not in trumpf]
    suits = {f.first.suit for f in suited}
    if len(suits) == 1 and len(suited) >= 2:
        suit = next(iter(suits))
        case = DangerCase.ONE_SUIT if len(suited) >= 3 else DangerCase.SUIT_AND_TRUMPF
        danger = frozenset(k for k in _KINDS if k.suit is suit or is_trumpf(k, options))
        out.append(Threat(case, danger, suit))
    elif not suited:
        danger = frozenset(k for k in _KINDS if is_trumpf(k, options))
        out.append(Threat(DangerCase.TRUMPF, danger))
    if options.stoerspiel_special_hands:
        for hand, kinds in special_hand_dangers(figures, options).items():
            out.append(Threat(DangerCase.SPECIAL_HAND, kinds, special_hand=hand))
    return tuple(out)


def dangerous_tiles(
    exposed: Sequence[Meld | Figure], options: ClassicalOptions
) -> frozenset[TileKind]:
    """The union of the dangerous tiles of every trigger (empty: the rule is not in force)."""
    out: frozenset[TileKind] = frozenset()
    for threat in threats(exposed, options):
        out |= threat.dangerous
    return out


def is_dangerous(
    exposed: Sequence[Meld | Figure], tile: TileKind, options: ClassicalOptions
) -> bool:
    return tile in dangerous_tiles(exposed, options)


def discard_exemption(
    tile: TileKind,
    hand: Sequence[TileKind],
    dangerous: frozenset[TileKind],
    *,
    ready: bool,
    previous_discard: TileKind | None,
) -> Exemption | None:
    """Why discarding ``tile`` from ``hand`` (the discarder's concealed tiles, ``tile`` included)
    is allowed although dangerous; None if no exception applies. ``dangerous``: the tiles that
    are not "non-dangerous" for the third exception (the engine passes every threat's tiles,
    option ``stoerspiel_no_safe_tile``); ``ready``: the discarder is one tile from Mah Jongg;
    ``previous_discard``: the immediately preceding discard, if any."""
    if ready:
        return Exemption.READY
    if previous_discard is not None and previous_discard == tile:
        return Exemption.SAME_AS_PREVIOUS
    if all(k in dangerous for k in hand if not k.is_bonus):
        return Exemption.NO_SAFE_TILE
    return None


def violates(
    exposed: Sequence[Meld | Figure],
    tile: TileKind,
    hand: Sequence[TileKind],
    options: ClassicalOptions,
    *,
    ready: bool,
    previous_discard: TileKind | None,
) -> bool:
    """Whether discarding ``tile`` breaks the Störspielgebot against the player whose laid-out
    figures are ``exposed``."""
    danger = dangerous_tiles(exposed, options)
    if tile not in danger:
        return False
    exemption = discard_exemption(
        tile, hand, danger, ready=ready, previous_discard=previous_discard
    )
    return exemption is None


def hand_of_threatened_kind(threat: Threat, hand: CompleteHand, options: ClassicalOptions) -> bool:
    """Whether the winning hand is the kind the Störspiel was aimed at (§6.1).

    Cases 1-2: every tile is of the threatened suit or Trumpf (a Farbspiel of that suit; STS's
    example with a pair of another suit fails). Case 3 (inferred): all four figures are Trumpf
    figures. Case 4: the hand is the threatened special hand."""
    kinds = [k for k in _KINDS if hand.counts[k]]
    if threat.case in (DangerCase.ONE_SUIT, DangerCase.SUIT_AND_TRUMPF):
        return all(k.suit is threat.suit or is_trumpf(k, options) for k in kinds)
    if threat.case is DangerCase.TRUMPF:
        return any(
            all(f.is_set and is_trumpf(f.first, options) for f in figures)
            for figures, _pair in hand.readings
        )
    assert threat.special_hand is not None
    return BY_ID[threat.special_hand].matches(hand)
