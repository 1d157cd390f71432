"""What a review says of the margin at a call: the loss is the puppet's score of its choice
less the player's, and the puppet scores discards only (it decides calls by rule), so a call
printed "loss -". A call now shows the hand after each choice (shanten and value, computed here
from the hand library), or that both chose the same; a discard keeps its loss."""

from __future__ import annotations

import random
from collections.abc import Iterator

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.review import Decision, review_decision
from jantaku.players.review.text import _decision, shown_margin
from jantaku.players.riichi.reading import counts_of_tiles

_CALLS = frozenset({ActionKind.CHI, ActionKind.PON})
_WINS = frozenset({ActionKind.RON, ActionKind.TSUMO})


def _call_offers(count: int) -> Iterator[tuple[SeatView, Action, Action]]:
    """``count`` views where a seat may call (chi or pon) or pass, with that call and the pass."""
    found = 0
    for seed in range(100):
        match = new_match("doman", seed=f"call-margin-{seed}", length="east_only")
        rng = random.Random(seed)
        while not match.finished:
            seat = match.to_act()[0]
            view = match.view(seat)
            calls = [a for a in view.legal_actions if a.kind in _CALLS]
            passes = [a for a in view.legal_actions if a.kind is ActionKind.PASS]
            if calls and passes and not any(a.kind in _WINS for a in view.legal_actions):
                yield view, calls[0], passes[0]
                found += 1
                if found == count:
                    return
            quiet = [a for a in view.legal_actions if a.kind not in _CALLS | _WINS]
            match.apply(rng.choice(quiet or list(view.legal_actions)))


def _block(d: Decision) -> str:
    return "\n".join(_decision(d, 0))


def test_a_call_shows_the_hand_after_each_choice_not_a_loss_of_nothing() -> None:
    differ = 0
    for view, call, passing in _call_offers(12):
        for player in (call, passing):
            d = review_decision(view, player, level="efficiency")
            assert d.situation == "call" and d.loss is None  # the puppet scores no call
            text = _block(d)
            assert "loss -" not in text and "call not scored" in text, text
            if d.agree:
                assert shown_margin(d) == "call not scored: the same choice"
                continue
            differ += 1
            passed = d.player if player is passing else d.puppet
            me = view.seat
            assert me is not None
            kept = shanten(counts_of_tiles(view.hand), len(view.seats[me].melds))
            assert f"shanten {kept}" in shown_margin(d)  # passing keeps the hand as it is
            assert passed.shanten == kept
    assert differ, "the puppet agreed with every choice: nothing compared"


def test_a_discard_keeps_its_loss() -> None:
    match = new_match("doman", seed="discard-margin", length="east_only")
    seat = match.to_act()[0]
    view = match.view(seat)
    discards = [a for a in view.legal_actions if a.kind is ActionKind.DISCARD]
    for player in discards:
        d = review_decision(view, player, level="efficiency")
        assert d.loss is not None and shown_margin(d).startswith("loss ")
