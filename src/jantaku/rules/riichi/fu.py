"""Fu of one reading of a hand (spec §3.5).

Groups are ``(type, kind, concealed)`` triples: type 0 chow, 1 pung, 2 kan. A pung completed by
ron arrives here already marked open. The same function computes the number on the hot path
(``lines`` None) and the explained items for the chosen reading."""

from __future__ import annotations

from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.result import FuItem, FuLine
from jantaku.rules.riichi.yaku.facts import TERMINAL_OR_HONOR, Facts, WaitKind
from jantaku.tiles import TileKind

__all__ = ["Group", "SEVEN_PAIRS_FU", "standard_fu"]

Group = tuple[int, int, bool]
SEVEN_PAIRS_FU = 25
_KINDS = tuple(TileKind)


def _note(lines: list[FuLine] | None, item: FuItem, fu: int, tiles: str = "") -> None:
    if lines is not None:
        lines.append(FuLine(item, fu, tiles))


def _group_tiles(g: Group) -> str:
    kind = _KINDS[g[1]]
    if g[0] == 0:
        return f"{kind.number}{kind.number + 1}{kind.number + 2}{kind.letter}"
    return f"{kind.number}" * (4 if g[0] == 2 else 3) + kind.letter


def pair_fu(f: Facts, options: RiichiOptions) -> int:
    """Fu of the pair: dragons 2, seat wind 2, round wind 2, both winds ``double_wind_pair_fu``."""
    p = f.pair
    if p >= 31:
        return 2
    if p == f.seat and p == f.round:
        return options.double_wind_pair_fu
    return 2 if p == f.seat or p == f.round else 0


def standard_fu(
    f: Facts,
    groups: list[Group],
    pinfu: bool,
    options: RiichiOptions,
    lines: list[FuLine] | None = None,
) -> int:
    """Rounded fu of a four-groups-and-a-pair reading."""
    if pinfu:
        if f.tsumo:
            _note(lines, FuItem.PINFU_TSUMO, 20)
            return 20
        _note(lines, FuItem.BASE, 20)
        _note(lines, FuItem.CLOSED_RON, 10)
        return 30
    fu = 20
    _note(lines, FuItem.BASE, 20)
    if f.tsumo:
        t = options.rinshan_tsumo_fu if f.rinshan else 2
        if t:
            fu += t
            _note(lines, FuItem.TSUMO, t)
    elif f.closed:
        fu += 10
        _note(lines, FuItem.CLOSED_RON, 10)
    for g in groups:
        gtype, kind, concealed = g
        if gtype == 0:
            continue
        v = 2
        if TERMINAL_OR_HONOR[kind]:
            v = 4
        if concealed:
            v *= 2
        if gtype == 2:
            v *= 4
        fu += v
        if lines is not None:
            item = (
                (FuItem.CLOSED_KAN if concealed else FuItem.OPEN_KAN)
                if gtype == 2
                else (FuItem.CLOSED_TRIPLET if concealed else FuItem.OPEN_TRIPLET)
            )
            lines.append(FuLine(item, v, _group_tiles(g)))
    pv = pair_fu(f, options)
    if pv:
        fu += pv
        _note(lines, FuItem.PAIR, pv, _KINDS[f.pair].notation * 2)
    if f.wait in (WaitKind.KANCHAN, WaitKind.PENCHAN, WaitKind.TANKI):
        fu += 2
        _note(lines, FuItem.WAIT, 2, f.wait.name.lower())
    if fu == 20:
        # an open hand without fu (ron): raised to 30
        _note(lines, FuItem.OPEN_PINFU, 10)
        return 30
    rounded = (fu + 9) // 10 * 10
    if rounded != fu:
        _note(lines, FuItem.ROUNDING, rounded - fu)
    return rounded
