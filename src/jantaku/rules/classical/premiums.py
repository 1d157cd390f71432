"""The winner's premiums (spec §5.2) and the hand doubles that share a row with them (§5.3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jantaku.rules.classical.figures import Figure, FigureKind
from jantaku.rules.classical.items import ScoreItem, Table
from jantaku.rules.classical.options import ClassicalOptions

__all__ = ["PREMIUM_POINTS", "WinContext", "premium_items"]

# Row name -> points, in the order of the BEW table.
PREMIUM_POINTS: dict[str, int] = {
    "Mah Jongg": 20,
    "Handspiel (keine Rufe)": 10,
    "Chowspiel": 2,
    "Pungspiel": 10,
    "Kongspiel": 40,
    "Mah Jongg mit dem letzten abgelegten Stein": 10,
    "Mah Jongg mit dem letzten Stein der Mauer": 10,
    "Mah Jongg mit dem einzig möglichen Stein": 10,
    "Beraubung des Kong": 10,
}

# Premiums that are also worth a hand double (§5.3: the same situation, one double).
_ALSO_DOUBLE = {
    "Mah Jongg mit dem letzten abgelegten Stein",
    "Mah Jongg mit dem letzten Stein der Mauer",
    "Beraubung des Kong",
}


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the winner went out. ``calls`` counts his calls before the winning tile (every laid-out
    figure but a concealed kong); the winning tile itself is a call unless ``self_draw``."""

    self_draw: bool
    calls: int
    single_wait: bool = False
    last_wall_tile: bool = False
    last_discard: bool = False
    robbing_kong: bool = False

    @property
    def no_calls(self) -> bool:
        """Mah Jongg ohne Rufe / Handspiel: no call at all, the winning tile self-drawn."""
        return self.calls == 0 and self.self_draw


def _item(row: str) -> ScoreItem:
    doubles = 1 if row in _ALSO_DOUBLE else 0
    table = Table.PREMIUMS
    return ScoreItem(table, row, PREMIUM_POINTS[row], doubles)


def premium_items(
    figures: Sequence[Figure], context: WinContext, options: ClassicalOptions
) -> list[ScoreItem]:
    """Every premium the winner earns with this reading of his hand."""
    rows = ["Mah Jongg"]
    if context.no_calls and options.handspiel_with_ohne_rufe:
        rows.append("Handspiel (keine Rufe)")
    kinds = [f.kind for f in figures]
    if len(kinds) == 4:
        if all(k is FigureKind.CHOW for k in kinds):
            rows.append("Chowspiel")
        elif all(k is FigureKind.KONG for k in kinds):
            if not options.kongspiel_replaces_pungspiel:
                rows.append("Pungspiel")
            rows.append("Kongspiel")
        elif FigureKind.CHOW not in kinds:
            rows.append("Pungspiel")
    if context.last_discard:
        rows.append("Mah Jongg mit dem letzten abgelegten Stein")
    if context.last_wall_tile:
        rows.append("Mah Jongg mit dem letzten Stein der Mauer")
    if context.single_wait:
        rows.append("Mah Jongg mit dem einzig möglichen Stein")
    if context.robbing_kong:
        rows.append("Beraubung des Kong")
    return [_item(row) for row in rows]
