"""Fu of one reading of a hand (spec §3.5).

Groups are ``(type, kind, concealed)`` triples: type 0 chow, 1 pung, 2 kan. A pung completed by
ron arrives here already marked open. The scorer sums the number on its hot path from the tables
here (:data:`CLOSED_PUNG_FU`, :data:`OPEN_PUNG_FU`, :data:`KAN_FU`); :func:`fu_lines` explains the
chosen reading item by item, and the two must agree (the differential test checks it)."""

from __future__ import annotations

from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.result import FuItem, FuLine
from jantaku.rules.riichi.yaku.facts import (
    KANCHAN,
    PENCHAN,
    TANKI,
    TERMINAL_OR_HONOR,
    Facts,
)
from jantaku.tiles import TileKind

__all__ = [
    "CLOSED_PUNG_FU",
    "KAN_FU",
    "OPEN_PUNG_FU",
    "RON_PUNG_LOSS",
    "SEVEN_PAIRS_FU",
    "Group",
    "fu_lines",
    "pair_fu",
]

Group = tuple[int, int, bool]
SEVEN_PAIRS_FU = 25
_KINDS = tuple(TileKind)


def _group_text(gtype: int, k: TileKind) -> str:
    if gtype == 0:
        return f"{k.number}{k.number + 1}{k.number + 2}{k.letter}" if k.number <= 7 else ""
    return f"{k.number}" * (4 if gtype == 2 else 3) + k.letter


_GROUP_TEXT = tuple(_group_text(t, k) for t in range(3) for k in _KINDS[:34])
"""The tiles of a group as notation, by ``type * 34 + kind``."""
_PAIR_TEXT = tuple(f"{k.number}{k.number}{k.letter}" for k in _KINDS[:34])


def pair_fu(p: int, seat: int, round_wind: int, options: RiichiOptions) -> int:
    """Fu of the pair of kind ``p`` (seat and round wind as kinds): dragons 2, seat wind 2,
    round wind 2, both winds ``double_wind_pair_fu``."""
    if p >= 31:
        return 2
    if p == seat and p == round_wind:
        return options.double_wind_pair_fu
    return 2 if p in (seat, round_wind) else 0


# fu of a pung/kan: index (type * 34 + kind) * 2 + concealed; chows are 0
_GROUP_FU = [0] * (3 * 34 * 2)
for _t in (1, 2):
    for _k in range(34):
        for _c in (0, 1):
            _v = (4 if TERMINAL_OR_HONOR[_k] else 2) * (2 if _c else 1) * (4 if _t == 2 else 1)
            _GROUP_FU[(_t * 34 + _k) * 2 + _c] = _v
_EDGE_WAITS = (KANCHAN, PENCHAN, TANKI)
_WAIT_TEXT = {w: w.name.lower() for w in _EDGE_WAITS}


# the hot path's per-kind tables: a concealed pung, and what a pung loses when a ron completes it
CLOSED_PUNG_FU = tuple(_GROUP_FU[(34 + k) * 2 + 1] for k in range(34))
OPEN_PUNG_FU = tuple(_GROUP_FU[(34 + k) * 2] for k in range(34))
KAN_FU = tuple(tuple(_GROUP_FU[(68 + k) * 2 + c] for k in range(34)) for c in (0, 1))
"""Fu of a kan by kind: ``KAN_FU[concealed][kind]``."""
RON_PUNG_LOSS = tuple(_GROUP_FU[(34 + k) * 2 + 1] - _GROUP_FU[(34 + k) * 2] for k in range(34))


_PINFU_TSUMO_LINES = [FuLine(FuItem.PINFU_TSUMO, 20)]
_BASE_LINE = FuLine(FuItem.BASE, 20)
_CLOSED_RON_LINE = FuLine(FuItem.CLOSED_RON, 10)
_OPEN_PINFU_LINE = FuLine(FuItem.OPEN_PINFU, 10)
_ROUNDING_LINES = tuple(FuLine(FuItem.ROUNDING, r) for r in range(10))
_WAIT_LINES = {w: FuLine(FuItem.WAIT, 2, text) for w, text in _WAIT_TEXT.items()}
_GROUP_LINES = tuple(
    FuLine(
        (FuItem.CLOSED_KAN if c else FuItem.OPEN_KAN)
        if t == 2
        else (FuItem.CLOSED_TRIPLET if c else FuItem.OPEN_TRIPLET),
        _GROUP_FU[(t * 34 + k) * 2 + c],
        _GROUP_TEXT[t * 34 + k],
    )
    for t in range(3)
    for k in range(34)
    for c in (0, 1)
)
"""The fu line of each pung and kan, by ``(type * 34 + kind) * 2 + concealed`` (lines are
immutable: every reading shares them instead of building its own; chows, type 0, have none
and their entries are never read)."""


def fu_lines(f: Facts, groups: list[Group], pinfu: bool, options: RiichiOptions) -> list[FuLine]:
    """The fu items of a reading, summing to the scorer's fu."""
    if pinfu:
        if f.tsumo:
            return _PINFU_TSUMO_LINES[:]
        return [_BASE_LINE, _CLOSED_RON_LINE]
    fu = 20
    lines = [_BASE_LINE]
    if f.tsumo:
        t = options.rinshan_tsumo_fu if f.rinshan else 2
        if t:
            fu += t
            lines.append(FuLine(FuItem.TSUMO, t))
    elif f.closed:
        fu += 10
        lines.append(_CLOSED_RON_LINE)
    for g in groups:
        gtype, kind, concealed = g
        if gtype:
            line = _GROUP_LINES[(gtype * 34 + kind) * 2 + concealed]
            fu += line.fu
            lines.append(line)
    pv = pair_fu(f.pair, f.seat, f.round, options) if f.pair >= 27 else 0
    if pv:
        fu += pv
        lines.append(FuLine(FuItem.PAIR, pv, _PAIR_TEXT[f.pair]))
    if f.wait in _EDGE_WAITS:
        fu += 2
        lines.append(_WAIT_LINES[f.wait])
    if fu == 20:
        lines.append(_OPEN_PINFU_LINE)  # an open hand without fu (ron): 30
        return lines
    rounded = (fu + 9) // 10 * 10
    if rounded != fu:
        lines.append(_ROUNDING_LINES[rounded - fu])
    return lines
