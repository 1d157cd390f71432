"""Every way to read a complete hand: groups (chows and pungs) plus a pair, seven pairs, or
thirteen orphans. Scorers pick the highest-valued reading, so all of them are returned."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from jantaku.errors import InvalidHandError
from jantaku.tiles import TileKind

__all__ = ["Decomposition", "Group", "GroupKind", "Shape", "decompose", "validate_counts"]

_KINDS = tuple(TileKind)[:34]
ORPHANS: tuple[TileKind, ...] = tuple(k for k in _KINDS if k.is_terminal_or_honor)


class GroupKind(Enum):
    CHOW = "chow"
    PUNG = "pung"


class Shape(Enum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


@dataclass(frozen=True, slots=True)
class Group:
    """A concealed group: a chow starting at ``first`` or a pung of ``first``."""

    kind: GroupKind
    first: TileKind

    @property
    def kinds(self) -> tuple[TileKind, TileKind, TileKind]:
        f = self.first
        if self.kind is GroupKind.PUNG:
            return (f, f, f)
        return (f, _KINDS[f + 1], _KINDS[f + 2])


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a complete concealed part.

    ``pairs`` holds the single pair of a standard or thirteen-orphans hand (for the latter, the
    doubled orphan) or the seven pairs; ``groups`` the concealed groups of a standard hand."""

    shape: Shape
    pairs: tuple[TileKind, ...]
    groups: tuple[Group, ...] = ()

    @property
    def pair(self) -> TileKind:
        """The pair of a standard or thirteen-orphans hand."""
        if len(self.pairs) != 1:
            raise ValueError("a seven-pairs hand has seven pairs, not one")
        return self.pairs[0]


def validate_counts(counts: Sequence[int], melds: int | None = None) -> int:
    """Check a 34-entry count array against the called melds; return the number of melds."""
    if len(counts) != 34:
        raise InvalidHandError(f"a count array needs 34 entries, not {len(counts)}")
    for kind, n in enumerate(counts):
        if not isinstance(n, int) or not 0 <= n <= 4:
            raise InvalidHandError(
                f"{n!r} copies of {_KINDS[kind].notation}; a hand holds 0 to 4 of each kind"
            )
    tiles = sum(counts)
    if melds is None:
        if tiles % 3 == 0 or not 1 <= tiles <= 14:
            raise InvalidHandError(
                f"a hand of {tiles} tiles is impossible (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)"
            )
        return (14 - tiles) // 3
    if not 0 <= melds <= 4 or tiles + 3 * melds not in (13, 14):
        raise InvalidHandError(
            f"{tiles} concealed tiles and {melds} melds do not make a hand "
            "(tiles + 3 x melds must be 13 or 14)"
        )
    return melds


def _groups(
    counts: list[int], start: int, out: list[Group], found: list[tuple[Group, ...]]
) -> None:
    """Split the counts into groups, always consuming the lowest remaining kind first."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        found.append(tuple(out))
        return
    kind = _KINDS[i]
    if counts[i] >= 3:
        counts[i] -= 3
        out.append(Group(GroupKind.PUNG, kind))
        _groups(counts, i, out, found)
        out.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        out.append(Group(GroupKind.CHOW, kind))
        _groups(counts, i, out, found)
        out.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def decompose(counts: Sequence[int], melds: int | None = None) -> list[Decomposition]:
    """All readings of a complete hand (3n+2 concealed tiles); empty if the hand is not complete.

    ``melds`` counts the groups already called; seven pairs and thirteen orphans need none."""
    used = validate_counts(counts, melds)
    if sum(counts) % 3 != 2:
        raise InvalidHandError("only a hand of 3n+2 tiles (with its winning tile) can be complete")
    work = list(counts)
    result: list[Decomposition] = []
    for pair in range(34):
        if work[pair] < 2:
            continue
        work[pair] -= 2
        found: list[tuple[Group, ...]] = []
        _groups(work, 0, [], found)
        work[pair] += 2
        result.extend(Decomposition(Shape.STANDARD, (_KINDS[pair],), g) for g in found)
    if used == 0:
        pairs = [k for k in _KINDS if counts[k] == 2]
        if len(pairs) == 7:
            result.append(Decomposition(Shape.SEVEN_PAIRS, tuple(pairs)))
        if all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14:
            double = next(k for k in ORPHANS if counts[k] == 2)
            result.append(Decomposition(Shape.THIRTEEN_ORPHANS, (double,)))
    return result
