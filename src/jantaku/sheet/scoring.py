"""Calling a family's ``jantaku score`` request reader from a sheet entry: the scorer is found
through the family registry, and its errors become an :class:`EntryError` whose field is the
path inside the sheet (the scorer's message names the key; its leading key joins the path)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

from jantaku.errors import JantakuError
from jantaku.families import Family
from jantaku.sheet.document import EntryError

__all__ = ["Scorer", "scorer_of"]

Scorer = Callable[[dict[str, Any]], dict[str, Any]]

_LEADING_KEY = re.compile(r"([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*): ")


def scorer_of(fam: Family) -> Scorer:
    """``score_request`` of the family's scorer module."""
    module = importlib.import_module(fam.scorer)
    read: Scorer = module.score_request
    return read


def score(read: Scorer, request: dict[str, Any], field: str, who: str) -> dict[str, Any]:
    """The scorer's result for ``request``; a malformed one: EntryError naming ``field`` (plus
    the key the scorer names) and ``who`` (whose hand it is)."""
    try:
        return read(request)
    except JantakuError as e:
        message = str(e)
        m = _LEADING_KEY.match(message)
        if m is not None and m.group(1) != "request":
            field = f"{field}.{m.group(1)}"
        raise EntryError(f"{who}: {message}", field) from None
