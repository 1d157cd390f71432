"""Precomputed facts about a win, so each yaku is a cheap predicate.

One :class:`Facts` object is filled per scoring call: the hand-level facts once, the reading-level
facts (groups, pair, wait) once per reading of the hand. Kinds are plain ints (``TileKind``
values) on this hot path."""

from __future__ import annotations

from enum import IntEnum

from jantaku.rules.riichi.packed import kinds_mask

__all__ = [
    "GREEN",
    "HONOR",
    "HONOR_KINDS",
    "KANCHAN",
    "PENCHAN",
    "RYANMEN",
    "SEVEN_PAIRS",
    "SHANPON",
    "SIMPLE",
    "STANDARD",
    "TANKI",
    "TERMINAL",
    "TERMINAL_OR_HONOR",
    "THIRTEEN_ORPHANS",
    "Facts",
    "Shape",
    "WaitKind",
]

SIMPLE = tuple(k < 27 and k % 9 not in (0, 8) for k in range(34))
TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(34))
HONOR = tuple(k >= 27 for k in range(34))
TERMINAL_OR_HONOR = tuple(not s for s in SIMPLE)
GREEN = tuple(k in (19, 20, 21, 23, 25, 32) for k in range(34))  # 2s 3s 4s 6s 8s, green dragon


def _kinds(flags: tuple[bool, ...]) -> int:
    """The kinds with a true flag, packed as :func:`jantaku.rules.riichi.packed.present`."""
    return kinds_mask(k for k, on in enumerate(flags) if on)


_SIMPLE_KINDS = _kinds(SIMPLE)
HONOR_KINDS = _kinds(HONOR)
_TERMINAL_KINDS = _kinds(TERMINAL)
_GREEN_KINDS = _kinds(GREEN)
_NOT_GREEN = _kinds(tuple(not x for x in GREEN))
_MAN = kinds_mask(range(9))
_PIN = kinds_mask(range(9, 18))
_SOU = kinds_mask(range(18, 27))


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


# module-level aliases: an enum member lookup costs ten times a global on the hot path
STANDARD = Shape.STANDARD
SEVEN_PAIRS = Shape.SEVEN_PAIRS
THIRTEEN_ORPHANS = Shape.THIRTEEN_ORPHANS
RYANMEN = WaitKind.RYANMEN
KANCHAN = WaitKind.KANCHAN
PENCHAN = WaitKind.PENCHAN
TANKI = WaitKind.TANKI
SHANPON = WaitKind.SHANPON


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
    )

    tsumo: bool
    closed: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    first_turn: bool
    dealer: bool
    kuitan: bool
    seat: int
    round: int
    counts: list[int]  # all tiles incl. melds (a kan counts 4); set for a nine-gates candidate
    hand13: list[int]  # concealed tiles without the winning tile; set for a yakuman candidate
    n_kongs: int
    n_melds: int
    all_simple: bool
    all_term_honor: bool
    all_honor: bool
    all_terminal: bool
    all_green: bool
    suit_mask: int  # bit 0 man, 1 pin, 2 sou, 3 honors
    shape: Shape
    pair: int
    chows: tuple[int, ...]  # first kind of every chow, concealed and called
    pungs: tuple[int, ...]  # kind of every pung and kan, concealed and called
    ankou: int  # concealed pungs/kans (a pung completed by ron is not concealed)
    wait: WaitKind

    def set_hand(self, kinds: int) -> None:
        """Derive the tile-class facts from the kinds present (packed, see
        :func:`jantaku.rules.riichi.packed.present`)."""
        suits = self.suit_mask = (
            (1 if kinds & _MAN else 0)
            | (2 if kinds & _PIN else 0)
            | (4 if kinds & _SOU else 0)
            | (8 if kinds & HONOR_KINDS else 0)
        )
        term_honor = self.all_term_honor = not kinds & _SIMPLE_KINDS
        self.all_simple = not suits & 8 and not kinds & _TERMINAL_KINDS
        self.all_honor = suits == 8
        self.all_terminal = term_honor and not suits & 8
        self.all_green = not suits & 3 and not kinds & _NOT_GREEN

    @property
    def n_suits(self) -> int:
        m = self.suit_mask & 7
        return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)
