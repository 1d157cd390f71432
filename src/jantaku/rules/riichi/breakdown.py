"""The explainable part of a scored win, built lazily: the scorer keeps the chosen reading's raw
facts here, and the yaku lines and fu items are only materialised when someone asks (a player
or a log), not on the engine's hot path."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.rules.riichi.fu import SEVEN_PAIRS_FU, Group, fu_lines
from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.points import ValueEntry
from jantaku.rules.riichi.result import Bonus, FuItem, FuLine, YakuHan
from jantaku.rules.riichi.units import Hit
from jantaku.rules.riichi.yaku import RANK, Facts, Shape, WaitKind, Yaku, YakuDef

__all__ = ["Breakdown", "Candidate", "Chosen", "bonus_lines", "clear_memos"]

Candidate = tuple[tuple[int, int, int, int], ValueEntry, list[Hit], int, int, int]
"""One scored reading: (comparison key, value entry, its own hits, han, fu, yakuman
multiplier); a yakuman's hits are all of them, otherwise the hand-level hits come on top."""
Chosen = tuple[Candidate, int, Shape, WaitKind, tuple[int, ...], tuple[int, ...], int]
"""The chosen reading: candidate, pair, shape, wait, the concealed chows (first kinds) and
pungs (kinds), and the kind of the concealed pung that a ron made open (-1: none)."""

_YAKU_LINES: dict[tuple[Yaku, int, int], YakuHan] = {}
_YAKU_TUPLES: dict[tuple[int, ...], tuple[object, tuple[YakuHan, ...]]] = {}
"""The yaku lines by :meth:`Breakdown.yaku_key`, with the object the key names by ``id``."""
_MEMO_LIMIT = 4096
_WAIT_NAMES = {w: w.name.lower() for w in WaitKind}


def _group_rank(kind: int) -> int:
    """Honors first, then the suits' kinds in order."""
    return kind - 27 if kind >= 27 else kind + 7


_PUNG_CODE = tuple(_group_rank(k) * 4 for k in range(34))
"""A concealed pung's code; plus one for a pung a ron completed (open); a chow's is plus two."""
_CHOW_CODE = tuple(_group_rank(k) * 4 + 2 for k in range(34))
_GROUP_OF_CODE: dict[int, Group] = {
    **{_PUNG_CODE[k]: (1, k, True) for k in range(34)},
    **{_PUNG_CODE[k] + 1: (1, k, False) for k in range(34)},
    **{_CHOW_CODE[k]: (0, k, True) for k in range(34)},
}
_NO_BONUS = (0, 0, 0)
_BONUS_LINES: dict[tuple[int, int, int], tuple[YakuHan, ...]] = {}
"""The dora lines by (dora, aka dora, ura dora): a few hundred combinations at most."""


def clear_memos() -> None:
    """Forget the remembered yaku and dora lines."""
    _YAKU_TUPLES.clear()
    _BONUS_LINES.clear()


