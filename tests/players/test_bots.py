"""Bots: every decision is legal in self-play; the efficiency bot agrees with the hand library's
own ranking of discards; the defensive bot folds onto genbutsu against a riichi."""

from __future__ import annotations

import random

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.view import PublicSeat, SeatView
from jantaku.game import new_match
from jantaku.hand import discard_options
from jantaku.players import LEVELS, make_player
from jantaku.players.reading import danger, open_yaku_path, visible_counts
from jantaku.tiles import Tile, parse_tiles


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_decision_is_legal_over_a_match(level: str) -> None:
    table = new_match("doman", seed=f"legal-{level}", length="east_only")
    players = [make_player(level, s) for s in range(4)]
    decisions = 0
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        assert view.legal_actions, "a seat asked to decide has at least one legal action"
        action = players[seat].choose(view)
        assert action in view.legal_actions
        events = table.apply(action)
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])
        decisions += 1
    assert decisions > 50


def _view(
    hand: str,
    rivers: list[str] | None = None,
    riichi: tuple[bool, ...] = (False,) * 4,
    dora: str = "1z",
) -> SeatView:
    tiles = tuple(sorted(parse_tiles(hand), key=lambda t: t.index))
    # give every tile a distinct physical copy
    used: dict[int, int] = {}
    fixed = []
    for t in tiles:
        k = t.index >> 2
        n = used.get(k, 0)
        used[k] = n + 1
        fixed.append(Tile(k * 4 + n, t.red))
    river_tiles = [parse_tiles(r) if r else [] for r in (rivers or ["", "", "", ""])]
    seats = tuple(
        PublicSeat(
            25000, (), tuple((t, False, False, False) for t in river_tiles[s]), riichi[s], 13
        )
        for s in range(4)
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
        live_remaining=50,
        dora_indicators=tuple(parse_tiles(dora)),
        seats=seats,
        hand=tuple(fixed),
        drawn=fixed[-1],
        last_discard=None,
        waits=(),
        furiten=False,
        legal_actions=legal,
    )


def _random_hand(rng: random.Random) -> str:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    kinds = sorted(wall[:14])
    return "".join(f"{k % 9 + 1}{'mps'[k // 9]}" if k < 27 else f"{k - 26}z" for k in kinds)


def test_efficiency_discards_are_best_by_the_hand_library() -> None:
    rng = random.Random(7)
    bot = make_player("efficiency")
    for _ in range(200):
        view = _view(_random_hand(rng))
        choice = bot.choose(view)
        counts = [0] * 34
        for t in view.hand:
            counts[t.index >> 2] += 1
        seen = visible_counts(view)
        options = discard_options(counts, 0, seen)
        best = (options[0].acceptance.shanten, options[0].acceptance.total)
        assert choice.tile is not None
        mine = next(o for o in options if o.discard == choice.tile.index >> 2)
        assert (mine.acceptance.shanten, mine.acceptance.total) == best


def test_defensive_folds_onto_genbutsu_against_riichi() -> None:
    # a hand far from ready; seat 1 is in riichi and has discarded 6p
    view = _view(
        "19m258p369s12347z6p", rivers=["", "4s6p", "", ""], riichi=(False, True, False, False)
    )
    choice = make_player("defensive").choose(view)
    assert choice.tile is not None and choice.tile.kind.notation == "6p"
    # the efficiency bot does not look at the riichi
    eff = make_player("efficiency").choose(view)
    assert eff.tile is not None and eff.tile.kind.notation != "6p"


def test_danger_rules() -> None:
    view = _view(
        "123m456p789s11z", rivers=["", "4m1z1z", "", ""], riichi=(False, True, False, False)
    )
    seen = visible_counts(view)
    m = {n: int(parse_tiles(n)[0].kind) for n in ("4m", "1m", "7m", "5m", "1z", "2z")}
    assert danger(m["4m"], view, 1, seen) == 0  # genbutsu
    assert danger(m["1m"], view, 1, seen) < danger(m["5m"], view, 1, seen)  # suji of 4m
    assert danger(m["7m"], view, 1, seen) < danger(m["5m"], view, 1, seen)  # half suji
    assert danger(m["1z"], view, 1, seen) == 0  # discarded by the riichi seat


def test_open_yaku_paths() -> None:
    def counts(text: str) -> list[int]:
        c = [0] * 34
        for t in parse_tiles(text):
            c[t.index >> 2] += 1
        return c

    yakuhai = {27, 31, 32, 33}
    assert open_yaku_path(counts("234m55p678s55z"), [[1, 2, 3]], yakuhai, kuitan=True)
    assert open_yaku_path(counts("234m456p678s"), [[3, 4, 5]], yakuhai, kuitan=True)
    assert not open_yaku_path(counts("234m456p678s"), [[3, 4, 5]], yakuhai, kuitan=False)
    assert not open_yaku_path(counts("123m456p789s"), [[9, 10, 11]], yakuhai, kuitan=True)
    assert open_yaku_path(counts("123m456m789m"), [[0, 1, 2]], yakuhai, kuitan=False)
