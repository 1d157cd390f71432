"""The terminal games tell the person every move of the others: each of their discards is
written once, those that ended a hand too (before its result), in both families."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

from jantaku.commands import play, play_classical
from jantaku.commands.keyboard import KeyboardPlayer, play_to_the_end
from jantaku.families import family
from jantaku.players.classical.table import ClassicalTable


def _riichi(out: list[str]) -> tuple[KeyboardPlayer, Callable[[list[Any]], None]]:
    human = play.Human(lambda _prompt: "", out.append)
    return human, lambda events: play._narrate(events, human.names, human)


def _classical(out: list[str]) -> tuple[KeyboardPlayer, Callable[[list[Any]], None]]:
    human = play_classical.ClassicalHuman(lambda _prompt: "", out.append)
    return human, lambda events: play_classical._narrate(events, human.names, human)


@pytest.mark.parametrize(
    ("name", "preset", "person"),
    [("riichi", "doman", _riichi), ("classical", "sontag", _classical)],
)
def test_every_discard_of_the_others_is_told_once_before_the_result(
    name: str, preset: str, person: Callable[[list[str]], Any]
) -> None:
    fam = family(name)
    table: Any = fam.new_table(preset, "recap", "quick", 400)
    out: list[str] = []
    human, narrate = person(out)
    human.names = ["You", "bot-1", "bot-2", "bot-3"]
    bots = [fam.new_player("efficiency", f"recap:{s}", preset) for s in (1, 2, 3)]
    play_to_the_end(table, human, bots, narrate)
    text = "\n".join(out)
    told = text.count(" discards ")
    discards = [e for e in table.log if e.type == "discarded" and e.seat != 0]
    assert told == len(discards)
    assert text.count("=== End of hand ===") > 1
    # a hand won on a bot's discard: that discard is the last thing told before the result
    blocks = text.split("=== End of hand ===")
    rons = 0
    for before, result in itertools.pairwise(blocks):
        won = re.search(r"wins by ron off (bot-\d) on (\S+)", result)
        if won is not None:
            rons += 1
            last = before.rstrip().splitlines()[-1]
            assert re.search(rf"{won[1]} discards {won[2]}(, declaring riichi)?\.$", last), last
    assert name != "riichi" or rons


@pytest.mark.parametrize(("rounds", "max_hands"), [(0, 400), (5, 400), (4, 0), (1, -1)])
def test_a_classical_table_refuses_a_length_it_cannot_play(rounds: int, max_hands: int) -> None:
    with pytest.raises(ValueError, match="a classical game"):
        ClassicalTable(rounds=rounds, max_hands=max_hands)
