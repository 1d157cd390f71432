"""The expected value of a discard (jantaku.players.riichi.hand_ev) against independent counts: the
waits and points of a ready hand against the wait finder and the scorer, the closed-form win
chance against a draw-by-draw sum, and the one-from-ready value against a brute-force walk over
every draw sequence of the same model; then the choices it makes that acceptance alone cannot."""

from __future__ import annotations

from functools import cache

import pytest

from jantaku.hand.analysis import waits
from jantaku.hand.lookup import shanten
from jantaku.meld import Meld, MeldKind
from jantaku.players.riichi import hand_ev
from jantaku.players.riichi.hand_ev import HandSpot, discard_values, win_chance
from jantaku.rules.riichi import NoWin, WinContext, score
from jantaku.rules.riichi.options import preset
from jantaku.tiles import Tile, TileKind, Wind, parse_kinds, parse_tiles


def _counts(hand: str) -> list[int]:
    counts = [0] * 34
    for k in parse_kinds(hand):
        counts[int(k)] += 1
    return counts


def _spot(hand: str, dora: str = "1z", draws: int = 10, melds: tuple[Meld, ...] = ()) -> HandSpot:
    unseen = [4 - n for n in _counts(hand)]
    for k in parse_kinds(dora):
        unseen[int(k)] -= 1
    for m in melds:
        for t in m.tiles:
            unseen[t.kind_id] -= 1
    return HandSpot(
        melds=melds,
        seat_wind=Wind.SOUTH,
        round_wind=Wind.EAST,
        dora=tuple(parse_kinds(dora)),
        unseen=unseen,
        river=frozenset(),
        reds=frozenset(),
        draws=draws,
        closed=not melds,
    )


def test_ready_hand_chance_and_points_match_the_wait_finder_and_the_scorer() -> None:
    hand = "234m67p345678s55z"  # ready on 5p/8p with riichi, dora 6p (indicator 5p)
    spot = _spot(hand, dora="5p")
    counts = _counts(hand)
    chance, points = spot.ready(counts)
    found = [int(w) for w in waits(counts)]
    assert found == [13, 16]
    weights = [spot.unseen[w] * (1 + hand_ev._RON_FACTOR) for w in found]
    assert chance == pytest.approx(sum(weights) / spot.wall)
    tiles = tuple(parse_tiles(hand))
    scored = []
    for w in found:
        ctx = WinContext(
            hand=tiles,
            win_tile=Tile(w * 4 + 3),
            seat_wind=Wind.SOUTH,
            dora_indicators=(TileKind.P5,),
            riichi=True,
            discarder=1,
        )
        result = score(ctx, preset("doman"))
        assert not isinstance(result, NoWin)
        scored.append(result.points)
    assert points == pytest.approx(
        sum(p * w for p, w in zip(scored, weights, strict=True)) / sum(weights)
    )


def test_a_wait_in_the_own_river_leaves_the_whole_hand_tsumo_only() -> None:
    # doman-rules.md §2.7: any winning tile in the own river forbids every ron, 5p included
    hand = "234m67p345678s55z"  # ready on 5p/8p
    spot = _spot(hand)
    furiten = _spot(hand)
    furiten.river = frozenset({int(TileKind.P8)})
    chance, points = spot.ready(_counts(hand))
    tsumo_only, same_points = furiten.ready(_counts(hand))
    live = spot.unseen[int(TileKind.P5)] + spot.unseen[int(TileKind.P8)]
    assert tsumo_only == pytest.approx(live / spot.wall)
    assert chance == pytest.approx(live * (1 + hand_ev._RON_FACTOR) / spot.wall)
    assert same_points == points
    other = _spot(hand)
    other.river = frozenset({int(TileKind.P9)})  # not a wait: no furiten
    assert other.ready(_counts(hand)) == (chance, points)


