"""The riichi wait model: its shape table agrees with the hand analysis' own wait finder, its
counting behaves as suji, kabe and visible honours demand, and against the riichi hands of real
Phoenix games it is calibrated and separates winning tiles better than ``reading.danger``."""

from __future__ import annotations

import numpy as np
import pytest

from jantaku.engine.riichi.match import Match
from jantaku.formats import record as rec
from jantaku.formats.detect import load_games
from jantaku.hand.analysis import waits
from jantaku.players.riichi.reading import danger, safe_kinds, track_passed, visible_counts
from jantaku.players.riichi.wait_model import SHANPON, SHAPES, TANKI, riichi_wait_chances
from tests.validation import validation_data

EAST, NORTH = 27, 30


def _counts(kinds: list[int]) -> list[int]:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


def test_every_shape_waits_where_the_hand_analysis_says() -> None:
    assert len(SHAPES) == 3 * (6 + 2 + 7) + 2 * 34
    for kind, need, wins in SHAPES:
        if kind == TANKI:
            expected = set(wins)
            found = waits(_counts(list(need)), 4)
        elif kind == SHANPON:  # next to another pair, either pair may complete
            pair = NORTH if need[0] != NORTH else EAST
            expected = {*wins, pair}
            found = waits(_counts([*need, pair, pair]), 3)
        else:  # a partial run completed next to a pair of a far honour
            expected = set(wins)
            found = waits(_counts([*need, NORTH, NORTH]), 3)
        assert {int(k) for k in found} == expected, (kind, need)


def test_counting_follows_safe_tiles_and_visible_copies() -> None:
    seen = [0] * 34
    free = riichi_wait_chances(set(), seen)
    assert free[4] > free[0] and free[4] > free[EAST]  # a bare 5 is the most dangerous
    # genbutsu is safe; the suji 1m of a safe 4m is safer than a bare 1m
    suji = riichi_wait_chances({3}, seen)
    assert suji[3] == 0.0 and suji[0] < free[0]
    # kabe: every 2m visible, so no 1m-2m or 2m-3m shape can wait on 1m
    kabe = list(seen)
    kabe[1] = 4
    assert riichi_wait_chances(set(), kabe)[0] < 0.5 * free[0]
    # an honour with three copies visible can only be a single wait
    honours = list(seen)
    honours[EAST] = 3
    assert riichi_wait_chances(set(), honours)[EAST] < free[EAST]
    # the more a hand has shown safe, the more the rest is worth fearing
    many = riichi_wait_chances(set(range(9, 27)) | {0, 1, 2}, seen)
    assert many[4] > free[4]


def _phoenix_rows(files: int) -> np.ndarray:
    """(group, wait chance, reading.danger, is a winning tile) of every unsafe kind against
    every riichi hand at every recorded discard of other seats."""
    from jantaku.formats.replay import check_game

    folder = validation_data() / "mjx" / "tests_py_mjlog"
    games = [
        g
        for f in sorted(folder.glob("*.mjlog"))[:files]
        for g in load_games(f)
        if isinstance(g, rec.GameRecord)
    ]
    rows: list[tuple[int, float, float, bool]] = []

    def before(match: Match, action: rec.Discard, _riichi: bool) -> None:
        view = match.view(action.seat)
        riichi = [o for o in range(4) if o != action.seat and view.seats[o].riichi]
        if not riichi or view.seats[action.seat].riichi:
            return
        passed: dict[int, set[int]] = {}
        track_passed(passed, match.deal.log)
        seen = visible_counts(view)
        for o in riichi:
            truth = {int(w) for w in match.view(o).waits}
            let_pass = passed.get(o, set())
            safe = safe_kinds(view, o, let_pass)
            chances = riichi_wait_chances(safe, seen)
            group = len(rows)
            for k in range(34):
                if k not in safe:
                    rough = danger(k, view, o, seen, let_pass)
                    rows.append((group, chances[k], rough, k in truth))

    for game in games:
        check_game(game, before_discard=before)
    return np.array(rows, dtype=float)


def _auc(rows: np.ndarray, column: int) -> float:
    """Within each decision, how often a winning kind scores above a kind that is not."""
    above = pairs = 0.0
    for group in np.unique(rows[:, 0]):
        part = rows[rows[:, 0] == group]
        hit = part[part[:, 3] == 1, column]
        miss = part[part[:, 3] == 0, column]
        above += (hit[:, None] > miss[None, :]).sum() + 0.5 * (hit[:, None] == miss[None, :]).sum()
        pairs += len(hit) * len(miss)
    return above / pairs


def test_real_riichi_hands_wait_where_the_model_says() -> None:
    rows = _phoenix_rows(35)
    assert len(rows) > 10_000
    actual, predicted = rows[:, 3].mean(), rows[:, 1].mean()
    assert predicted == pytest.approx(actual, rel=0.3)
    order = np.argsort(rows[:, 1])
    low, high = order[: len(order) // 5], order[-len(order) // 5 :]
    assert rows[high, 3].mean() > 4 * rows[low, 3].mean()
    assert _auc(rows, 1) > _auc(rows, 2) + 0.01
