"""The winner's hand doubles (spec §5.3): ohne Rufe, Ruf nur zum 14. Stein and the Farbspiel scale.

Figure and bonus-tile doubles are everybody's and live in ``figures``; the doubles that share a row
with a premium (last tile, robbing the kong) are emitted with that premium."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jantaku.rules.classical.figures import Figure, is_trumpf
from jantaku.rules.classical.items import ScoreItem, Table
from jantaku.rules.classical.options import ClassicalOptions
from jantaku.rules.classical.premiums import WinContext
from jantaku.tiles import Suit, TileKind

__all__ = ["FARBSPIEL_ROWS", "Farbspiel", "farbspiel", "hand_double_items"]

# (suit figures, pair of the same suit) -> (row, doubles); FSP + BEW.
FARBSPIEL_ROWS: dict[tuple[int, bool], tuple[str, int]] = {
    (2, False): ("Farbspiel: 2 Farbfiguren und 2 Trumpffiguren", 1),
    (2, True): ("Farbspiel: 2 Farbfiguren und 2 Trumpffiguren", 1),
    (3, False): ("Farbspiel: 3 Farbfiguren und 1 Trumpffigur", 2),
    (3, True): ("Farbspiel: 3 Farbfiguren und 1 Trumpffigur", 2),
    (4, False): ("Farbspiel: 4 Farbfiguren und Trumpfpaar", 3),
    (4, True): ("reines Farbspiel", 4),
}


@dataclass(frozen=True, slots=True)
class Farbspiel:
    suit: Suit
    suit_figures: int
    row: str
    doubles: int


def is_trumpf_figure(figure: Figure, options: ClassicalOptions) -> bool:
    return figure.is_set and is_trumpf(figure.first, options)


def farbspiel(
    figures: Sequence[Figure], pair: TileKind, options: ClassicalOptions
) -> Farbspiel | None:
    """The Farbspiel of four figures and a pair, or None (§5.3.1).

    Exactly one suit; at least two of the four figures from it; every other figure a Trumpf
    figure; the pair of that suit or Trumpf."""
    suited = [f for f in figures if not is_trumpf_figure(f, options)]
    suits = {f.first.suit for f in suited}
    if len(figures) != 4 or len(suits) != 1 or len(suited) < 2:
        return None
    suit = next(iter(suits))
    assert suit is not None
    same = pair.suit is suit
    if not same and not is_trumpf(pair, options):
        return None
    row, doubles = FARBSPIEL_ROWS[(len(suited), same)]
    return Farbspiel(suit, len(suited), row, doubles)


def hand_double_items(
    figures: Sequence[Figure], pair: TileKind, context: WinContext, options: ClassicalOptions
) -> list[ScoreItem]:
    items: list[ScoreItem] = []
    if context.no_calls:
        items.append(ScoreItem(Table.HAND_DOUBLES, "Mah Jongg ohne Rufe", 0, 3))
    elif context.calls == 0:
        items.append(ScoreItem(Table.HAND_DOUBLES, "Ruf nur zum 14. Stein", 0, 1))
    colour = farbspiel(figures, pair, options)
    if colour is not None:
        items.append(ScoreItem(Table.HAND_DOUBLES, colour.row, 0, colour.doubles))
    return items
