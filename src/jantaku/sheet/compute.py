"""Computing a whole score sheet (docs/sheet.md, ``POST /api/sheets/compute``): every entry in
order from the state the one before left, a bad entry reported with its field while the later
ones still compute, then the standings."""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from jantaku.sheet.document import VERSION, EntryError, Sheet, SheetError, read_sheet
from jantaku.sheet.state import Played, TableState

__all__ = ["compute_sheet", "entries_of"]


class Entries(Protocol):
    def start(self) -> TableState: ...

    def play(self, entry: Any, before: TableState, field: str) -> Played: ...

    def finish(
        self, state: TableState
    ) -> tuple[tuple[int, ...], dict[str, Any], tuple[int, ...]]: ...


def entries_of(sheet: Sheet) -> Entries:
    """The entry reader of the sheet's family (the module the family registry names)."""
    if not sheet.family.sheet:
        raise SheetError(f"no score sheet for the {sheet.family.title} family", "preset")
    entries: Entries = importlib.import_module(sheet.family.sheet).ENTRIES(sheet)
    return entries


def _hand(index: int, entry: Any, before: TableState, played: Played) -> dict[str, Any]:
    kind = entry.get("kind") if isinstance(entry, dict) else None
    return {
        "index": index,
        "kind": kind if isinstance(kind, str) else None,
        "before": before.to_json(),
        "after": played.after.to_json(),
        "results": played.results,
        "payments": list(played.payments),
        "totals": list(played.after.totals),
        **played.extra,
        "ended": played.after.ended,
        "error": played.error,
    }


def _standings(
    names: tuple[str, ...], totals: tuple[int, ...], before: tuple[int, ...], order: tuple[int, ...]
) -> list[dict[str, Any]]:
    out = []
    for place, p in enumerate(order, start=1):
        out.append(
            {
                "player": p,
                "name": names[p],
                "place": place,
                "total": totals[p],
                "sticks": totals[p] - before[p],
            }
        )
    return out


def compute_sheet(obj: Any) -> dict[str, Any]:
    """The computed sheet (the answer of ``POST /api/sheets/compute``). A sheet that cannot be
    computed at all raises :class:`SheetError`; a bad entry is reported in its ``error``."""
    sheet = read_sheet(obj)
    entries = entries_of(sheet)
    state = entries.start()
    start = state.totals
    hands = []
    errors = 0
    ended_at: int | None = None
    for i, entry in enumerate(sheet.hands):
        field = f"hands[{i}]"
        if state.ended is not None:
            message = f"the match ended after hand {ended_at} ({state.ended}); no hand may follow"
            after = EntryError(message, field, "after_end", {"hand": ended_at})
            played = Played(state, error=after.to_json())
        else:
            try:
                played = entries.play(entry, state, field)
            except EntryError as e:
                played = Played(state, error=e.to_json())
        errors += played.error is not None
        hands.append(_hand(i, entry, state, played))
        if played.after.ended is not None and ended_at is None:
            ended_at = i + 1
        state = played.after
    totals, leftover, order = entries.finish(state)
    return {
        "version": VERSION,
        "family": sheet.family.name,
        "preset": sheet.preset,
        "title": sheet.title,
        "players": list(sheet.players),
        "start": list(start),
        "hands": hands,
        "standings": _standings(sheet.players, totals, state.totals, order),
        "leftover_sticks": leftover,
        "ended": state.ended,
        "errors": errors,
    }
