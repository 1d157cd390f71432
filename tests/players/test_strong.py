"""The strong level: legal through whole hanchan against every other level; its win-chance
chain agrees with the closed form and with brute-force simulation; it folds a slow hand onto
genbutsu against a riichi but pushes a ready one; it keeps dora that efficiency alone would
throw."""

from __future__ import annotations

import random

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.view import PublicSeat, SeatView
from jantaku.game import new_match
from jantaku.players import make_player
from jantaku.players.reading import danger, visible_counts
from jantaku.players.strong import han_points, win_chance
from jantaku.tiles import Tile, parse_tiles


def _view(
    hand: str,
    rivers: tuple[str, ...] = ("", "", "", ""),
    riichi: tuple[bool, ...] = (False,) * 4,
    dora: str = "1z",
    live: int = 50,
) -> SeatView:
    used: dict[int, int] = {}
    fixed = []
    for t in sorted(parse_tiles(hand), key=lambda t: t.index):
        k = t.index >> 2
        n = used.get(k, 0)
        used[k] = n + 1
        fixed.append(Tile(k * 4 + n, t.red))
    seats = tuple(
        PublicSeat(
            25000, (), tuple((t, False, False, False) for t in parse_tiles(r)), riichi[s], 13
        )
        for s, r in enumerate(rivers)
    )
    legal = tuple(Action(ActionKind.DISCARD, 0, t) for t in fixed)
    return SeatView(
        seat=0,
        phase="turn",
        turn=0,
        dealer=0,
        round_wind=0,
        honba=0,
        deposits=0,
        live_remaining=live,
        dora_indicators=tuple(parse_tiles(dora)),
        seats=seats,
        hand=tuple(fixed),
        drawn=fixed[-1],
        last_discard=None,
        waits=(),
        furiten=False,
        legal_actions=legal,
    )


@pytest.mark.parametrize("others", ["defensive", "efficiency", "expert", "random"])
def test_strong_plays_only_legal_actions_through_a_hanchan(others: str) -> None:
    table = new_match("doman", seed=f"strong-vs-{others}")
    players = [make_player("strong" if s == 0 else others, f"{others}:{s}") for s in range(4)]
    kinds_played: set[ActionKind] = set()
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal_actions
        if seat == 0:
            kinds_played.add(action.kind)
        events = table.apply(action)
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])
    assert table.result is not None and sorted(table.result.ranking) == [0, 1, 2, 3]
    assert ActionKind.DISCARD in kinds_played


def test_win_chance_matches_the_closed_form_when_ready() -> None:
    # ready, no ron: the chance that at least one of n draws is a wait
    for waits, unseen, draws in ((4, 80, 10), (8, 60, 5), (1, 100, 17)):
        expected = 1 - (1 - waits / unseen) ** draws
        assert win_chance(0, waits, unseen, draws, 1.0) == pytest.approx(expected)
    assert win_chance(-1, 0, 80, 0, 1.0) == 1.0
    assert win_chance(2, 30, 80, 0, 1.0) == 0.0


def test_win_chance_of_one_away_matches_simulation() -> None:
    # one step with acceptance a, then a ready hand on the typical 5 waits: simulate draws
    rng = random.Random(5)
    accept, unseen, draws = 20, 80, 8
    q1, q2 = accept / unseen, 5 / unseen
    wins = 0
    trials = 40000
    for _ in range(trials):
        stage = 0
        for _d in range(draws):
            if rng.random() < (q1 if stage == 0 else q2):
                stage += 1
                if stage == 2:
                    wins += 1
                    break
    assert win_chance(1, accept, unseen, draws, 1.0) == pytest.approx(wins / trials, abs=0.01)


def test_han_points_follow_the_table_and_limits() -> None:
    assert han_points(1, False) == 1000
    assert han_points(3, False) == 3900
    assert han_points(5, False) == 8000
    assert han_points(6, True) == 18000
    assert han_points(0, False) == 0
    assert han_points(2, False) < han_points(2.5, False) < han_points(3, False)


def test_folds_a_slow_hand_onto_genbutsu_against_riichi() -> None:
    view = _view(
        "19m258p369s12347z6p", rivers=("", "4s6p", "", ""), riichi=(False, True, False, False)
    )
    choice = make_player("strong").choose(view)
    assert choice.tile is not None and choice.tile.kind.notation == "6p"


def test_pushes_a_ready_valuable_hand_against_riichi() -> None:
    # ready on 25p after the 1z with four dora (5m pung with the red five, dora 5m); folding
    # would break the hand on the genbutsu 9m, pushing keeps it with the unseen honour
    view = _view(
        "550m34p678s22p789m1z",
        rivers=("", "1m9m", "", ""),
        riichi=(False, True, False, False),
        dora="4m",
    )
    choice = make_player("strong").choose(view)
    assert choice.tile is not None and choice.tile.kind.notation == "1z"
    seen = visible_counts(view)
    assert danger(int(choice.tile.kind), view, 1, seen) > 0, "the push tile is not safe"


def test_keeps_a_dora_that_pure_efficiency_throws() -> None:
    # 1-shanten with three floating tiles: keeping 5s and 1p accepts the most kinds, but 9s
    # is the dora (indicator 8s); efficiency throws it, the strong level keeps its value
    view = _view("123m789m456p77z5s1p9s", dora="8s")
    eff = make_player("efficiency").choose(view)
    assert eff.tile is not None and eff.tile.kind.notation == "9s"
    strong = make_player("strong").choose(view)
    assert strong.tile is not None and strong.tile.kind.notation != "9s"
