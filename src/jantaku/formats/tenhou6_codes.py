"""Shared pieces of the tenhou.net/6 format: tile codes, call strings, result strings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from jantaku.formats.record import CallKind, DrawKind, Limit
from jantaku.tiles import Tile

__all__ = [
    "DRAW_NAMES",
    "LIMIT_NAMES",
    "NAME_OF_DRAW",
    "NAME_OF_LIMIT",
    "OFFSET_POS",
    "TSUMOGIRI",
    "ParsedCall",
    "code_of",
    "format_call",
    "kind_of_code",
    "parse_call",
    "parse_points",
    "parse_yaku",
]

TSUMOGIRI = 60
DRAW_NAMES: dict[str, DrawKind] = {
    "流局": DrawKind.EXHAUSTIVE,
    "全員不聴": DrawKind.ALL_NOTEN,
    "流し満貫": DrawKind.NAGASHI_MANGAN,
    "九種九牌": DrawKind.NINE_TERMINALS,
    "四風連打": DrawKind.FOUR_WINDS,
    "四家立直": DrawKind.FOUR_RIICHI,
    "三家和了": DrawKind.TRIPLE_RON,
    "四槓散了": DrawKind.FOUR_KANS,
}
NAME_OF_DRAW = {v: k for k, v in DRAW_NAMES.items()}
LIMIT_NAMES: dict[str, Limit] = {
    "満貫": Limit.MANGAN,
    "跳満": Limit.HANEMAN,
    "倍満": Limit.BAIMAN,
    "三倍満": Limit.SANBAIMAN,
    "役満": Limit.YAKUMAN,
    "数え役満": Limit.YAKUMAN,
}
NAME_OF_LIMIT = {v: k for k, v in LIMIT_NAMES.items() if k != "数え役満"}


def kind_of_code(code: object) -> tuple[int, bool]:
    """(kind 0-33, red) of a tile code 11-19, 21-29, 31-39, 41-47, 51-53; ValueError otherwise."""
    if not isinstance(code, int) or isinstance(code, bool):
        raise ValueError(f"tile code {code!r} is not a number")
    tens, units = divmod(code, 10)
    if tens in (1, 2, 3) and 1 <= units <= 9:
        return (tens - 1) * 9 + units - 1, False
    if tens == 4 and 1 <= units <= 7:
        return 27 + units - 1, False
    if tens == 5 and 1 <= units <= 3:
        return (units - 1) * 9 + 4, True
    raise ValueError(f"bad tile code {code}")


def code_of(tile: Tile) -> int:
    kind = int(tile.kind)
    if tile.red:
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return (kind // 9 + 1) * 10 + kind % 9 + 1


@dataclass(frozen=True, slots=True)
class ParsedCall:
    """A call string: ``hand`` codes in written order; ``called`` the claimed (or, for an added
    kan, the added) code; ``offset`` the discarder relative to the caller (1 right, 2 across,
    3 left), 0 for a concealed kan; ``pon`` for an added kan, the pon's own called code."""

    kind: CallKind
    hand: tuple[int, ...]
    called: int | None
    offset: int
    pon_called: int | None = None


_LETTERS = {
    "c": CallKind.CHI,
    "p": CallKind.PON,
    "m": CallKind.OPEN_KAN,
    "k": CallKind.ADDED_KAN,
    "a": CallKind.CONCEALED_KAN,
}
# Where the letter stands tells who discarded: character index → relative offset of the discarder.
_POS_OFFSET = {
    CallKind.CHI: {0: 3},
    CallKind.PON: {0: 3, 2: 2, 4: 1},
    CallKind.ADDED_KAN: {0: 3, 2: 2, 4: 1},
    CallKind.OPEN_KAN: {0: 3, 2: 2, 6: 1},
    CallKind.CONCEALED_KAN: {6: 0},
}
OFFSET_POS = {kind: {v: k for k, v in table.items()} for kind, table in _POS_OFFSET.items()}
_CALL_RE = re.compile(r"^(\d\d)*([cpmka])(\d\d)+$")


