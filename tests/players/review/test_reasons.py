"""The puppet's reasons are true: on hand-made positions (and an engine-made classical one), the
shanten and improving tiles a review prints equal the hand library's analysis and a brute force
over the 34 kinds, computed here from the seat's visible tiles; the tile it calls safest against
a riichi is genbutsu; a dangerous push that breaks the hand is marked."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalMatch
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import PublicSeat, SeatView
from jantaku.hand import acceptance
from jantaku.hand.lookup import shanten
from jantaku.players.review import Decision, review_decision
from jantaku.players.review.text import shown_loss
from jantaku.players.riichi.reading import counts_of_tiles, hand_value
from jantaku.rules.classical import preset as classical_preset
from jantaku.tiles import Tile, TileKind, parse_kinds, parse_tiles
from tests.players.riichi.views import copies, own_turn

_CALLS = frozenset({ActionKind.CHI, ActionKind.PON})
_WINS = frozenset({ActionKind.RON, ActionKind.TSUMO})
_DRAGONS = frozenset(int(k) for k in parse_kinds("567z"))


def _view(hand: str, rivers: Sequence[str], riichi: tuple[bool, ...], dora: str) -> SeatView:
    used: dict[int, int] = {}
    tiles = copies(hand, used)
    river_tiles = [copies(r, used) for r in rivers]
    seats = tuple(
        PublicSeat(
            25000,
            (),
            tuple((t, False, i == 0 and riichi[s], False) for i, t in enumerate(river_tiles[s])),
            riichi[s],
            13,
        )
        for s in range(4)
    )
    return own_turn(tiles, seats, copies(dora, used), live=40)


def _counts(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.kind_id] += 1
    return counts


def _seen_elsewhere(view: SeatView) -> list[int]:
    """Copies visible outside the seat's own hand: rivers, melds, dora indicators."""
    seen = [0] * 34
    for p in view.seats:
        for tile, *_ in p.river:
            seen[tile.kind_id] += 1
        for m in p.melds:
            for t in m.tiles:
                seen[t.kind_id] += 1
    for t in view.dora_indicators:
        seen[t.kind_id] += 1
    return seen


def _brute_force(counts: list[int], seen: list[int]) -> tuple[int, dict[str, int]]:
    """(shanten, improving kind -> unseen copies) by trying each of the 34 kinds."""
    base = shanten(counts)
    out = {}
    for k in range(34):
        if counts[k] == 4:
            continue
        counts[k] += 1
        if shanten(counts) < base:
            out[TileKind(k).notation] = max(0, 4 - counts[k] + 1 - seen[k])
        counts[k] -= 1
    return base, out


def _check_reasons(view: SeatView, decision: Decision) -> None:
    """The shanten and improving tiles of every candidate shown against the hand library and
    the brute force, from the seat's visible tiles."""
    counts = _counts(view.hand)
    elsewhere = _seen_elsewhere(view)
    shown = decision.to_json()
    assert len(shown["candidates"]) == 3
    assert shown["shanten"] == shanten(counts)
    for c in [*shown["candidates"], shown["player"], shown["puppet"]]:
        kind = parse_tiles(c["action"]["tile"])[0].kind_id
        counts[kind] -= 1
        seen = list(elsewhere)
        seen[kind] += 1  # the discarded tile lies in the river: seen
        library = acceptance(counts, 0, seen)
        expected = {k.notation: n for k, n in library.tiles}
        assert c["shanten"] == library.shanten
        assert c["improving"] == expected, c["label"]
        assert c["improving_total"] == library.total
        assert _brute_force(counts, seen) == (c["shanten"], c["improving"])
        counts[kind] += 1


POSITIONS = [
    # (hand, rivers, riichi, dora)
    ("234m567p2378s119m4z", ("", "9m4z5p1s", "6m", "2p"), (False, True, False, False), "3z"),
    ("1359m2468p1357s17z", ("", "", "9p", ""), (False,) * 4, "5z"),
    ("11223344m5566p77z", ("", "7z6p", "", "1z2z"), (False, False, True, False), "4m"),
    ("19m19p19s1234567z6s", ("", "", "", ""), (False,) * 4, "9s"),
]


@pytest.mark.parametrize("level", ["strongest", "strong", "efficiency", "random"])
@pytest.mark.parametrize("position", POSITIONS)
def test_printed_shanten_and_improving_tiles_equal_the_hand_analysis(
    position: tuple[str, tuple[str, ...], tuple[bool, ...], str], level: str
) -> None:
    view = _view(*position)
    _check_reasons(view, review_decision(view, view.legal_actions[0], level=level))


def test_the_safest_tile_against_a_riichi_is_genbutsu_and_a_dangerous_push_is_marked() -> None:
    hand, rivers, riichi, dora = POSITIONS[0]
    view = _view(hand, rivers, riichi, dora)
    genbutsu = {t.kind_id for t, *_ in view.seats[1].river}
    held = {t.kind_id for t in view.hand}
    assert genbutsu & held, "the position offers genbutsu"
    pushed = next(a for a in view.legal_actions if a.tile is not None and a.tile.kind_id == 14)
    decision = review_decision(view, pushed)  # 6p: not genbutsu, into the riichi
    assert decision.threats == {1: 1.0}
    assert decision.stance == "fold"
    assert decision.safest is not None
    assert parse_tiles(decision.safest.split()[1])[0].kind_id in genbutsu
    assert decision.puppet.action.tile is not None
    assert decision.puppet.action.tile.kind_id in genbutsu
    assert decision.puppet.danger[1] == 0.0
    assert decision.player.danger[1] > 0.0
    assert decision.marked and not decision.agree
    assert decision.player_stance == "push"
    assert decision.loss is not None and decision.loss > 3.0


