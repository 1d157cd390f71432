"""Precomputed facts about a win, so each yaku is a cheap predicate.

One :class:`Facts` object is filled per scoring call: the hand-level facts once, the reading-level
facts (groups, pair, wait) once per reading of the hand. Kinds are plain ints (``TileKind``
values) on this hot path."""

from __future__ import annotations

from enum import IntEnum

__all__ = [
    "GREEN",
    "HONOR",
    "SIMPLE",
    "TERMINAL",
    "TERMINAL_OR_HONOR",
    "Facts",
    "Shape",
    "WaitKind",
]

SIMPLE = tuple(k < 27 and k % 9 not in (0, 8) for k in range(34))
TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(34))
HONOR = tuple(k >= 27 for k in range(34))
TERMINAL_OR_HONOR = tuple(not s for s in SIMPLE)
GREEN = tuple(k in (19, 20, 21, 23, 25, 32) for k in range(34))  # 2s 3s 4s 6s 8s, green dragon


class Shape(IntEnum):
    STANDARD = 0
    SEVEN_PAIRS = 1
    THIRTEEN_ORPHANS = 2


class WaitKind(IntEnum):
    RYANMEN = 0
    KANCHAN = 1
    PENCHAN = 2
    TANKI = 3
    SHANPON = 4


class Facts:
    """Hand-level and reading-level facts; see the module docstring."""

    __slots__ = (
        "all_green",
        "all_honor",
        "all_simple",
        "all_term_honor",
        "all_terminal",
        "ankou",
        "chankan",
        "chows",
        "closed",
        "counts",
        "dealer",
        "double_riichi",
        "first_turn",
        "haitei",
        "hand13",
        "houtei",
        "ippatsu",
        "kuitan",
        "n_kongs",
        "n_melds",
        "pair",
        "pungs",
        "riichi",
        "rinshan",
        "round",
        "seat",
        "shape",
        "suit_mask",
        "tsumo",
        "wait",
        "win",
    )

    def __init__(self) -> None:
        self.tsumo = False
        self.closed = True
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.haitei = False
        self.houtei = False
        self.rinshan = False
        self.chankan = False
        self.first_turn = False
        self.dealer = False
        self.kuitan = True
        self.seat = 27
        self.round = 27
        self.counts: list[int] = []  # all 14+ tiles incl. melds (a kan counts 4)
        self.hand13: list[int] = []  # concealed tiles without the winning tile
        self.win = 0
        self.n_kongs = 0
        self.n_melds = 0
        self.all_simple = False
        self.all_term_honor = False
        self.all_honor = False
        self.all_terminal = False
        self.all_green = False
        self.suit_mask = 0  # bit 0 man, 1 pin, 2 sou, 3 honors
        self.shape = Shape.STANDARD
        self.pair = -1
        self.chows: list[int] = []  # first kind of every chow, concealed and called
        self.pungs: list[int] = []  # kind of every pung and kan, concealed and called
        self.ankou = 0  # concealed pungs/kans (a pung completed by ron is not concealed)
        self.wait = WaitKind.RYANMEN

    def set_hand(self, counts: list[int]) -> None:
        """Derive the tile-class facts from the total counts."""
        self.counts = counts
        simple = term_honor = honor = terminal = green = True
        mask = 0
        for k in range(34):
            if counts[k]:
                if SIMPLE[k]:
                    term_honor = honor = terminal = False
                else:
                    simple = False
                    if k >= 27:
                        terminal = False
                    else:
                        honor = False
                if not GREEN[k]:
                    green = False
                mask |= 1 << (k // 9 if k < 27 else 3)
        self.all_simple = simple
        self.all_term_honor = term_honor
        self.all_honor = honor
        self.all_terminal = terminal
        self.all_green = green
        self.suit_mask = mask

    @property
    def n_suits(self) -> int:
        m = self.suit_mask & 7
        return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)
