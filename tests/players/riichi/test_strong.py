"""The strong level: legal through whole hanchan against every other level; it folds a slow
hand onto genbutsu against a riichi but pushes a ready one, and pushes an early one-from-ready
hand against open hands only; it calls for a formal tenpai late in the deal; in the last deal
the leader takes a cheap call and stays quiet on any yaku, and the last-placed seat pushes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import SeatView
from jantaku.meld import Meld, MeldKind
from jantaku.players.riichi import make_player
from jantaku.players.riichi.calls import formal_tenpai_discards
from jantaku.players.riichi.placement import dama_values
from jantaku.players.riichi.reading import danger, visible_counts
from jantaku.tiles import parse_tiles
from tests.players.riichi.views import copies, own_turn, seats_with_rivers


def _view(
    hand: str,
    rivers: tuple[str, ...] = ("", "", "", ""),
    riichi: tuple[bool, ...] = (False,) * 4,
    dora: str = "1z",
    live: int = 50,
    riichi_on: str = "",
) -> SeatView:
    seats = seats_with_rivers(rivers, riichi)
    return own_turn(copies(hand), seats, parse_tiles(dora), live, riichi_on)


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


def test_pushes_one_from_ready_against_open_hands_but_folds_it_against_riichi() -> None:
    # 234m 456p 55m with 67s and 13p after the 9m: one from ready on 5s/8s/2p, no value.
    # Folding breaks the 67s onto the threat's only genbutsu (6s). Against a three-meld open
    # hand strong plays on until the last draws (the expert folds a hand without value);
    # against a riichi it folds like the expert (pushing it there cost a third more deal-ins
    # for no better placement in whole matches).
    hand = "234m456p67s13p55m9m1z"
    against_riichi = _view(hand, rivers=("", "6s", "", ""), riichi=(False, True, False, False))
    for level in ("strong", "expert"):
        folded = make_player(level).choose(against_riichi)
        assert folded.tile is not None and folded.tile.kind.notation == "6s", level
    open_melds = (
        Meld(MeldKind.CHOW, tuple(parse_tiles("789p")), called=parse_tiles("7p")[0]),
        Meld(MeldKind.CHOW, tuple(parse_tiles("123s")), called=parse_tiles("1s")[0]),
        Meld(MeldKind.PUNG, tuple(parse_tiles("444z")), called=parse_tiles("4z")[0]),
    )
    plain = _view(hand, rivers=("", "6s", "", ""), live=25)
    threat = replace(plain.seats[1], melds=open_melds, concealed_count=4)
    against_open = replace(plain, seats=(plain.seats[0], threat, *plain.seats[2:]))
    pushed = make_player("strong").choose(against_open)
    assert pushed.tile is not None and pushed.tile.kind.notation in ("9m", "1z")
    folded = make_player("expert").choose(against_open)
    assert folded.tile is not None and folded.tile.kind.notation == "6s"
    late = replace(against_open, live_remaining=8)
    late_choice = make_player("strong").choose(late)
    assert late_choice.tile is not None and late_choice.tile.kind.notation == "6s"


def test_riichis_a_valuable_ready_hand_unless_leading_the_last_deal() -> None:
    # 234m 456p 678s 33p 55s after the 9m: ready on 3p / 5s with all simples. With the 5s as
    # dora every wait is worth 7700 or 12000 by ron without riichi; strong still riichis (the
    # table folds to a riichi either way), and the leader of the last deal stays quiet on any
    # yaku to end the match.
    rich = _view("234m456p678s33p55s9m", dora="4s", riichi_on="9m")
    nine = parse_tiles("9m")[0].kind_id
    assert sorted(p for _w, p in dama_values(rich, nine)) == [7700, 12000]
    assert make_player("strong").choose(rich).kind is ActionKind.RIICHI
    cheap = _view("234m456p678s33p55s9m", dora="1z", riichi_on="9m")
    assert make_player("strong").choose(cheap).kind is ActionKind.RIICHI
    leading = _ranked(cheap, (40000, 20000, 20000, 20000))
    choice = make_player("strong").choose(leading)
    assert (choice.kind, choice.tile and choice.tile.kind.notation) == (ActionKind.DISCARD, "9m")


def _chi_view(live: int, rivers: tuple[str, ...], riichi: tuple[bool, ...]) -> SeatView:
    # 123m 456p 22z 78s 13s 9m: one from ready and without a yaku (the South pair is a guest
    # wind for the East seat in the East round); a chi of 2s makes it ready on 6s/9s after 9m
    view = _view("123m456p22z78s13s9m", rivers=rivers, riichi=riichi, live=live)
    one, three = (t for t in view.hand if t.kind.notation in ("1s", "3s"))
    chi = Action(ActionKind.CHI, 0, parse_tiles("2s")[0], (one, three))
    return replace(view, phase="call", drawn=None, legal_actions=(Action(ActionKind.PASS, 0), chi))


def test_formal_tenpai_discards_respect_the_swap_call_rule() -> None:
    # chi 2s on 34s leaves 123m 456p 22z 578s: the 8s (6s kanchan) and the 5s (78s) both leave
    # a ready hand, but the 5s is the suji swap of the called 2s and may not follow the call
    view = _view("123m456p22z34s578s")
    three, four = (t for t in view.hand if t.kind.notation in ("3s", "4s"))
    chi = Action(ActionKind.CHI, 0, parse_tiles("2s")[0], (three, four))
    assert formal_tenpai_discards(view, chi) == [parse_tiles("8s")[0].kind_id]


def test_formal_tenpai_call_late_in_the_deal() -> None:
    quiet = ("", "", "", "")
    late = _chi_view(10, quiet, (False,) * 4)
    assert formal_tenpai_discards(late, late.legal_actions[1]) == [parse_tiles("9m")[0].kind_id]
    assert make_player("strong").choose(late).kind is ActionKind.CHI
    assert make_player("expert").choose(late).kind is ActionKind.PASS, "no yaku: expert passes"
    early = _chi_view(40, quiet, (False,) * 4)
    assert make_player("strong").choose(early).kind is ActionKind.PASS
    # against a riichi the call needs a safe discard after it: the 9m must be genbutsu
    riichi = (False, True, False, False)
    unsafe = _chi_view(10, ("", "4p", "", ""), riichi)
    assert make_player("strong").choose(unsafe).kind is ActionKind.PASS
    safe = _chi_view(10, ("", "9m", "", ""), riichi)
    assert make_player("strong").choose(safe).kind is ActionKind.CHI


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


def test_one_from_ready_without_threats_plays_for_value_not_just_acceptance() -> None:
    # 234678m 56p 2466s 33z: dropping a 2s keeps the most draws (the west pair stays), but
    # dropping the west leaves an all-simples hand (tanyao on top of riichi, and pinfu shapes);
    # the expert counts draws, strong counts expected points (jantaku.players.riichi.hand_ev)
    view = _view("234678m56p2466s33z", dora="2m")
    expert = make_player("expert").choose(view)
    strong = make_player("strong").choose(view)
    assert expert.tile is not None and expert.tile.kind.notation == "2s"
    assert strong.tile is not None and strong.tile.kind.notation == "3z"
