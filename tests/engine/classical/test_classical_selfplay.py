"""Random self-play of whole classical games with invariants checked after every step
(ARCHITECTURE.md, issue 5 acceptance): all 144 tiles accounted for, balances conserved and every
settlement summing to zero, every decision offering a legal action, no view or event showing a
seat another seat's concealed tiles, the Störspiel exceptions holding (checked against a
brute-force reading of spec §7.2), and the event log replaying to the same state."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalDeal, ClassicalMatch, Phase, replay_game
from jantaku.engine.reasons import EndReason
from jantaku.hand.lookup import shanten
from jantaku.hand.shapes import decompose
from jantaku.rules.classical import ClassicalOptions, preset
from tests.engine.classical._bots import choose

FAST = preset("sontag", lower_limit=0)


def tiles_in_play(deal: ClassicalDeal) -> list[int]:
    out: list[int] = []
    for seat in deal.seats:
        out.extend(t.index for t in seat.tiles)
        out.extend(t.index for m in seat.melds for t in m.tiles)
        out.extend(t.index for t in seat.bonus)
        out.extend(r.tile.index for r in seat.river if not r.called)
    out.extend(t.index for t in deal.wall.live[deal.live_next : deal.live_end])
    out.extend(t.index for t in deal.wall.dead[deal.dead_next :])
    return out


def brute_ready(counts: list[int], melds: int) -> bool:
    """Some tile completes the hand (any shape the hand analysis knows)."""
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            done = bool(decompose(counts, melds))
            counts[k] -= 1
            if done:
                return True
    return False


def expected_danger(deal: ClassicalDeal, action: Action) -> dict[int, bool]:
    """Spec §7.2 by brute force: for each seat the discard is dangerous against, whether it is a
    violation (not ready after the discard, not the previous discard's tile, a safe tile held)."""
    seat = deal.seats[action.seat]
    assert action.tile is not None
    kind = action.tile.kind
    counts = list(seat.counts)
    counts[kind] -= 1
    ready = brute_ready(counts, len(seat.melds))
    previous = deal.last_discard[1].kind if deal.last_discard else None
    out = {}
    for other in range(4):
        danger = deal.seats[other].dangerous
        if other == action.seat or kind not in danger:
            continue
        # Exception 3 counts a tile safe only if no threat forbids it (the default).
        safe = any(
            all(t.kind not in deal.seats[o].dangerous for o in range(4) if o != action.seat)
            for t in seat.tiles
        )
        out[other] = not ready and previous != kind and safe
    return out


def check_invariants(game: ClassicalMatch, start_balance: int) -> None:
    deal = game.deal
    assert sorted(tiles_in_play(deal)) == list(range(144))
    assert sum(game.balances) == 4 * start_balance
    assert sum(deal.balances) == 4 * start_balance
    for seat_no, seat in enumerate(deal.seats):
        size = len(seat.tiles) + 3 * len(seat.melds)
        holding = deal.phase is Phase.TURN and deal.turn == seat_no
        won = deal.result is not None and deal.result.winner == seat_no
        assert size == (14 if holding or won else 13), (seat_no, size, deal.phase)
        assert all(not t.kind.is_bonus for t in seat.tiles)
        # the engine's incremental shanten floor never exceeds a fresh computation
        assert seat.shanten_floor <= shanten(seat.counts, len(seat.melds)), seat_no
    if not game.finished:
        assert game.to_act(), "somebody must be asked to decide"
        for seat_no in game.to_act():
            assert game.legal_actions(seat_no), f"seat {seat_no} must have a legal action"
    for viewer in (0, 1, 2, 3, None):
        view = game.view(viewer)
        if viewer is None:
            assert view.hand == () and view.drawn is None and view.discard_warnings == ()
        else:
            assert sorted(t.index for t in view.hand) == sorted(
                t.index for t in deal.seats[viewer].tiles
            )
            assert view.legal_actions == tuple(game.legal_actions(viewer))
        for i, p in enumerate(view.seats):
            assert p.concealed_count == len(deal.seats[i].tiles)
            assert p.dangerous == tuple(sorted(deal.seats[i].dangerous))
        json.dumps(view.to_json())


def check_events(game: ClassicalMatch) -> None:
    for event in game.log:
        json.dumps(event.to_json())
        for viewer in (0, 1, 2, 3, None):
            seen = event.seen_by(viewer).to_json()
            if event.type == "classical_deal_started":
                for i, hand in enumerate(seen["hands"]):
                    assert (hand is None) == (i != viewer)
            if event.type == "drew":
                assert (seen["tile"] is None) == (seen["seat"] != viewer)
        if event.type == "deal_ended":
            data = event.to_json()
            assert sum(data["deltas"]) == 0


def play(
    seed: int, options: ClassicalOptions, check: bool = True, max_actions: int = 100_000
) -> tuple[ClassicalMatch, list[Action]]:
    rng = random.Random(seed)
    game = ClassicalMatch(options, seed)
    actions: list[Action] = []
    while not game.finished and len(actions) < max_actions:
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        action = choose(game.deal, seat, legal, rng) if rng.random() < 0.9 else rng.choice(legal)
        expected = None
        if check and action.kind is ActionKind.DISCARD:
            expected = expected_danger(game.deal, action)
        events = game.apply(action)
        actions.append(action)
        if check:
            if expected is not None:
                got = {
                    e.threatened_by: e.violation for e in events if e.type == "dangerous_discard"
                }
                assert got == expected, (action, got, expected)
            check_invariants(game, options.start_balance)
    if check:
        check_events(game)
    return game, actions


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant(seed: int) -> None:
    game, _ = play(seed, FAST)
    assert game.result is not None
    assert sum(game.result.balances) == 0
    assert game.deal.round_wind is not None
    types = {e.type for e in game.log}
    assert {"mah_jongg", "called", "bonus_laid_out", "game_ended"} <= types


@pytest.mark.parametrize(
    "overrides",
    [
        {"mahjong_chow_any_seat": False, "rob_concealed_kong": False},
        {"extend_pung_with_discard": True, "dead_wall_size": 0},
        {"stoerspiel_special_hands": False, "initial_seating": "fixed", "upper_limit": 3000},
    ],
)
def test_option_variants_keep_every_invariant(overrides: dict[str, object]) -> None:
    game, actions = play(21, preset("sontag", lower_limit=0, **overrides), max_actions=2500)
    assert game.finished or len(actions) == 2500
    assert any(e.type == "mah_jongg" for e in game.log)


def test_default_preset_games_keep_every_invariant() -> None:
    """The lower limit of 100 makes wins rarer; play a bounded stretch of one game."""
    game, actions = play(7, preset("sontag", start_balance=1000), max_actions=3000)
    assert len(actions) == 3000 or game.finished
    assert any(e.type == "dangerous_discard" for e in game.log)


def test_games_run_all_four_wind_rounds() -> None:
    game, _ = play(5, FAST, check=False)
    assert game.finished and game.result is not None
    assert (game.result.code, game.result.seats) == (EndReason.LAST_HAND, ())  # the only end
    winds = [e.to_json()["round_wind"] for e in game.log if e.type == "classical_deal_started"]
    assert winds[0] == 0 and winds[-1] == 3 and winds == sorted(winds)
    dealers = [e.to_json()["dealer"] for e in game.log if e.type == "classical_deal_started"]
    ends = [e for e in game.log if e.type == "deal_ended"]
    for before, after, end in zip(dealers, dealers[1:], ends, strict=False):
        winner = end.to_json()["winner"]
        keeps = winner is None or winner == before
        assert after == (before if keeps else (before + 1) % 4)
    assert sum(1 for a, b in pairwise(dealers) if a != b) == 15


def test_seed_and_actions_replay_the_same_events() -> None:
    first, actions = play(11, FAST, check=False)
    again = ClassicalMatch(FAST, 11)
    for action in actions:
        again.apply(Action.from_json(json.loads(json.dumps(action.to_json()))))
    assert [e.to_json() for e in again.log] == [e.to_json() for e in first.log]
    assert again.balances == first.balances and again.finished


def test_clone_is_independent() -> None:
    game = ClassicalMatch(FAST, 3)
    copy = game.clone()
    seat = copy.to_act()[0]
    copy.apply(copy.legal_actions(seat)[0])
    assert len(copy.log) > len(game.log)
    assert game.deal.seats[seat].tiles != copy.deal.seats[seat].tiles


def test_every_legal_action_applies() -> None:
    """Along a random game, every offered action is accepted by a clone."""
    rng = random.Random(2)
    game = ClassicalMatch(FAST, 2)
    for _ in range(400):
        if game.finished:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for action in legal:
            game.clone().apply(action)
        game.apply(choose(game.deal, seat, legal, rng))


def test_unknown_actions_are_refused() -> None:
    from jantaku.errors import IllegalActionError

    game = ClassicalMatch(FAST, 1)
    seat = game.to_act()[0]
    with pytest.raises(IllegalActionError):
        game.apply(Action(ActionKind.PON, (seat + 1) % 4, game.deal.seats[seat].tiles[0]))
    with pytest.raises(IllegalActionError):
        game.apply(Action(ActionKind.TSUMO, seat))  # not complete (penalties off): refused


@pytest.mark.parametrize("seed", [11, 12])
def test_the_serialised_event_log_replays_to_the_same_game(seed: int) -> None:
    first, _ = play(seed, FAST, check=False)
    log = [json.loads(json.dumps(e.to_json())) for e in first.log]
    again = replay_game(FAST, seed, log)
    assert [e.to_json() for e in again.log] == log
    assert again.balances == first.balances and again.finished


def test_a_log_with_false_declarations_replays() -> None:
    options = preset("sontag", lower_limit=0, penalties=True)
    rng = random.Random(3)
    game = ClassicalMatch(options, 3)
    false = 0
    while not game.finished:
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if rng.random() < 0.02 and ActionKind.TSUMO not in kinds and ActionKind.RON not in kinds:
            claim = ActionKind.PASS in kinds
            deal = game.deal
            tile = deal.last_discard[1] if claim and deal.last_discard else None
            events = game.apply(Action(ActionKind.RON if claim else ActionKind.TSUMO, seat, tile))
            assert events[0].type == "false_declaration"
            false += 1
        else:
            game.apply(choose(game.deal, seat, legal, rng))
        check_invariants(game, 0)
    assert false > 5 and sum(game.balances) == 0
    log = [e.to_json() for e in game.log]
    assert [e.to_json() for e in replay_game(options, 3, log).log] == log
