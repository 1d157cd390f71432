"""Hostile sheets: every value of the worked evenings replaced in turn by values of the wrong
type, size or range. The computation either refuses the sheet as a whole (SheetError naming a
field) or reports per entry, never crashes, and the points stay conserved after every hand
(riichi: totals plus the sticks on the table make 100,000; classical: balances sum to 0)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from jantaku.sheet import SheetError, compute_sheet
from tests.sheet import classical_evening, riichi_evening

HOSTILE: list[Any] = [None, True, -1, 4, 10**40, 1.5, "", "x" * 300, "🀄", [], {}, [[[]]]]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, (*path, i))


def _replaced(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(doc)
    if not path:
        return value
    target = out
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return out


def _check(doc: Any) -> None:
    try:
        out = compute_sheet(doc)
    except SheetError as e:
        assert e.message
        return
    riichi = out["family"] == "riichi"
    for hand in out["hands"]:
        after = hand["after"]
        total = sum(after["totals"]) + 1000 * after["sticks"]
        assert total == (100000 if riichi else 0), hand
        if hand["error"] is not None:
            assert hand["error"]["message"] and hand["error"]["field"].startswith("hands[")
            assert hand["payments"] == [0, 0, 0, 0]


@pytest.mark.parametrize("evening", [riichi_evening.evening, classical_evening.evening])
def test_every_field_replaced_by_a_hostile_value(evening: Any) -> None:
    doc = evening()
    paths = list(_paths(doc))
    values = HOSTILE if evening is riichi_evening.evening else HOSTILE[::3]
    for path in paths:
        for value in values:
            _check(_replaced(doc, path, value))


def test_entries_of_the_other_family_are_entry_errors() -> None:
    doc = riichi_evening.evening()
    doc["hands"] = classical_evening.evening()["hands"] + doc["hands"]
    out = compute_sheet(doc)
    assert out["errors"] == 5
    assert [h["totals"] for h in out["hands"][5:]] == [e[4] for e in riichi_evening.EXPECTED]
