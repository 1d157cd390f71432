"""Fast decomposition of a complete concealed part into groups and a pair, for the scorer's hot
path (plain int tuples instead of the dataclasses of :func:`jantaku.hand.decompose`, with the
pair restricted to the one suit whose count is 2 mod 3)."""

from __future__ import annotations

__all__ = ["ORPHANS", "is_thirteen_orphans", "is_seven_pairs", "standard_readings"]

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Reading = tuple[int, tuple[tuple[int, int], ...]]
"""(pair kind, ((type, first kind), ...)) with type 0 chow, 1 pung."""


def _split(c: list[int], i: int, acc: list[tuple[int, int]], out: list[Reading], pair: int) -> None:
    while i < 34 and not c[i]:
        i += 1
    if i == 34:
        out.append((pair, tuple(acc)))
        return
    n = c[i]
    if n >= 3:
        c[i] = n - 3
        acc.append((1, i))
        _split(c, i, acc, out, pair)
        acc.pop()
        c[i] = n
    if i < 27 and i % 9 < 7 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        acc.append((0, i))
        _split(c, i, acc, out, pair)
        acc.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def standard_readings(c: list[int]) -> list[Reading]:
    """Every reading of ``c`` (3n+2 tiles, counts 0-4) as groups plus a pair; restores ``c``."""
    out: list[Reading] = []
    pair_suit = -1
    for s in range(3):
        r = sum(c[9 * s : 9 * s + 9]) % 3
        if r == 1:
            return out
        if r == 2:
            if pair_suit >= 0:
                return out
            pair_suit = s
    honor_pair = -1
    for k in range(27, 34):
        n = c[k]
        if n == 1 or n == 4:
            return out
        if n == 2:
            if honor_pair >= 0 or pair_suit >= 0:
                return out
            honor_pair = k
    candidates = (
        [honor_pair] if honor_pair >= 0 else range(9 * pair_suit, 9 * pair_suit + 9) if pair_suit >= 0 else ()
    )
    for p in candidates:
        if c[p] >= 2:
            c[p] -= 2
            _split(c, 0, [], out, p)
            c[p] += 2
    return out


def is_seven_pairs(c: list[int]) -> bool:
    """Seven distinct pairs (four of a kind is not two pairs)."""
    pairs = 0
    for n in c:
        if n == 2:
            pairs += 1
        elif n:
            return False
    return pairs == 7


def is_thirteen_orphans(c: list[int]) -> bool:
    return all(c[k] for k in ORPHANS) and sum(c[k] for k in ORPHANS) == 14
