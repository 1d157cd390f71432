"""One line of a score explanation: the table row it comes from, its points and its doubles."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["ScoreItem", "Table"]


class Table(Enum):
    """The tables of the BEW scoring page (and the special-hand catalogue)."""

    FIGURES = "Figurenpunkte"
    OTHER_POINTS = "weitere Punkte"
    PREMIUMS = "Prämien für den Gewinner"
    FIGURE_DOUBLES = "Verdopplungen für Figuren"
    BONUS_DOUBLES = "Verdopplungen für Hasardsteine"
    HAND_DOUBLES = "Verdopplungen für den Gewinner"
    SPECIAL_HANDS = "Spezialhände"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """``row`` is the German name of the table row, e.g. ``Randpung, verdeckt``; ``tiles`` the
    tiles it is about in MPSZ notation (empty for a premium about the whole hand)."""

    table: Table
    row: str
    points: int = 0
    doubles: int = 0
    tiles: str = ""

    @property
    def text(self) -> str:
        """``Randpung, verdeckt: 8 (999s)`` or ``Drachenkong: 2 Verdopplungen (7777z)``."""
        parts = []
        if self.points or not self.doubles:
            parts.append(str(self.points))
        if self.doubles:
            unit = "Verdopplung" if self.doubles == 1 else "Verdopplungen"
            parts.append(f"{self.doubles} {unit}")
        tail = f" ({self.tiles})" if self.tiles else ""
        return f"{self.row}: {', '.join(parts)}{tail}"
