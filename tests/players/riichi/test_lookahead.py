"""The strongest level's look-ahead: the value of a two-from-ready hand equals a walk over
every draw that brings it one from ready (each checked by the plain shanten, each keeping
discard valued by the one-from-ready model); the look-ahead plays as ``strong`` everywhere but
at a two-from-ready turn with nothing threatening, and ``strongest`` adds only its calls by
value when nothing threatens, where the scorer says what an open hand is worth."""

from __future__ import annotations

from dataclasses import replace

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.protocol import tell
from jantaku.players.riichi import make_player
from jantaku.players.riichi.bot import Level, RiichiBot
from jantaku.players.riichi.hand_ev import HandSpot
from jantaku.players.riichi.levels import LOOKAHEAD, STRONGEST
from jantaku.players.riichi.lookahead import hand_value_ahead, two_away_value
from jantaku.players.riichi.reading import counts_of_tiles, threats
from jantaku.players.riichi.value_calls import open_value
from jantaku.tiles import Tile, parse_kinds
from tests.players.riichi.test_hand_ev import _counts, _spot
from tests.players.riichi.test_strong import _chi_view, _view


@pytest.mark.parametrize(
    ("hand", "discard"),
    [("1358m456p23789s12z", "1z"), ("345m2466p3478s557z", "7z"), ("345m2466p3478s557z", "2p")],
)
def test_two_away_value_matches_a_walk_over_the_improving_draws(hand: str, discard: str) -> None:
    spot = _spot(hand, draws=9)
    counts = _counts(hand)
    d = int(parse_kinds(discard)[0])
    counts[d] -= 1
    assert shanten(counts) == 2
    draws = spot.draws
    live = [k for k in range(34) if spot.unseen[k] > 0 and counts[k] < 4]
    improving = []
    for k in live:
        counts[k] += 1
        if shanten(counts) == 1:
            improving.append(k)
        counts[k] -= 1
    chance = sum(spot.unseen[k] for k in improving) / spot.wall
    after = draws - min(draws, max(1, round(1 / chance)))
    weighed = 0.0
    for k in improving:
        counts[k] += 1
        best = 0.0
        for j in range(34):
            if counts[j]:
                counts[j] -= 1
                if shanten(counts) == 1:
                    best = max(best, spot.one_away_value(counts, after))
                counts[j] += 1
        counts[k] -= 1
        weighed += spot.unseen[k] / spot.wall * best
    expected = weighed / chance * (1 - (1 - chance) ** draws)
    assert expected > 0
    assert hand_value_ahead(spot, counts) == pytest.approx(expected)
    counts[d] += 1
    assert two_away_value(spot, counts, d) == pytest.approx(expected)


def _where_they_differ(level: Level, seed: str) -> list[SeatView]:
    """The views of an East-only match of four ``level`` bots where a ``strong`` bot in the
    same seat, shown the same table, chooses otherwise."""
    match = new_match("doman", seed=seed, length="east_only")
    players = [RiichiBot(level, f"{seed}:{s}") for s in range(4)]
    strong = [make_player("strong", f"{seed}:{s}") for s in range(4)]
    tell(players, match.log)
    tell(strong, match.log)
    differ = []
    while not match.finished:
        seat = match.to_act()[0]
        view = match.view(seat)
        mine, theirs = players[seat].choose(view), strong[seat].choose(view)
        assert mine in view.legal_actions
        if mine != theirs:
            differ.append(view)
        events = match.apply(mine)
        tell(players, events)
        tell(strong, events)
    return differ


def _calm(view: SeatView) -> bool:
    """Nothing threatens the seat, before the last deal's placement play and the late deal."""
    seat = view.seat
    assert seat is not None
    return not threats(view, seat) and not view.all_last and view.live_remaining > 16


def _two_away_turn(view: SeatView) -> bool:
    seat = view.seat
    assert seat is not None
    counts = counts_of_tiles(view.hand)
    two_away = shanten(counts, len(view.seats[seat].melds)) == 2
    return len(view.hand) % 3 == 2 and two_away and not threats(view, seat)


def _call_offer(view: SeatView) -> bool:
    kinds = {a.kind for a in view.legal_actions}
    return bool(kinds & {ActionKind.CHI, ActionKind.PON}) and _calm(view)


def test_the_look_ahead_plays_as_strong_except_two_from_ready_without_a_threat() -> None:
    differ = _where_they_differ(LOOKAHEAD, "look")
    assert differ and all(_two_away_turn(v) for v in differ)


def test_strongest_adds_only_calls_by_value_when_nothing_threatens() -> None:
    differ = _where_they_differ(STRONGEST, "look")
    assert any(_call_offer(v) for v in differ)
    assert all(_two_away_turn(v) or _call_offer(v) for v in differ)


def test_calls_by_value_pass_on_an_open_hand_the_scorer_finds_no_yaku_in() -> None:
    # chi 2s leaves 123m 456p 22z 78s 9m + 123s: ready on 6s/9s after the 9m, but open and
    # without a yaku (a guest wind pair, terminals): worth nothing, so the closed hand stays
    early = _chi_view(40, ("", "", "", ""), (False,) * 4)
    chi = early.legal_actions[1]
    spot = HandSpot.of(early)
    assert open_value(spot, early, chi) == 0.0
    assert make_player("strongest").choose(early).kind is ActionKind.PASS
    # a pon of the own wind is worth points at once, more than the slow closed hand
    view = _view("1z1z45m67p234s99s28p")
    east = tuple(t for t in view.hand if t.kind.notation == "1z")
    pon = Action(ActionKind.PON, 0, Tile(27 * 4 + 3), east)
    offer = replace(view, phase="call", drawn=None, legal_actions=(Action(ActionKind.PASS, 0), pon))
    assert (open_value(HandSpot.of(offer), offer, pon) or 0.0) > 0.0
    assert make_player("strongest").choose(offer) == pon
