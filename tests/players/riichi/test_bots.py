"""Bots: every decision is legal in self-play; the efficiency bot agrees with the hand library's
own ranking of discards; the defensive bot folds onto genbutsu against a riichi."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.events import Discarded, RiichiAccepted
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import SeatView
from jantaku.hand import acceptance
from jantaku.hand.lookup import shanten
from jantaku.players.riichi import LEVELS, make_player
from jantaku.players.riichi.reading import (
    acceptance_count,
    counts_of_tiles,
    danger,
    open_yaku_path,
    visible_counts,
)
from jantaku.rules.riichi.options import preset
from jantaku.tiles import parse_tiles
from tests.players.riichi.views import copies, own_turn, seats_with_rivers


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_decision_is_legal_over_a_match(level: str) -> None:
    table = new_match("doman", seed=f"legal-{level}", length="east_only")
    players = [make_player(level, s) for s in range(4)]
    decisions = 0
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        assert view.legal_actions, "a seat asked to decide has at least one legal action"
        action = players[seat].choose(view)
        assert action in view.legal_actions
        events = table.apply(action)
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])
        decisions += 1
    assert decisions > 50


def _view(
    hand: str,
    rivers: list[str] | None = None,
    riichi: tuple[bool, ...] = (False,) * 4,
    dora: str = "1z",
) -> SeatView:
    seats = seats_with_rivers(rivers or ["", "", "", ""], riichi)
    return own_turn(copies(hand), seats, parse_tiles(dora))


def _random_hand(rng: random.Random, size: int = 14) -> tuple[str, str]:
    """A random hand and, from the rest of the wall, a random river of up to 24 tiles."""
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)

    def text(kinds: list[int]) -> str:  # a fourth five is the red one
        return "".join(
            f"{0 if k % 9 == 4 and kinds[:i].count(k) == 3 else k % 9 + 1}{'mps'[k // 9]}"
            if k < 27
            else f"{k - 26}z"
            for i, k in enumerate(kinds)
        )

    river = [k for k in wall[size : size + rng.randrange(25)] if k != 27]  # 1z: the indicator
    return text(sorted(wall[:size])), text(river)


def test_efficiency_discards_are_best_by_the_hand_library() -> None:
    """The library counts the copies left beside the hand and the tiles it is told are visible:
    the other seats' tiles, the dora indicator, and the copy just discarded (now in the river)."""
    rng = random.Random(7)
    bot = make_player("efficiency")
    for _ in range(200):
        hand, river = _random_hand(rng)
        view = _view(hand, rivers=["", river, "", ""])
        choice = bot.choose(view)
        counts = [0] * 34
        for t in view.hand:
            counts[t.kind_id] += 1
        others = [v - h for v, h in zip(visible_counts(view), counts, strict=True)]
        ranked = {}
        for k in {t.kind_id for t in view.hand}:
            counts[k] -= 1
            others[k] += 1
            acc = acceptance(counts, 0, others)
            ranked[k] = (acc.shanten, -acc.total)
            counts[k] += 1
            others[k] -= 1
        assert choice.tile is not None
        assert ranked[choice.tile.kind_id] == min(ranked.values()), (hand, river)


def test_acceptance_counts_every_unseen_copy_once() -> None:
    """Brute force over the physical tiles no one can see: each one that lowers the shanten
    counts once, including copies of kinds the hand holds (pair to triplet, single waits)."""
    rng = random.Random(11)
    cases = [("123m456p789s1122z", ""), ("123m456p789s1115z", "5z")]  # shanpon, single wait
    cases += [_random_hand(rng, 13) for _ in range(300)]
    for hand, river in cases:
        counts = counts_of_tiles(parse_tiles(hand))
        seen_tiles = [
            a + b for a, b in zip(counts, counts_of_tiles(parse_tiles(river)), strict=True)
        ]
        seen_tiles[27] += 1  # the dora indicator 1z
        seen = [min(4, n) for n in seen_tiles]
        # the bots' own reading of the table means the same: the hand is part of what is seen
        assert visible_counts(_view(hand, rivers=["", river, "", ""])) == seen
        base = shanten(counts, 0)
        expected = 0
        for k in range(34):
            for _copy in range(4 - seen[k]):
                counts[k] += 1
                expected += shanten(counts, 0) < base
                counts[k] -= 1
        assert acceptance_count(counts, 0, seen) == (base, expected), (hand, river)


def test_defensive_folds_onto_genbutsu_against_riichi() -> None:
    # a hand far from ready; seat 1 is in riichi and has discarded 6p
    view = _view(
        "19m258p369s12347z6p", rivers=["", "4s6p", "", ""], riichi=(False, True, False, False)
    )
    choice = make_player("defensive").choose(view)
    assert choice.tile is not None and choice.tile.kind.notation == "6p"
    # the efficiency bot does not look at the riichi
    eff = make_player("efficiency").choose(view)
    assert eff.tile is not None and eff.tile.kind.notation != "6p"


