"""The rank ladder against the spec's tables (doman-rules.md §5.1, Q14-Q16)."""

from __future__ import annotations

import pytest

from jantaku.server.ranks import RANKS, RankState, apply_placement, rating_delta, skill_update


def _name(state: RankState) -> tuple[str, int]:
    return RANKS[state.index].name, state.points


def test_ladder_has_twenty_ranks_with_the_spec_thresholds() -> None:
    assert len(RANKS) == 20
    assert [r.needed for r in RANKS[:10]] == [20, 20, 20, 20, 40, 60, 80, 100, 100, 100]
    assert [r.start for r in RANKS[10:]] == list(range(200, 2001, 200))
    assert [r.fourth for r in RANKS[8:12]] == [-10, -20, -30, -45]


@pytest.mark.parametrize(
    ("start", "place", "table", "after"),
    [
        (("Novice", 0), 1, "novice", ("9th Kyu", 0)),  # +30 >= 20: promoted, start value 0
        (("Novice", 0), 2, "novice", ("Novice", 15)),
        (("Novice", 0), 4, "novice", ("Novice", 0)),
        (("2nd Kyu", 5), 4, "novice", ("2nd Kyu", 0)),  # -10, no demotion below Dan
        (("1st Kyu", 90), 1, "novice", ("1st Dan", 200)),  # promotion sets the start value
        (("1st Dan", 200), 4, "advanced", ("1st Dan", 170)),
        (("1st Dan", 10), 4, "advanced", ("1st Kyu", 0)),  # Q16: 1st Dan -> 1st Kyu at 0
        (("3rd Dan", 1190), 1, "advanced", ("4th Dan", 800)),
        (("2nd Dan", 30), 4, "novice", ("1st Dan", 200)),  # -45 below 0: demoted
        (("10th Dan", 2000), 1, "advanced", ("10th Dan", 2060)),  # the top has no next rank
    ],
)
def test_placement(start: tuple[str, int], place: int, table: str, after: tuple[str, int]) -> None:
    index = [r.name for r in RANKS].index(start[0])
    assert _name(apply_placement(RankState(index, start[1]), place, table)) == after


def test_rating_formula_q14() -> None:
    assert rating_delta(1500, [1500] * 3, 1, 0) == pytest.approx(30)
    assert rating_delta(1500, [1500] * 3, 4, 100) == pytest.approx(-30 * 0.8)
    assert rating_delta(1500, [1900] * 3, 2, 1000) == pytest.approx(0.2 * (10 + 10))


def test_openskill_moves_winner_up_and_loser_down() -> None:
    new = skill_update([(25.0, 25 / 3)] * 4, [1, 2, 3, 4])
    assert new[0][0] > 25 > new[3][0]
    assert all(sigma < 25 / 3 for _mu, sigma in new)
