"""``jantaku.families.run_arena``: a library user's own player sits in an arena against the
built-in puppets of either family, and gets the rows ``jantaku arena --json`` prints."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from jantaku.engine import Action, ActionKind, Event, GameView
from jantaku.errors import JantakuError
from jantaku.families import UnknownFamilyError, run_arena


class DrawnTileBot:
    """Wins when it may, else discards the tile it drew (or the first it may), never calls."""

    name = "drawn-tile"

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.decisions = 0

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def choose(self, view: GameView) -> Action:
        self.decisions += 1
        acts = view.legal_actions
        for a in acts:
            if a.kind in (ActionKind.TSUMO, ActionKind.RON):
                return a
        for a in acts:
            if a.kind is ActionKind.DISCARD and a.tile == view.drawn:
                return a
        return next((a for a in acts if a.kind is ActionKind.PASS), acts[0])


@pytest.mark.parametrize(
    ("preset", "length", "max_hands"), [("doman", "quick", 400), ("sontag", "quick", 3)]
)
def test_an_own_player_meets_three_puppets(preset: str, length: str, max_hands: int) -> None:
    made: list[DrawnTileBot] = []

    def mine(seed: str) -> DrawnTileBot:
        made.append(DrawnTileBot(seed))
        return made[-1]

    rows = run_arena(
        preset,
        [mine, "efficiency", "efficiency", "random"],
        games=4,
        seed="t",
        duplicate=True,
        length=length,
        max_hands=max_hands,
    )
    assert [r["name"] for r in rows] == ["drawn-tile", "efficiency", "efficiency", "random"]
    assert [r["games"] for r in rows] == [4, 4, 4, 4]
    assert len(made) == 4 and len({b.seed for b in made}) == 4  # one player a game, seeded
    assert all(b.decisions > 0 for b in made)
    placements = [r["avg_placement"] for r in rows]
    assert sum(placements) == pytest.approx(10.0)  # places 1+2+3+4 in each of the games


def test_a_bad_seat_list_is_refused_in_words() -> None:
    with pytest.raises(UnknownFamilyError, match="unknown level 'efficency'"):
        run_arena("doman", ["efficency", "random", "random", "random"], games=1)
    with pytest.raises(JantakuError, match="four players, got 3"):
        run_arena("doman", ["random", "random", "random"], games=1)
    with pytest.raises(UnknownFamilyError, match="unknown rules preset 'domann'"):
        run_arena("domann", ["random"] * 4, games=1)
