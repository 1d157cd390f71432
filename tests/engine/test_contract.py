"""Both families meet the one :class:`Game` contract, statically (mypy checks these
assignments) and at run time: a match of each family is driven through the protocol alone."""

from __future__ import annotations

import random

from jantaku.engine import Game
from jantaku.engine.classical import ClassicalMatch
from jantaku.engine.riichi import new_match


def _games() -> list[Game]:
    riichi: Game = new_match("doman", seed=3, length="east_only")
    classical: Game = ClassicalMatch(seed=3)
    return [riichi, classical]


def _drive(game: Game, steps: int) -> None:
    rng = random.Random(0)
    for _ in range(steps):
        if game.finished:
            break
        seats = game.to_act()
        assert seats, "a running match always asks somebody"
        seat = seats[0]
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is asked but has no legal action"
        view = game.view(seat)
        assert view.seat == seat and set(view.legal_actions) == set(legal)
        before = len(game.log)
        events = game.apply(rng.choice(legal))
        assert game.log[before:] == events


def test_both_families_run_through_the_contract() -> None:
    for game in _games():
        assert isinstance(game, Game)
        twin = game.clone()
        _drive(game, 300)
        assert len(twin.log) < len(game.log), "a clone is independent of its original"


def test_the_ended_deal_is_seen_as_it_ended_after_the_next_is_dealt() -> None:
    """``ended_view``: the deal that ended, from one seat, with the payments made (the scores
    its end event reports) and its rivers as they lay, while ``view`` is already the next
    deal's."""
    for game in _games():
        assert game.ended_view(0) is None  # no deal has ended yet
        rng = random.Random(1)
        discards = [0, 0, 0, 0]
        end = None
        while end is None:
            seat = game.to_act()[0]
            for e in game.apply(rng.choice(game.legal_actions(seat))):
                if e.type == "discarded":
                    discards[e.to_json()["seat"]] += 1
                if e.type == "deal_ended":
                    end = e.to_json()
                    break
        ended = game.ended_view(0)
        assert ended is not None
        seats = ended.to_json()["seats"]
        after = end.get("scores") or end["balances"]
        assert [s.get("score", s.get("balance")) for s in seats] == list(after)
        assert [len(s["river"]) for s in seats] == discards
        assert ended.legal_actions == ()
        assert game.view(0).to_json()["seats"] != seats  # the next deal is dealt


def test_the_standings_are_what_the_last_finished_deal_paid_out() -> None:
    """``standings``: what a match stopped before its end stands at, in both families: the
    scores (balances) of the last ``deal_ended`` event, through random play."""
    rng = random.Random(5)
    for game in _games():
        start = game.standings()
        assert len(start) == 4
        checked = 0
        while not game.finished and checked < 3:
            events = game.apply(rng.choice(game.legal_actions(game.to_act()[0])))
            ended = [e for e in events if e.type == "deal_ended"]
            if ended:
                data = ended[-1].to_json()
                assert game.standings() == tuple(data.get("scores") or data["balances"])
                checked += 1
        assert checked, "no deal ended"
