"""The common score request read in one pass: a JSON object of known keys, a preset without
option overrides, plain tile notation, winds as letters, flags as booleans. Anything else
(and anything that would be an error) is left to :func:`.request._parse`, which reads every
request and names every problem; what this reader returns is what that one would.

``jantaku score --batch`` reads every request, so here the checks are the fewest that decide
"well-formed", and a request costs no more calls than it has keys."""

from __future__ import annotations

from typing import Any

from jantaku.errors import InvalidHandError
from jantaku.meld import Meld
from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.request_counts import plain_options, plain_win
from jantaku.rules.riichi.request_tiles import (
    MAX_INDICATORS,
    MAX_NOTATION,
    MELD_SIZES,
    Copies,
    built_meld,
)
from jantaku.tiles import TileKind

__all__ = ["read_plain"]

_KINDS = tuple(TileKind)
_HAND_SIZES = range(1, MAX_NOTATION)
_ONE = range(1, 2)
_INDICATOR_COUNTS = range(1, MAX_INDICATORS + 1)


def read_plain(obj: Any) -> tuple[WinContext, RiichiOptions] | None:
    """The context and options of a well-formed plain request, or None (nothing raised)."""
    options = plain_options(obj)
    if options is None:
        return None
    copies = Copies(options.red_fives > 0)
    melds = _melds(obj["melds"], copies) if "melds" in obj else ()
    if melds is None:
        return None
    hand = copies.read(obj["hand"], _HAND_SIZES)
    won = copies.read(obj["win_tile"], _ONE)
    if not hand or won is None:
        return None
    indicators: list[tuple[TileKind, ...]] = []
    for key in ("dora_indicators", "ura_indicators"):
        value = obj.get(key, "")
        if value == "":
            indicators.append(())
            continue
        taken = copies.read(value, _INDICATOR_COUNTS)
        if taken is None:
            return None
        indicators.append(tuple([_KINDS[t.kind_id] for t in taken]))
    w = plain_win(obj, (), ())
    if w is None:
        return None
    ctx = WinContext(
        hand, won[0], melds, w.tsumo, w.seat_wind, w.round_wind, indicators[0], indicators[1],
        w.riichi, w.double_riichi, w.ippatsu, w.haitei, w.houtei, w.rinshan, w.chankan,
        w.first_turn, w.honba, w.deposits, w.discarder, w.pao,
    )  # fmt: skip
    return ctx, options


def _melds(value: Any, copies: Copies) -> tuple[Meld, ...] | None:
    """The melds of a list of well-formed ``{"type": ..., "tiles": ...}``, or None."""
    if type(value) is not list:
        return None
    melds = []
    for m in value:
        if type(m) is not dict or len(m) != 2 or "tiles" not in m:
            return None
        kind = m.get("type")
        if type(kind) is not str or kind not in MELD_SIZES:
            return None
        taken = copies.read(m["tiles"], MELD_SIZES[kind])
        if taken is None:
            return None
        try:
            melds.append(built_meld(kind, taken))
        except InvalidHandError:
            return None
    return tuple(melds)
