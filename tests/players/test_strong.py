"""The strong level: legal through whole hanchan against every other level; it folds a slow
hand onto genbutsu against a riichi but pushes a ready one; it stays quiet on a ready hand the
scorer already values highly; in the last deal the leader takes a cheap call and the
last-placed seat pushes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.view import PublicSeat, SeatView
from jantaku.game import new_match
from jantaku.players import make_player
from jantaku.players.reading import danger, visible_counts
from jantaku.players.strong import dama_values
from jantaku.tiles import Tile, parse_tiles


def _view(
    hand: str,
    rivers: tuple[str, ...] = ("", "", "", ""),
    riichi: tuple[bool, ...] = (False,) * 4,
    dora: str = "1z",
    live: int = 50,
    riichi_on: str = "",
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
    legal = tuple(Action(ActionKind.DISCARD, 0, t) for t in fixed) + tuple(
        Action(ActionKind.RIICHI, 0, t) for t in fixed if t.kind.notation == riichi_on
    )
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


def test_stays_quiet_on_a_ready_hand_worth_a_mangan_share_and_riichis_a_cheap_one() -> None:
    # 234m 456p 678s 33p 55s after the 9m: ready on 3p / 5s with all simples. With the 5s as
    # dora every wait is worth at least 3 han 40 fu by ron (7700 on 3p for this dealer, a
    # 4-han mangan on 5s), so riichi adds little; without dora the hand is 1 han and riichi
    # doubles it.
    rich = _view("234m456p678s33p55s9m", dora="4s", riichi_on="9m")
    nine = parse_tiles("9m")[0].index >> 2
    assert sorted(p for _w, p in dama_values(rich, nine)) == [7700, 12000]
    choice = make_player("strong").choose(rich)
    assert (choice.kind, choice.tile and choice.tile.kind.notation) == (ActionKind.DISCARD, "9m")
    expert = make_player("expert").choose(rich)
    assert expert.kind is ActionKind.RIICHI, "the comparison level riichis the same hand"
    cheap = _view("234m456p678s33p55s9m", dora="1z", riichi_on="9m")
    assert make_player("strong").choose(cheap).kind is ActionKind.RIICHI


def _ranked(view: SeatView, scores: tuple[int, ...]) -> SeatView:
    seats = tuple(replace(p, score=sc) for p, sc in zip(view.seats, scores, strict=True))
    return replace(view, seats=seats, all_last=True)


def test_last_placed_seat_pushes_in_the_last_deal() -> None:
    # far from ready against a riichi: the only genbutsu is the 4s of a run; the last-placed
    # seat has no place to lose and plays on, everyone else folds onto it
    view = _view(
        "19m258p36s1237z456s", rivers=("", "4s", "", ""), riichi=(False, True, False, False)
    )
    behind = _ranked(view, (12000, 40000, 25000, 23000))
    choice = make_player("strong").choose(behind)
    assert choice.tile is not None and choice.tile.kind.notation != "4s", "folded anyway"
    for scores in ((40000, 12000, 25000, 23000), (25000, 12000, 40000, 23000)):
        choice = make_player("strong").choose(_ranked(view, scores))
        assert choice.tile is not None and choice.tile.kind.notation == "4s", scores


def test_leader_takes_a_cheap_call_in_the_last_deal_only() -> None:
    view = _view("23m456p22p567s3468s")  # one from ready, no value
    chi = Action(ActionKind.CHI, 0, parse_tiles("4m")[0], (view.hand[0], view.hand[1]))
    call_view = replace(
        view, phase="call", drawn=None, legal_actions=(Action(ActionKind.PASS, 0), chi)
    )
    assert make_player("strong").choose(call_view).kind is ActionKind.PASS
    leading = _ranked(call_view, (40000, 20000, 20000, 20000))
    assert make_player("strong").choose(leading).kind is ActionKind.CHI
    trailing = _ranked(call_view, (20000, 40000, 20000, 20000))
    assert make_player("strong").choose(trailing).kind is ActionKind.PASS
