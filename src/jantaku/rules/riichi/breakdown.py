"""The explainable part of a scored win, built lazily: the scorer keeps the chosen reading's raw
facts here, and the yaku lines and fu items are only materialised when someone asks (a player
or a log), not on the engine's hot path."""

from __future__ import annotations

from jantaku.rules.riichi.fu import SEVEN_PAIRS_FU, Group, fu_lines
from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.result import Bonus, FuItem, FuLine, YakuHan
from jantaku.rules.riichi.yaku import RANK, Facts, Shape, WaitKind, Yaku, YakuDef

__all__ = ["Breakdown", "Reading"]

Reading = tuple[
    tuple[int, int, int, int],
    list[tuple[YakuDef, int]],
    int,
    int,
    int,
    int,
    Shape,
    WaitKind,
    tuple[Group, ...],
    int,
]
"""The scorer's chosen reading: (comparison key, yaku hits, han, fu, yakuman multiplier, pair,
shape, wait, concealed groups, index of the concealed group that a ron made an open pung or
-1)."""

_YAKU_LINES: dict[tuple[Yaku, int, int], YakuHan] = {}
_SHAPE_NAMES = {
    Shape.STANDARD: "standard",
    Shape.SEVEN_PAIRS: "seven_pairs",
    Shape.THIRTEEN_ORPHANS: "thirteen_orphans",
}


def _yaku_line(y: YakuDef, han: int, yakuman: int) -> YakuHan:
    key = (y.id, han, yakuman)
    line = _YAKU_LINES.get(key)
    if line is None:
        line = _YAKU_LINES[key] = YakuHan(y.id.value, han, y.id, None, yakuman)
    return line


class Breakdown:
    """The best reading of a hand, as the scorer chose it (raw facts; lines built on demand)."""

    __slots__ = (
        "dora",
        "facts",
        "fu",
        "han",
        "hits",
        "meld_groups",
        "options",
        "pair",
        "read",
        "red",
        "ron_pung",
        "shape",
        "ura",
        "wait",
        "yakuman",
    )

    def __init__(
        self,
        facts: Facts,
        options: RiichiOptions,
        reading: Reading,
        meld_groups: list[Group],
        bonus: tuple[int, int, int],
    ) -> None:
        self.facts = facts
        self.options = options
        (
            _key,
            self.hits,
            self.han,
            self.fu,
            self.yakuman,
            self.pair,
            self.shape,
            self.wait,
            self.read,
            self.ron_pung,
        ) = reading
        self.meld_groups = meld_groups
        self.dora, self.red, self.ura = bonus

    @property
    def groups(self) -> list[Group]:
        """The melds' groups then the reading's; a pung completed by ron is not concealed."""
        groups = [*self.meld_groups, *self.read]
        if self.ron_pung >= 0:
            i = len(self.meld_groups) + self.ron_pung
            groups[i] = (1, groups[i][1], False)
        return groups

    def yaku(self) -> tuple[YakuHan, ...]:
        """Yaku lines (with han, or 13 per yakuman) then dora, aka dora, ura dora."""
        if self.yakuman:
            return tuple(_yaku_line(y, 13 * v, v) for y, v in self.hits)
        hits = sorted(self.hits, key=lambda hit: RANK[hit[0].id])
        items = [_yaku_line(y, h, 0) for y, h in hits]
        for bonus, n in (
            (Bonus.DORA, self.dora),
            (Bonus.AKA_DORA, self.red),
            (Bonus.URA_DORA, self.ura),
        ):
            if n:
                items.append(YakuHan(bonus.value, n, None, bonus))
        return tuple(items)

    def fu_items(self) -> tuple[FuLine, ...]:
        """The fu items of the chosen reading (none for a yakuman)."""
        if self.yakuman or self.shape is Shape.THIRTEEN_ORPHANS:
            return ()
        if self.shape is Shape.SEVEN_PAIRS:
            return (FuLine(FuItem.SEVEN_PAIRS, SEVEN_PAIRS_FU),)
        f = self.facts
        f.pair = self.pair
        f.shape = self.shape
        f.wait = self.wait
        pinfu = any(y.id is Yaku.PINFU for y, _h in self.hits)
        return tuple(fu_lines(f, self.groups, pinfu, self.options))

    @property
    def shape_name(self) -> str:
        return _SHAPE_NAMES[self.shape]

    @property
    def wait_name(self) -> str:
        return self.wait.name.lower()