def parse_call(text: str) -> ParsedCall:
    """Decode ``c275226``, ``4444p44``, ``m39393939``, ``2626k2626``, ``151515a51``."""
    m = _CALL_RE.match(text)
    if not m:
        raise ValueError(f"unknown call string {text!r}")
    pos = m.start(2)
    kind = _LETTERS[m.group(2)]
    offset = _POS_OFFSET[kind].get(pos)
    codes = [int(text[i : i + 2]) for i in range(0, pos, 2)] + [
        int(text[i : i + 2]) for i in range(pos + 1, len(text), 2)
    ]
    size = {
        CallKind.CHI: 3,
        CallKind.PON: 3,
        CallKind.OPEN_KAN: 4,
        CallKind.ADDED_KAN: 4,
        CallKind.CONCEALED_KAN: 4,
    }[kind]
    if offset is None or len(codes) != size:
        raise ValueError(f"unknown call string {text!r}")
    for c in codes:
        kind_of_code(c)
    idx = pos // 2  # index of the tile written right after the letter
    if kind is CallKind.CONCEALED_KAN:
        return ParsedCall(kind, tuple(codes), None, 0)
    if kind is CallKind.ADDED_KAN:  # k + added + the pon's called tile
        hand = tuple(c for i, c in enumerate(codes) if i not in (idx, idx + 1))
        return ParsedCall(kind, hand, codes[idx], offset, codes[idx + 1])
    hand = tuple(c for i, c in enumerate(codes) if i != idx)
    return ParsedCall(kind, hand, codes[idx], offset)


def format_call(
    kind: CallKind, hand: list[int], called: int | None, offset: int, pon_called: int | None = None
) -> str:
    """Inverse of :func:`parse_call`."""
    letter = {v: k for k, v in _LETTERS.items()}[kind]
    parts = [f"{c:02d}" for c in hand]
    if kind is CallKind.CONCEALED_KAN:
        return "".join(parts[:3]) + "a" + parts[3]
    idx = OFFSET_POS[kind][offset] // 2
    inserted = [f"{letter}{called:02d}"]
    if kind is CallKind.ADDED_KAN:
        inserted.append(f"{pon_called:02d}")
    return "".join(parts[:idx] + inserted + parts[idx:])


_POINTS_RE = re.compile(
    r"^(?:(\d+)符(\d+)飜|(数え役満|三倍満|倍満|跳満|満貫|役満))(\d+)(?:-(\d+))?点(∀?)$"
)


def parse_points(text: str) -> tuple[int | None, int | None, Limit, tuple[int, ...], bool]:
    """``30符4飜7700点`` → (fu, han, limit, payments, all): payments are one number for a ron or
    a dealer's self-draw (``∀``: each pays it), two for a non-dealer self-draw (child, dealer)."""
    m = _POINTS_RE.match(text)
    if not m:
        raise ValueError(f"unknown points string {text!r}")
    fu = int(m.group(1)) if m.group(1) else None
    han = int(m.group(2)) if m.group(2) else None
    limit = LIMIT_NAMES[m.group(3)] if m.group(3) else Limit.NONE
    pays = (int(m.group(4)),) + ((int(m.group(5)),) if m.group(5) else ())
    return fu, han, limit, pays, m.group(6) == "∀"


_YAKU_RE = re.compile(r"^(.*)\((?:(\d+)飜|(役満)|(ダブル役満))\)$")


def parse_yaku(text: str) -> tuple[str, int]:
    """``立直(1飜)`` → (``立直``, 1); ``大三元(役満)`` → (``大三元``, 13)."""
    m = _YAKU_RE.match(text)
    if not m:
        raise ValueError(f"unknown yaku string {text!r}")
    han = int(m.group(2)) if m.group(2) else 26 if m.group(4) else 13
    return m.group(1), han
