"""What every family's sheet entries share: the table's options from the sheet's preset and
overrides, the family's scorer, the players' names, and reading an entry by its ``kind``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jantaku.errors import JantakuError
from jantaku.sheet.document import EntryError, Sheet, SheetError, show
from jantaku.sheet.scoring import scorer_of
from jantaku.sheet.state import Played, TableState

__all__ = ["FamilyEntries"]


class FamilyEntries:
    """Plays a sheet's entries one after another; an entry of kind ``k`` (one of ``kinds``)
    is played by the family's method ``_k``."""

    kinds: tuple[str, ...]

    def __init__(self, sheet: Sheet, preset: Callable[..., Any]) -> None:
        try:
            self.options = preset(sheet.preset, **sheet.options)
        except JantakuError as e:
            raise SheetError(str(e), "options") from None
        self.read = scorer_of(sheet.family)
        self.preset = sheet.preset
        self.overrides = dict(sheet.options)
        self.names = sheet.players

    def play(self, entry: Any, before: TableState, field: str) -> Played:
        """The entry's result; EntryError when not even its shape (who won, who was ready)
        can be read. A shape that reads but does not score moves the dealer on without
        payments (``Played.error`` set)."""
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if kind in self.kinds:
            played: Played = getattr(self, f"_{kind}")(entry, before, field)
            return played
        raise EntryError(f"kind: expected one of {', '.join(self.kinds)}, got {show(kind)}", field)