def test_defensive_treats_tiles_let_pass_after_a_riichi_as_safe() -> None:
    """Doman rules 2.6: a riichi hand that lets a winning tile go is furiten for the rest of the
    hand, so a tile another seat discarded after the riichi is as safe as its own discards."""
    view = _view(
        "19m258p369s12347z8m", rivers=["", "4s", "8m", ""], riichi=(False, True, False, False)
    )
    bot = make_player("defensive")
    before = bot.choose(view)  # 8m in seat 2's river proves nothing yet: an honour is safest
    assert before.tile is not None and before.tile.kind.notation != "8m"
    passed = parse_tiles("8m")[0]
    bot.observe([RiichiAccepted(1, (25000, 24000, 25000, 25000), 1), Discarded(2, passed, False)])
    after = bot.choose(view)
    assert after.tile is not None and after.tile.kind.notation == "8m"


def test_defensive_keeps_a_hand_without_value_closed() -> None:
    """A chi that leaves a valueless hand one from ready is passed (its riichi is worth more);
    the same chi with two dora in hand is taken."""
    for dora, expected in (("1z", ActionKind.PASS), ("1p", ActionKind.CHI)):
        view = _view("23m456p22p567s3468s", dora=dora)  # 13 tiles, one from ready
        two_three = (view.hand[0], view.hand[1])  # the chi on 4m makes the (all-simples) hand ready
        chi = Action(ActionKind.CHI, 0, parse_tiles("4m")[0], two_three)
        call_view = replace(
            view, phase="call", drawn=None, legal_actions=(Action(ActionKind.PASS, 0), chi)
        )
        choice = make_player("defensive").choose(call_view)
        assert choice.kind is expected, dora


def test_bots_read_the_tables_kuitan_rule_from_the_view() -> None:
    """The chi above is taken for its open all-simples yaku; at a table without kuitan (the
    view's options say so) the same chi has no yaku and is passed."""
    view = _view("23m456p22p567s3468s", dora="1p")
    chi = Action(ActionKind.CHI, 0, parse_tiles("4m")[0], (view.hand[0], view.hand[1]))
    legal = (Action(ActionKind.PASS, 0), chi)
    for rules, expected in (("doman", ActionKind.CHI), ("doman_no_kuitan", ActionKind.PASS)):
        call_view = replace(
            view, phase="call", drawn=None, legal_actions=legal, options=preset(rules)
        )
        assert make_player("defensive").choose(call_view).kind is expected, rules


def test_views_carry_the_table_rules_outside_their_json() -> None:
    for rules, kuitan in (("doman", True), ("doman_no_kuitan", False)):
        view = new_match(rules, seed=1).view(0)
        assert view.options.kuitan is kuitan
        assert "options" not in view.to_json()


def test_danger_rules() -> None:
    view = _view(
        "123m456p789s11z", rivers=["", "4m1z1z", "", ""], riichi=(False, True, False, False)
    )
    seen = visible_counts(view)
    m = {n: int(parse_tiles(n)[0].kind) for n in ("4m", "1m", "7m", "5m", "1z", "2z")}
    assert danger(m["4m"], view, 1, seen) == 0  # genbutsu
    assert danger(m["1m"], view, 1, seen) < danger(m["5m"], view, 1, seen)  # suji of 4m
    assert danger(m["7m"], view, 1, seen) < danger(m["5m"], view, 1, seen)  # half suji
    assert danger(m["1z"], view, 1, seen) == 0  # discarded by the riichi seat
    # a kind let pass since the riichi is as safe as genbutsu, and so are its suji lowered
    p = {n: int(parse_tiles(n)[0].kind) for n in ("6p", "3p", "9p", "2p")}
    assert danger(p["6p"], view, 1, seen, {p["6p"]}) == 0
    for sj in ("3p", "9p"):
        assert danger(p[sj], view, 1, seen, {p["6p"]}) < danger(p[sj], view, 1, seen)
    assert danger(p["2p"], view, 1, seen, {p["6p"]}) == danger(p["2p"], view, 1, seen)


def test_open_yaku_paths() -> None:
    def counts(text: str) -> list[int]:
        c = [0] * 34
        for t in parse_tiles(text):
            c[t.kind_id] += 1
        return c

    yakuhai = {27, 31, 32, 33}
    assert open_yaku_path(counts("234m55p678s55z"), [[1, 2, 3]], yakuhai, kuitan=True)
    assert open_yaku_path(counts("234m456p678s"), [[3, 4, 5]], yakuhai, kuitan=True)
    assert not open_yaku_path(counts("234m456p678s"), [[3, 4, 5]], yakuhai, kuitan=False)
    assert not open_yaku_path(counts("123m456p789s"), [[9, 10, 11]], yakuhai, kuitan=True)
    assert open_yaku_path(counts("123m456m789m"), [[0, 1, 2]], yakuhai, kuitan=False)
