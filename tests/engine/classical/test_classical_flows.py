"""The tricky flows of a classical deal, each on a hand-made wall (spec §2.4, §3, §4, §6-§9):
bonus tiles replaced during play (a replacement that is itself a bonus tile included), robbing a
kong, call priority, heavenly and earthly hands, the lower limit, Remis, East keeping the deal, a
Störspiel violation settled in play (spec §10.6) and false declarations in free-declaration mode
(spec §8, §10.12). Expected numbers come from the spec's tables, not from the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import (
    ClassicalDeal,
    ClassicalMatch,
    Phase,
    arranged_wall,
    shuffled_wall,
)
from jantaku.errors import IllegalActionError
from jantaku.rules.classical import preset
from jantaku.tiles import parse_kind
from tests.engine.classical.test_classical_selfplay import tiles_in_play


def make(
    hands: list[str], draws: str = "", replacements: str = "", **options: Any
) -> ClassicalDeal:
    wall = arranged_wall(hands, draws, replacements)
    return ClassicalDeal(preset("sontag", **options), wall, dealer=0)


def find(deal: ClassicalDeal, seat: int, kind: ActionKind, tile: str | None = None) -> Action:
    for a in deal.legal_actions(seat):
        if a.kind is kind and (
            tile is None or (a.tile is not None and a.tile.kind == parse_kind(tile))
        ):
            return a
    raise AssertionError(
        f"seat {seat} has no {kind.value} {tile or ''}: {deal.legal_actions(seat)}"
    )


def kinds_of(deal: ClassicalDeal, seat: int) -> set[ActionKind]:
    return {a.kind for a in deal.legal_actions(seat)}


def do(deal: ClassicalDeal, seat: int, kind: ActionKind, tile: str | None = None) -> list[Any]:
    return deal.apply(find(deal, seat, kind, tile))


def pass_all(deal: ClassicalDeal) -> None:
    while deal.phase in (Phase.CALLS, Phase.ROB):
        for seat in deal.to_act():
            deal.apply(Action(ActionKind.PASS, seat))


def discard(deal: ClassicalDeal, seat: int, tile: str) -> list[Any]:
    events = do(deal, seat, ActionKind.DISCARD, tile)
    return events


def types(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def deltas(deal: ClassicalDeal) -> tuple[int, ...]:
    assert deal.result is not None
    return deal.result.deltas


# --- bonus tiles ----------------------------------------------------------------------------

BONUS_HANDS = [
    "1f 1m4m7m 2p5p8p 3s6s9s 1z2z3z4z",
    "2m5m8m 1p4p7p 2s5s8s 1z2z3z4z",
    "3m6m9m 3p6p9p 1s4s7s 1z2z3z4z",
    "2m5m8m 1p4p7p 2s5s8s 5z6z7z 7z",
]


def test_bonus_tiles_after_the_deal_and_during_play_are_replaced_again_and_again() -> None:
    # East lays out 1f at the deal, its replacement 2y too, then keeps 5m. In play South draws
    # 3f, its replacement 4y, and keeps 9p (spec §2.4, BLU).
    deal = make(BONUS_HANDS, draws="3f", replacements="2y 5m 4y 9p")
    east, south = deal.seats[0], deal.seats[1]
    assert [t.notation for t in east.bonus] == ["1f", "2y"]
    assert "5m" in [t.notation for t in east.tiles] and len(east.tiles) == 14
    assert deal.dead_remaining == 14
    assert types(deal.log)[1:5] == ["bonus_laid_out", "drew", "bonus_laid_out", "drew"]
    discard(deal, 0, "1z")
    pass_all(deal)
    assert [(e.type, e.tile.notation) for e in deal.log[-5:]] == [
        ("drew", "3f"),
        ("bonus_laid_out", "3f"),
        ("drew", "4y"),
        ("bonus_laid_out", "4y"),
        ("drew", "9p"),
    ]
    assert [e.replacement for e in deal.log[-5:] if e.type == "drew"] == [False, True, True]
    assert [t.notation for t in south.bonus] == ["3f", "4y"]
    assert deal.turn == 1 and deal.drawn is not None and deal.drawn.notation == "9p"
    assert deal.replacement and deal.dead_remaining == 12
    assert len(south.tiles) == 14
    assert sorted(tiles_in_play(deal)) == list(range(144))
    # The drawn flower is hidden from the others until it is laid out.
    drew = [e for e in deal.log if e.type == "drew" and e.seat == 1]
    assert drew[0].seen_by(2).to_json()["tile"] is None
    assert drew[0].seen_by(1).to_json()["tile"] == "3f"


# --- robbing the kong ------------------------------------------------------------------------

ROB_HANDS = [
    "1m2m4m7m8m 1p3p5p9p 2s8s 3z4z6z",
    "5p5p 1s3s5s7s9s 2m6m9m 1z2z5z",
    "3m5m6m8m 2p6p8p 3s4s6s 2z3z4z",
    "4p6p 1s1s1s 9s9s9s 7m7m7m 1z1z",
]


def rob_setup(**options: Any) -> ClassicalDeal:
    deal = make(ROB_HANDS, draws="7z7z7z5p", **options)
    discard(deal, 0, "5p")
    assert ActionKind.RON in kinds_of(deal, 3)  # North waits on 5p (would be an earthly hand)
    deal.apply(Action(ActionKind.PASS, 3))
    do(deal, 1, ActionKind.PON, "5p")
    discard(deal, 1, "2m")
    pass_all(deal)
    for seat in (2, 3, 0):
        assert deal.turn == seat
        discard(deal, seat, "7z")
        pass_all(deal)
    assert deal.turn == 1 and deal.drawn is not None and deal.drawn.notation == "5p"
    return deal


def test_robbing_an_extended_pung() -> None:
    deal = rob_setup()
    events = do(deal, 1, ActionKind.ADDED_KAN, "5p")
    assert types(events) == ["kong_declared"]
    assert deal.phase is Phase.ROB and deal.to_act() == [3]
    assert kinds_of(deal, 3) == {ActionKind.RON, ActionKind.PASS}  # Mah Jongg only
    events = do(deal, 3, ActionKind.RON)
    assert types(events) == ["mah_jongg", "deal_ended"]
    won = events[0]
    assert won.robbing_kong and won.from_seat == 1 and not won.earthly
    ended = events[1].to_json()
    north = ended["results"][3]
    assert any(item[0] == "Beraubung des Kong" and item[1:] == [10, 1] for item in north["items"])
    # South's kong is a pung again; the robbed tile went to North.
    assert [m.kind.value for m in deal.seats[1].melds] == ["pung"]
    assert deltas(deal)[3] > 0 and sum(deltas(deal)) == 0
    assert sorted(tiles_in_play(deal)) == list(range(144))


def test_a_kong_not_robbed_gets_its_replacement() -> None:
    deal = rob_setup()
    do(deal, 1, ActionKind.ADDED_KAN, "5p")
    deal.apply(Action(ActionKind.PASS, 3))
    assert deal.phase is Phase.TURN and deal.turn == 1 and deal.replacement
    assert deal.dead_remaining == 15
    assert [m.kind.value for m in deal.seats[1].melds] == ["kong"]


def test_concealed_kongs_can_be_robbed_only_when_the_option_allows() -> None:
    hands = [
        "5p5p5p5p 1m2m4m7m8m 2s8s 3z4z6z",
        "1s3s5s7s9s 2m6m9m 1z2z5z 5m6m",
        "3m5m6m8m 2p6p8p 3s4s6s 2z3z4z",
        "4p6p 1s1s1s 9s9s9s 7m7m7m 1z1z",
    ]
    deal = make(hands)
    do(deal, 0, ActionKind.CONCEALED_KAN)
    assert deal.phase is Phase.ROB and deal.to_act() == [3]
    strict = make(hands, rob_concealed_kong=False)
    do(strict, 0, ActionKind.CONCEALED_KAN)
    assert strict.phase is Phase.TURN and strict.turn == 0 and strict.dead_remaining == 15


def test_extending_a_pung_with_a_discard_follows_the_option() -> None:
    for allowed in (False, True):
        deal = make(ROB_HANDS, draws="5p", extend_pung_with_discard=allowed)
        discard(deal, 0, "5p")
        deal.apply(Action(ActionKind.PASS, 3))
        do(deal, 1, ActionKind.PON, "5p")
        discard(deal, 1, "2m")
        pass_all(deal)
        discard(deal, 2, "5p")  # West discards the fourth 5p
        assert (ActionKind.ADDED_KAN in kinds_of(deal, 1)) is allowed
        assert ActionKind.RON in kinds_of(deal, 3)
        if not allowed:
            continue
        both = deal.clone()  # Mah Jongg beats the kong
        do(both, 1, ActionKind.ADDED_KAN)
        do(both, 3, ActionKind.RON)
        assert both.result is not None and both.result.winner == 3
        do(deal, 1, ActionKind.ADDED_KAN)
        do(deal, 3, ActionKind.PASS)
        assert [e.type for e in deal.log[-2:]] == ["called", "drew"]
        assert deal.log[-2].kind == "extended" and deal.log[-1].replacement
        assert [m.kind.value for m in deal.seats[1].melds] == ["kong"]
        assert deal.turn == 1 and deal.replacement and deal.dead_remaining == 15
        assert sorted(tiles_in_play(deal)) == list(range(144))


# --- call priority ---------------------------------------------------------------------------

PRIORITY_HANDS = [
    "5m 1m2m3m 7m8m9m 1s2s 7s8s 5z6z7z",
    "4m6m 2s3s4s 5s6s7s 9s9s9s 2z2z",
    "5m5m 3m 1p4p7p 3p6p9p 2p5p8p 4z",
    "5m 1p2p3p 4p5p6p 7p8p9p 1z1z1z",
]


def test_call_priority_mah_jongg_then_pung_then_chow() -> None:
    deal = make(PRIORITY_HANDS)
    discard(deal, 0, "5m")
    assert deal.phase is Phase.CALLS and sorted(deal.to_act()) == [1, 2, 3]
    assert kinds_of(deal, 1) == {ActionKind.RON, ActionKind.CHI, ActionKind.PASS}
    assert kinds_of(deal, 2) == {ActionKind.PON, ActionKind.PASS}  # chow only from the left
    assert kinds_of(deal, 3) == {ActionKind.RON, ActionKind.PASS}

    both = deal.clone()  # two Mah Jongg calls: the seat nearest the discarder wins
    do(both, 3, ActionKind.RON)
    do(both, 2, ActionKind.PON)
    assert both.phase is Phase.CALLS
    do(both, 1, ActionKind.RON)
    assert both.result is not None and both.result.winner == 1

    ron = deal.clone()  # Mah Jongg beats pung and chow, whatever the order of answers
    do(ron, 1, ActionKind.CHI)
    do(ron, 2, ActionKind.PON)
    do(ron, 3, ActionKind.RON)
    assert ron.result is not None and ron.result.winner == 3

    pung = deal.clone()
    do(pung, 1, ActionKind.CHI)
    do(pung, 3, ActionKind.PASS)
    events = do(pung, 2, ActionKind.PON)
    assert types(events) == ["called"] and events[0].kind == "pung"
    assert pung.turn == 2 and pung.phase is Phase.TURN and pung.drawn is None
    assert kinds_of(pung, 2) == {ActionKind.DISCARD}  # after a pung: discard only

    chow = deal.clone()
    do(chow, 1, ActionKind.CHI)
    do(chow, 2, ActionKind.PASS)
    do(chow, 3, ActionKind.PASS)
    assert chow.seats[1].melds[0].kind.value == "chow" and chow.turn == 1


def test_mahjong_by_chow_from_a_far_seat_follows_the_option() -> None:
    # North (not the next seat) can use East's 5m only in a chow 4m5m6m.
    hands = list(PRIORITY_HANDS)
    hands[3] = "4m6m 1p2p3p 4p5p6p 7p8p9p 1z1z"
    hands[1] = "1s3s 2s3s4s 5s6s7s 9s9s9s 2z2z"
    assert ActionKind.RON in {a.kind for a in _after_first_discard(hands).legal_actions(3)}
    strict = _after_first_discard(hands, mahjong_chow_any_seat=False)
    assert ActionKind.RON not in {a.kind for a in strict.legal_actions(3)}


def _after_first_discard(hands: list[str], **options: Any) -> ClassicalDeal:
    deal = make(hands, **options)
    discard(deal, 0, "5m")
    return deal


# --- heavenly and earthly hands, the lower limit ---------------------------------------------

JUNK = [
    "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z",
    "2m5m8m 3p6p9p 1s4s7s 1z2z3z4z",
    "3m6m9m 1p4p7p 2s5s8s 5z6z7z 9s",
]


def test_heavenly_hand() -> None:
    deal = make(["1m2m3m 4m5m6m 7m8m9m 1p2p3p 5p5p", *JUNK])
    assert ActionKind.TSUMO in kinds_of(deal, 0)
    events = do(deal, 0, ActionKind.TSUMO)
    assert events[0].heavenly
    east = events[-1].to_json()["results"][0]
    assert east["special_hand"] == "Himmelsgewinn" and east["value"] == 5000
    # Limit 5000, East wins double from each (spec §6, LIM); the losers score 0.
    assert deltas(deal) == (30000, -10000, -10000, -10000)


def test_no_heavenly_hand_after_a_kong() -> None:
    junk = ["9m4m7m 2p5p8p 3s6s9s 1z2z3z4z", JUNK[1], JUNK[2]]
    deal = make(["1m1m1m1m 2m3m4m 5m6m7m 7p8p9p 5p", *junk], replacements="5p")
    do(deal, 0, ActionKind.CONCEALED_KAN)
    pass_all(deal)
    assert deal.drawn is not None and deal.drawn.notation == "5p"
    check = deal.legal_actions(0)
    assert ActionKind.TSUMO in {a.kind for a in check}
    events = do(deal, 0, ActionKind.TSUMO)
    assert not events[0].heavenly
    assert events[-1].to_json()["results"][0]["special_hand"] != "Himmelsgewinn"


EARTHLY = [
    "5m 1m 4m7m 2p5p8p 3s6s 1z2z3z4z 9p",
    "4m6m 2s3s4s 5s6s7s 9s9s9s 2z2z",
    "2m5m8m 3p6p9p 1s4s7s 1z2z3z4z",
    "3m6m9m 1p4p7p 2s5s8s 5z6z7z 8s",
]


def test_earthly_hand_on_the_first_discard() -> None:
    deal = make(EARTHLY)
    discard(deal, 0, "5m")
    events = do(deal, 1, ActionKind.RON)
    assert events[0].earthly and events[0].from_seat == 0
    south = events[-1].to_json()["results"][1]
    assert south["special_hand"] == "Erdgewinn" and south["value"] == 5000
    assert deltas(deal) == (-10000, 20000, -5000, -5000)


def test_lower_limit_blocks_a_cheap_mahjong_and_no_earthly_hand_later() -> None:
    # South waits on 5m alone with four chows: 20 (Mah Jongg) + 10 (single tile) + 2 (Chowspiel),
    # one double for the only call = 64 < 100 (spec §4.2, §5.2). Only the first discard would
    # make it an earthly hand.
    hands = list(EARTHLY)
    hands[1] = "1m2m3m 4p5p6p 7s8s9s 2s3s4s 5m"
    hands[0] = "1z 4m7m 2p5p8p 3s6s 2z3z4z 9p 9m 6m"
    for lower, offered in ((100, False), (0, True)):
        deal = make(hands, draws="5z 5m", lower_limit=lower)
        discard(deal, 0, "1z")
        pass_all(deal)
        discard(deal, 1, "5z")
        pass_all(deal)
        discard(deal, 2, "5m")
        assert (ActionKind.RON in kinds_of(deal, 1)) is offered
        if offered:
            events = do(deal, 1, ActionKind.RON)
            assert not events[0].earthly
            assert events[-1].to_json()["results"][1]["value"] == 64


# --- Remis and East keeping the deal ----------------------------------------------------------


def play_out_without_winning(deal: ClassicalDeal, apply: Callable[[Action], Any]) -> None:
    """Everybody discards the tile just drawn and passes every claim, until the deal ends."""
    while deal.phase is not Phase.ENDED:
        if deal.phase is Phase.TURN:
            assert deal.drawn is not None
            apply(Action(ActionKind.DISCARD, deal.turn, deal.drawn))
            continue
        if deal.live_remaining == 0:  # the last discard may be claimed for Mah Jongg only
            for seat in deal.to_act():
                assert kinds_of(deal, seat) <= {ActionKind.RON, ActionKind.PASS}
        for seat in deal.to_act():
            apply(Action(ActionKind.PASS, seat))


def test_remis_when_the_live_wall_is_exhausted() -> None:
    deal = ClassicalDeal(preset("sontag"), shuffled_wall(4), dealer=2)
    play_out_without_winning(deal, deal.apply)
    assert deal.live_remaining == 0
    assert deal.result is not None and deal.result.winner is None
    assert deal.result.deltas == (0, 0, 0, 0)
    assert deal.log[-1].to_json()["outcome"] == "remis"
    draws = [e for e in deal.log if e.type == "drew" and not e.replacement]
    bonus = sum(1 for e in deal.log if e.type == "bonus_laid_out")
    replacements = sum(1 for e in deal.log if e.type == "drew" and e.replacement)
    assert replacements == bonus
    assert len(draws) == 144 - 53 - 16  # every live tile was drawn
    assert sorted(tiles_in_play(deal)) == list(range(144))


def test_east_keeps_the_deal_after_a_remis_and_his_own_win_and_passes_after_another_win() -> None:
    walls = [
        shuffled_wall(4),  # a Remis (played out below)
        arranged_wall(["1m2m3m 4m5m6m 7m8m9m 1p2p3p 5p5p", *JUNK]),  # East: heavenly hand
        arranged_wall(EARTHLY),  # South wins: the deal passes
        shuffled_wall(5),
    ]
    game = ClassicalMatch(preset("sontag"), 0, walls=lambda n: walls[n], first_dealer=2)
    play_out_without_winning(game.deal, game.apply)
    assert game.dealer == 2 and game.hand_number == 1 and game.deal.dealer == 2
    game.apply(find(game.deal, 2, ActionKind.TSUMO))
    assert game.dealer == 2 and game.hand_number == 2
    assert game.balances == [-10000, -10000, 30000, -10000]
    game.apply(find(game.deal, 2, ActionKind.DISCARD, "5m"))
    game.apply(find(game.deal, 3, ActionKind.RON))
    assert game.dealer == 3 and game.passes == 1 and game.round_wind == 0
    assert sum(game.balances) == 0


# --- the Störspielgebot in play (spec §10.6) ------------------------------------------------

STOERSPIEL_HANDS = [
    "7z 5s 1m3m5m7m9m 2p4p6p8p 1p3p9p",
    "7z7z7z 3s3s 7s7s 4s6s 9s9s 8m 2m",
    "3s7s 1z2z3z4z5z6z 2p5p8p 4m6m",
    "1z2z3z4z5z6z 1s8s 1p4p7p 3m6m",
]


def stoerspiel_setup(east: str = STOERSPIEL_HANDS[0], last_draw: str = "2m") -> ClassicalDeal:
    hands = [east, *STOERSPIEL_HANDS[1:]]
    deal = make(hands, draws="1m 9m 8p 5m " + last_draw, replacements="9p")
    discard(deal, 0, "7z")
    do(deal, 1, ActionKind.OPEN_KAN, "7z")
    discard(deal, 1, "9p")
    pass_all(deal)
    discard(deal, 2, "3s")
    do(deal, 1, ActionKind.PON, "3s")
    discard(deal, 1, "8m")
    pass_all(deal)
    discard(deal, 2, "7s")
    do(deal, 1, ActionKind.PON, "7s")
    discard(deal, 1, "2m")
    pass_all(deal)
    discard(deal, 2, "8p")
    pass_all(deal)
    discard(deal, 3, "5m")
    pass_all(deal)
    assert deal.turn == 0
    return deal


def test_stoerspiel_is_shown_in_the_views() -> None:
    deal = stoerspiel_setup()
    south = deal.view(0).seats[1]
    assert south.threats == ("suit_and_trumpf:bamboo",)
    assert {k.notation for k in south.dangerous} == {
        *(f"{n}s" for n in range(1, 10)),
        *(f"{n}z" for n in range(1, 8)),
    }
    warnings = deal.view(0).discard_warnings
    assert [(w.kind.notation, w.threatened_by, w.exemption) for w in warnings] == [("5s", 1, None)]
    assert deal.view(2).discard_warnings == ()  # only the seat on turn is warned


def test_stoerspiel_violation_settled_in_play() -> None:
    deal = stoerspiel_setup()
    events = discard(deal, 0, "5s")
    danger = [e for e in events if e.type == "dangerous_discard"]
    assert len(danger) == 1 and danger[0].violation and danger[0].threatened_by == 1
    events = do(deal, 1, ActionKind.RON)
    ended = events[-1].to_json()
    assert ended["results"][1]["value"] == 800
    assert ended["stoerspiel"] == "applies" and ended["violator"] == 0
    # Spec §10.6: East pays for all, 4 x 800; West and North pay nothing.
    assert deltas(deal) == (-3200, 3200, 0, 0)


def test_a_dangerous_discard_when_ready_is_no_violation() -> None:
    # East holds 123m 456m 234p 67p 9p + 5s and draws 9p: after discarding 5s he waits on 5p/8p,
    # so the first exception of spec §7.2 allows the dangerous tile.
    deal = stoerspiel_setup("7z 5s 1m2m3m 4m5m6m 2p3p4p 6p7p 9p", last_draw="9p")
    warnings = deal.view(0).discard_warnings
    assert [(w.kind.notation, w.exemption) for w in warnings] == [("5s", "ready")]
    events = discard(deal, 0, "5s")
    danger = [e for e in events if e.type == "dangerous_discard"]
    assert len(danger) == 1 and not danger[0].violation and danger[0].exemption == "ready"
    events = do(deal, 1, ActionKind.RON)
    ended = events[-1].to_json()
    assert ended["stoerspiel"] is None and ended["violator"] is None
    assert ended["results"][1]["value"] == 800
    assert deltas(deal)[2] < 0 and deltas(deal)[3] < 0  # the innocent pay as usual


def test_the_stoerspiel_verdict_is_hidden_from_the_other_seats_until_settled() -> None:
    # "ready" would tell the table that East is one tile from Mah Jongg.
    deal = stoerspiel_setup("7z 5s 1m2m3m 4m5m6m 2p3p4p 6p7p 9p", last_draw="9p")
    (danger,) = [e for e in discard(deal, 0, "5s") if e.type == "dangerous_discard"]
    assert danger.seen_by(0).to_json()["exemption"] == "ready"
    for seat in (1, 2, 3, None):
        seen = danger.seen_by(seat).to_json()
        assert seen["violation"] is None and seen["exemption"] is None
        assert seen["tile"] == "5s" and seen["threatened_by"] == 1  # the danger itself is public
    for seat in (1, 2, 3):
        assert "ready" not in str(deal.view(seat).to_json())


def two_threats(**options: Any) -> ClassicalDeal:
    """East on turn holding only bamboo, characters and Trumpf while South's threat forbids
    bamboo and Trumpf and West's characters and Trumpf (set directly: the rule, not the calls
    that lead there, is under test)."""
    hands = [
        "1s2s3s 5s 9s 1m2m3m 7m 1z1z 5z6z7z",
        "1p2p3p4p5p6p7p8p9p 2m4m 6m8m",
        "1p2p3p4p5p6p7p8p9p 4s6s 7s8s",
        "1p2p3p4p5p6p7p8p9p 2z3z 4z 2s",
    ]
    deal = make(hands, **options)
    trumpf = {parse_kind(f"{n}z") for n in range(1, 8)}
    deal.seats[1].dangerous = frozenset({parse_kind(f"{n}s") for n in range(1, 10)} | trumpf)
    deal.seats[2].dangerous = frozenset({parse_kind(f"{n}m") for n in range(1, 10)} | trumpf)
    assert deal.phase is Phase.TURN and deal.turn == 0
    return deal


def test_no_tile_safe_from_every_threat_allows_any_discard() -> None:
    # Every tile of East's hand is forbidden by one threat or the other: exception 3 of spec §7.2
    # ("no other, non-dangerous tile") applies, or every discard would break the rule.
    deal = two_threats()
    warnings = deal.view(0).discard_warnings
    assert warnings and {w.exemption for w in warnings} == {"no_safe_tile"}
    danger = [e for e in discard(deal, 0, "7z") if e.type == "dangerous_discard"]
    assert [(d.threatened_by, d.violation, d.exemption) for d in danger] == [
        (1, False, "no_safe_tile"),
        (2, False, "no_safe_tile"),
    ]


def test_each_threat_option_judges_exception_three_per_threat() -> None:
    deal = two_threats(stoerspiel_no_safe_tile="each_threat")
    assert {w.exemption for w in deal.view(0).discard_warnings} == {None}
    danger = [e for e in discard(deal, 0, "5s") if e.type == "dangerous_discard"]
    assert [(d.threatened_by, d.violation) for d in danger] == [(1, True)]  # 1m was safe vs South


# --- free declaration (penalties) -------------------------------------------------------------


def test_false_mahjong_is_penalised_in_free_declaration_mode() -> None:
    deal = make(PRIORITY_HANDS, penalties=True)
    events = deal.apply(Action(ActionKind.TSUMO, 0))
    assert types(events) == ["false_declaration"]
    assert events[0].offence == "false_mahjong" and events[0].points == 50
    # East pays 50 to each, doubled: 100 each (spec §6.2, §8).
    assert events[0].deltas == (-300, 100, 100, 100)
    assert deal.balances == [-300, 100, 100, 100]
    assert deal.phase is Phase.TURN and deal.turn == 0  # East must still discard
    discard(deal, 0, "5m")
    # South was offered a chow and Mah Jongg; he calls a pung he cannot lay out: penalty 10.
    events = deal.apply(Action(ActionKind.PON, 1, deal.last_discard[1]))  # type: ignore[index]
    assert events[0].offence == "false_call" and events[0].deltas == (20, -40, 10, 10)
    assert 1 not in deal.to_act()  # the false call counts as a pass
    do(deal, 2, ActionKind.PASS)
    do(deal, 3, ActionKind.PASS)
    assert deal.turn == 1 and deal.phase is Phase.TURN
    assert deal.balances == [-280, 60, 110, 110] and sum(deal.balances) == 0
    # Every seat is asked in this mode, even one that cannot call anything.
    discard(deal, 1, "2z")
    assert sorted(deal.to_act()) == [0, 2, 3]
    assert kinds_of(deal, 0) == {ActionKind.PASS}
    events = deal.apply(Action(ActionKind.RON, 0, deal.last_discard[1]))  # type: ignore[index]
    assert events[0].offence == "false_mahjong" and events[0].reason == "not a winning hand"


def test_false_declarations_are_refused_without_free_declaration() -> None:
    deal = make(PRIORITY_HANDS)
    with pytest.raises(IllegalActionError):
        deal.apply(Action(ActionKind.TSUMO, 0))
    discard(deal, 0, "5m")
    with pytest.raises(IllegalActionError):
        deal.apply(Action(ActionKind.PON, 1, deal.last_discard[1]))  # type: ignore[index]
    assert deal.balances == [0, 0, 0, 0]


def test_penalty_of_a_non_east_false_mahjong() -> None:
    # Spec §10.12 pattern with the 50-point offence: a non-East offender pays 4 x 50.
    deal = make(EARTHLY, penalties=True)
    discard(deal, 0, "1m")
    pass_all(deal)
    events = deal.apply(Action(ActionKind.TSUMO, 1))
    assert events[0].deltas == (100, -200, 50, 50)


def test_time_comes_only_from_the_injected_clock() -> None:
    from jantaku.engine.clock import ManualClock

    clock = ManualClock(1000.0)
    game = ClassicalMatch(preset("sontag"), 1, clock=clock)
    assert game.elapsed == 0.0
    clock.advance(90.0)
    assert game.elapsed == 90.0
    copy = ClassicalMatch(preset("sontag"), 1, clock=ManualClock(5.0))
    assert [e.to_json() for e in copy.log] == [e.to_json() for e in game.log]
