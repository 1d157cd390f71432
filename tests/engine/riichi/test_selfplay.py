"""Random self-play with invariants checked after every step (ARCHITECTURE.md): every tile
accounted for, points conserved, every decision has a legal action, views leak nothing, and a
seed plus the actions replays the same events."""

from __future__ import annotations

import json
import random

import pytest

from jantaku.engine import Action, ActionKind
from jantaku.engine.riichi import Deal, Match, Phase, TableRules
from jantaku.engine.riichi.judge import WinOutcome, WinSituation
from jantaku.engine.riichi.scoring import RiichiJudge
from jantaku.engine.riichi.seat import waits_of
from jantaku.hand.lookup import shanten
from jantaku.rules.riichi import preset
from tests.engine.policies import greedy_choice
from tests.engine.riichi.mahjong_judge import MahjongJudge


class CrossCheckedJudge:
    """jantaku's scorer, checked at every candidate win against the PyPI ``mahjong`` package
    (same Tenhou-like options; pao and Doman-only options are not in play here)."""

    def __init__(self) -> None:
        self.ours = RiichiJudge(preset("tenhou"))
        self.peer = MahjongJudge()
        self.compared = 0

    def judge(self, situation: WinSituation) -> WinOutcome | None:
        ours = self.ours.judge(situation)
        peer = self.peer.judge(situation)
        assert (ours is None) == (peer is None), situation
        if ours is not None and peer is not None and situation.pao_seat is None:
            assert (ours.han, ours.fu, ours.deltas) == (peer.han, peer.fu, peer.deltas), situation
            self.compared += 1
        return ours


JUDGE = CrossCheckedJudge()


def tiles_in_play(deal: Deal) -> list[int]:
    """Every physical tile somewhere: hands, melds, rivers (minus called ones), walls."""
    out: list[int] = []
    for seat in deal.seats:
        out.extend(t.index for t in seat.tiles)
        out.extend(t.index for m in seat.melds for t in m.tiles)
        out.extend(r.tile.index for r in seat.river if not r.called)
    wall = deal.wall
    out.extend(t.index for t in wall.live[deal.live_next :])
    out.extend(t.index for t in wall.replacements[len(deal.kan_seats) :])
    out.extend(t.index for t in wall.dora + wall.ura)
    return out


def check_invariants(match: Match) -> None:
    deal = match.deal
    assert sorted(tiles_in_play(deal)) == list(range(136))
    assert sum(deal.scores) + 1000 * deal.deposits == 100_000
    for seat_no, seat in enumerate(deal.seats):
        kongs = sum(1 for m in seat.melds if m.kind.value == "kong")
        size = len(seat.tiles) + 3 * len(seat.melds)
        holding = deal.phase is Phase.TURN and deal.turn == seat_no
        assert size == (14 if holding else 13), (seat_no, size, kongs)
        check_incremental(deal, seat_no, holding)
    if not match.finished:
        for seat_no in match.to_act():
            assert match.legal_actions(seat_no), f"seat {seat_no} must have a legal action"
    for viewer in (0, 1, 2, 3, None):
        view = match.view(viewer)
        if viewer is None:
            assert view.hand == () and view.drawn is None
        else:
            assert sorted(t.index for t in view.hand) == sorted(
                t.index for t in deal.seats[viewer].tiles
            )
        for event in deal.log:
            seen = event.seen_by(viewer).to_json()
            if event.type == "deal_started":
                for i, hand in enumerate(seen["hands"]):
                    assert (hand is None) == (i != viewer)
            if event.type == "drew":
                assert (seen["tile"] is None) == (seen["seat"] != viewer)


def check_incremental(deal: Deal, seat_no: int, holding: bool) -> None:
    """The hand facts the engine keeps up to date instead of recomputing agree with a fresh
    computation: the shanten floor never exceeds the shanten, and a seat waiting for others'
    tiles (its last change a discard) has the waits of its hand."""
    seat = deal.seats[seat_no]
    assert seat.shanten_floor <= shanten(seat.counts, len(seat.melds)), seat_no
    robbed = deal.phase is Phase.CHANKAN and deal.last_discard is not None
    if deal.phase in (Phase.TURN, Phase.CALLS) and not holding and not robbed:
        assert seat.waits == waits_of(list(seat.counts), len(seat.melds)), seat_no


def play(seed: int, rules: TableRules, check: bool = True) -> tuple[Match, list[Action]]:
    rng = random.Random(seed)
    match = Match(rules, JUDGE, seed)
    actions: list[Action] = []
    while not match.finished:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        wins = [a for a in legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
        calls = [a for a in legal if a.kind is not ActionKind.PASS]
        choice = wins[0] if wins else rng.choice(calls if calls and rng.random() < 0.3 else legal)
        match.apply(choice)
        actions.append(choice)
        if check:
            check_invariants(match)
    return match, actions


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_keep_every_invariant(seed: int) -> None:
    """Wins in random play are rare, so the bots here take every call with some probability
    (odd hands, kans, chankan); every candidate win is cross-checked against ``mahjong``."""
    rules = TableRules(length="east_only") if seed % 2 else TableRules()
    match, _ = play(seed, rules)
    assert match.result is not None and match.result.recorded
    assert sum(match.result.scores) == 100_000
    assert list(match.result.ranking) == sorted(
        range(4), key=lambda s: (-match.result.scores[s], s)
    )


def test_seed_and_actions_replay_the_same_events() -> None:
    rules = TableRules(length="east_only")
    first, actions = play(11, rules, check=False)
    again = Match(rules, JUDGE, 11)
    for action in actions:
        again.apply(Action.from_json(json.loads(json.dumps(action.to_json()))))
    assert [e.to_json() for e in again.log] == [e.to_json() for e in first.log]


def test_clone_is_independent() -> None:
    match, _ = play(3, TableRules(length="east_only"), check=False)
    fresh = Match(TableRules(), JUDGE, 5)
    copy = fresh.clone()
    seat = copy.to_act()[0]
    copy.apply(copy.legal_actions(seat)[0])
    assert len(copy.log) > len(fresh.log)
    assert fresh.deal.seats[seat].tiles != copy.deal.seats[seat].tiles
    assert match.finished


def test_greedy_play_cross_checks_many_wins_against_mahjong() -> None:
    judge = CrossCheckedJudge()
    before = judge.compared
    for seed in range(8):
        rng = random.Random(seed)
        match = Match(TableRules(length="east_only"), judge, 100 + seed)
        while not match.finished:
            seat = match.to_act()[0]
            match.apply(greedy_choice(match, seat, rng))
        assert sum(match.result.scores) == 100_000  # type: ignore[union-attr]
    assert judge.compared - before >= 20, "greedy play should produce many wins to compare"


def test_action_json_round_trip_without_red_fives() -> None:
    from jantaku.tiles import Tile

    plain_fives = tuple(Tile(i) for i in (16, 17, 18, 19))  # no red fives in this ruleset
    kong = Action(ActionKind.CONCEALED_KAN, 2, None, plain_fives)
    assert Action.from_json(json.loads(json.dumps(kong.to_json()))) == kong
    red = Action(ActionKind.DISCARD, 1, Tile(52, red=True))
    assert Action.from_json(red.to_json()) == red
    with pytest.raises(ValueError, match="do not match"):
        Action.from_json({"type": "pon", "seat": 0, "tiles": "55m", "tile_indices": [16]})
