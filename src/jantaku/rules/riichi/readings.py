"""Fast decomposition of a complete concealed part into groups and a pair, for the scorer's hot
path (plain int tuples instead of the dataclasses of :func:`jantaku.hand.decompose`, with the
pair restricted to the one suit whose count is 2 mod 3)."""

from __future__ import annotations

__all__ = ["ORPHANS", "is_seven_pairs", "is_thirteen_orphans", "standard_readings"]

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


_SuitReading = tuple[int, tuple[tuple[int, int], ...]]
_SUIT_CACHE: dict[tuple[int, ...], list[_SuitReading]] = {}


def _suit_readings(c: list[int], base: int) -> list[_SuitReading]:
    """Readings of one suit (groups, plus a pair when its count is 2 mod 3), memoised per suit
    and count pattern: a pure function of 9 small numbers, so the cache stays small."""
    key = (base, *c[base : base + 9])
    found = _SUIT_CACHE.get(key)
    if found is not None:
        return found
    work = [0] * 34
    work[base : base + 9] = c[base : base + 9]
    out: list[Reading] = []
    if sum(key[1:]) % 3 == 2:
        for p in range(base, base + 9):
            if work[p] >= 2:
                work[p] -= 2
                _split(work, base, [], out, p)
                work[p] += 2
    else:
        _split(work, base, [], out, -1)
    _SUIT_CACHE[key] = out
    return out


def standard_readings(c: list[int]) -> list[Reading]:
    """Every reading of ``c`` (3n+2 tiles, counts 0-4) as groups plus a pair."""
    pair = -1
    honors: list[tuple[int, int]] = []
    for k in range(27, 34):
        n = c[k]
        if n:
            if n == 3:
                honors.append((1, k))
            elif n == 2 and pair < 0:
                pair = k
            else:
                return []
    parts: list[list[_SuitReading]] = []
    for base in (0, 9, 18):
        r = c[base] + c[base + 1] + c[base + 2] + c[base + 3] + c[base + 4] + c[base + 5] + c[
            base + 6] + c[base + 7] + c[base + 8]
        if not r:
            continue
        if r % 3 == 1 or (r % 3 == 2 and pair >= 0):
            return []
        found = _suit_readings(c, base)
        if not found:
            return []
        parts.append(found)
    out: list[Reading] = [(pair, tuple(honors))]
    for found in parts:
        out = [(p if p >= 0 else q, g + h) for p, g in out for q, h in found]
    if out[0][0] < 0:
        return []
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
