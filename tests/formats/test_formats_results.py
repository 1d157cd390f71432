"""Recorded results obey the scoring invariants (independent of how each format writes them).

Invariant checked for every finished hand: the score deltas of a hand never include the 1000
points each riichi player paid on acceptance, so

    sum(deltas) = 1000 x (deposits at the start + riichi accepted in the hand)   if someone won
    sum(deltas) = 0                                                              for a draw

and the next hand starts from ``scores - 1000 x own accepted riichi + deltas``, with the deposits
reset to 0 after a win or carried on (plus the new ones) after a draw. The first winner's delta is
the hand's points + 300 x honba + all deposits; a second winner of a double ron gets its points."""

from __future__ import annotations

import pytest
from formats_data import GAME_FOLDERS, games

from jantaku.formats import GameRecord, HandRecord, RiichiAccepted

# Hand-edited converter test inputs whose deltas were not made consistent with their riichi.
EDITED = {"confusing_nakis_1.json", "confusing_nakis_2.json"}


def _accepted(hand: HandRecord) -> list[int]:
    paid = [0, 0, 0, 0]
    for a in hand.actions:
        if isinstance(a, RiichiAccepted):
            paid[a.seat] += 1000
    return paid


def _name(g: GameRecord) -> str:
    return g.source.rsplit("/", 1)[-1]


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_deltas_sum_to_the_deposits_taken(folder: str) -> None:
    failing = set()
    checked = 0
    for g in games(folder):
        for h in g.hands:
            if h.result is None:
                continue
            sticks = 1000 * h.riichi_deposits + sum(_accepted(h))
            expected = sticks if h.result.wins else 0
            checked += 1
            if sum(h.result.deltas) != expected:
                failing.add(_name(g))
    assert checked > 0
    assert failing == (EDITED if folder.startswith("mjai-reviewer") else set())


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_next_hand_starts_from_these_results(folder: str) -> None:
    checked = 0
    for g in games(folder):
        for h, nxt in zip(g.hands, g.hands[1:], strict=False):
            if h.result is None:
                continue
            paid = _accepted(h)
            deltas = h.result.deltas
            assert nxt.scores == tuple(
                s - p + d for s, p, d in zip(h.scores, paid, deltas, strict=True)
            ), g.source
            carried = 0 if h.result.wins else h.riichi_deposits + sum(paid) // 1000
            assert nxt.riichi_deposits == carried, g.source
            checked += 1
    assert checked > 0 or folder in ("jansou", "mjai-reviewer_convlog_testdata")


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_winner_takes_points_honba_and_deposits(folder: str) -> None:
    checked = 0
    for g in games(folder):
        if _name(g) in EDITED:
            continue
        for h in g.hands:
            if h.result is None:
                continue
            sticks = 1000 * h.riichi_deposits + sum(_accepted(h))
            for i, w in enumerate(h.result.wins):
                if w.points is None:
                    continue
                bonus = 300 * h.honba + sticks if i == 0 else 0
                assert w.deltas[w.seat] == w.points + bonus, (g.source, h.round_wind, h.number)
                checked += 1
                if w.limit is not None and w.han is not None and w.yaku is not None:
                    assert w.han == sum(y.han for y in w.yaku)
    assert checked > 0 or folder == "riichienv"  # mjai records no points


def test_pao_tsumo_liable_player_pays_all() -> None:
    for folder in ("mjx/tests_cpp_mjlog", "mjx/tests_cpp_json"):
        g = next(g for g in games(folder) if _name(g).startswith("pao-tsumo"))
        w = g.hands[-1].result.wins[0]  # type: ignore[union-attr]
        assert (w.seat, w.from_seat, w.pao_seat) == (2, 2, 0)
        assert w.deltas == (-32000, 0, 32000, 0)
        assert [y.id for y in w.yaku or ()] == ["daisangen"]


def test_final_scores_and_points() -> None:
    """mjlog ``owari``: the last hand's scores plus its result (leftover deposits to the top),
    and the final points (uma/oka) sum to zero."""
    checked = 0
    for g in games("mjx/tests_py_mjlog"):
        if g.final_scores is None:
            continue
        last = g.hands[-1]
        assert last.result is not None
        paid = _accepted(last)
        end = [s - p + d for s, p, d in zip(last.scores, paid, last.result.deltas, strict=True)]
        if not last.result.wins:
            leftover = 1000 * last.riichi_deposits + sum(paid)
            end[max(range(4), key=lambda s: (end[s], -s))] += leftover
        assert tuple(end) == g.final_scores, g.source
        assert g.final_points is not None and abs(sum(g.final_points)) < 1e-6
        checked += 1
    assert checked == 33
