"""The offences of the Strafkatalog the engine cannot see (spec §8, items 7-10 of the list:
a bought tile kept concealed, a wrong number of tiles, a dead hand or a draw at the wrong time,
pointing out an error), reported by the table in free-declaration mode (``penalties = true``):
payments to each other seat with East's factor 2 (§6.2) and the consequences the table states."""

from __future__ import annotations

import json
import random

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalDeal, ClassicalMatch, Phase, replay_game
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import Penalty, preset
from tests.engine.classical.test_classical_flows import (
    EARTHLY,
    deltas,
    discard,
    do,
    kinds_of,
    make,
    pass_all,
)


def offences(deal: ClassicalDeal) -> list[tuple[str, int, str, tuple[int, ...]]]:
    return [(e.type, e.seat, e.offence, e.deltas) for e in deal.log if e.type == "penalty_paid"]


def test_7_bought_tile_kept_concealed_costs_10_to_each() -> None:
    deal = make(EARTHLY, penalties=True)
    events = deal.report_offence(1, Penalty.BOUGHT_TILE_CONCEALED)
    assert [e.type for e in events] == ["offence_reported", "penalty_paid"]
    paid = events[1]
    assert paid.points == 10 and paid.consequence == "the figure is laid open"
    # South pays 10 to West and North, 20 to East: 40 in all (STR "fourfold").
    assert paid.deltas == (20, -40, 10, 10)
    deal.report_offence(0, Penalty.BOUGHT_TILE_CONCEALED)  # East pays 20 to each
    assert deal.balances == [20 - 60, -40 + 20, 10 + 20, 10 + 20]
    assert deal.penalties == deal.balances and deal.phase is Phase.TURN


def test_8_wrong_number_of_tiles_pays_for_all_and_may_not_win() -> None:
    # South would win an earthly hand (5000) on East's 5m: East pays 10000, West and North 5000.
    deal = make(EARTHLY, penalties=True)
    events = deal.report_offence(1, Penalty.WRONG_TILE_COUNT)
    assert [e.type for e in events] == ["offence_reported"]  # nothing is paid yet
    discard(deal, 0, "5m")
    assert kinds_of(deal, 1) == {ActionKind.PASS}  # his hand cannot be Mah Jongg
    # West has the wrong number instead: South wins and West pays for all.
    deal = make(EARTHLY, penalties=True)
    deal.report_offence(2, Penalty.WRONG_TILE_COUNT)
    discard(deal, 0, "5m")
    do(deal, 1, ActionKind.RON)
    pass_all(deal)  # every seat is asked in this mode
    assert deal.result is not None and deal.result.winner == 1
    assert deltas(deal) == (0, 20000, -20000, 0)
    assert deal.balances == [0, 20000, -20000, 0]


def test_9_dead_hand_plays_on_without_calls_then_pays_30_and_east_10() -> None:
    deal = make(EARTHLY, penalties=True)
    assert deal.report_offence(1, Penalty.DEAD_HAND, east_shares=True)[0].east_shares
    assert deal.balances == [0, 0, 0, 0]
    discard(deal, 0, "5m")
    assert kinds_of(deal, 1) == {ActionKind.PASS}  # no right to call (his Mah Jongg included)
    pass_all(deal)
    # His turn: the error is corrected before he draws; South pays 30 (East 60, the others
    # 30 each) and East, sharing the fault, 10 (20 to each).
    assert deal.turn == 1 and deal.phase is Phase.TURN
    assert offences(deal) == [
        ("penalty_paid", 1, "dead_hand", (60, -120, 30, 30)),
        ("penalty_paid", 0, "dead_hand_east_share", (-60, 20, 20, 20)),
    ]
    assert deal.balances == [0, -100, 50, 50]
    last = [e.type for e in deal.log[-3:]]
    assert last == ["penalty_paid", "penalty_paid", "drew"]
    assert not deal.barred  # corrected: he may call again


def test_9_a_dead_hand_whose_turn_never_comes_pays_at_the_end() -> None:
    deal = make(EARTHLY, penalties=True)
    deal.report_offence(3, Penalty.DEAD_HAND)
    discard(deal, 0, "5m")
    do(deal, 1, ActionKind.RON)
    pass_all(deal)
    assert offences(deal) == [("penalty_paid", 3, "dead_hand", (60, 30, 30, -120))]
    assert deal.result is not None and deal.result.penalties == (60, 30, 30, -120)
    assert deltas(deal) == (-10000, 20000, -5000, -5000)  # the settlement is the usual one


def test_10_pointing_out_an_error_costs_10() -> None:
    deal = make(EARTHLY, penalties=True)
    (_, paid) = deal.report_offence(3, Penalty.POINTED_OUT_ERROR)
    assert paid.points == 10 and paid.deltas == (20, 10, 10, -40)


@pytest.mark.parametrize(
    ("options", "seat", "offence", "east_shares", "says"),
    [
        ({}, 1, Penalty.POINTED_OUT_ERROR, False, "penalties = true"),
        ({"penalties": True}, 1, Penalty.FALSE_MAHJONG, False, "as an action"),
        ({"penalties": True}, 0, Penalty.DEAD_HAND, True, "other than East"),
        ({"penalties": True}, 1, Penalty.POINTED_OUT_ERROR, True, "dead hand"),
        ({"penalties": True}, 4, Penalty.POINTED_OUT_ERROR, False, "not a seat"),
    ],
)
def test_a_refused_report_names_the_problem_and_changes_nothing(
    options: dict[str, bool], seat: int, offence: Penalty, east_shares: bool, says: str
) -> None:
    deal = make(EARTHLY, **options)
    before = [deal.view(s).to_json() for s in range(4)]
    with pytest.raises(IllegalActionError, match=says):
        deal.report_offence(seat, offence, east_shares=east_shares)
    assert [deal.view(s).to_json() for s in range(4)] == before


def test_a_game_with_reported_offences_replays_from_its_log() -> None:
    options = preset("sontag", lower_limit=0, penalties=True)
    rng = random.Random(5)
    game = ClassicalMatch(options, 5)
    reported = 0
    while not game.finished:
        seat = game.to_act()[0]
        if rng.random() < 0.02:
            offence = rng.choice(
                [Penalty.DEAD_HAND, Penalty.WRONG_TILE_COUNT, Penalty.MISNAMED_DISCARD]
            )
            try:
                game.report_offence(rng.randrange(4), offence)
                reported += 1
            except IllegalActionError:
                pass
        game.apply(rng.choice(game.legal_actions(seat)))
    assert reported > 5 and sum(game.balances) == 0
    log = [json.loads(json.dumps(e.to_json())) for e in game.log]
    assert [e.to_json() for e in replay_game(options, 5, log).log] == log


def test_refused_false_call_of_a_dead_hand_is_a_false_call() -> None:
    deal = make(EARTHLY, penalties=True)
    deal.report_offence(1, Penalty.DEAD_HAND)
    discard(deal, 0, "5m")
    events = deal.apply(Action(ActionKind.RON, 1, deal.last_discard[1]))  # type: ignore[index]
    assert events[0].type == "false_declaration" and events[0].reason == "a dead hand may not call"
    assert events[0].offence == "false_mahjong"