def test_an_open_hand_without_yaku_on_a_wait_cannot_win_on_it() -> None:
    # 345m chow called; 23456p 678s 22s: ready on 1p (no yaku), 4p and 7p (all simples)
    chow = Meld(MeldKind.CHOW, tuple(parse_tiles("345m")), called=parse_tiles("3m")[0])
    hand = "456p678s22s23p"
    spot = _spot(hand, melds=(chow,))
    chance, points = spot.ready(_counts(hand))
    simples = (spot.unseen[int(TileKind.P4)] + spot.unseen[int(TileKind.P7)]) * (
        1 + hand_ev._RON_FACTOR
    )
    assert chance == pytest.approx(simples / spot.wall)  # the 1p counts for nothing
    assert points > 0
    yakuless = "456p678s11z23p"
    assert _spot(yakuless, melds=(chow,)).ready(_counts(yakuless)) == (0.0, 0.0)
    no_kuitan = _spot(hand, melds=(chow,))
    no_kuitan.options = preset("doman_no_kuitan")  # no open tanyao: no wait has a yaku
    assert no_kuitan.ready(_counts(hand)) == (0.0, 0.0)


@pytest.mark.parametrize("chance", [0.0, 0.05, 0.2, 0.9])
@pytest.mark.parametrize("draws", [0, 1, 5, 17])
def test_win_chance_closed_form_matches_the_draw_by_draw_sum(chance: float, draws: int) -> None:
    end = 0.045
    alive, total = 1.0, 0.0
    for _ in range(draws):
        alive *= 1.0 - end  # the deal reaches this draw
        total += alive * chance
        alive *= 1.0 - chance
    assert win_chance(chance, draws, end) == pytest.approx(total)


@pytest.mark.parametrize("hand", ["23m456p789s11z357s", "13m456p789s11z357s"])
@pytest.mark.parametrize("draws", [1, 2, 4])
def test_one_from_ready_value_matches_a_walk_over_every_draw(hand: str, draws: int) -> None:
    spot = _spot(hand, draws=draws)
    counts = _counts(hand)
    assert shanten(counts) == 1

    @cache
    def ready_hand(key: bytes, left: int) -> float:
        return spot.ready_value(list(key), left)

    @cache
    def walk(key: bytes, left: int) -> float:
        """Value of a 13-tile one-from-ready hand with ``left`` own draws to come."""
        if left == 0:
            return 0.0
        held = list(key)
        value = 0.0
        for k in range(34):
            p = spot.unseen[k] / spot.wall
            if not p or held[k] == 4:
                continue
            held[k] += 1
            best = None
            if shanten(held) == 0:
                for j in range(34):
                    if held[j]:
                        held[j] -= 1
                        if shanten(held) == 0:
                            v = ready_hand(bytes(held), left - 1)
                            best = v if best is None else max(best, v)
                        held[j] += 1
            held[k] -= 1
            value += p * (best if best is not None else walk(key, left - 1))
        return (1.0 - spot.end) * value

    assert spot.one_away_value(counts, draws) == pytest.approx(walk(bytes(counts), draws))


def test_prefers_a_two_sided_wait_to_a_closed_one_of_the_same_hand() -> None:
    # ready either way: keep 34m (2m/5m) or 13m (2m)
    hand = "134m678m456p789s11z"
    values = discard_values(_spot(hand), _counts(hand), [int(TileKind.M1), int(TileKind.M4)])
    assert values[int(TileKind.M1)] > values[int(TileKind.M4)] > 0


def test_a_discard_that_breaks_a_ready_hand_is_left_out() -> None:
    # dropping the 6m leaves a wide one-from-ready hand; the early riichi is worth more than
    # the model credits (docs/play.md), so only the discards that stay ready are valued
    hand = "134m678m456p789s11z"
    kinds = [int(TileKind.M1), int(TileKind.M4), int(TileKind.M6)]
    assert sorted(discard_values(_spot(hand), _counts(hand), kinds)) == kinds[:2]


def test_gives_up_acceptance_for_an_all_simples_hand() -> None:
    # one from ready either way: the west pair keeps more draws (2s and 5s pairs on top),
    # but dropping it leaves an all-simples hand with a sure yaku and riichi on top
    hand = "234678m56p2466s33z"
    counts = _counts(hand)
    values = discard_values(_spot(hand, draws=12), counts, [int(TileKind.WEST), int(TileKind.S2)])
    assert values[int(TileKind.WEST)] > values[int(TileKind.S2)]
