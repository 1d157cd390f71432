"""Classical walls (spec §2.2-§2.3): 144 tiles, the dice and the break, a dead wall of
``dead_wall_size`` tiles, the CIK deal, hand-made walls, and replacements from the far end of
the live wall once the dead wall is used up."""

from __future__ import annotations

from collections import Counter

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import (
    ClassicalDeal,
    ClassicalWall,
    WallError,
    arranged_wall,
    deal_hands,
    shuffled_wall,
)
from jantaku.rules.classical import preset
from jantaku.tiles import Tile, TileKind, parse_kinds


def test_a_shuffled_wall_holds_the_144_tiles_and_depends_only_on_the_seed() -> None:
    wall = shuffled_wall(7)
    assert sorted(t.index for t in (*wall.live, *wall.dead)) == list(range(144))
    assert len(wall.dead) == 16 and len(wall.live) == 128
    assert wall == shuffled_wall(7) and wall != shuffled_wall(8)
    assert len(wall.dice) == 4 and all(1 <= d <= 6 for d in wall.dice)
    kinds = Counter(t.kind for t in (*wall.live, *wall.dead))
    assert all(kinds[k] == (1 if k.is_bonus else 4) for k in TileKind)


@pytest.mark.parametrize("size", [0, 16, 20])
def test_dead_wall_size_is_an_option(size: int) -> None:
    wall = shuffled_wall(1, dead_wall_size=size)
    assert len(wall.dead) == size and len(wall.live) == 144 - size
    with pytest.raises(WallError):
        shuffled_wall(1, dead_wall_size=size + 1)


def test_the_cik_deal_gives_east_14_and_the_others_13() -> None:
    wall = shuffled_wall(2)
    hands = deal_hands(wall)
    assert [len(h) for h in hands] == [14, 13, 13, 13]
    # 3 x 4 tiles each from East in turn order, then East 2 and the others 1.
    live = wall.live
    assert hands[0][:4] == live[0:4] and hands[1][:4] == live[4:8]
    assert hands[0][4:8] == live[16:20] and hands[3][8:12] == live[44:48]
    assert hands[0][12:] == live[48:50] and hands[1][12] == live[50]
    assert hands[3][12] == live[52]


def test_arranged_walls_deal_the_given_hands() -> None:
    hands = [
        "1m2m3m4m5m6m7m8m9m 1p2p3p4p 1f",
        "1m2m3m4m5m6m7m8m9m 1p2p3p4p",
        "1m2m3m4m5m6m7m8m9m 1p2p3p4p",
        "1m2m3m4m5m6m7m8m9m 5p6p7p8p",
    ]
    wall = arranged_wall(hands, draws="9p 1y", replacements="2f 3f")
    dealt = deal_hands(wall)
    assert [sorted(t.kind for t in h) for h in dealt] == [sorted(parse_kinds(h)) for h in hands]
    assert [t.kind.notation for t in wall.live[53:55]] == ["9p", "1y"]
    assert [t.kind.notation for t in wall.dead[:2]] == ["2f", "3f"]
    with pytest.raises(WallError):
        arranged_wall([*hands[:3], "1m"])
    with pytest.raises(WallError):
        arranged_wall(hands, draws="1m")  # a fifth 1m


def test_a_wall_must_hold_each_tile_once() -> None:
    tiles = [Tile(i) for i in range(144)]
    with pytest.raises(WallError):
        ClassicalWall(tuple(tiles[:-1]), (tiles[0],))
    with pytest.raises(WallError):
        ClassicalWall(tuple(tiles[:40]), tuple(tiles[40:]))  # fewer live tiles than the deal


def test_without_a_dead_wall_replacements_come_from_the_far_end_of_the_live_wall() -> None:
    hands = [
        "1f 1m4m7m 2p5p8p 3s6s9s 1z2z3z4z",
        "2m5m8m 1p4p7p 2s5s8s 1z2z3z4z",
        "3m6m9m 3p6p9p 1s4s7s 1z2z3z4z",
        "2m5m8m 1p4p7p 2s5s8s 5z6z7z 7z",
    ]
    wall = arranged_wall(hands, dead_wall_size=0)
    deal = ClassicalDeal(preset("sontag", dead_wall_size=0), wall)
    # The filler puts the other seven bonus tiles at the far end: East lays out all eight.
    assert deal.dead_remaining == 0
    replacements = [e.tile for e in deal.log if e.type == "drew"]
    assert replacements == list(reversed(wall.live[-8:]))
    assert len(deal.seats[0].bonus) == 8 and len(deal.seats[0].tiles) == 14
    assert deal.live_remaining == 144 - 53 - 8
    deal.apply(Action(ActionKind.DISCARD, 0, deal.seats[0].tiles[0]))
    assert deal.live_remaining == 144 - 53 - 9  # South drew from the live end
