"""``jantaku.engine.classical.new_match``: a classical game by preset name, as riichi's
``new_match`` makes a riichi match; it must be the very game the options and seed describe."""

from __future__ import annotations

import random

import pytest

from jantaku.engine.classical import ClassicalMatch, new_match
from jantaku.rules.classical import preset
from jantaku.rules.classical.options import OptionError


def _play(game: ClassicalMatch, pick: random.Random, steps: int) -> list[object]:
    for _ in range(steps):
        if game.finished:
            break
        seat = game.to_act()[0]
        game.apply(pick.choice(game.legal_actions(seat)))
    return list(game.log)


def test_a_game_by_name_is_the_game_its_options_and_seed_make() -> None:
    by_name = new_match("sontag", seed=7, initial_seating="fixed")
    by_hand = ClassicalMatch(preset("sontag", initial_seating="fixed"), 7)
    assert by_name.options == by_hand.options
    assert _play(by_name, random.Random(1), 400) == _play(by_hand, random.Random(1), 400)


def test_the_first_dealer_follows_an_overridden_option() -> None:
    assert len({new_match(seed=s).first_dealer for s in range(40)}) > 1  # sontag draws East
    assert {new_match(seed=s, initial_seating="fixed").first_dealer for s in range(40)} == {0}


@pytest.mark.parametrize(
    ("args", "named"),
    [(("nope",), {}), ((), {"no_such_option": 1})],
)
def test_an_unknown_preset_or_option_is_named(args: tuple[str, ...], named: dict[str, int]) -> None:
    with pytest.raises(OptionError, match=r"nope|no_such_option"):
        new_match(*args, **named)
