"""Figures and the points and doubles every player gets for them (spec §5.1, §5.3).

The tables are data: each row carries the German name of the BEW table row, so an explanation can
cite it ("Randpung, verdeckt: 8")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from jantaku.meld import Meld, MeldKind
from jantaku.rules.classical.items import ScoreItem, Table
from jantaku.rules.classical.options import ClassicalOptions, FlowerNames
from jantaku.tiles import TileKind, Wind, format_kinds

__all__ = [
    "BONUS_POINTS",
    "FIGURE_POINTS",
    "Figure",
    "FigureClass",
    "FigureKind",
    "bonus_items",
    "bonus_tile_name",
    "figure_class",
    "figure_items",
    "is_trumpf",
    "pair_item",
]


class FigureKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


class FigureClass(Enum):
    """The three columns of the figure table; the value is the German stem of the row name."""

    SIMPLE = "einfacher"
    TERMINAL = "Rand"
    HONOR = "Trumpf"


@dataclass(frozen=True, slots=True)
class Figure:
    """A chow, pung or kong of a finished hand; ``concealed`` decides the column of §5.1."""

    kind: FigureKind
    first: TileKind
    concealed: bool

    @property
    def kinds(self) -> tuple[TileKind, ...]:
        if self.kind is FigureKind.CHOW:
            return (self.first, TileKind(self.first + 1), TileKind(self.first + 2))
        return (self.first,) * (4 if self.kind is FigureKind.KONG else 3)

    @property
    def is_set(self) -> bool:
        """A pung or a kong (the figures that score)."""
        return self.kind is not FigureKind.CHOW

    @property
    def notation(self) -> str:
        return format_kinds(self.kinds)

    @classmethod
    def from_meld(cls, meld: Meld) -> Figure:
        """A laid-out figure; only a declared concealed kong stays concealed."""
        kind = {MeldKind.CHOW: FigureKind.CHOW, MeldKind.PUNG: FigureKind.PUNG}.get(
            meld.kind, FigureKind.KONG
        )
        return cls(kind, meld.first, not meld.is_open)


def is_trumpf(kind: TileKind, options: ClassicalOptions) -> bool:
    """Winds and dragons; terminals too under the DJI reading (``terminals_are_trumpf``)."""
    return kind.is_honor or (options.terminals_are_trumpf and kind.is_terminal)


def figure_class(kind: TileKind) -> FigureClass:
    if kind.is_honor:
        return FigureClass.HONOR
    return FigureClass.TERMINAL if kind.is_terminal else FigureClass.SIMPLE


# (kind, class) -> (open points, concealed points), spec §5.1.
FIGURE_POINTS: dict[tuple[FigureKind, FigureClass], tuple[int, int]] = {
    (FigureKind.PUNG, FigureClass.SIMPLE): (2, 4),
    (FigureKind.PUNG, FigureClass.TERMINAL): (4, 8),
    (FigureKind.PUNG, FigureClass.HONOR): (4, 8),
    (FigureKind.KONG, FigureClass.SIMPLE): (8, 16),
    (FigureKind.KONG, FigureClass.TERMINAL): (16, 32),
    (FigureKind.KONG, FigureClass.HONOR): (16, 32),
}

BONUS_POINTS = 4  # each flower or season, own or not

_WIND_ROW = {
    (False, False): "des fremden Windes",
    (True, False): "des eigenen Windes",
    (False, True): "des vorherrschenden Windes",
    (True, True): "des eigenen und vorherrschenden Windes",
}


def _points_row(figure: Figure) -> tuple[str, int]:
    column = "verdeckt" if figure.concealed else "offen"
    if figure.kind is FigureKind.CHOW:
        return f"Chow, {column}", 0
    noun = "Pung" if figure.kind is FigureKind.PUNG else "Kong"
    cls = figure_class(figure.first)
    name = f"einfacher {noun}" if cls is FigureClass.SIMPLE else f"{cls.value}{noun.lower()}"
    opened, hidden = FIGURE_POINTS[(figure.kind, cls)]
    return f"{name}, {column}", hidden if figure.concealed else opened


def _doubles_row(figure: Figure, seat: Wind, prevailing: Wind) -> tuple[str, int] | None:
    """Figure doubles for everybody (§5.3): the table values are totals for the situation."""
    if not figure.is_set:
        return None
    kong = figure.kind is FigureKind.KONG
    noun = "Kong" if kong else "Pung"
    kind = figure.first
    if kind.is_dragon:
        return f"Drachen{noun.lower()}", 2 if kong else 1
    if kind.is_wind:
        own = kind == seat.kind
        prev = kind == prevailing.kind
        return f"{noun} {_WIND_ROW[(own, prev)]}", 1 + own + prev + kong
    return ("Farbkong", 1) if kong else None


def figure_items(figure: Figure, seat: Wind, prevailing: Wind) -> list[ScoreItem]:
    """The points item and, for a scoring set, the doubles item of one figure."""
    row, points = _points_row(figure)
    items = [ScoreItem(Table.FIGURES, row, points, 0, figure.notation)]
    doubles = _doubles_row(figure, seat, prevailing)
    if doubles is not None:
        items.append(ScoreItem(Table.FIGURE_DOUBLES, doubles[0], 0, doubles[1], figure.notation))
    return items


def pair_item(kind: TileKind, seat: Wind, prevailing: Wind, options: ClassicalOptions) -> ScoreItem:
    """Pair points (§5.1): dragons 2, own wind 2, prevailing 2 (option), both 4; no doubles."""
    tiles = format_kinds((kind, kind))
    if kind.is_dragon:
        return ScoreItem(Table.OTHER_POINTS, "Drachenpaar", 2, 0, tiles)
    if kind.is_wind:
        own = kind == seat.kind
        prev = kind == prevailing.kind
        points = 2 * own + options.prevailing_wind_pair_points * prev
        return ScoreItem(Table.OTHER_POINTS, f"Paar {_WIND_ROW[(own, prev)]}", points, 0, tiles)
    return ScoreItem(Table.OTHER_POINTS, "Paar aus Farbsteinen", 0, 0, tiles)


def bonus_items(
    bonus: Sequence[TileKind], seat: Wind, options: ClassicalOptions
) -> list[ScoreItem]:
    """4 points per flower/season; own flower/season 1 double each; Strauß 3 per full set."""
    items = [
        ScoreItem(Table.OTHER_POINTS, "Blume oder Jahreszeit", BONUS_POINTS, 0, b.notation)
        for b in sorted(bonus)
    ]
    for is_flower, own_row, set_row in (
        (True, "eigene Blume", "Strauß: alle vier Blumen"),
        (False, "eigene Jahreszeit", "Strauß: alle vier Jahreszeiten"),
    ):
        mine = [b for b in bonus if b.is_flower == is_flower]
        own = [b for b in mine if b.number == seat + 1]
        full = len(set(mine)) == 4
        notation = format_kinds(sorted(mine))
        if full:
            items.append(ScoreItem(Table.BONUS_DOUBLES, set_row, 0, 3, notation))
        if own and not (full and options.strauss_includes_own_double):
            items.append(ScoreItem(Table.BONUS_DOUBLES, own_row, 0, 1, own[0].notation))
    return items


_FLOWER_NAMES = {
    FlowerNames.SONTAG: ("Pflaume", "Chrysantheme", "Orchidee", "Bambus"),
    FlowerNames.COMMON: ("Pflaume", "Orchidee", "Chrysantheme", "Bambus"),
}
_SEASON_NAMES = ("Frühling", "Sommer", "Herbst", "Winter")


def bonus_tile_name(kind: TileKind, options: ClassicalOptions) -> str:
    """The display name of a flower or season (``flower_names``); scoring uses the number only."""
    if not kind.is_bonus:
        raise ValueError(f"{kind.notation} is not a flower or season")
    if kind.is_flower:
        return _FLOWER_NAMES[options.flower_names][kind.number - 1]
    return _SEASON_NAMES[kind.number - 1]
