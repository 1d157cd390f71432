"""Meld validation against the definitions, over every combination of kinds (brute force)."""

from __future__ import annotations

import itertools

import pytest

from jantaku.errors import InvalidHandError
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile, TileKind


def _tiles(kinds: tuple[int, ...]) -> tuple[Tile, ...]:
    """Distinct physical copies of the kinds (a bonus kind is its one tile)."""
    used: dict[int, int] = {}
    out = []
    for k in kinds:
        copy = used.get(k, 0)
        used[k] = copy + 1
        out.append(Tile(136 + k - 34) if k >= 34 else Tile(k * 4 + copy))
    return tuple(out)


def _is_chow(kinds: tuple[int, ...]) -> bool:
    a, b, c = sorted(kinds)
    same_suit = a // 9 == c // 9 and c < 27
    return same_suit and b == a + 1 and c == a + 2


def _accepted(kind: MeldKind, tiles: tuple[Tile, ...], kong: KongKind | None = None) -> bool:
    try:
        Meld(kind, tiles, kong)
    except InvalidHandError:
        return False
    return True


def test_chows_and_pungs_of_every_three_kinds() -> None:
    kinds = range(len(TileKind))  # bonus kinds included: never part of a meld
    for combo in itertools.combinations_with_replacement(kinds, 3):
        if any(combo.count(k) > (1 if k >= 34 else 4) for k in combo):
            continue
        tiles = _tiles(combo)
        bonus = any(k >= 34 for k in combo)
        assert _accepted(MeldKind.CHOW, tiles) == (not bonus and _is_chow(combo)), combo
        pung = not bonus and len(set(combo)) == 1
        assert _accepted(MeldKind.PUNG, tiles) == pung, combo


def test_kongs_need_four_of_a_kind_and_their_kind() -> None:
    for k in range(34):
        four = _tiles((k,) * 4)
        assert _accepted(MeldKind.KONG, four, KongKind.EXPOSED)
        assert not _accepted(MeldKind.KONG, four)  # no kong kind
        assert not _accepted(MeldKind.PUNG, four[:3], KongKind.ADDED)
        if k < 33:
            assert not _accepted(MeldKind.KONG, _tiles((k, k, k, k + 1)), KongKind.CONCEALED)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Meld(MeldKind.PUNG, (Tile(0), Tile(0), Tile(1))), "physical tile twice"),
        (lambda: Meld(MeldKind.PUNG, (Tile(0), Tile(1))), "has 3 tiles, not 2"),
        (lambda: Meld(MeldKind.PUNG, (Tile(136), Tile(137), Tile(138))), "bonus tiles"),
        (lambda: Meld(MeldKind.PUNG, _tiles((0, 0, 0)), called=Tile(3)), "called tile"),
        (lambda: Meld(MeldKind.CHOW, _tiles((7, 8, 9))), "is not a chow"),
    ],
)
def test_errors_name_the_problem(make: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        make()  # type: ignore[operator]
