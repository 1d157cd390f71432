"""Score sheets for real tables (docs/sheet.md): the sheet document of an evening played with
physical tiles, and its computation (every hand scored and explained, the payments, the dealer,
honba and sticks, the running totals and the standings) from the rules and scorers below."""

from __future__ import annotations

from jantaku.sheet.compute import compute_sheet
from jantaku.sheet.document import (
    MAX_HANDS,
    VERSION,
    EntryError,
    SheetError,
    read_sheet,
)

__all__ = ["MAX_HANDS", "VERSION", "EntryError", "SheetError", "compute_sheet", "read_sheet"]