def bonus_lines(counts: tuple[int, int, int]) -> tuple[YakuHan, ...]:
    """The lines of the dora, aka dora and ura dora counted (those that are not 0)."""
    kinds = (Bonus.DORA, Bonus.AKA_DORA, Bonus.URA_DORA)
    return tuple(YakuHan(b.value, n, None, b) for b, n in zip(kinds, counts, strict=True) if n)


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

    __slots__ = ("base_hits", "best", "bonus", "facts", "meld_groups", "options")

    def __init__(
        self,
        facts: Facts,
        options: RiichiOptions,
        best: Chosen,
        base_hits: tuple[Hit, ...],
        meld_groups: Sequence[Group],
        bonus: tuple[int, int, int],
    ) -> None:
        self.facts = facts
        self.options = options
        self.best = best
        self.base_hits = base_hits
        self.meld_groups = meld_groups
        self.bonus = bonus

    @property
    def yakuman(self) -> int:
        return self.best[0][5]

    @property
    def hits(self) -> list[Hit]:
        """The yaku with their han (yakuman: with their multiplier)."""
        cand = self.best[0]
        return cand[2] if cand[5] else [*self.base_hits, *cand[2]]

    @property
    def pair(self) -> int:
        return self.best[1]

    @property
    def shape(self) -> Shape:
        return self.best[2]

    @property
    def wait(self) -> WaitKind:
        return self.best[3]

    @property
    def groups(self) -> list[Group]:
        """The melds' groups then the reading's; a pung completed by ron is not concealed."""
        best = self.best
        ron = best[6]
        # in reading order: honors, then by kind, a pung before a chow of the same kind (as
        # codes that sort so, see _PUNG_CODE)
        codes = [_CHOW_CODE[k] for k in best[4]]
        codes += [_PUNG_CODE[k] + (k == ron) for k in best[5]]
        codes.sort()
        return [*self.meld_groups, *map(_GROUP_OF_CODE.__getitem__, codes)]

    def yaku_key(self) -> tuple[tuple[int, ...], tuple[Hit, ...] | None]:
        """A key of the yaku lines without the dora (equal keys, equal lines) and the object a
        memo keyed by it must hold and compare by identity: the key names the hand-level hits
        by ``id`` (the yaku definitions are the registry's, alive for good)."""
        cand = self.best[0]
        if cand[5]:
            return (0, *[id(y) << 4 | v for y, v in cand[2]]), None
        base = self.base_hits
        return (id(base), *[id(y) << 4 | h for y, h in cand[2]]), base

    def yaku(self) -> tuple[YakuHan, ...]:
        """Yaku lines (with han, or 13 per yakuman) then dora, aka dora, ura dora. Many hands
        have the same hits and the same dora, so both parts are remembered."""
        key, holds = self.yaku_key()
        found = _YAKU_TUPLES.get(key)
        if found is None or found[0] is not holds:
            if len(_YAKU_TUPLES) >= _MEMO_LIMIT:
                _YAKU_TUPLES.clear()
            found = _YAKU_TUPLES[key] = (holds, self._hit_lines())
        if self.yakuman or self.bonus == _NO_BONUS:
            return found[1]
        bonus = _BONUS_LINES.get(self.bonus)
        if bonus is None:
            bonus = _BONUS_LINES[self.bonus] = bonus_lines(self.bonus)
        return found[1] + bonus

    def _hit_lines(self) -> tuple[YakuHan, ...]:
        if self.yakuman:
            return tuple(_yaku_line(y, 13 * v, v) for y, v in self.hits)
        hits = sorted(self.hits, key=lambda hit: RANK[hit[0].id])
        return tuple(_yaku_line(y, h, 0) for y, h in hits)

    def fu_items(self, groups: list[Group] | None = None) -> tuple[FuLine, ...]:
        """The fu items of the chosen reading (none for a yakuman); ``groups`` is
        :attr:`groups` when the caller has it already."""
        if self.yakuman or self.shape is Shape.THIRTEEN_ORPHANS:
            return ()
        if self.shape is Shape.SEVEN_PAIRS:
            return (FuLine(FuItem.SEVEN_PAIRS, SEVEN_PAIRS_FU),)
        f = self.facts
        f.pair = self.pair
        f.shape = self.shape
        f.wait = self.wait
        pinfu = any(y.id is Yaku.PINFU for y, _h in self.hits)
        return tuple(fu_lines(f, self.groups if groups is None else groups, pinfu, self.options))

    @property
    def dora(self) -> int:
        return self.bonus[0]

    @property
    def red(self) -> int:
        return self.bonus[1]

    @property
    def ura(self) -> int:
        return self.bonus[2]

    @property
    def shape_name(self) -> str:
        return _SHAPE_NAMES[self.shape]

    @property
    def wait_name(self) -> str:
        return _WAIT_NAMES[self.wait]