def test_a_choice_of_the_puppet_itself_is_never_marked() -> None:
    for position in POSITIONS:
        view = _view(*position)
        first = review_decision(view, view.legal_actions[0])
        again = review_decision(view, first.puppet.action)
        assert again.agree and not again.marked and again.loss == 0.0


def test_a_lost_step_of_shanten_reads_as_one() -> None:
    assert shown_loss(1004.5) == "1 shanten step and 4.5"
    assert shown_loss(998.1) == "1 shanten step less 1.9"  # a step lost, a wider hand kept
    assert shown_loss(2000.0) == "2 shanten steps"
    assert shown_loss(2.5) == "2.5"
    assert shown_loss(None) == "-"


def test_the_classical_reasons_equal_a_brute_force_from_the_seats_view() -> None:
    game = ClassicalMatch(classical_preset("sontag"), "review-reasons")
    seat = game.to_act()[0]
    view = game.view(seat)
    discard = next(a for a in view.legal_actions if a.kind is ActionKind.DISCARD)
    decision = review_decision(view, discard, family="classical")
    counts = _counts([t for t in view.hand if t.index < 136])
    seen = [0] * 34
    for p in view.seats:
        for tile, *_ in p.river:
            seen[tile.kind_id] += 1
        for m in p.melds:
            for t in m.tiles:
                seen[t.kind_id] += 1
    assert decision.shanten == shanten(counts)
    for c in [*decision.candidates, decision.player]:
        assert c.action.tile is not None
        kind = c.action.tile.kind_id
        counts[kind] -= 1
        river = list(seen)
        river[kind] += 1  # the discarded tile lies in the river: seen
        base, improving = _brute_force(counts, river)
        improving = {k: n for k, n in improving.items() if n > 0}  # none left: not shown
        assert c.shanten == base
        assert c.improving == improving, c.label
        counts[kind] += 1


def _random_position(rng: random.Random) -> tuple[str, tuple[str, ...], int, str]:
    """A 14-tile hand, the river of one riichi seat (1-3) and a dora indicator, drawn from one
    shuffled wall."""
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    hand, river = wall[:14], wall[14 : 14 + rng.randint(3, 12)]

    def text(kinds: list[int]) -> str:
        return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)

    threat = rng.randint(1, 3)
    rivers = tuple(text(river) if s == threat else "" for s in range(4))
    return text(hand), rivers, threat, text(wall[-1:])


def test_the_safest_tile_is_genbutsu_whenever_the_hand_holds_one() -> None:
    rng = random.Random("review-genbutsu")
    checked = 0
    for _ in range(40):
        hand, rivers, threat, dora = _random_position(rng)
        riichi = tuple(s == threat for s in range(4))
        view = _view(hand, rivers, riichi, dora)
        genbutsu = {t.kind_id for t, *_ in view.seats[threat].river}
        if not genbutsu & {t.kind_id for t in view.hand}:
            continue
        decision = review_decision(view, view.legal_actions[0])
        _check_reasons(view, decision)
        assert decision.safest is not None
        assert parse_tiles(decision.safest.split()[1])[0].kind_id in genbutsu, (hand, rivers)
        checked += 1
    assert checked >= 10


def _made(match: Match, call: Action) -> SeatView:
    """The caller's view once ``call`` is made in a copy of ``match``: every other seat asked
    passes, then the caller is on turn with its meld."""
    made = copy.deepcopy(match)
    made.apply(call)
    while (others := [s for s in made.to_act() if s != call.seat]) and not made.finished:
        made.apply(Action(ActionKind.PASS, others[0]))
    view = made.view(call.seat)
    assert view.phase == "turn" and view.seats[call.seat].melds, view.phase
    return view


def test_a_call_shows_the_value_of_the_hand_it_makes() -> None:
    """The value shown for a chi or pon is the bot's value of the hand once the call is made:
    the engine makes it, and the bot values the seat's view then (a yakuhai pon is worth its
    set, a called dora or red five counts)."""
    calls = kinds = 0
    for seed in range(200):
        match = new_match("doman", seed=f"call-value-{seed}", length="east_only")
        rng = random.Random(seed)
        while not match.finished and not (calls >= 40 and kinds):
            seat = match.to_act()[0]
            view = match.view(seat)
            for call in (a for a in view.legal_actions if a.kind in _CALLS):
                after = _made(match, call)
                shown = review_decision(view, call, level="efficiency").player.value
                assert shown == hand_value(after, counts_of_tiles(after.hand)), call
                calls += 1
                dragon = call.tile is not None and call.tile.kind_id in _DRAGONS
                kinds += call.kind is ActionKind.PON and dragon
            quiet = [a for a in view.legal_actions if a.kind not in _CALLS | _WINS]
            match.apply(rng.choice(quiet or list(view.legal_actions)))
        if calls >= 40 and kinds:
            break
    assert calls >= 40 and kinds, "the random games offered too few calls"
