"""Calling a family's ``jantaku score`` request reader from a sheet entry: the scorer is found
through the family registry, and its errors become an :class:`EntryError` whose field is the
path inside the sheet (the scorer's message names the key; its leading key joins the path).

Results are remembered (a bounded cache keyed by the request's JSON): a page recomputes the
whole sheet after every entry, and all but the new hand are then scored already."""

from __future__ import annotations

import copy
import importlib
import json
import re
import threading
from collections import OrderedDict
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


CACHE_SIZE = 1024
_LONGEST_KEY = 4096
_Refused = tuple[str, str, dict[str, Any]]
"""The scorer's error: its message, code and params (JantakuError.coded)."""
_cache: OrderedDict[str, dict[str, Any] | _Refused] = OrderedDict()
_lock = threading.Lock()


def _scored(read: Scorer, request: dict[str, Any]) -> dict[str, Any] | _Refused:
    """The result of ``request`` (a copy), or the scorer's error."""
    key = f"{read.__module__}:{json.dumps(request, sort_keys=True, separators=(',', ':'))}"
    with _lock:
        known = _cache.get(key)
        if known is not None:
            _cache.move_to_end(key)
    if known is None:
        try:
            known = read(request)
        except JantakuError as e:
            known = (str(e), e.code, dict(e.params or {}))
        if len(key) > _LONGEST_KEY:
            return known  # an odd request is not kept (the cache stays small)
        with _lock:
            _cache[key] = known
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
    return known if isinstance(known, tuple) else copy.deepcopy(known)


def score(
    read: Scorer, request: dict[str, Any], field: str, who: str, player: int | None = None
) -> dict[str, Any]:
    """The scorer's result for ``request``; a malformed one: EntryError naming ``field`` (plus
    the key the scorer names) and ``who`` (whose hand it is, the sheet index ``player`` when
    known). Its code is the scorer's (``bad_hand`` when the scorer gave none), its params the
    scorer's plus ``player``, so that a client words it in its reader's language."""
    known = _scored(read, request)
    if isinstance(known, tuple):
        message, code, params = known
        m = _LEADING_KEY.match(message)
        if m is not None and m.group(1) != "request":
            field = f"{field}.{m.group(1)}"
        params = {**params, "player": player} if code else {"player": player}
        raise EntryError(f"{who}: {message}", field, code or "bad_hand", params) from None
    return known
